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
    guard style.lineWidth > 0 else { return [] }
    var lines = path.flattened(tolerance: tolerance)
    if style.strokeStart > 0 || style.strokeEnd < 1 {
      lines = Stroker.trim(lines, from: style.strokeStart, to: style.strokeEnd)
    }
    if !style.dashPattern.isEmpty {
      lines = Stroker.dash(lines, pattern: style.dashPattern, phase: style.dashPhase)
    }
    var out: [[Point]] = []
    for line in lines { stroke(line, into: &out) }
    return out
  }

  /// The part of `lines` between fractions `s` and `e` of their total length.
  static func trim(_ lines: [Polyline], from s: Double, to e: Double) -> [Polyline] {
    let total = lines.reduce(0) { $0 + $1.length }
    guard e > s, total > 0 else { return [] }
    let lo = s * total
    let hi = e * total
    var out: [Polyline] = []
    var walked = 0.0
    for line in lines {
      let (pts, smooth) = line.walk
      var piece = Polyline()
      piece.hasDrawing = true
      for i in 1..<max(pts.count, 1) {
        let a = pts[i - 1]
        let b = pts[i]
        let len = (b - a).length
        let s0 = walked
        let s1 = walked + len
        walked = s1
        guard s1 > lo, s0 < hi, len > 0 else { continue }
        let t0 = max(0, (lo - s0) / len)
        let t1 = min(1, (hi - s0) / len)
        piece.append(a.interpolated(to: b, fraction: t0), smooth: t0 == 0 && smooth[i - 1])
        piece.append(
          t1 == 1 ? b : a.interpolated(to: b, fraction: t1), smooth: t1 == 1 && smooth[i])
      }
      if line.points.count == 1, walked >= lo, walked <= hi {
        piece.append(line.points[0], smooth: false)
      }
      if !piece.points.isEmpty {
        if line.isClosed && s == 0 && e == 1 {
          piece.points.removeLast()
          piece.isSmooth.removeLast()
          piece.isClosed = true
        }
        out.append(piece)
      }
    }
    return out
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

  private func stroke(_ line: Polyline, into out: inout [[Point]]) {
    let p = line.points
    let hw = halfWidth
    if p.count == 1 {
      // A zero-length subpath: a dot for round caps, a square for square caps.
      let c = p[0]
      switch style.lineCap {
      case .butt: return
      case .round: out.append(arcPoints(center: c, from: 0, sweep: 2 * .pi, radius: hw))
      case .square:
        out.append([
          Point(x: c.x - hw, y: c.y - hw), Point(x: c.x + hw, y: c.y - hw),
          Point(x: c.x + hw, y: c.y + hw), Point(x: c.x - hw, y: c.y + hw),
        ])
      }
      return
    }
    let n = p.count
    let segCount = line.isClosed ? n : n - 1
    var dirs: [Point] = []
    var lens: [Double] = []
    dirs.reserveCapacity(segCount)
    for i in 0..<segCount {
      let d = p[(i + 1) % n] - p[i]
      let l = d.length
      lens.append(l)
      dirs.append(d * (1 / l))
    }
    var left: [Point] = []
    var right: [Point] = []
    left.reserveCapacity(n + 8)
    right.reserveCapacity(n + 8)
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
      out.append(left)
      out.append(right.reversed())
    } else {
      let nEnd = normal(endDirection)
      left.append(p[n - 1] + nEnd * hw)
      right.append(p[n - 1] - nEnd * hw)
      var contour = left
      cap(at: p[n - 1], direction: endDirection, into: &contour)
      contour.append(contentsOf: right.reversed())
      cap(at: p[0], direction: startDirection * -1, into: &contour)
      out.append(contour)
    }
  }

  /// Appends the cap at `end`, going from the left offset to the right offset of a stroke
  /// travelling along `direction`.
  private func cap(at end: Point, direction d: Point, into contour: inout [Point]) {
    let hw = halfWidth
    let nrm = Point(x: -d.y, y: d.x)
    switch style.lineCap {
    case .butt: break
    case .square:
      contour.append(end + nrm * hw + d * hw)
      contour.append(end - nrm * hw + d * hw)
    case .round:
      let a0 = atan2(nrm.y, nrm.x)
      let pts = arcPoints(center: end, from: a0, sweep: -Double.pi, radius: hw)
      contour.append(contentsOf: pts.dropFirst().dropLast())
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
    func inner(_ s: Double) -> [Point] {
      innerFits ? [p + m * (s * hw)] : [p + n0 * (s * hw), p, p + n1 * (s * hw)]
    }
    // Outer side, per join style.
    func outer(_ s: Double) -> [Point] {
      let a = p + n0 * (s * hw)
      let b = p + n1 * (s * hw)
      switch style.lineJoin {
      case .bevel: return [a, b]
      case .miter:
        // Miter length / line width = 1 / sin(theta/2) with theta the angle between segments.
        let ratio = (2 / (1 + cosTurn)).squareRoot()
        return ratio <= style.miterLimit ? [p + m * (s * hw)] : [a, b]
      case .round:
        let a0 = atan2(n0.y * s, n0.x * s)
        var sweep = atan2(n1.y * s, n1.x * s) - a0
        if sweep > .pi { sweep -= 2 * .pi }
        if sweep < -.pi { sweep += 2 * .pi }
        return arcPoints(center: p, from: a0, sweep: sweep, radius: hw)
      }
    }
    if turnsLeft {
      left.append(contentsOf: inner(1))
      right.append(contentsOf: outer(-1))
    } else {
      left.append(contentsOf: outer(1))
      right.append(contentsOf: inner(-1))
    }
  }

  /// Points on a circular arc, flattened to within `tolerance`, both ends included.
  private func arcPoints(center c: Point, from a0: Double, sweep: Double, radius r: Double)
    -> [Point]
  {
    var n = 1
    if r > tolerance {
      n = max(1, Int((abs(sweep) / (2 * acos(1 - tolerance / r))).rounded(.up)))
    }
    return (0...n).map { i in
      let a = a0 + sweep * Double(i) / Double(n)
      return Point(x: c.x + r * cos(a), y: c.y + r * sin(a))
    }
  }
}

extension BezierPath {
  /// The closed polygons whose non-zero fill is this path's stroke with `style`, curves
  /// flattened to within `tolerance` (in the path's units).
  public func strokeOutlines(style: StrokeStyle, tolerance: Double = 0.01) -> [[Point]] {
    Stroker(style: style.clamped, tolerance: tolerance).outlines(of: self)
  }
}
