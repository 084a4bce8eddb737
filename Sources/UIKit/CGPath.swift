import RingGraphics

/// An immutable path (Core Graphics'): lines, curves and arcs in subpaths. Angles in
/// radians; coordinates in points.
public class CGPath: Hashable, @unchecked Sendable {
  var bezier: BezierPath

  init(_ bezier: BezierPath) { self.bezier = bezier }

  public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    self.init(CGPath.transformed(BezierPath(rect: rect.rect), transform))
  }

  public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    self.init(CGPath.transformed(BezierPath(ovalIn: rect.rect), transform))
  }

  /// Corners of `cornerWidth` (this module draws circular corners: the smaller of the two).
  public convenience init(
    roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
    transform: UnsafePointer<CGAffineTransform>?
  ) {
    self.init(
      CGPath.transformed(
        BezierPath(roundedRect: rect.rect, cornerRadius: Double(min(cornerWidth, cornerHeight))),
        transform))
  }

  static func transformed(_ path: BezierPath, _ t: UnsafePointer<CGAffineTransform>?) -> BezierPath
  {
    guard let t else { return path }
    return path.applying(t.pointee.transform2D)
  }

  public var isEmpty: Bool { bezier.elements.isEmpty }
  public var currentPoint: CGPoint { bezier.currentPoint.map(CGPoint.init) ?? .zero }

  /// The smallest rectangle holding every point of the path, control points included.
  public var boundingBox: CGRect {
    var points: [Point] = []
    for e in bezier.elements {
      switch e {
      case .move(let p), .line(let p): points.append(p)
      case .quadCurve(let p, let c): points += [p, c]
      case .curve(let p, let c1, let c2): points += [p, c1, c2]
      case .arc(let c, let r, _, _):
        points += [
          Point(x: c.x - r.width, y: c.y - r.height), Point(x: c.x + r.width, y: c.y + r.height),
        ]
      case .close: break
      }
    }
    guard let first = points.first else { return .null }
    var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
    for p in points {
      (x0, y0, x1, y1) = (min(x0, p.x), min(y0, p.y), max(x1, p.x), max(y1, p.y))
    }
    return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// Whether `point`, mapped through `transform` first (as Core Graphics documents it: the
  /// point, not the path), is inside the area `rule` fills: open subpaths count as closed,
  /// as a fill closes them; the stroke's width counts nothing. Exact for curves and arcs,
  /// in points; a point exactly on the outline may fall either way.
  public func contains(
    _ point: CGPoint, using rule: CGPathFillRule = .winding,
    transform: CGAffineTransform = .identity
  ) -> Bool {
    bezier.contains(point.applying(transform).point, rule: rule == .evenOdd ? .evenOdd : .nonZero)
  }

  public func copy() -> CGPath? { CGPath(bezier) }
  public func mutableCopy() -> CGMutablePath? { CGMutablePath(bezier) }

  public static func == (a: CGPath, b: CGPath) -> Bool { a.bezier == b.bezier }
  public func hash(into hasher: inout Hasher) { hasher.combine(bezier) }
}

/// A path built step by step. `clockwise` in `addArc` is Core Graphics': in a flipped
/// (UIKit) view it turns the other way on screen than `UIBezierPath`'s.
public final class CGMutablePath: CGPath, @unchecked Sendable {
  public init() { super.init(BezierPath()) }
  override init(_ bezier: BezierPath) { super.init(bezier) }

  private func map(_ p: CGPoint, _ t: CGAffineTransform) -> Point { p.applying(t).point }

  public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
    bezier.move(to: map(point, transform))
  }
  public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
    bezier.addLine(to: map(point, transform))
  }
  public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
    guard let first = points.first else { return }
    bezier.move(to: map(first, transform))
    for p in points.dropFirst() { bezier.addLine(to: map(p, transform)) }
  }
  public func addQuadCurve(
    to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity
  ) {
    bezier.addQuadCurve(to: map(end, transform), controlPoint: map(control, transform))
  }
  public func addCurve(
    to end: CGPoint, control1: CGPoint, control2: CGPoint,
    transform: CGAffineTransform = .identity
  ) {
    bezier.addCurve(
      to: map(end, transform), controlPoint1: map(control1, transform),
      controlPoint2: map(control2, transform))
  }
  /// A transformed arc starts a subpath of its own (an identity transform joins it to the
  /// current point with a line, as Core Graphics does).
  public func addArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
    transform: CGAffineTransform = .identity
  ) {
    guard !transform.isIdentity else {
      bezier.addArc(
        center: center.point, radius: Double(radius), startAngle: Double(startAngle),
        endAngle: Double(endAngle), clockwise: !clockwise)
      return
    }
    var arc = BezierPath()
    arc.addArc(
      center: center.point, radius: Double(radius), startAngle: Double(startAngle),
      endAngle: Double(endAngle), clockwise: !clockwise)
    addContinuing(arc, transform)
  }

  /// Adds `arc`, mapped by `transform`, joined to the open subpath by a line (an arc's
  /// start is joined to the current point, as Core Graphics joins it).
  private func addContinuing(_ arc: BezierPath, _ transform: CGAffineTransform) {
    if bezier.currentPoint == nil {
      bezier.append(arc.applying(transform.transform2D))
    } else {
      bezier.continueWith(arc.applying(transform.transform2D))
    }
  }
  /// A circular arc tangent to the lines from the current point to `tangent1End` and on to
  /// `tangent2End`, after a line from the current point (see `BezierPath`).
  public func addArc(
    tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
    transform: CGAffineTransform = .identity
  ) {
    guard let current = bezier.currentPoint else { return }
    guard !transform.isIdentity else {
      return bezier.addArc(
        tangent1End: tangent1End.point, tangent2End: tangent2End.point, radius: Double(radius))
    }
    // Drawn in the transform's own space, from the current point taken back into it.
    var arc = BezierPath()
    arc.move(to: transform.inverted().transform2D.apply(to: current))
    arc.addArc(
      tangent1End: tangent1End.point, tangent2End: tangent2End.point, radius: Double(radius))
    bezier.continueWith(arc.applying(transform.transform2D))
  }
  /// An arc of `delta` radians from `startAngle`, exactly (Core Graphics' sense: a positive
  /// delta turns counter-clockwise where y runs up, so clockwise in UIKit's flipped space;
  /// past a whole turn it goes round again), after a line from the current point.
  public func addRelativeArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
    transform: CGAffineTransform = .identity
  ) {
    var arc = BezierPath()
    arc.addArc(
      center: center.point, radius: Double(radius), startAngle: Double(startAngle),
      sweep: Double(delta))
    addContinuing(arc, transform)
  }

  public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
    bezier.append(BezierPath(rect: rect.rect).applying(transform.transform2D))
  }
  public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
    bezier.append(BezierPath(ovalIn: rect.rect).applying(transform.transform2D))
  }
  public func addRoundedRect(
    in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
    transform: CGAffineTransform = .identity
  ) {
    bezier.append(
      BezierPath(roundedRect: rect.rect, cornerRadius: Double(min(cornerWidth, cornerHeight)))
        .applying(transform.transform2D))
  }
  public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
    bezier.append(transform.isIdentity ? path.bezier : path.bezier.applying(transform.transform2D))
  }
  public func closeSubpath() { bezier.close() }

}
