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
    ]
    for (name, keyPath, role) in written {
      let declared = LayerProperties.animatable(keyPath)
      #expect(declared?.name == name)
      #expect(declared?.role == role, "\(name)")
      #expect(LayerProperties.animatable(named: name)?.partialKeyPath == keyPath)
    }
    #expect(LayerProperties.animatable(\LayerProperties.path) == nil, "paths are not animatable")
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
    default: Issue.record("no test value for \(property.name)")
    }
  }
}
