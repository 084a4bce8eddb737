import RingGraphics
import Testing

@testable import RingLayers

@Suite struct LayerPropertyTests {
  /// Key paths as programs write them (`\.strokeEnd`, through the dynamic member) find the
  /// declaration of that name, with its part: what `Layer.add` and the UIKit bridge rely on.
  @Test func aWrittenKeyPathFindsItsDeclaration() {
    let written: [(String, AnyKeyPath, PropertyRole)] = [
      ("opacity", \LayerProperties.opacity, .paint),
      ("backgroundColor", \LayerProperties.backgroundColor, .paint),
      ("colors", \LayerProperties.colors, .paint),
      ("fillColor", \LayerProperties.fillColor, .paint),
      ("position", \LayerProperties.position, .geometry),
      ("bounds", \LayerProperties.bounds, .geometry),
      ("startPoint", \LayerProperties.startPoint, .geometry),
      ("lineWidth", \LayerProperties.lineWidth, .geometry),
      ("strokeEnd", \LayerProperties.strokeEnd, .geometry),
      ("hidden", \LayerProperties.isHidden, .geometry),
      ("path", \LayerProperties.path, .geometry),
      ("transform", \LayerProperties.transform, .geometry),
      ("sublayerTransform", \LayerProperties.sublayerTransform, .geometry),
    ]
    for (name, keyPath, role) in written {
      let declared = LayerProperties.animatable(keyPath)
      #expect(declared?.name == name)
      #expect(declared?.role == role, "\(name)")
      #expect(LayerProperties.animatable(named: name)?.partialKeyPath == keyPath)
    }
    #expect(
      LayerProperties.animatable(\LayerProperties.lineCap) == nil, "line caps are not animatable")
  }

  /// A property's role is the part it lives in: writing a declared geometry property changes
  /// only the geometry, a paint property only the paint.
  @Test func eachDeclarationWritesOnlyItsPart() {
    for property in LayerProperties.animatable {
      var p = LayerProperties()
      perturb(property, &p)
      let base = LayerProperties()
      #expect(
        (p.geometry != base.geometry) == (property.role == .geometry)
          && (p.paint != base.paint) == (property.role == .paint), "\(property.name)")
    }
  }

  private func perturb<P: AnyLayerProperty>(_ property: P, _ p: inout LayerProperties) {
    let value = p[keyPath: property.keyPath]
    switch value {
    case let v as Double: p[keyPath: property.keyPath] = (v + 0.5) as! P.Value
    case let v as Point: p[keyPath: property.keyPath] = Point(x: v.x + 1, y: v.y) as! P.Value
    case let v as Rect:
      p[keyPath: property.keyPath] = Rect(x: 0, y: 0, width: v.width + 1, height: 1) as! P.Value
    case let v as RGBAColor:
      p[keyPath: property.keyPath] =
        (v == .white ? RGBAColor.black : RGBAColor.white) as! P.Value
    // By type, not by cast: an empty array casts to any element type.
    case let v as [RGBAColor] where P.Value.self == [RGBAColor].self:
      p[keyPath: property.keyPath] = (v + [.white]) as! P.Value
    case let v as [Double] where P.Value.self == [Double].self:
      p[keyPath: property.keyPath] = (v + [0.5]) as! P.Value
    case let v as Bool: p[keyPath: property.keyPath] = (!v) as! P.Value
    case is LayerContents? where P.Value.self == LayerContents?.self:
      p[keyPath: property.keyPath] =
        LayerContents(image: try! Pixmap(width: 1, height: 1)) as! P.Value
    case let v as Size:
      p[keyPath: property.keyPath] = Size(width: v.width + 1, height: v.height) as! P.Value
    case let v as Transform3D:
      p[keyPath: property.keyPath] =
        v.concatenating(Transform3D(translationX: 1, y: 0, z: 0)) as! P.Value
    case is BezierPath? where P.Value.self == BezierPath?.self:
      p[keyPath: property.keyPath] =
        BezierPath(rect: Rect(x: 0, y: 0, width: 1, height: 1)) as! P.Value
    case let v as BackdropFilter:
      p[keyPath: property.keyPath] = BackdropFilter(sigma: v.sigma + 1) as! P.Value
    default: Issue.record("no test value for \(property.name)")
    }
  }

  /// Values that cannot be mixed are discrete: they show the destination at any fraction.
  @Test func discreteValuesShowTheDestination() {
    var hidden = false
    hidden.interpolate(from: false, to: true, fraction: 0)
    #expect(hidden, "a Bool shows its destination from the start")
    let square = BezierPath(rect: Rect(x: 0, y: 0, width: 10, height: 10))
    let oval = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 10, height: 10))
    var path: BezierPath? = square
    path.interpolate(from: square, to: oval, fraction: 0.25)
    #expect(path == oval, "paths of different structure: the destination")
    path.interpolate(from: nil, to: square, fraction: 0.25)
    #expect(path == square, "from no path: the destination")
    path.interpolate(from: square, to: nil, fraction: 0.25)
    #expect(path == nil, "to no path: the destination")
  }

  /// Paths of one structure mix point by point, arcs by centre, radii and angles.
  @Test(arguments: [0.0, 0.5, 1.0])
  func pathsOfOneStructureMixPointByPoint(fraction: Double) {
    let a = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 20, height: 20))
    let b = BezierPath(ovalIn: Rect(x: 10, y: 10, width: 40, height: 40))
    #expect(a.hasSameStructure(as: b))
    var path: BezierPath? = a
    path.interpolate(from: a, to: b, fraction: fraction)
    let side = 20 + 20 * fraction
    let expected = BezierPath(
      ovalIn: Rect(x: 10 * fraction, y: 10 * fraction, width: side, height: side))
    #expect(path == expected, "the oval mixed at \(fraction)")
  }

  /// `path` and `hidden` animate as Core Animation documents, each on its layers.
  @Test func pathAndHiddenAnimate() throws {
    let shape = ShapeLayer()
    let a = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 20, height: 20))
    let b = BezierPath(ovalIn: Rect(x: 10, y: 10, width: 40, height: 40))
    shape.path = a
    var move = BasicAnimation(keyPath: \.path)
    move.toValue = b
    move.duration = .seconds(1)
    try shape.add(move, forKey: "path")
    var hide = BasicAnimation(keyPath: \.isHidden)
    hide.toValue = true
    hide.duration = .seconds(1)
    try shape.add(hide, forKey: "hidden")
    let shown = shape.presentation(at: .seconds(0.5)).nodes[0].properties
    #expect(shown.path == BezierPath(ovalIn: Rect(x: 5, y: 5, width: 30, height: 30)))
    #expect(shown.isHidden, "hidden shows its destination")
    #expect(throws: RingError.self, "a gradient layer has no path") {
      try GradientLayer().add(move, forKey: nil)
    }
  }
}
