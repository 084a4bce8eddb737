import RingGraphics

/// The kind of a path element, as Core Graphics hands elements out.
public enum CGPathElementType: Int32, Sendable {
  case moveToPoint, addLineToPoint, addQuadCurveToPoint, addCurveToPoint, closeSubpath
}

/// One element of a path, as `CGPath.applyWithBlock` hands it out: its kind and its points
/// (the end point last: one for a move or a line, control and end for a quadratic curve,
/// two controls and end for a cubic, none for a close), valid during the call.
public struct CGPathElement {
  public var type: CGPathElementType
  public var points: UnsafeMutablePointer<CGPoint>

  public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
    (self.type, self.points) = (type, points)
  }
}

/// What `CGPath.apply(info:function:)` calls with each element: a C function on iOS, a Swift
/// one here (`CGPathElement` is a Swift structure, which C cannot name), so the closures and
/// functions programs pass build as they are.
public typealias CGPathApplierFunction =
  (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void

extension CGPath {
  /// Calls `block` with each element of the path in order, as Core Graphics stores them:
  /// arcs as cubic curves (at most a quarter turn each), after a line to their start when
  /// the pen is elsewhere; a subpath begun after a close without a move begins with a move
  /// to where the closed one began.
  public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
    bezier.forEachCoreGraphicsElement { type, points in
      withUnsafeTemporaryAllocation(of: CGPoint.self, capacity: 3) { buffer in
        for (i, p) in points.enumerated() { buffer[i] = CGPoint(p) }
        var element = CGPathElement(type: type, points: buffer.baseAddress!)
        block(&element)
      }
    }
  }

  /// Calls `function` with `info` and each element, as `applyWithBlock` does.
  public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
    applyWithBlock { function(info, $0) }
  }
}

extension BezierPath {
  /// Calls `body` with each element as Core Graphics keeps it (see
  /// `CGPath.applyWithBlock`), its points in points.
  func forEachCoreGraphicsElement(_ body: (CGPathElementType, [Point]) -> Void) {
    var current: Point?
    var start = Point(x: 0, y: 0)
    var closed = false
    /// A move to where a closed subpath began, before drawing on from there.
    func reopen() {
      if closed {
        body(.moveToPoint, [start])
        closed = false
      }
    }
    for element in elements {
      switch element {
      case .move(let p):
        body(.moveToPoint, [p])
        (current, start, closed) = (p, p, false)
      case .line(let p):
        reopen()
        body(.addLineToPoint, [p])
        current = p
      case .quadCurve(let p, let c):
        reopen()
        body(.addQuadCurveToPoint, [c, p])
        current = p
      case .curve(let p, let c1, let c2):
        reopen()
        body(.addCurveToPoint, [c1, c2, p])
        current = p
      case .arc(let center, let radii, let a0, let a1):
        reopen()
        let from = Point(
          x: center.x + radii.width * cos(a0), y: center.y + radii.height * sin(a0))
        if let at = current, !at.isNear(from, radii) {
          body(.addLineToPoint, [from])
        } else if current == nil {
          body(.moveToPoint, [from])
        }
        current = from
        guard a0 != a1 else { continue }
        for (_, c1, c2, end) in BezierPath.cubics(center: center, radii: radii, from: a0, to: a1) {
          body(.addCurveToPoint, [c1, c2, end])
          current = end
        }
      case .close:
        body(.closeSubpath, [])
        (current, closed) = (start, true)
      }
    }
  }

  /// The path drawn backwards: its subpaths in reverse order, each from its end to its
  /// start, closed ones closed again (`UIBezierPath.reversing()`). Arcs stay exact.
  func reversed() -> BezierPath {
    /// A piece from the point before it.
    enum Piece {
      case line
      case quad(Point)
      case curve(Point, Point)
      case arc(center: Point, radii: Size, from: Double, to: Double)
    }
    struct Subpath {
      var points: [Point]  // each piece's start, then the last end
      var pieces: [Piece] = []
      var closed = false
    }
    var subpaths: [Subpath] = []
    var start = Point(x: 0, y: 0)
    func add(_ piece: Piece, to end: Point) {
      if subpaths.isEmpty || subpaths[subpaths.count - 1].closed {
        subpaths.append(Subpath(points: [start]))
      }
      subpaths[subpaths.count - 1].pieces.append(piece)
      subpaths[subpaths.count - 1].points.append(end)
    }
    for element in elements {
      switch element {
      case .move(let p):
        start = p
        subpaths.append(Subpath(points: [p]))
      case .line(let p): add(.line, to: p)
      case .quadCurve(let p, let c): add(.quad(c), to: p)
      case .curve(let p, let c1, let c2): add(.curve(c1, c2), to: p)
      case .arc(let center, let radii, let a0, let a1):
        let from = Point(
          x: center.x + radii.width * cos(a0), y: center.y + radii.height * sin(a0))
        if subpaths.last.map({ $0.closed || !($0.points.last!.isNear(from, radii)) }) ?? true {
          add(.line, to: from)
        }
        let to = Point(x: center.x + radii.width * cos(a1), y: center.y + radii.height * sin(a1))
        add(.arc(center: center, radii: radii, from: a0, to: a1), to: to)
      case .close:
        if !subpaths.isEmpty { subpaths[subpaths.count - 1].closed = true }
      }
    }
    var out = BezierPath()
    for subpath in subpaths.reversed() {
      out.move(to: subpath.points[subpath.points.count - 1])
      for (i, piece) in subpath.pieces.enumerated().reversed() {
        let to = subpath.points[i]
        switch piece {
        case .line: out.addLine(to: to)
        case .quad(let c): out.addQuadCurve(to: to, controlPoint: c)
        case .curve(let c1, let c2): out.addCurve(to: to, controlPoint1: c2, controlPoint2: c1)
        case .arc(let center, let radii, let a0, let a1):
          out.appendArc(center: center, radii: radii, from: a1, to: a0)
        }
      }
      if subpath.closed { out.close() }
    }
    return out
  }
}

extension Point {
  /// Whether `other` is this point but for the rounding of an arc's end computed from its
  /// angle (a billionth of the arc's size or of the coordinates): an arc that starts where
  /// the pen is gets no line to its start, however its angle rounds.
  fileprivate func isNear(_ other: Point, _ radii: Size) -> Bool {
    let scale = max(1, abs(x), abs(y), abs(radii.width), abs(radii.height))
    return abs(x - other.x) <= 1e-9 * scale && abs(y - other.y) <= 1e-9 * scale
  }
}
