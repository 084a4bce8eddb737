import RingGraphics
import Testing

@testable import RingLayers

/// Frames written into a display's own pixels (`render(at:into:targetHoldsLastFrame:)`), as
/// the window player does: steady frames go straight into the target, and every frame,
/// there or in `frame`, equals one drawn from scratch.
@Suite struct FrameTargetTests {
  /// A background, and a gradient whose colours flow under a ring-shaped mask that starts to
  /// shrink at 0.5 s (the plan changes) and holds again after 0.75 s.
  static func scene() throws -> Layer {
    let host = Layer()
    host.frame = Rect(x: 0, y: 0, width: 48, height: 40)
    host.backgroundColor = try RGBAColor(red: 0.9, green: 0.95, blue: 1)
    let g = GradientLayer()
    g.frame = Rect(x: 4, y: 2, width: 36, height: 36)
    g.startPoint = Point(x: 0, y: 0)
    g.endPoint = Point(x: 1, y: 1)
    g.colors = try [
      RGBAColor(red: 1, green: 0, blue: 0), RGBAColor(red: 0, green: 0, blue: 1, alpha: 0.7),
    ]
    var flow = BasicAnimation<[RGBAColor]>(keyPath: \.colors)
    flow.fromValue = g.colors
    flow.toValue = try [RGBAColor(red: 0, green: 1, blue: 0), RGBAColor(red: 1, green: 1, blue: 0)]
    (flow.duration, flow.repeatCount) = (.seconds(0.4), .infinity)
    try g.add(flow, forKey: "flow")
    let ring = ShapeLayer()
    ring.frame = g.bounds
    var path = BezierPath()
    path.addArc(
      center: Point(x: 18, y: 18), radius: 13, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
    ring.path = path
    ring.fillColor = nil
    ring.strokeColor = .black
    ring.lineWidth = 6
    var shrink = BasicAnimation<Double>(keyPath: \.strokeEnd)
    (shrink.fromValue, shrink.toValue) = (1, 0.6)
    (shrink.beginTime, shrink.duration) = (.seconds(0.5), .seconds(0.25))
    (shrink.fillMode, shrink.isRemovedOnCompletion) = (.forwards, false)
    try ring.add(shrink, forKey: "shrink")
    g.mask = ring
    host.addSublayer(g)
    return host
  }

  @Test func everyFrameInTheTargetIsTheFreshOne() throws {
    let host = try Self.scene()
    let renderer = try FrameRenderer(root: host, width: 48, height: 40, scale: 1)
    var target = [UInt32](repeating: 0x1234_5678, count: 48 * 40)
    var mismatches: [String] = []
    for k in 0..<40 {
      let t = MediaTime.seconds(Double(k) / 40)
      var fresh = try Pixmap(width: 48, height: 40)
      LayerRenderer().render(host, at: t, scale: 1, into: &fresh)
      if k == 16 {
        // The last frame asked for again in between: `frame` itself is whole and right,
        // though the frames before went only into the target.
        let last = MediaTime.seconds(15.0 / 40)
        var again = try Pixmap(width: 48, height: 40)
        LayerRenderer().render(host, at: last, scale: 1, into: &again)
        if renderer.render(at: last) != again { mismatches.append("frame at \(k)") }
        continue
      }
      let holds = k != 0 && k != 17
      target.withUnsafeMutableBufferPointer {
        _ = renderer.render(at: t, into: $0.baseAddress!, targetHoldsLastFrame: holds)
      }
      if target != fresh.pixels { mismatches.append("target at \(k)") }
      // While the ring shrinks (a new geometry each frame), the background is kept: only
      // the ring's old and new place are written (the shrink's first frame, which changes
      // which layers animate, draws everything).
      if (22...29).contains(k), renderer.damage.width * renderer.damage.height >= 48 * 40 {
        mismatches.append("whole frame written at \(k)")
      }
    }
    #expect(mismatches.isEmpty, "differ: \(mismatches)")
    #expect(renderer.framesDrawnInPlace > 20, "\(renderer.framesDrawnInPlace) frames in place")
  }
}
