import Foundation

/// Turns a path and a stroke style into closed outlines whose non-zero fill is the stroke.
///
/// Curves are flattened to within `tolerance` first; vertices inside a curve are joined by
/// the exact intersection of the offset lines, so the outline of a flattened circle of
/// radius r is within `tolerance` of the true annulus.
struct Stroker {
  let style: StrokeStyle
  let tolerance: Double

  func outlines(of path: BezierPath) -> [[Point]] {
    var out = Contours()
    let scratch = StrokeScratch()
    outlines(of: path.flattened(tolerance: tolerance), into: &out, scratch: scratch)
    return (0..<out.count).map { Array(out.polygon($0)) }
  }

  /// The outlines of the stroke of `lines` (a path flattened to within `tolerance`), into
  /// `out` (emptied first), using `scratch`'s storage: without allocating once it has grown,
  /// unless the style dashes.
  func outlines(of lines: [Polyline], into out: inout Contours, scratch: StrokeScratch) {
    out.removeAll()
    guard style.lineWidth > 0 else { return }
    var pieces = lines
    var count = lines.count
    let trims = style.strokeStart > 0 || style.strokeEnd < 1
    if trims {
      swap(&pieces, &scratch.trimmed)
      count = Stroker.trim(lines, from: style.strokeStart, to: style.strokeEnd, into: &pieces)
    }
    if !style.dashPattern.isEmpty {
      pieces = Stroker.dash(
        Array(pieces[..<count]), pattern: style.dashPattern, phase: style.dashPhase)
      count = pieces.count
    }
    for line in pieces[..<count] { stroke(line, into: &out, scratch: scratch) }
    if trims, style.dashPattern.isEmpty {
      swap(&pieces, &scratch.trimmed)
    }
  }

  /// The part of `lines` between fractions `s` and `e` of their total length, into the
  /// first polylines of `out` (how many is returned), whose storage is reused: the rest are
  /// kept, unused, for a longer part later.
  static func trim(_ lines: [Polyline], from s: Double, to e: Double, into out: inout [Polyline])
    -> Int
  {
    var (s, e) = (s, e)
    // Trimmed to no length, the stroke still draws its caps there, as Core Animation draws a
    // round-capped dot where `strokeStart` equals `strokeEnd` (a switch's knob): a part a
    // billionth of the length long.
    if e == s {
      if s < 1 { e = s + 1e-9 } else { s = e - 1e-9 }
    }
    var used = 0
    let total = lines.reduce(0) { $0 + $1.length }
    guard e > s, total > 0 else { return 0 }
    let lo = s * total
    let hi = e * total
    var walked = 0.0
    for line in lines {
      if used == out.count { out.append(Polyline()) }
      out[used].removeAll()
      out[used].hasDrawing = true
      // Walking order: a closed polyline's first point again at the end (a corner there).
      let pts = line.points
      let count = pts.count + (line.isClosed && !pts.isEmpty ? 1 : 0)
      func point(_ i: Int) -> Point { pts[i % pts.count] }
      func smooth(_ i: Int) -> Bool { i < pts.count ? line.isSmooth[i] : false }
      /// The unit direction of the chord from walk point `i - 1` to `i`.
      func chord(_ i: Int) -> Point { Polyline.direction(point(i) - point(i - 1)) ?? .zero }
      /// The curve's direction at walk point `v` (`d` the chord leaving or entering it): the
      /// line's own tangents at its ends, the mean of its chords where it lies inside a
      /// curve, else `d`.
      func tangent(at v: Int, _ d: Point) -> Point {
        if v == 0 { return line.startTangent ?? d }
        if v == count - 1 { return line.endTangent ?? d }
        guard smooth(v) else { return d }
        return Polyline.direction(chord(v) + chord(v + 1)) ?? d
      }
      /// The curve's direction at fraction `t` of the chord from walk point `i - 1` to `i`:
      /// the chord's ends' directions mixed, as a curve's tangent turns along it. A cut end
      /// is then square to the curve, as an end the path drew is.
      func tangent(_ i: Int, _ t: Double) -> Point {
        let d = chord(i)
        let mixed = tangent(at: i - 1, d) * (1 - t) + tangent(at: i, d) * t
        return Polyline.direction(mixed) ?? d
      }
      var last: (i: Int, t: Double)?
      for i in 1..<max(count, 1) {
        let a = point(i - 1)
        let b = point(i)
        let len = (b - a).length
        let s0 = walked
        let s1 = walked + len
        walked = s1
        guard s1 > lo, s0 < hi, len > 0 else { continue }
        let t0 = max(0, (lo - s0) / len)
        let t1 = min(1, (hi - s0) / len)
        if out[used].points.isEmpty { out[used].startTangent = tangent(i, t0) }
        out[used].append(a.interpolated(to: b, fraction: t0), smooth: t0 == 0 && smooth(i - 1))
        out[used].append(
          t1 == 1 ? b : a.interpolated(to: b, fraction: t1), smooth: t1 == 1 && smooth(i))
        last = (i, t1)
      }
      if let last { out[used].endTangent = tangent(last.i, last.t) }
      if line.points.count == 1, walked >= lo, walked <= hi {
        out[used].append(line.points[0], smooth: false)
      }
      if !out[used].points.isEmpty {
        if line.isClosed && s == 0 && e == 1 {
          out[used].points.removeLast()
          out[used].isSmooth.removeLast()
          out[used].isClosed = true
        }
        used += 1
      }
    }
    return used
  }

  /// `lines` cut into dashes: `pattern` alternates dash and gap lengths (in points, an odd
  /// count repeated to make pairs), starting `phase` points into it at each subpath's
  /// start, as Core Graphics dashes. Dashes are open; a closed subpath's dashes run across
  /// its start.
  static func dash(_ lines: [Polyline], pattern: [Double], phase: Double) -> [Polyline] {
    let pattern = pattern.count % 2 == 1 ? pattern + pattern : pattern
    let period = pattern.reduce(0, +)
    // A pattern so fine that the path would hold more than a million dashes is drawn solid
    // (it would look so, and cutting it would not end).
    let total = lines.reduce(0) { $0 + $1.length }
    guard period > 0, total / period * Double(pattern.count) <= 1_000_000 else { return lines }
    var out: [Polyline] = []
    for line in lines {
      let (pts, smooth) = line.walk
      // Where in the pattern the subpath starts.
      var into = phase.truncatingRemainder(dividingBy: period)
      if into < 0 { into += period }
      var k = 0
      // At a boundary the next length starts; at 0 the first dash, even one of length 0.
      while into > 0 && into >= pattern[k] {
        into -= pattern[k]
        k = (k + 1) % pattern.count
      }
      var left = pattern[k] - into
      var piece = Polyline()
      piece.hasDrawing = true
      func on() -> Bool { k % 2 == 0 }
      if on(), let first = pts.first { piece.append(first, smooth: false) }
      for i in 1..<max(pts.count, 1) {
        var a = pts[i - 1]
        let b = pts[i]
        var len = (b - a).length
        while len > 0 && left < len {
          let cut = a.interpolated(to: b, fraction: left / len)
          if on() {
            piece.append(cut, smooth: false)
            out.append(piece)
            piece = Polyline()
            piece.hasDrawing = true
          } else {
            piece.append(cut, smooth: false)
          }
          len -= left
          a = cut
          k = (k + 1) % pattern.count
          left = pattern[k]
        }
        left -= len
        if on() { piece.append(b, smooth: smooth[i]) }
      }
      if on(), piece.points.count > 1 { out.append(piece) }
      if !on(), left == 0, let last = pts.last {
        // A dash that starts exactly at the end: a dot for round and square caps.
        var dot = Polyline()
        dot.hasDrawing = true
        dot.append(last, smooth: false)
        out.append(dot)
      }
    }
    return out
  }

  private var halfWidth: Double { style.lineWidth / 2 }

  private func stroke(_ line: Polyline, into out: inout Contours, scratch: StrokeScratch) {
    let p = line.points
    let hw = halfWidth
    if p.count == 1 {
      // A zero-length subpath: a dot for round and square caps.
      let c = p[0]
      switch style.lineCap {
      case .butt: return
      case .round:
        appendArc(center: c, from: 0, sweep: 2 * .pi, radius: hw, into: &out.points)
      case .square:
        out.append(Point(x: c.x - hw, y: c.y - hw))
        out.append(Point(x: c.x + hw, y: c.y - hw))
        out.append(Point(x: c.x + hw, y: c.y + hw))
        out.append(Point(x: c.x - hw, y: c.y + hw))
      }
      out.closePolygon()
      return
    }
    let n = p.count
    let segCount = line.isClosed ? n : n - 1
    // The scratch's arrays, taken for the call (a class's stored arrays would be checked
    // for exclusive access on every append).
    var dirs: [Point] = []
    var lens: [Double] = []
    var left: [Point] = []
    var right: [Point] = []
    swap(&dirs, &scratch.dirs)
    swap(&lens, &scratch.lens)
    swap(&left, &scratch.left)
    swap(&right, &scratch.right)
    defer {
      swap(&dirs, &scratch.dirs)
      swap(&lens, &scratch.lens)
      swap(&left, &scratch.left)
      swap(&right, &scratch.right)
    }
    dirs.removeAll(keepingCapacity: true)
    lens.removeAll(keepingCapacity: true)
    left.removeAll(keepingCapacity: true)
    right.removeAll(keepingCapacity: true)
    for i in 0..<segCount {
      let d = p[(i + 1) % n] - p[i]
      let l = d.length
      lens.append(l)
      dirs.append(d * (1 / l))
    }
    func normal(_ d: Point) -> Point { Point(x: -d.y, y: d.x) }

    // An open line's ends are square to the true curve where its tangents are known.
    let startDirection = line.startTangent ?? dirs[0]
    let endDirection = line.endTangent ?? dirs[segCount - 1]
    if !line.isClosed {
      let n0 = normal(startDirection)
      left.append(p[0] + n0 * hw)
      right.append(p[0] - n0 * hw)
    }
    let vertexRange = line.isClosed ? 0..<n : 1..<(n - 1)
    for v in vertexRange {
      let iIn = (v - 1 + segCount) % segCount
      let iOut = v % segCount
      join(
        at: p[v], dIn: dirs[iIn], dOut: dirs[iOut], lenIn: lens[iIn], lenOut: lens[iOut],
        smooth: line.isSmooth[v], left: &left, right: &right)
    }
    if line.isClosed {
      for q in left { out.append(q) }
      out.closePolygon()
      for q in right.reversed() { out.append(q) }
      out.closePolygon()
    } else {
      let nEnd = normal(endDirection)
      left.append(p[n - 1] + nEnd * hw)
      right.append(p[n - 1] - nEnd * hw)
      for q in left { out.append(q) }
      cap(at: p[n - 1], direction: endDirection, into: &out)
      for q in right.reversed() { out.append(q) }
      cap(at: p[0], direction: startDirection * -1, into: &out)
      out.closePolygon()
    }
  }

  /// Appends the cap at `end`, going from the left offset to the right offset of a stroke
  /// travelling along `direction`.
  private func cap(at end: Point, direction d: Point, into contour: inout Contours) {
    let hw = halfWidth
    let nrm = Point(x: -d.y, y: d.x)
    switch style.lineCap {
    case .butt: break
    case .square:
      contour.append(end + nrm * hw + d * hw)
      contour.append(end - nrm * hw + d * hw)
    case .round:
      let a0 = atan2(nrm.y, nrm.x)
      appendArc(
        center: end, from: a0, sweep: -Double.pi, radius: hw, into: &contour.points,
        ends: false)
    }
  }

  private func join(
    at p: Point, dIn: Point, dOut: Point, lenIn: Double, lenOut: Double, smooth: Bool,
    left: inout [Point], right: inout [Point]
  ) {
    let hw = halfWidth
    let n0 = Point(x: -dIn.y, y: dIn.x)
    let n1 = Point(x: -dOut.y, y: dOut.x)
    let cosTurn = n0.dot(n1)
    // Miter offset: the intersection of the two offset lines, at p +/- m * hw.
    let m = (n0 + n1) * (1 / (1 + cosTurn))
    let turnsLeft = dOut.dot(n0) > 0  // towards +n: the left side is the inner side
    // Distance from p along each segment to where the offset lines meet.
    let tanHalf = cosTurn > -0.999 ? ((1 - cosTurn) / (1 + cosTurn)).squareRoot() : .infinity
    let innerFits = hw * tanHalf <= min(lenIn, lenOut)
    if smooth || cosTurn > 0.99999 {
      if innerFits || cosTurn > 0.99999 {
        left.append(p + m * hw)
        right.append(p - m * hw)
        return
      }
    }
    // Inner side.
    func inner(_ s: Double, into side: inout [Point]) {
      if innerFits {
        side.append(p + m * (s * hw))
      } else {
        side.append(p + n0 * (s * hw))
        side.append(p)
        side.append(p + n1 * (s * hw))
      }
    }
    // Outer side, per join style.
    func outer(_ s: Double, into side: inout [Point]) {
      let a = p + n0 * (s * hw)
      let b = p + n1 * (s * hw)
      switch style.lineJoin {
      case .bevel:
        side.append(a)
        side.append(b)
      case .miter:
        // Miter length / line width = 1 / sin(theta/2) with theta the angle between segments.
        let ratio = (2 / (1 + cosTurn)).squareRoot()
        if ratio <= style.miterLimit {
          side.append(p + m * (s * hw))
        } else {
          side.append(a)
          side.append(b)
        }
      case .round:
        let a0 = atan2(n0.y * s, n0.x * s)
        var sweep = atan2(n1.y * s, n1.x * s) - a0
        if sweep > .pi { sweep -= 2 * .pi }
        if sweep < -.pi { sweep += 2 * .pi }
        appendArc(center: p, from: a0, sweep: sweep, radius: hw, into: &side)
      }
    }
    if turnsLeft {
      inner(1, into: &left)
      outer(-1, into: &right)
    } else {
      outer(1, into: &left)
      inner(-1, into: &right)
    }
  }

  /// Appends points on a circular arc, flattened to within `tolerance`: both ends included,
  /// or (`ends: false`) neither.
  private func appendArc(
    center c: Point, from a0: Double, sweep: Double, radius r: Double, into out: inout [Point],
    ends: Bool = true
  ) {
    var n = 1
    if r > tolerance {
      n = max(1, Int((abs(sweep) / (2 * acos(1 - tolerance / r))).rounded(.up)))
    }
    let first = ends ? 0 : 1
    let last = ends ? n : n - 1
    guard first <= last else { return }
    for i in first...last {
      let a = a0 + sweep * Double(i) / Double(n)
      out.append(Point(x: c.x + r * cos(a), y: c.y + r * sin(a)))
    }
  }
}

/// A stroker's reusable storage: trimmed polylines, segment directions and lengths, and the
/// two offset sides of the polyline being stroked.
final class StrokeScratch {
  var trimmed: [Polyline] = []
  var dirs: [Point] = []
  var lens: [Double] = []
  var left: [Point] = []
  var right: [Point] = []
}

extension BezierPath {
  /// The closed polygons whose non-zero fill is this path's stroke with `style`, curves
  /// flattened to within `tolerance` (in the path's units).
  public func strokeOutlines(style: StrokeStyle, tolerance: Double = 0.01) -> [[Point]] {
    Stroker(style: style.clamped, tolerance: tolerance).outlines(of: self)
  }

  /// This path cut into dashes, as Core Graphics dashes a stroke: `pattern` alternates dash
  /// and gap lengths (an odd count repeated), starting `phase` into it at each subpath's
  /// start. The dashes are open subpaths of lines, curves flattened to within `tolerance`;
  /// a dash of no length is a line to its own start. A pattern that cannot dash (empty,
  /// with a negative or non-finite length, or of no length at all) gives the path itself.
  public func dashed(pattern: [Double], phase: Double, tolerance: Double = 0.01) -> BezierPath {
    var style = StrokeStyle(unchecked: 1, .butt, .miter, 10, 0, 1)
    style.dashPattern = pattern
    style.dashPhase = phase
    let valid = style.clamped
    guard !valid.dashPattern.isEmpty else { return self }
    var out = BezierPath()
    let lines = flattened(tolerance: tolerance).filter(\.hasDrawing)
    for dash in Stroker.dash(lines, pattern: valid.dashPattern, phase: valid.dashPhase) {
      guard let first = dash.points.first else { continue }
      out.move(to: first)
      if dash.points.count == 1 { out.addLine(to: first) }
      for p in dash.points.dropFirst() { out.addLine(to: p) }
    }
    return out
  }
}
