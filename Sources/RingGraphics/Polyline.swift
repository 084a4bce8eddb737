import Foundation

/// A flattened subpath: points in order, with `isSmooth[i]` telling whether vertex `i` lies
/// inside a curve (so strokers join it without a visible corner).
struct Polyline: Sendable {
  var points: [Point] = []
  var isSmooth: [Bool] = []
  var isClosed = false
  /// Whether a drawing element (not only a move) made this subpath.
  var hasDrawing = false
  /// The true curve's unit direction at its first and last points, when known (a curve's
  /// first chord turns away from it by half the chord's angle; caps are square to these).
  var startTangent: Point?
  var endTangent: Point?

  /// `d` as a unit vector, or `nil` when it has no direction.
  static func direction(_ d: Point) -> Point? {
    let l = d.length
    return l > 1e-12 ? d * (1 / l) : nil
  }

  /// Records the tangents of an element from `from` that starts along `start` and ends
  /// along `end`: the subpath's start tangent if it is its first drawing, its end tangent.
  mutating func noteTangents(first: Bool, start: Point?, end: Point?) {
    if first { startTangent = start }
    endTangent = end
  }

  /// Makes room for `count` more points at once (a curve's), instead of growing step by
  /// step; at least doubling, so that many small curves in a row grow it as appends would.
  mutating func reserve(_ count: Int) {
    let needed = points.count + count + 1
    guard needed > points.capacity else { return }
    let capacity = max(needed, 2 * points.capacity)
    points.reserveCapacity(capacity)
    isSmooth.reserveCapacity(capacity)
  }

  /// Empties the polyline, keeping its storage.
  mutating func removeAll() {
    points.removeAll(keepingCapacity: true)
    isSmooth.removeAll(keepingCapacity: true)
    isClosed = false
    hasDrawing = false
    startTangent = nil
    endTangent = nil
  }

  mutating func append(_ p: Point, smooth: Bool) {
    if let last = points.last, Polyline.coincide(last, p) { return }
    points.append(p)
    isSmooth.append(smooth)
  }

  /// Whether two points are the same up to rounding (1e-9 in the path's units), so that
  /// the direction between them means nothing.
  static func coincide(_ a: Point, _ b: Point) -> Bool {
    abs(a.x - b.x) <= 1e-9 && abs(a.y - b.y) <= 1e-9
  }

  /// The points in walking order with their smoothness: a closed polyline's first point
  /// again at the end (a corner there).
  var walk: (points: [Point], isSmooth: [Bool]) {
    guard isClosed, let first = points.first else { return (points, isSmooth) }
    return (points + [first], isSmooth + [false])
  }

  /// Total length in the polyline's units, counting the closing segment when closed.
  var length: Double {
    guard points.count > 1 else { return 0 }
    var total = 0.0
    for i in 1..<points.count { total += (points[i] - points[i - 1]).length }
    if isClosed { total += (points[0] - points[points.count - 1]).length }
    return total
  }
}

extension BezierPath {
  /// The path as polylines whose distance from the true curves is at most `tolerance`
  /// (in the path's units).
  func flattened(tolerance: Double) -> [Polyline] {
    var lines: [Polyline] = []
    var spare: [Polyline] = []
    flatten(tolerance: tolerance, into: &lines, spare: &spare)
    return lines
  }

  /// Flattens into `lines`, replacing what they held; the polylines' storage is taken from
  /// `lines` and `spare` (where those left over go), so that once grown, flattening a path
  /// of the same shape again allocates nothing.
  func flatten(tolerance: Double, into lines: inout [Polyline], spare: inout [Polyline]) {
    spare.append(contentsOf: lines)
    lines.removeAll(keepingCapacity: true)
    func fresh() -> Polyline {
      var p = spare.popLast() ?? Polyline()
      p.removeAll()
      return p
    }
    var current = fresh()
    var last = Point.zero
    func finish(closed: Bool) {
      if closed, current.points.count > 1, let first = current.points.first,
        let last = current.points.last, Polyline.coincide(first, last)
      {
        current.points.removeLast()
        current.isSmooth.removeLast()
      }
      current.isClosed = closed
      // Only subpaths that draw, and have points, are kept.
      if current.hasDrawing && !current.points.isEmpty {
        lines.append(current)
        current = fresh()
      } else {
        current.removeAll()
      }
    }
    func begin() {
      if current.points.isEmpty { current.append(last, smooth: false) }
      current.hasDrawing = true
    }
    for e in elements {
      switch e {
      case .move(let p):
        finish(closed: false)
        current.append(p, smooth: false)
        last = p
      case .line(let p):
        let first = !current.hasDrawing
        begin()
        let d = Polyline.direction(p - last)
        current.noteTangents(first: first, start: d, end: d)
        current.append(p, smooth: false)
        last = p
      case .quadCurve(let p, let c):
        let first = !current.hasDrawing
        begin()
        current.noteTangents(
          first: first, start: Polyline.direction(c - last) ?? Polyline.direction(p - last),
          end: Polyline.direction(p - c) ?? Polyline.direction(p - last))
        let dd = (last - c * 2 + p).length
        let n = max(1, Int((0.25 * dd / tolerance).squareRoot().rounded(.up)))
        current.reserve(n)
        for i in 1...n {
          let t = Double(i) / Double(n)
          let u = 1 - t
          let q = last * (u * u) + c * (2 * u * t) + p * (t * t)
          current.append(i == n ? p : q, smooth: i != n)
        }
        last = p
      case .curve(let p, let c1, let c2):
        let first = !current.hasDrawing
        begin()
        current.noteTangents(
          first: first,
          start: Polyline.direction(c1 - last) ?? Polyline.direction(c2 - last)
            ?? Polyline.direction(p - last),
          end: Polyline.direction(p - c2) ?? Polyline.direction(p - c1)
            ?? Polyline.direction(p - last))
        let dd = max((last - c1 * 2 + c2).length, (c1 - c2 * 2 + p).length)
        let n = max(1, Int((0.75 * dd / tolerance).squareRoot().rounded(.up)))
        current.reserve(n)
        for i in 1...n {
          let t = Double(i) / Double(n)
          let u = 1 - t
          let q =
            last * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t)
          current.append(i == n ? p : q, smooth: i != n)
        }
        last = p
      case .arc(let c, let radii, let a0, let a1):
        let first = !current.hasDrawing
        begin()
        let start = Point(x: c.x + radii.width * cos(a0), y: c.y + radii.height * sin(a0))
        // The arc's tangents: the derivative of the ellipse point, the way it sweeps.
        let way = a1 >= a0 ? 1.0 : -1.0
        func tangent(_ a: Double) -> Point? {
          Polyline.direction(
            Point(x: -radii.width * sin(a) * way, y: radii.height * cos(a) * way))
        }
        // A line joins the current point to the arc's start when they differ.
        let joined = Polyline.coincide(start, last) ? nil : Polyline.direction(start - last)
        current.noteTangents(first: first, start: joined ?? tangent(a0), end: tangent(a1))
        current.append(start, smooth: false)
        let r = max(abs(radii.width), abs(radii.height))
        let sweep = a1 - a0
        var n = 1
        if r > tolerance {
          let step = 2 * acos(1 - tolerance / r)
          n = max(1, Int((abs(sweep) / step).rounded(.up)))
        }
        current.reserve(n)
        for i in 1...n {
          let a = a0 + sweep * Double(i) / Double(n)
          current.append(
            Point(x: c.x + radii.width * cos(a), y: c.y + radii.height * sin(a)), smooth: i != n)
        }
        last = current.points.last ?? start
      case .close:
        let start = current.points.first ?? last
        finish(closed: true)
        last = start
      }
    }
    finish(closed: false)
    spare.append(current)
  }
}

extension BezierPath {
  /// Each drawing element (line, curve, arc, close) as its own polyline within `tolerance`
  /// of it, in the path's units: its first point is where the element starts (after any
  /// move before it), its last where it ends. Moves make no polyline of their own.
  public func elementPolylines(tolerance: Double) -> [[Point]] {
    var result: [[Point]] = []
    var current: Point?
    var subpathStart: Point?
    for element in elements {
      var piece = BezierPath()
      let start = current ?? .zero
      switch element {
      case .move(let p):
        current = p
        subpathStart = p
        continue
      case .line(let p):
        result.append([start, p])
        current = p
        continue
      case .close:
        let end = subpathStart ?? start
        result.append([start, end])
        current = end
        continue
      case .quadCurve(let p, let c):
        piece.move(to: start)
        piece.addQuadCurve(to: p, controlPoint: c)
        current = p
      case .curve(let p, let c1, let c2):
        piece.move(to: start)
        piece.addCurve(to: p, controlPoint1: c1, controlPoint2: c2)
        current = p
      case .arc(let c, let radii, let a0, let a1):
        if let current { piece.move(to: current) }
        piece.appendArc(center: c, radii: radii, from: a0, to: a1)
        current = Point(x: c.x + radii.width * cos(a1), y: c.y + radii.height * sin(a1))
        if subpathStart == nil {
          subpathStart = Point(x: c.x + radii.width * cos(a0), y: c.y + radii.height * sin(a0))
        }
      }
      var points = piece.flattened(tolerance: tolerance).first?.points ?? []
      if points.isEmpty { points = [start] }
      if let end = current, let last = points.last, !Polyline.coincide(last, end) {
        points.append(end)
      }
      result.append(points)
    }
    return result
  }
}
