import RingGraphics

/// A layer that fills and strokes a path (`CAShapeLayer`), in its own coordinates.
public final class ShapeLayer: Layer {
  public override init() { super.init(kind: .shape) }

  public var path: BezierPath? {
    get { properties.path }
    set { properties.path = newValue }
  }
  /// Fill colour; Core Animation's default is opaque black; `nil` fills nothing.
  public var fillColor: RGBAColor? {
    get { properties.fillColor.nilIfClear }
    set { properties.fillColor = newValue ?? .clear }
  }
  public var fillRule: FillRule {
    get { properties.fillRule }
    set { properties.fillRule = newValue }
  }
  /// Stroke colour; `nil` (the default) draws no stroke.
  public var strokeColor: RGBAColor? {
    get { properties.strokeColor.nilIfClear }
    set { properties.strokeColor = newValue ?? .clear }
  }
  /// Stroke width, in points.
  public var lineWidth: Double {
    get { properties.lineWidth }
    set { properties.lineWidth = newValue }
  }
  public var lineCap: LineCap {
    get { properties.lineCap }
    set { properties.lineCap = newValue }
  }
  public var lineJoin: LineJoin {
    get { properties.lineJoin }
    set { properties.lineJoin = newValue }
  }
  public var miterLimit: Double {
    get { properties.miterLimit }
    set { properties.miterLimit = newValue }
  }
  /// Fraction of the path's length where the stroke starts.
  public var strokeStart: Double {
    get { properties.strokeStart }
    set { properties.strokeStart = newValue }
  }
  /// Fraction of the path's length where the stroke ends.
  public var strokeEnd: Double {
    get { properties.strokeEnd }
    set { properties.strokeEnd = newValue }
  }
}
