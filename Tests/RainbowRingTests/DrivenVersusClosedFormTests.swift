import RainbowRing
import RingTestSupport
import Testing

@Suite struct DrivenVersusClosedFormTests {
  /// The seed's pattern (an animation whose stop starts the next, on a clock) and the ring's
  /// motion animation give identical frames over two whole loops at 50 fps.
  @Test func seedPatternMatchesTheMotionForTwoLoops() throws {
    let ring = RainbowRing.seed
    let scene = try RingScene(ring: ring)
    let closed = try FrameRenderer(scene: scene)
    let driven = try FrameRenderer(scene: scene)
    let (view, gradient) = ring.makeViewLayer(animated: false)
    let animator = SeedAnimator(layer: gradient, stepDuration: ring.stepDuration)
    let clock = AnimationClock(root: view)
    animator.start()
    var mismatches = 0
    for i in 0...730 {
      let t = MediaTime.milliseconds(20) * Int64(i)
      clock.advance(to: t)
      let a = driven.render(view, at: t)
      let b = closed.render(at: t)
      if let diff = PixmapDifference(a, b) {
        mismatches += 1
        if mismatches < 4 { Issue.record("frame \(i) (t = \(t)): \(diff)") }
      }
      if i % 73 == 0 {
        #expect(gradient.presentation(at: t).nodes[0].properties.colors == ring.colors(at: t))
      }
    }
    #expect(mismatches == 0, "\(mismatches) of 731 frames differ")
    #expect(gradient.animationKeys == ["colors"], "exactly one step animation is in flight")
  }

  /// The scene's own tree, handed to `render(_:at:)`, is the frame `render(at:)` gives; a
  /// tree built apart with the same scene gives it too.
  @Test(arguments: [1.0, 2.0])
  func renderingTheSceneTreeIsRenderingTheScene(scale: Double) throws {
    let scene = try RingScene.seedHost(scale: scale)
    let renderer = try FrameRenderer(scene: scene)
    let other = try FrameRenderer(scene: scene)
    let tree = scene.makeLayer()
    for ms in [0, 1230, 7299, 50] as [Int64] {
      let t = MediaTime.milliseconds(ms)
      let a = renderer.render(at: t)
      let b = other.render(tree, at: t)
      let c = other.render(renderer.root, at: t)
      #expect(PixmapDifference(a, b) == nil, "t = \(t): the scene vs a tree of the same scene")
      #expect(PixmapDifference(a, c) == nil, "t = \(t): the scene vs its own tree")
    }
  }

  /// Incremental frames (only the ring redrawn over a kept backdrop) equal frames drawn from
  /// clear, over a loop, whatever order the times come in.
  @Test(arguments: [
    ("seed host", 1.0), ("seed host", 1.5), ("ring", 3.0), ("radial", 1.0),
  ])
  func incrementalFramesEqualFreshFrames(kind: String, scale: Double) throws {
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
    let streaming = try FrameRenderer(scene: scene)
    for i in [0, 1, 2, 300, 17, 364, 5, 5, 180] as [Int64] {
      let t = MediaTime.milliseconds(20) * i
      let a = streaming.render(at: t)
      let b = try FrameRenderer(scene: scene).render(at: t)
      if let diff = PixmapDifference(a, b) {
        Issue.record("\(kind) frame \(i) at scale \(scale), streaming vs fresh: \(diff)")
        return
      }
    }
  }
}
