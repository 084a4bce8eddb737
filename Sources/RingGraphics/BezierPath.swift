import Foundation

/// A path made of subpaths of lines, quadratic and cubic Bézier curves and elliptical arcs,
/// in points; the value counterpart of `UIBezierPath`/`CGPath`.
///
/// Arcs are kept exact (not approximated by cubics), so a circle strokes to a true annulus.
public struct BezierPath: Hashable, Sendable {
  /// One drawing command.
  public enum Element: Hashable, Sendable {
    case move(to: Point)
    case line(to: Point)
    case quadCurve(to: Point, control: Point)
    case curve(to: Point, control1: Point, control2: Point)
    /// An elliptical arc around `center` with radii `radii`, from angle `startAngle` to
    /// `endAngle` (radians, measured from +x towards +y, so clockwise on screen).
    /// Starts with a line from the current point when one exists.
    case arc(center: Point, radii: Size, startAngle: Double, endAngle: Double)
    case close
  }

  public private(set) var elements: [Element] = []

  public init() {}

  /// An empty path with room for `count` elements, so that building it allocates once.
  public init(reservingCapacity count: Int) {
    elements.reserveCapacity(count)
  }

  /// The current point, or `nil` before the first `move`.
  public private(set) var currentPoint: Point?
  private var subpathStart: Point?

  public mutating func move(to p: Point) {
    elements.append(.move(to: p))
    currentPoint = p
    subpathStart = p
  }

  public mutating func addLine(to p: Point) {
    ensureStart(p)
    elements.append(.line(to: p))
    currentPoint = p
  }

  public mutating func addQuadCurve(to p: Point, controlPoint c: Point) {
    ensureStart(c)
    elements.append(.quadCurve(to: p, control: c))
    currentPoint = p
  }

  public mutating func addCurve(to p: Point, controlPoint1 c1: Point, controlPoint2 c2: Point) {
    ensureStart(c1)
    elements.append(.curve(to: p, control1: c1, control2: c2))
    currentPoint = p
  }

  /// Adds a circular arc like `UIBezierPath.addArc(withCenter:radius:startAngle:endAngle:clockwise:)`:
  /// angles in radians; `clockwise` as seen on screen (y down). A line joins the current point
  /// to the arc's start when a subpath is open. Angles that differ by a whole number of turns
  /// (0 to 2π either way) make the whole circle in the direction asked, as Core Graphics
  /// draws them; equal angles make none.
  public mutating func addArc(
    center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
  ) {
    // Angles that are not numbers, or no arc of them, add nothing.
    guard startAngle.isFinite, endAngle.isFinite, radius.isFinite else { return }
    var end = endAngle
    let twoPi = 2 * Double.pi
    // Within rounding of the angles' own size: 3π/2 - 2π is not exactly -π/2.
    let tolerance = 1e-12 * max(1, abs(startAngle), abs(endAngle))
    let wholeTurns = abs(endAngle - startAngle) > tolerance
    if abs(endAngle - startAngle) > 64 * Double.pi || max(abs(startAngle), abs(endAngle)) > 1e9 {
      // Turns whole turns at a time would take as many steps (or, at this size, never
      // move): start from the difference's remainder instead.
      let delta = endAngle - startAngle
      var sweep = delta.truncatingRemainder(dividingBy: twoPi)
      if clockwise, sweep < 0 { sweep += twoPi }
      if !clockwise, sweep > 0 { sweep -= twoPi }
      // More than a turn the way asked, or whole turns, is the whole circle.
      let beyond = clockwise ? delta > twoPi : delta < -twoPi
      if beyond || (sweep == 0 && wholeTurns) { sweep = clockwise ? twoPi : -twoPi }
      end = startAngle + sweep
    } else if clockwise {
      while end < startAngle { end += twoPi }
      if end - startAngle > twoPi || (wholeTurns && end - startAngle <= tolerance) {
        end = startAngle + twoPi
      }
    } else {
      while end > startAngle { end -= twoPi }
      if startAngle - end > twoPi || (wholeTurns && startAngle - end <= tolerance) {
        end = startAngle - twoPi
      }
    }
    appendArc(center: center, radii: Size(width: radius, height: radius), from: startAngle, to: end)
  }

  /// Adds a circular arc of `radius` tangent to the line from the current point to
  /// `tangent1End` and to the line from there to `tangent2End`, after a line from the current
  /// point to where the arc starts: Core Graphics' `addArc(tangent1End:tangent2End:radius:)`
  /// (PostScript's `arct`). When the three points lie in one line, or the radius is 0, it
  /// is a line to `tangent1End`; with no current point it adds nothing (Core Graphics
  /// requires one).
  public mutating func addArc(tangent1End t1: Point, tangent2End t2: Point, radius: Double) {
    guard let p0 = currentPoint else { return }
    let (u, v) = (p0 - t1, t2 - t1)
    let (lu, lv) = (u.length, v.length)
    guard radius > 0, lu > 0, lv > 0 else { return addLine(to: t1) }
    let (du, dv) = (u * (1 / lu), v * (1 / lv))
    // Half the angle at the corner; the arc touches each line `r / tan(half)` from it.
    let half = atan2(abs(du.x * dv.y - du.y * dv.x), du.dot(dv)) / 2
    let reach = radius / tan(half)
    let bisector = du + dv
    let center = t1 + bisector * (radius / sin(half) / bisector.length)
    // In one line (or so nearly that the arc would be out of reach): a line.
    guard reach.isFinite, center.x.isFinite, center.y.isFinite else { return addLine(to: t1) }
    let (start, end) = (t1 + du * reach, t1 + dv * reach)
    let a0 = atan2(start.y - center.y, start.x - center.x)
    var a1 = atan2(end.y - center.y, end.x - center.x)
    // The short way round: less than a half turn.
    if a1 - a0 > .pi { a1 -= 2 * .pi } else if a0 - a1 > .pi { a1 += 2 * .pi }
    appendArc(center: center, radii: Size(width: radius, height: radius), from: a0, to: a1)
  }

  /// Adds a circular arc of `sweep` radians from `startAngle`, exactly (a sweep past a whole
  /// turn goes round again), after a line from the current point: Core Graphics'
  /// `addRelativeArc`. Angles measured from +x towards +y.
  public mutating func addArc(center: Point, radius: Double, startAngle: Double, sweep: Double) {
    appendArc(
      center: center, radii: Size(width: radius, height: radius), from: startAngle,
      to: startAngle + sweep)
  }

  /// Appends `other`'s elements to the open subpath: a move that starts `other` is left out.
  public mutating func continueWith(_ other: BezierPath) {
    var rest = other
    if case .move = rest.elements.first { rest.elements.removeFirst() }
    append(rest)
  }

  /// Appends `other`'s subpaths, as `UIBezierPath.append(_:)` does.
  public mutating func append(_ other: BezierPath) {
    for element in other.elements {
      switch element {
      case .move(let p): move(to: p)
      case .line(let p): addLine(to: p)
      case .quadCurve(let p, let c): addQuadCurve(to: p, controlPoint: c)
      case .curve(let p, let c1, let c2): addCurve(to: p, controlPoint1: c1, controlPoint2: c2)
      case .arc(let c, let radii, let a0, let a1):
        appendArc(center: c, radii: radii, from: a0, to: a1)
      case .close: close()
      }
    }
  }

  public mutating func close() {
    guard currentPoint != nil else { return }
    elements.append(.close)
    currentPoint = subpathStart
  }

  /// A closed polygon through `points`.
  public init(polygon points: [Point]) {
    guard let first = points.first else { return }
    move(to: first)
    for p in points.dropFirst() { addLine(to: p) }
    close()
  }

  /// A rectangle, drawn clockwise from its top-left corner.
  public init(rect r: Rect) {
    self.init(polygon: [
      Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
      Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY),
    ])
  }

  /// The oval inscribed in `rect`, like `UIBezierPath(ovalIn:)`: one closed subpath starting at
  /// the rightmost point and running clockwise on screen; an exact ellipse.
  public init(ovalIn rect: Rect) {
    let c = Point(x: rect.midX, y: rect.midY)
    let radii = Size(width: rect.width / 2, height: rect.height / 2)
    move(to: Point(x: c.x + radii.width, y: c.y))
    appendArc(center: c, radii: radii, from: 0, to: 2 * Double.pi)
    close()
  }

  /// A rectangle with circular corners of `cornerRadius` (clamped to half the shorter side).
  public init(roundedRect rect: Rect, cornerRadius: Double) {
    let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
    self.init(roundedRect: rect, topLeft: r, topRight: r, bottomRight: r, bottomLeft: r)
  }

  /// A rectangle whose corners (top-left first, clockwise on screen) are rounded by their
  /// own radii, each clamped to half the shorter side; drawn clockwise from the top-left
  /// corner's end on the top edge. All radii zero give the plain rectangle.
  public init(
    roundedRect rect: Rect, topLeft: Double, topRight: Double, bottomRight: Double,
    bottomLeft: Double
  ) {
    let limit = min(rect.width / 2, rect.height / 2)
    func clamp(_ r: Double) -> Double { r.isFinite ? max(0, min(r, limit)) : 0 }
    let (tl, tr, br, bl) = (clamp(topLeft), clamp(topRight), clamp(bottomRight), clamp(bottomLeft))
    guard tl > 0 || tr > 0 || br > 0 || bl > 0 else {
      self.init(rect: rect)
      return
    }
    self.init()
    let halfPi = Double.pi / 2
    move(to: Point(x: rect.minX + tl, y: rect.minY))
    addLine(to: Point(x: rect.maxX - tr, y: rect.minY))
    if tr > 0 {
      appendArc(
        center: Point(x: rect.maxX - tr, y: rect.minY + tr), radii: Size(width: tr, height: tr),
        from: -halfPi, to: 0)
    }
    addLine(to: Point(x: rect.maxX, y: rect.maxY - br))
    if br > 0 {
      appendArc(
        center: Point(x: rect.maxX - br, y: rect.maxY - br), radii: Size(width: br, height: br),
        from: 0, to: halfPi)
    }
    addLine(to: Point(x: rect.minX + bl, y: rect.maxY))
    if bl > 0 {
      appendArc(
        center: Point(x: rect.minX + bl, y: rect.maxY - bl), radii: Size(width: bl, height: bl),
        from: halfPi, to: 2 * halfPi)
    }
    addLine(to: Point(x: rect.minX, y: rect.minY + tl))
    if tl > 0 {
      appendArc(
        center: Point(x: rect.minX + tl, y: rect.minY + tl), radii: Size(width: tl, height: tl),
        from: 2 * halfPi, to: 3 * halfPi)
    }
    close()
  }

  /// The path with every point mapped through `t` (arcs become general curves only when `t`
  /// is not a similarity; they stay exact otherwise).
  public func applying(_ t: Transform2D) -> BezierPath {
    var out = BezierPath()
    out.elements.reserveCapacity(elements.count)
    let uniform = t.b == 0 && t.c == 0 && t.isAffine
    for e in elements {
      switch e {
      case .move(let p): out.move(to: t.apply(to: p))
      case .line(let p): out.addLine(to: t.apply(to: p))
      case .quadCurve(let p, let c):
        out.addQuadCurve(to: t.apply(to: p), controlPoint: t.apply(to: c))
      case .curve(let p, let c1, let c2):
        out.addCurve(
          to: t.apply(to: p), controlPoint1: t.apply(to: c1), controlPoint2: t.apply(to: c2))
      case .arc(let c, let radii, let a0, let a1):
        if uniform {
          let sx = t.a
          let sy = t.d
          // Mirroring flips the angle direction; map angles through the reflection.
          let m0 = atan2(sin(a0) * (sy < 0 ? -1 : 1), cos(a0) * (sx < 0 ? -1 : 1))
          let sweep = (a1 - a0) * ((sx < 0) != (sy < 0) ? -1 : 1)
          out.appendArc(
            center: t.apply(to: c),
            radii: Size(width: radii.width * abs(sx), height: radii.height * abs(sy)),
            from: m0, to: m0 + sweep)
        } else {
          let cubics = BezierPath.cubics(center: c, radii: radii, from: a0, to: a1)
          // The arc's own line from the current point to its start, or its start.
          if let first = cubics.first {
            let start = t.apply(to: first.0)
            if let p = out.currentPoint {
              if (p - start).length > 1e-9 { out.addLine(to: start) }
            } else {
              out.move(to: start)
            }
          }
          for cubic in cubics {
            out.addCurve(
              to: t.apply(to: cubic.3), controlPoint1: t.apply(to: cubic.1),
              controlPoint2: t.apply(to: cubic.2))
          }
        }
      case .close: out.close()
      }
    }
    return out
  }

  /// The smallest rectangle holding every point, control point and arc's ellipse of the
  /// path (so holding the path), or `nil` for an empty path.
  public var controlBounds: Rect? {
    var (x0, y0, x1, y1) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
    func add(_ p: Point) {
      (x0, y0, x1, y1) = (min(x0, p.x), min(y0, p.y), max(x1, p.x), max(y1, p.y))
    }
    for e in elements {
      switch e {
      case .move(let p), .line(let p): add(p)
      case .quadCurve(let p, let c):
        add(p)
        add(c)
      case .curve(let p, let c1, let c2):
        add(p)
        add(c1)
        add(c2)
      case .arc(let c, let r, _, _):
        add(Point(x: c.x - r.width, y: c.y - r.height))
        add(Point(x: c.x + r.width, y: c.y + r.height))
      case .close: break
      }
    }
    guard x0 <= x1, y0 <= y1 else { return nil }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// Whether every coordinate is finite.
  public var isFinite: Bool {
    elements.allSatisfy { e in
      switch e {
      case .move(let p), .line(let p): p.isFinite
      case .quadCurve(let p, let c): p.isFinite && c.isFinite
      case .curve(let p, let c1, let c2): p.isFinite && c1.isFinite && c2.isFinite
      case .arc(let c, let r, let a0, let a1):
        c.isFinite && r.width.isFinite && r.height.isFinite && a0.isFinite && a1.isFinite
      case .close: true
      }
    }
  }

  /// Whether `other` has the same elements in the same order, differing only in their
  /// points (and arcs' radii and angles): the paths that mix point by point.
  public func hasSameStructure(as other: BezierPath) -> Bool {
    guard elements.count == other.elements.count else { return false }
    for (x, y) in zip(elements, other.elements) {
      switch (x, y) {
      case (.move, .move), (.line, .line), (.quadCurve, .quadCurve), (.curve, .curve),
        (.arc, .arc), (.close, .close):
        continue
      default: return false
      }
    }
    return true
  }

  /// Sets this path to `a` mixed with `b` at fraction `f` (0 gives `a`, 1 gives `b`) point by
  /// point, arcs' centres, radii and angles alike, when the two have the same structure
  /// (`hasSameStructure(as:)`); otherwise to `b`, as Core Animation shows the destination
  /// of paths it cannot mix. Reuses this path's storage.
  public mutating func interpolate(from a: BezierPath, to b: BezierPath, fraction f: Double) {
    guard a.hasSameStructure(as: b) else {
      self = b
      return
    }
    func mix(_ p: Point, _ q: Point) -> Point { p.interpolated(to: q, fraction: f) }
    func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
    elements.removeAll(keepingCapacity: true)
    currentPoint = nil
    subpathStart = nil
    for (x, y) in zip(a.elements, b.elements) {
      switch (x, y) {
      case (.move(let p), .move(let q)): move(to: mix(p, q))
      case (.line(let p), .line(let q)): addLine(to: mix(p, q))
      case (.quadCurve(let p, let c), .quadCurve(let q, let d)):
        addQuadCurve(to: mix(p, q), controlPoint: mix(c, d))
      case (.curve(let p, let c1, let c2), .curve(let q, let d1, let d2)):
        addCurve(to: mix(p, q), controlPoint1: mix(c1, d1), controlPoint2: mix(c2, d2))
      case (.arc(let c, let r, let a0, let a1), .arc(let d, let s, let b0, let b1)):
        appendArc(
          center: mix(c, d),
          radii: Size(width: mix(r.width, s.width), height: mix(r.height, s.height)),
          from: mix(a0, b0), to: mix(a1, b1))
      case (.close, .close): close()
      default: break  // the structures match
      }
    }
  }

  /// `other`'s points added to this path's, element by element, when both have the same
  /// structure (an additive path animation's sum); nil otherwise.
  public func adding(_ other: BezierPath) -> BezierPath? {
    guard hasSameStructure(as: other) else { return nil }
    var out = BezierPath()
    for (x, y) in zip(elements, other.elements) {
      switch (x, y) {
      case (.move(let p), .move(let q)): out.move(to: p + q)
      case (.line(let p), .line(let q)): out.addLine(to: p + q)
      case (.quadCurve(let p, let c), .quadCurve(let q, let d)):
        out.addQuadCurve(to: p + q, controlPoint: c + d)
      case (.curve(let p, let c1, let c2), .curve(let q, let d1, let d2)):
        out.addCurve(to: p + q, controlPoint1: c1 + d1, controlPoint2: c2 + d2)
      case (.arc(let c, let r, let a0, let a1), .arc(let d, let s, let b0, let b1)):
        out.appendArc(
          center: c + d, radii: Size(width: r.width + s.width, height: r.height + s.height),
          from: a0 + b0, to: a1 + b1)
      case (.close, .close): out.close()
      default: return nil
      }
    }
    return out
  }

  private mutating func ensureStart(_ p: Point) {
    if currentPoint == nil { move(to: p) }
  }

  /// Appends an elliptical arc from angle `a0` to `a1` (radians), with a line to its start when
  /// a subpath is open.
  public mutating func appendArc(center: Point, radii: Size, from a0: Double, to a1: Double) {
    guard a0.isFinite, a1.isFinite, center.x.isFinite, center.y.isFinite, radii.width.isFinite,
      radii.height.isFinite
    else { return }
    let start = Point(x: center.x + radii.width * cos(a0), y: center.y + radii.height * sin(a0))
    if currentPoint == nil { move(to: start) }
    elements.append(.arc(center: center, radii: radii, startAngle: a0, endAngle: a1))
    currentPoint = Point(x: center.x + radii.width * cos(a1), y: center.y + radii.height * sin(a1))
  }

  /// Cubic approximations of an elliptical arc, at most a quarter turn each:
  /// (start, control1, control2, end).
  public static func cubics(center c: Point, radii: Size, from a0: Double, to a1: Double)
    -> [(Point, Point, Point, Point)]
  {
    // At most 4,096 pieces (1,024 turns, which draw as one).
    let quarters = (abs(a1 - a0) / (Double.pi / 2)).rounded(.up)
    guard quarters.isFinite else { return [] }
    let n = max(1, Int(min(quarters, 4096)))
    let step = (a1 - a0) / Double(n)
    let k = 4.0 / 3.0 * tan(step / 4)
    var out: [(Point, Point, Point, Point)] = []
    for i in 0..<n {
      let s = a0 + Double(i) * step
      let e = s + step
      let p0 = Point(x: c.x + radii.width * cos(s), y: c.y + radii.height * sin(s))
      let p3 = Point(x: c.x + radii.width * cos(e), y: c.y + radii.height * sin(e))
      let c1 = Point(x: p0.x - k * radii.width * sin(s), y: p0.y + k * radii.height * cos(s))
      let c2 = Point(x: p3.x + k * radii.width * sin(e), y: p3.y - k * radii.height * cos(e))
      out.append((p0, c1, c2, p3))
    }
    return out
  }
}
