import RingGraphics

/// A layer that fills its bounds with a gradient (`CAGradientLayer`).
public final class GradientLayer: Layer {
  public override init() { super.init(kind: .gradient) }

  /// The gradient's colours; none draws nothing.
  public var colors: [RGBAColor] {
    get { properties.colors }
    set { properties.colors = newValue }
  }
  /// Stop positions, one per colour; `nil` (or a count that does not match) spaces them evenly.
  public var locations: [Double]? {
    get { properties.locations.isEmpty ? nil : properties.locations }
    set { properties.locations = newValue ?? [] }
  }
  /// Start point in the unit space of the bounds ((0, 0) top-left).
  public var startPoint: Point {
    get { properties.startPoint }
    set { properties.startPoint = newValue }
  }
  /// End point in the unit space of the bounds.
  public var endPoint: Point {
    get { properties.endPoint }
    set { properties.endPoint = newValue }
  }
  /// `CAGradientLayerType`: axial, radial or conic.
  public var type: GradientKind {
    get { properties.gradientKind }
    set { properties.gradientKind = newValue }
  }
}
