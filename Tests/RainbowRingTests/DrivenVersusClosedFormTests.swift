import RainbowRing
import RingTestSupport
import Testing

@Suite struct DrivenVersusClosedFormTests {
  /// The seed's pattern (an animation whose stop starts the next) and the closed form give
  /// identical frames over two whole loops at 50 fps.
  @Test func seedPatternMatchesClosedFormForTwoLoops() throws {
    let ring = RainbowRing.seed
    let scene = try RingScene(ring: ring)
    let closed = try FrameRenderer(scene: scene)
    let driven = try FrameRenderer(scene: scene)
    let (view, gradient) = ring.makeViewLayer()
    let animator = SeedAnimator(layer: gradient, stepDuration: ring.stepDuration)
    let clock = AnimationClock(root: view)
    animator.start()
    var mismatches = 0
    for i in 0...730 {
      let t = Double(i) / 50
      clock.advance(to: t)
      let a = driven.render(view, at: t)
      let b = closed.render(at: t)
      if let diff = PixmapDifference(a, b) {
        mismatches += 1
        if mismatches < 4 { Issue.record("frame \(i) (t = \(t)): \(diff)") }
      }
    }
    #expect(mismatches == 0, "\(mismatches) of 731 frames differ")
    #expect(gradient.animationKeys == ["colors"], "exactly one step animation is in flight")
  }

  /// The cached ring plan, the renderer's fused path and its general path (offscreen group,
  /// mask multiply, composite) draw identical pixels over a whole loop.
  @Test(arguments: [
    ("seed host", 1.0), ("seed host", 2.0), ("seed host", 1.5), ("ring", 3.0), ("radial", 1.0),
  ])
  func cachedPathDrawsTheGeneralPathsPixels(kind: String, scale: Double) throws {
    let scene: RingScene
    switch kind {
    case "seed host": scene = try RingScene.seedHost(scale: scale)
    case "radial":
      let ring = try RainbowRing(
        gradient: GradientGeometry(
          kind: .radial, startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 1)))
      scene = try RingScene(ring: ring, background: .black, scale: scale)
    default:
      scene = try RingScene(
        background: try RGBAColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5), scale: scale)
    }
    let cached = try FrameRenderer(scene: scene)
    let general = try FrameRenderer(scene: scene)
    general.usesCachedPath = false
    let step = scale == 1 ? 1 : 13
    for i in stride(from: 0, to: 365, by: step) {
      let t = Double(i) / 50
      let a = cached.render(at: t)
      let b = general.render(at: t)
      if let diff = PixmapDifference(a, b) {
        Issue.record("\(kind) frame \(i) at scale \(scale), cached vs general: \(diff)")
        return
      }
    }
  }
}
