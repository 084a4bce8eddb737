import RingGraphics

/// A path with its stroke settings (UIKit's); `cgPath` is what a shape layer draws. Angles
/// in radians; `clockwise` as seen on screen.
open class UIBezierPath: NSObject {
  var bezier: BezierPath

  public override init() {
    bezier = BezierPath()
    super.init()
  }

  init(bezier: BezierPath) {
    self.bezier = bezier
    super.init()
  }

  public convenience init(rect: CGRect) { self.init(bezier: BezierPath(rect: rect.rect)) }
  public convenience init(ovalIn rect: CGRect) { self.init(bezier: BezierPath(ovalIn: rect.rect)) }
  public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
    self.init(bezier: BezierPath(roundedRect: rect.rect, cornerRadius: Double(cornerRadius)))
  }
  public convenience init(
    arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
    clockwise: Bool
  ) {
    self.init()
    addArc(
      withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
      clockwise: clockwise)
  }
  public convenience init(cgPath: CGPath) { self.init(bezier: cgPath.bezier) }

  /// The path as Core Graphics holds it (a new immutable copy).
  public var cgPath: CGPath {
    get { CGPath(bezier) }
    set { bezier = newValue.bezier }
  }

  public var lineWidth: CGFloat = 1
  public var lineCapStyle: CGLineCap = .butt
  public var lineJoinStyle: CGLineJoin = .miter
  public var miterLimit: CGFloat = 10
  public var usesEvenOddFillRule = false

  public var isEmpty: Bool { bezier.elements.isEmpty }
  public var currentPoint: CGPoint { bezier.currentPoint.map(CGPoint.init) ?? .zero }
  public var bounds: CGRect { cgPath.boundingBox }

  public func move(to point: CGPoint) { bezier.move(to: point.point) }
  public func addLine(to point: CGPoint) { bezier.addLine(to: point.point) }
  public func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
    bezier.addQuadCurve(to: endPoint.point, controlPoint: controlPoint.point)
  }
  public func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
    bezier.addCurve(
      to: endPoint.point, controlPoint1: controlPoint1.point, controlPoint2: controlPoint2.point)
  }
  public func addArc(
    withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
    clockwise: Bool
  ) {
    bezier.addArc(
      center: center.point, radius: Double(radius), startAngle: Double(startAngle),
      endAngle: Double(endAngle), clockwise: clockwise)
  }
  public func close() { bezier.close() }
  public func append(_ path: UIBezierPath) { bezier.append(path.bezier) }
  public func removeAllPoints() { bezier = BezierPath() }
  public func apply(_ transform: CGAffineTransform) {
    bezier = bezier.applying(transform.transform2D)
  }

  /// Fills the path with the fill colour (`UIColor.setFill()`) in the current image context.
  public func fill() {
    GraphicsContextStack.current?.draw(self, fill: true)
  }

  /// Strokes the path with the stroke colour (`UIColor.setStroke()`) and `lineWidth` in the
  /// current image context.
  public func stroke() {
    GraphicsContextStack.current?.draw(self, fill: false)
  }
}

/// Line ends (Core Graphics').
public enum CGLineCap: Int32, Sendable {
  case butt, round, square
}

/// Line corners (Core Graphics').
public enum CGLineJoin: Int32, Sendable {
  case miter, round, bevel
}
