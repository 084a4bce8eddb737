import RingGraphics

/// What kind of content a layer draws.
public enum LayerKind: Hashable, Sendable {
  /// Only a background and sublayers (`CALayer`).
  case plain
  /// A gradient filling the bounds (`CAGradientLayer`).
  case gradient
  /// A filled and stroked path (`CAShapeLayer`).
  case shape
}

/// Every drawable property of a layer, as one value: a layer's model values, and (resolved
/// at a time) its presentation. Properties of another kind than the layer's are ignored.
///
/// Colours that draw nothing are stored as `.clear`, so that animations from or to "none"
/// interpolate through transparent black, as Core Animation's do.
public struct LayerProperties: Hashable, Sendable {
  /// The layer's own coordinate space: origin and size, in points.
  public var bounds: Rect = .zero
  /// Where the anchor point sits in the superlayer, in points.
  public var position: Point = .zero
  /// The point of `bounds` placed at `position`, in unit coordinates ((0.5, 0.5) = centre).
  public var anchorPoint = Point(x: 0.5, y: 0.5)
  /// Opacity in [0, 1] (values outside are clamped when drawn).
  public var opacity: Double = 1
  /// Fills the bounds beneath the content.
  public var backgroundColor: RGBAColor = .clear
  public var isHidden = false

  /// Gradient: the colours; none draws nothing.
  public var colors: [RGBAColor] = []
  /// Gradient: stop positions, one per colour; empty (or a count that does not match)
  /// spaces them evenly.
  public var locations: [Double] = []
  /// Gradient: start point in the unit space of the bounds ((0, 0) top-left).
  public var startPoint = Point(x: 0.5, y: 0)
  /// Gradient: end point in the unit space of the bounds.
  public var endPoint = Point(x: 0.5, y: 1)
  /// Gradient: axial, radial or conic.
  public var gradientKind: GradientKind = .axial

  /// Shape: the path, in the layer's coordinates.
  public var path: BezierPath?
  /// Shape: fill colour; Core Animation's default is opaque black.
  public var fillColor: RGBAColor = .black
  public var fillRule: FillRule = .nonZero
  /// Shape: stroke colour; clear (the default) draws no stroke.
  public var strokeColor: RGBAColor = .clear
  /// Shape: stroke width, in points.
  public var lineWidth: Double = 1
  public var lineCap: LineCap = .butt
  public var lineJoin: LineJoin = .miter
  public var miterLimit: Double = 10
  /// Shape: fraction of the path's length where the stroke starts.
  public var strokeStart: Double = 0
  /// Shape: fraction of the path's length where the stroke ends.
  public var strokeEnd: Double = 1

  public init() {}

  /// The stroke geometry, clamped into range.
  public var strokeStyle: StrokeStyle {
    StrokeStyle(
      clampingLineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin,
      miterLimit: miterLimit, strokeStart: strokeStart, strokeEnd: strokeEnd)
  }

  /// The gradient's geometry.
  public var gradientGeometry: GradientGeometry {
    GradientGeometry(kind: gradientKind, startPoint: startPoint, endPoint: endPoint)
  }

  /// The gradient's stop positions, `nil` when evenly spaced.
  public var stopLocations: [Double]? {
    locations.isEmpty || locations.count != colors.count ? nil : locations
  }

  /// An animatable property: its Core Animation name, key path and the kinds that have it.
  public struct Animatable: Sendable {
    public let name: String
    public let keyPath: PartialKeyPath<LayerProperties> & Sendable
    public let kinds: Set<LayerKind>
    /// Whether animating it can change what a render plan is compiled from (everything but
    /// the gradient's colours and locations: even a colour's alpha decides what is drawn).
    public var affectsGeometry: Bool { name != "colors" && name != "locations" }
  }

  /// The properties an animation may change, with the layer kinds that draw them.
  public static let animatable: [Animatable] = [
    Animatable(name: "opacity", keyPath: \.opacity, kinds: [.plain, .gradient, .shape]),
    Animatable(
      name: "backgroundColor", keyPath: \.backgroundColor, kinds: [.plain, .gradient, .shape]),
    Animatable(name: "position", keyPath: \.position, kinds: [.plain, .gradient, .shape]),
    Animatable(name: "bounds", keyPath: \.bounds, kinds: [.plain, .gradient, .shape]),
    Animatable(name: "anchorPoint", keyPath: \.anchorPoint, kinds: [.plain, .gradient, .shape]),
    Animatable(name: "colors", keyPath: \.colors, kinds: [.gradient]),
    Animatable(name: "locations", keyPath: \.locations, kinds: [.gradient]),
    Animatable(name: "startPoint", keyPath: \.startPoint, kinds: [.gradient]),
    Animatable(name: "endPoint", keyPath: \.endPoint, kinds: [.gradient]),
    Animatable(name: "fillColor", keyPath: \.fillColor, kinds: [.shape]),
    Animatable(name: "strokeColor", keyPath: \.strokeColor, kinds: [.shape]),
    Animatable(name: "lineWidth", keyPath: \.lineWidth, kinds: [.shape]),
    Animatable(name: "miterLimit", keyPath: \.miterLimit, kinds: [.shape]),
    Animatable(name: "strokeStart", keyPath: \.strokeStart, kinds: [.shape]),
    Animatable(name: "strokeEnd", keyPath: \.strokeEnd, kinds: [.shape]),
  ]

  /// The animatable property at `keyPath`, or `nil` when it is not one.
  public static func animatable(_ keyPath: AnyKeyPath) -> Animatable? {
    animatable.first { $0.keyPath == keyPath }
  }

  /// The animatable property named `name` (Core Animation's key path string).
  public static func animatable(named name: String) -> Animatable? {
    animatable.first { $0.name == name }
  }
}

extension RGBAColor {
  /// `nil` for a colour that draws nothing at all (`.clear`), else the colour.
  var nilIfClear: RGBAColor? { self == .clear ? nil : self }
}
