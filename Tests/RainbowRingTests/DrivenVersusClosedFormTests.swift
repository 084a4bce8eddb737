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

  @Test(arguments: [1.0, 2.0, 1.5])
  func fusedPathDrawsTheGeneralPathsPixels(scale: Double) throws {
    let scene = try RingScene.seedHost(scale: scale)
    let fused = try FrameRenderer(scene: scene)
    let general = try FrameRenderer(scene: scene)
    general.usesFusedPaths = false
    for i in stride(from: 0, to: 365, by: scale == 1 ? 1 : 7) {
      let t = Double(i) / 50
      let a = fused.render(at: t)
      let b = general.render(at: t)
      if let diff = PixmapDifference(a, b) {
        Issue.record("frame \(i) at scale \(scale), fused vs general: \(diff)")
        return
      }
    }
  }
}
