import RingGraphics

/// A path with its stroke settings (UIKit's); `cgPath` is what a shape layer draws. Angles
/// in radians; `clockwise` as seen on screen.
open class UIBezierPath: NSObject, NSCopying {
  var bezier: BezierPath

  public override init() {
    bezier = BezierPath()
    super.init()
  }

  /// Required, as UIKit's paths are coded (`NSSecureCoding`): an empty path here.
  public required init?(coder: NSCoder) {
    bezier = BezierPath()
    super.init()
  }

  /// A path of `bezier`. A convenience initialiser, so that a subclass inherits this and
  /// the others (`ArrowPath(rect:)`), as it does on iOS.
  convenience init(bezier: BezierPath) {
    self.init()
    self.bezier = bezier
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

  /// A rectangle with the chosen corners rounded by `cornerRadii.width` (circular).
  public convenience init(
    roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize
  ) {
    let r = Double(cornerRadii.width)
    self.init(
      bezier: BezierPath(
        roundedRect: rect.rect, topLeft: corners.contains(.topLeft) ? r : 0,
        topRight: corners.contains(.topRight) ? r : 0,
        bottomRight: corners.contains(.bottomRight) ? r : 0,
        bottomLeft: corners.contains(.bottomLeft) ? r : 0))
  }

  /// The path as Core Graphics holds it (a new immutable copy).
  open var cgPath: CGPath {
    get { CGPath(bezier) }
    set { bezier = newValue.bezier }
  }

  open var lineWidth: CGFloat = 1
  open var lineCapStyle: CGLineCap = .butt
  open var lineJoinStyle: CGLineJoin = .miter
  open var miterLimit: CGFloat = 10
  open var usesEvenOddFillRule = false

  /// A copy of the same class (made by its `init()`), with its stroke settings
  /// (`NSCopying`, as UIKit's paths are).
  open func copy(with zone: NSZone? = nil) -> Any {
    let path = ClassInitializers.make(type(of: self)) ?? UIBezierPath()
    path.bezier = bezier
    (path.lineWidth, path.lineCapStyle, path.lineJoinStyle) = (
      lineWidth, lineCapStyle, lineJoinStyle
    )
    (path.miterLimit, path.usesEvenOddFillRule) = (miterLimit, usesEvenOddFillRule)
    (path.dash, path.dashPhase) = (dash, dashPhase)
    return path
  }

  /// The same shape drawn backwards, with the same stroke settings: the subpaths in reverse
  /// order, each from its end to its start (what a stroke animation of `strokeEnd` draws
  /// first), closed ones closed again.
  open func reversing() -> UIBezierPath {
    let path = copy() as! UIBezierPath
    path.bezier = bezier.reversed()
    return path
  }

  open var isEmpty: Bool { bezier.elements.isEmpty }
  open var currentPoint: CGPoint { bezier.currentPoint.map(CGPoint.init) ?? .zero }
  open var bounds: CGRect { cgPath.boundingBox }

  /// Whether `point` (in the path's coordinates) is inside a closed subpath's area as
  /// `usesEvenOddFillRule` fills it. As UIKit documents, an open subpath encloses nothing
  /// here, though a fill would paint it: close a copy to hit-test one. Exact for curves and
  /// arcs; the line width counts nothing.
  open func contains(_ point: CGPoint) -> Bool {
    bezier.contains(
      point.point, rule: usesEvenOddFillRule ? .evenOdd : .nonZero, closingOpenSubpaths: false)
  }

  open func move(to point: CGPoint) { bezier.move(to: point.point) }
  open func addLine(to point: CGPoint) { bezier.addLine(to: point.point) }
  open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
    bezier.addQuadCurve(to: endPoint.point, controlPoint: controlPoint.point)
  }
  open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
    bezier.addCurve(
      to: endPoint.point, controlPoint1: controlPoint1.point, controlPoint2: controlPoint2.point)
  }
  open func addArc(
    withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
    clockwise: Bool
  ) {
    bezier.addArc(
      center: center.point, radius: Double(radius), startAngle: Double(startAngle),
      endAngle: Double(endAngle), clockwise: clockwise)
  }
  open func close() { bezier.close() }
  open func append(_ path: UIBezierPath) { bezier.append(path.bezier) }
  open func removeAllPoints() { bezier = BezierPath() }
  open func apply(_ transform: CGAffineTransform) {
    bezier = bezier.applying(transform.transform2D)
  }

  /// Fills the path with the fill colour (`UIColor.setFill()`) in the current image context.
  open func fill() {
    GraphicsContextStack.current?.draw(self, fill: true)
  }

  /// Strokes the path with the stroke colour (`UIColor.setStroke()`) and `lineWidth` in the
  /// current image context.
  open func stroke() {
    guard let context = GraphicsContextStack.current else { return }
    context.saveGState()
    if !dash.isEmpty { context.setLineDash(phase: dashPhase, lengths: dash) }
    context.draw(self, fill: false)
    context.restoreGState()
  }

  /// Fills by `blendMode` at `alpha`.
  open func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
    GraphicsContextStack.current?.drawing(by: blendMode, alpha: alpha) { fill() }
  }

  /// Strokes by `blendMode` at `alpha`.
  open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
    GraphicsContextStack.current?.drawing(by: blendMode, alpha: alpha) { stroke() }
  }

  /// Narrows the current context's drawing to the inside of the path.
  open func addClip() {
    guard let context = GraphicsContextStack.current else { return }
    context.addPath(cgPath)
    context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
  }

  private var dash: [CGFloat] = []
  private var dashPhase: CGFloat = 0

  /// The dash lengths (the first `count` of `pattern`) and phase `stroke()` uses.
  open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
    dash = pattern.map { Array(UnsafeBufferPointer(start: $0, count: max(0, count))) } ?? []
    dashPhase = phase
  }
}

/// Corners of a rectangle (UIKit's), as a y-down screen shows them.
public struct UIRectCorner: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let topLeft = UIRectCorner(rawValue: 1)
  public static let topRight = UIRectCorner(rawValue: 2)
  public static let bottomLeft = UIRectCorner(rawValue: 4)
  public static let bottomRight = UIRectCorner(rawValue: 8)
  public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// Line ends (Core Graphics').
public enum CGLineCap: Int32, Sendable {
  case butt, round, square
}

/// Line corners (Core Graphics').
public enum CGLineJoin: Int32, Sendable {
  case miter, round, bevel
}
