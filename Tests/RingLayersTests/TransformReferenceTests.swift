import Foundation
import RingGraphics
import RingTestSupport
import Testing

@testable import RingLayers

/// Layer transforms drawn against an independent reference: the same scene with no layer
/// transforms, its geometry mapped point by point before rasterising, by Core Animation's
/// documented rule written out here (a point goes from its layer's anchor through the
/// layer's transform to its position; a superlayer's sublayer transform acts about its
/// anchor point, in space, before the superlayer flattens what it shows into its plane;
/// perspective divides by w).
@Suite struct TransformReferenceTests {
  static let size = 240

  /// A point of a layer's plane carried into its superlayer's, in space (x, y, z, w).
  typealias Carry = (SIMD4<Double>) -> SIMD4<Double>

  /// `v` times the 4 x 4 `m` (row-vector convention).
  static func times(_ v: SIMD4<Double>, _ m: Transform3D) -> SIMD4<Double> {
    let r = m.rows
    return SIMD4(
      (0..<4).reduce(0) { $0 + v[$1] * r[$1][0] }, (0..<4).reduce(0) { $0 + v[$1] * r[$1][1] },
      (0..<4).reduce(0) { $0 + v[$1] * r[$1][2] }, (0..<4).reduce(0) { $0 + v[$1] * r[$1][3] })
  }

  /// Flattening into a plane: divide by w, drop z.
  static func flatten(_ v: SIMD4<Double>) -> SIMD4<Double> {
    SIMD4(v.x / v.w, v.y / v.w, 0, 1)
  }

  /// The anchor point in the layer's own coordinates, as a direction.
  static func anchor(_ g: LayerGeometry) -> SIMD4<Double> {
    SIMD4(
      g.bounds.minX + g.anchorPoint.x * g.bounds.width,
      g.bounds.minY + g.anchorPoint.y * g.bounds.height, 0, 0)
  }

  /// A layer's own plane into its superlayer's sublayer space: minus the anchor point,
  /// times the transform, plus the position.
  static func own(_ layer: Layer) -> Carry {
    let g = layer.properties.geometry
    let a = anchor(g)
    return { v in
      var moved = v - a * v.w
      moved = times(moved, g.transform)
      return moved + SIMD4(g.position.x, g.position.y, 0, 0) * moved.w
    }
  }

  /// A superlayer's sublayer space into its own plane, then flattened.
  static func sublayerSpace(_ layer: Layer) -> Carry {
    let g = layer.properties.geometry
    let a = anchor(g)
    return { v in
      var moved = v - a * v.w
      moved = times(moved, g.sublayerTransform)
      return flatten(moved + a * moved.w)
    }
  }

  /// Maps the points of `layer`'s plane to the root's superlayer, device pixels at `scale`.
  static func mapping(_ layer: Layer, scale: Double) -> (Point) -> Point {
    var chain: [Carry] = []
    var current: Layer? = layer
    while let l = current {
      chain.append(own(l))
      if let parent = l.superlayer { chain.append(sublayerSpace(parent)) }
      current = l.superlayer
    }
    return { p in
      var v = SIMD4(p.x, p.y, 0, 1)
      for step in chain { v = step(v) }
      v = flatten(v)
      return Point(x: v.x * scale, y: v.y * scale)
    }
  }

  /// `points` around an arc (open) or a closed outline, finely sampled.
  static func arc(center: Point, radius: Double, from a0: Double, to a1: Double) -> [Point] {
    (0...720).map { i in
      let a = a0 + (a1 - a0) * Double(i) / 720
      return Point(x: center.x + radius * cos(a), y: center.y + radius * sin(a))
    }
  }

  static func path(_ points: [Point], closed: Bool) -> BezierPath {
    var p = BezierPath()
    p.move(to: points[0])
    for q in points.dropFirst() { p.addLine(to: q) }
    if closed { p.close() }
    return p
  }

  static func render(_ root: Layer, scale: Double) throws -> [UInt8] {
    var p = try Pixmap(width: size, height: size)
    LayerRenderer().render(root, at: .zero, scale: scale, into: &p)
    return p.straightRGBABytes()
  }

  static func rotation(_ angle: Double, y: Bool = false) -> Transform3D {
    Transform3D(rotationAngle: angle, x: 0, y: y ? 1 : 0, z: y ? 0 : 1)
  }

  static func perspective(_ distance: Double) -> Transform3D {
    var t = Transform3D.identity
    t.m34 = -1 / distance
    return t
  }

  struct Scene: CustomTestStringConvertible, Sendable {
    var name: String
    /// The root of the tree, and the shape layers whose transformed geometry the reference
    /// draws with the uniform scale its strokes take.
    var make: @Sendable () throws -> (root: Layer, shapes: [(ShapeLayer, strokeScale: Double)])
    var testDescription: String { name }
  }

  /// A tree of a plain root holding `shape`, each with its transforms.
  static func tree(
    rootTransform: Transform3D = .identity, sublayerTransform: Transform3D = .identity,
    _ shapes: [ShapeLayer]
  ) -> Layer {
    let root = Layer()
    root.frame = Rect(x: 10, y: 10, width: 200, height: 200)
    root.properties.transform = rootTransform
    root.properties.sublayerTransform = sublayerTransform
    for s in shapes { root.addSublayer(s) }
    return root
  }

  static func shape(
    _ points: [Point], closed: Bool, transform: Transform3D, stroke: Double? = nil
  ) throws -> ShapeLayer {
    let s = ShapeLayer()
    s.frame = Rect(x: 40, y: 30, width: 120, height: 120)
    s.path = path(points, closed: closed)
    s.properties.transform = transform
    if let stroke {
      s.fillColor = .clear
      s.strokeColor = try RGBAColor(red: 0.9, green: 0.2, blue: 0.1)
      s.lineWidth = stroke
      s.lineCap = .round
    } else {
      s.fillColor = try RGBAColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.8)
    }
    return s
  }

  static let ring = arc(center: Point(x: 60, y: 60), radius: 50, from: -.pi / 2, to: .pi)
  static let star: [Point] = (0..<10).map { i in
    let r = i % 2 == 0 ? 55.0 : 22.0
    let a = Double(i) * .pi / 5 - .pi / 2
    return Point(x: 60 + r * cos(a), y: 60 + r * sin(a))
  }

  static let scenes: [Scene] = [
    Scene(name: "a ring arc rotated, scaled and moved, in a turned and shrunk superlayer") {
      let t = rotation(0.6).concatenating(Transform3D(scaleX: 1.3, y: 1.3, z: 1))
        .concatenating(Transform3D(translationX: 5, y: -3, z: 0))
      let s = try shape(ring, closed: false, transform: t, stroke: 10)
      let root = tree(
        sublayerTransform: rotation(-0.2).concatenating(Transform3D(scaleX: 0.9, y: 0.9, z: 1)),
        [s])
      return (root, [(s, 1.3 * 0.9)])
    },
    Scene(name: "a star sheared and mirrored, in a rotated root") {
      let shear = Transform3D(Transform2D(a: -1.2, b: 0.3, c: -0.4, d: 0.8, tx: 7, ty: -5))
      let s = try shape(star, closed: true, transform: shear)
      return (tree(rootTransform: rotation(0.35), [s]), [(s, 1)])
    },
    Scene(name: "a star turned about y in its own perspective") {
      let t = rotation(0.9, y: true).concatenating(perspective(300))
      let s = try shape(star, closed: true, transform: t)
      return (tree([s]), [(s, 1)])
    },
    Scene(name: "a star turned about y under its superlayer's perspective (sublayerTransform.m34)")
    {
      let s = try shape(star, closed: true, transform: rotation(-1.1, y: true))
      return (tree(sublayerTransform: perspective(250), [s]), [(s, 1)])
    },
    Scene(name: "two arcs, one a quarter turn on, the other scaled to nothing in x") {
      let a = try shape(ring, closed: false, transform: rotation(.pi / 2), stroke: 6)
      let b = try shape(star, closed: true, transform: Transform3D(scaleX: 0, y: 1, z: 1))
      return (tree([a, b]), [(a, 1), (b, 1)])
    },
  ]

  /// The reference: the shapes' points mapped first, drawn with no layer transform.
  static func reference(
    _ shapes: [(ShapeLayer, strokeScale: Double)], scale: Double
  ) throws -> [UInt8] {
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: Double(size), height: Double(size))
    for (s, strokeScale) in shapes {
      let map = mapping(s, scale: scale)
      var points: [Point] = []
      var closed = false
      for e in s.path!.elements {
        switch e {
        case .move(let p), .line(let p): points.append(map(p))
        case .close: closed = true
        default: Issue.record("the scenes use polygons only")
        }
      }
      let copy = ShapeLayer()
      copy.frame = root.bounds
      copy.path = path(points, closed: closed)
      copy.fillColor = s.fillColor
      copy.strokeColor = s.strokeColor
      copy.lineWidth = s.lineWidth * strokeScale * scale
      copy.lineCap = s.lineCap
      root.addSublayer(copy)
    }
    return try render(root, scale: 1)
  }

  @Test(arguments: scenes, [1.0, 2.0])
  func transformsDrawAsTheirGeometryMappedFirst(scene: Scene, scale: Double) throws {
    let (root, shapes) = try scene.make()
    let drawn = try Self.render(root, scale: scale)
    let expected = try Self.reference(shapes, scale: scale)
    let db = psnr(drawn, expected)
    #expect(db >= 60, "\(scene.name) at \(scale)x: \(String(format: "%.1f", db)) dB")
    // The scene draws something, so agreement is not two empty frames.
    #expect(expected.enumerated().contains { $0.offset % 4 == 3 && $0.element > 0 })
  }

  /// A square gradient layer turned and scaled draws as a gradient on its bounding square
  /// with the end points mapped, masked by the mapped square.
  @Test(arguments: [0.5, -2.2])
  func aTurnedGradient(angle: Double) throws {
    let g = GradientLayer()
    g.frame = Rect(x: 60, y: 50, width: 100, height: 100)
    g.colors = [
      try RGBAColor(red: 1, green: 0, blue: 0), try RGBAColor(red: 0, green: 0.8, blue: 1),
      try RGBAColor(red: 0.2, green: 1, blue: 0.2),
    ]
    g.startPoint = Point(x: 0.1, y: 0.2)
    g.endPoint = Point(x: 0.9, y: 0.7)
    g.properties.transform = Self.rotation(angle).concatenating(
      Transform3D(scaleX: 1.2, y: 1.2, z: 1))
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: 240, height: 240)
    root.addSublayer(g)
    let drawn = try Self.render(root, scale: 1)

    let map = Self.mapping(g, scale: 1)
    let corners = [
      Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100),
    ].map(map)
    // A square on whole pixels around the mapped square, so that only the mask's edge is
    // partly covered.
    let x0 = corners.map(\.x).min()!.rounded(.down) - 2
    let y0 = corners.map(\.y).min()!.rounded(.down) - 2
    let side = (max(corners.map(\.x).max()! - x0, corners.map(\.y).max()! - y0) + 2).rounded(.up)
    func unit(_ p: Point) -> Point { Point(x: (p.x - x0) / side, y: (p.y - y0) / side) }
    let flat = GradientLayer()
    flat.frame = Rect(x: x0, y: y0, width: side, height: side)
    flat.colors = g.colors
    flat.startPoint = unit(map(Point(x: 10, y: 20)))
    flat.endPoint = unit(map(Point(x: 90, y: 70)))
    let mask = ShapeLayer()
    mask.frame = flat.bounds
    mask.path = Self.path(corners.map { Point(x: $0.x - x0, y: $0.y - y0) }, closed: true)
    flat.mask = mask
    let reference = Layer()
    reference.frame = root.frame
    reference.addSublayer(flat)
    let expected = try Self.render(reference, scale: 1)
    let db = psnr(drawn, expected)
    #expect(db >= 60, "\(String(format: "%.1f", db)) dB")
  }
}
