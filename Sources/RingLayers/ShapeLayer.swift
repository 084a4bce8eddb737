import RingGraphics

/// A layer that fills and strokes a path (`CAShapeLayer`), in its own coordinates.
public final class ShapeLayer: Layer {
  public var path: BezierPath?
  /// Fill colour; Core Animation's default is opaque black.
  public var fillColor: RGBAColor? = .black
  public var fillRule: FillRule = .nonZero
  /// Stroke colour; `nil` (the default) draws no stroke.
  public var strokeColor: RGBAColor?
  /// Stroke width, in points.
  public var lineWidth: Double = 1
  public var lineCap: LineCap = .butt
  public var lineJoin: LineJoin = .miter
  public var miterLimit: Double = 10
  /// Fraction of the path's length where the stroke starts.
  public var strokeStart: Double = 0
  /// Fraction of the path's length where the stroke ends.
  public var strokeEnd: Double = 1

  public override init() { super.init() }

  public override func value(forKeyPath keyPath: String) -> AnimatableValue? {
    switch keyPath {
    case "fillColor": .color(fillColor ?? .clear)
    case "strokeColor": .color(strokeColor ?? .clear)
    case "lineWidth": .number(lineWidth)
    case "miterLimit": .number(miterLimit)
    case "strokeStart": .number(strokeStart)
    case "strokeEnd": .number(strokeEnd)
    default: super.value(forKeyPath: keyPath)
    }
  }

  /// The stroke geometry shown at clock time `t` (nanoseconds), clamped into range.
  func presentedStrokeStyle(_ t: Int64) -> StrokeStyle {
    StrokeStyle(
      clampingLineWidth: presentedNumber("lineWidth", t, lineWidth), lineCap: lineCap,
      lineJoin: lineJoin, miterLimit: presentedNumber("miterLimit", t, miterLimit),
      strokeStart: presentedNumber("strokeStart", t, strokeStart),
      strokeEnd: presentedNumber("strokeEnd", t, strokeEnd))
  }
}
