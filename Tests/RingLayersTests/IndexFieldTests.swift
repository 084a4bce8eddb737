import RingGraphics
import Testing

@testable import RingLayers

@Suite struct IndexFieldTests {
  /// A conic or radial gradient under a growing arc (a progress ring's `strokeEnd`): frames
  /// drawn by one renderer, which keeps the gradient's indices from frame to frame, equal
  /// frames drawn from scratch, and the indices are kept. A turning conic gradient keeps
  /// its device angles about its centre (they do not change as it turns about it); a
  /// turning radial gradient keeps nothing.
  @Test(arguments: [GradientKind.conic, .radial], [false, true])
  func aStillGradientUnderAMovingMaskDrawsAsFromScratch(kind: GradientKind, turns: Bool) throws {
    let g = GradientLayer()
    g.frame = Rect(x: 0, y: 0, width: 60, height: 60)
    g.type = kind
    g.startPoint = Point(x: 0.5, y: 0.5)
    g.endPoint = Point(x: 0.5, y: 0)
    g.colors = try [
      RGBAColor(red: 1, green: 0, blue: 0), RGBAColor(red: 0, green: 0.5, blue: 1),
      RGBAColor(red: 0.2, green: 1, blue: 0.1, alpha: 0.6),
    ]
    let arc = ShapeLayer()
    arc.frame = g.bounds
    var path = BezierPath()
    path.addArc(
      center: Point(x: 30, y: 30), radius: 22, startAngle: -Double.pi / 2, endAngle: Double.pi,
      clockwise: true)
    arc.path = path
    arc.fillColor = nil
    arc.strokeColor = .black
    arc.lineWidth = 9
    arc.lineCap = .round
    var grow = BasicAnimation<Double>(keyPath: \.strokeEnd)
    (grow.fromValue, grow.toValue, grow.duration) = (0.05, 1, .seconds(1))
    try arc.add(grow, forKey: "progress")
    g.mask = arc
    if turns {
      var spin = BasicAnimation<Transform3D>(keyPath: \.transform)
      (spin.fromValue, spin.toValue, spin.duration) =
        (.identity, Transform3D(rotationAngle: 2, x: 0, y: 0, z: 1), .seconds(1))
      try g.add(spin, forKey: "spin")
    }
    let kept = try FrameRenderer(root: g, width: 120, height: 120, scale: 2)
    for k in 0..<12 {
      let t = MediaTime.seconds(Double(k) / 12)
      let frame = kept.render(at: t)
      var fresh = try Pixmap(width: 120, height: 120)
      LayerRenderer().render(g, at: t, scale: 2, into: &fresh)
      let differing = zip(frame.pixels, fresh.pixels).filter { $0 != $1 }.count
      #expect(differing == 0, "frame \(k): \(differing) pixels differ from a fresh render")
    }
    #expect(
      (kept.indexFieldsMade > 0) == (!turns || kind == .conic),
      "\(kept.indexFieldsMade) fields made")
  }
}
