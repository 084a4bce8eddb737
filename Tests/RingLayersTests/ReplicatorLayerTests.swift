import Foundation
import RingGraphics
import RingTestSupport
import Testing

@testable import RingLayers

/// `CAReplicatorLayer`'s rules: instance k is the sublayers moved by the instance transform
/// k times about the centre of the replicator, their animations k instance delays late,
/// their colours multiplied by the instance colour plus k offsets, clamped.
@Suite struct ReplicatorLayerTests {
  static func dot(at center: Point) throws -> ShapeLayer {
    let dot = ShapeLayer()
    dot.frame = Rect(x: center.x - 6, y: center.y - 4, width: 12, height: 8)
    dot.path = BezierPath(roundedRect: Rect(x: 0, y: 0, width: 12, height: 8), cornerRadius: 3)
    dot.fillColor = try RGBAColor(red: 0.2, green: 0.4, blue: 0.9)
    return dot
  }

  static func render(_ root: Layer, at t: Double = 0) throws -> [UInt8] {
    var p = try Pixmap(width: 100, height: 100)
    LayerRenderer().render(root, at: .seconds(t), scale: 1, into: &p)
    return p.straightRGBABytes()
  }

  /// Instance k draws exactly as a copy of the sublayer turned k steps about the centre by
  /// its own transform would: the same pixels.
  @Test(arguments: [1, 5, 12])
  func instancesAreTheSublayersMoved(count: Int) throws {
    let replicator = ReplicatorLayer()
    replicator.frame = Rect(x: 5, y: 5, width: 90, height: 90)
    replicator.instanceCount = count
    let step = Transform3D(rotationAngle: 2 * .pi / 12, x: 0, y: 0, z: 1)
    replicator.instanceTransform = step
    replicator.addSublayer(try Self.dot(at: Point(x: 45, y: 12)))

    let copies = Layer()
    copies.frame = replicator.frame
    for k in 0..<count {
      let dot = try Self.dot(at: Point(x: 45, y: 12))
      // About the replicator's centre (45, 45): the dot's centre is 33 points above it,
      // and its anchor is its centre, so the turn about the centre is the turn about the
      // anchor followed by the anchor's own move round the circle.
      let angle = 2 * .pi / 12 * Double(k)
      dot.properties.transform = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1)
      dot.position = Point(x: 45 + 33 * sin(angle), y: 45 - 33 * cos(angle))
      copies.addSublayer(dot)
    }
    let db = psnr(try Self.render(replicator), try Self.render(copies))
    #expect(db >= 60, "\(count) instances: \(db) dB")
  }

  /// Each instance's animations run `instanceDelay` later than the one before's, so the
  /// instance before the animation starts shows its model value.
  @Test func delaysShiftEachInstancesTime() throws {
    let replicator = ReplicatorLayer()
    replicator.instanceCount = 4
    replicator.instanceDelay = 0.25
    let dot = try Self.dot(at: Point(x: 10, y: 10))
    dot.opacity = 0.2
    var fade = BasicAnimation(keyPath: \.opacity)
    fade.fromValue = 1
    fade.toValue = 0
    fade.duration = .seconds(1)
    try dot.add(fade, forKey: "fade")
    replicator.addSublayer(dot)
    let p = replicator.presentation(at: .seconds(0.6))
    let opacities = p.sublayers(of: 0).map { p.nodes[$0].properties.opacity }
    // Instance k is at 0.6 - 0.25 k s: 0.6, 0.35, 0.1, then before the start.
    let expected = [0.4, 0.65, 0.9, 0.2]
    #expect(opacities.count == 4)
    for (a, b) in zip(opacities, expected) { #expect(abs(a - b) < 1e-9, "\(opacities)") }
  }

  /// Instance k's colours are multiplied by the instance colour plus k offsets, each
  /// channel clamped to [0, 1]; the alpha multiplies the instance's opacity.
  @Test func offsetsTintEachInstance() throws {
    let replicator = ReplicatorLayer()
    replicator.instanceCount = 4
    replicator.instanceColor = try RGBAColor(red: 1, green: 0.5, blue: 1, alpha: 1)
    replicator.properties.instanceBlueOffset = -0.4
    replicator.properties.instanceGreenOffset = 0.3
    replicator.properties.instanceAlphaOffset = -0.25
    let square = Layer()
    square.frame = Rect(x: 0, y: 0, width: 4, height: 4)
    square.backgroundColor = try RGBAColor(red: 0.8, green: 0.6, blue: 1)
    replicator.addSublayer(square)
    let p = replicator.presentation(at: .zero)
    let shown = p.sublayers(of: 0).map { p.nodes[$0].properties }
    for (k, q) in shown.enumerated() {
      let kd = Double(k)
      let green = min(1, 0.5 + 0.3 * kd)
      let blue = max(0, 1 - 0.4 * kd)
      let c = q.backgroundColor
      #expect(abs(c.red - 0.8) < 1e-12 && abs(c.green - 0.6 * green) < 1e-12, "instance \(k)")
      #expect(abs(c.blue - blue) < 1e-12 && c.alpha == 1, "instance \(k)")
      #expect(abs(q.opacity - (1 - 0.25 * kd)) < 1e-12, "instance \(k)")
    }
  }

  /// No instances, no sublayers drawn: only the replicator's own background.
  @Test func noInstancesDrawNothing() throws {
    let replicator = ReplicatorLayer()
    replicator.frame = Rect(x: 0, y: 0, width: 100, height: 100)
    replicator.instanceCount = 0
    replicator.addSublayer(try Self.dot(at: Point(x: 50, y: 50)))
    #expect(try Self.render(replicator).allSatisfy { $0 == 0 })
  }
}
