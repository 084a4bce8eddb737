import RingGraphics

/// A layer that fills its bounds with a gradient (`CAGradientLayer`).
public final class GradientLayer: Layer {
  /// The gradient's colours; fewer than one draws nothing.
  public var colors: [RGBAColor] = []
  /// Stop positions, one per colour; `nil` (or a count that does not match) spaces them evenly.
  public var locations: [Double]?
  /// Start point in the unit space of the bounds ((0, 0) top-left).
  public var startPoint = Point(x: 0.5, y: 0)
  /// End point in the unit space of the bounds.
  public var endPoint = Point(x: 0.5, y: 1)
  /// `CAGradientLayerType`: axial, radial or conic.
  public var type: GradientKind = .axial

  public override init() { super.init() }

  public override func value(forKeyPath keyPath: String) -> AnimatableValue? {
    switch keyPath {
    case "colors": .colors(colors)
    case "locations": .numbers(locations ?? [])
    case "startPoint": .point(startPoint)
    case "endPoint": .point(endPoint)
    default: super.value(forKeyPath: keyPath)
    }
  }

  /// The colours shown at clock time `t` (nanoseconds).
  func presentedColors(_ t: Int64) -> [RGBAColor] {
    guard attached.contains(where: { $0.animation.keyPath == "colors" }),
      case .colors(let v) = presentationValue(forKeyPath: "colors", atNanoseconds: t)
    else { return colors }
    return v
  }

  func presentedLocations(_ t: Int64) -> [Double]? {
    guard attached.contains(where: { $0.animation.keyPath == "locations" }),
      case .numbers(let v) = presentationValue(forKeyPath: "locations", atNanoseconds: t)
    else { return locations }
    return v
  }
}
