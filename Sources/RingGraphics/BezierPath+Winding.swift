import Foundation

extension BezierPath {
  /// The path's winding number around `p`: the signed count of its crossings of the ray from
  /// `p` towards +x, each crossing downwards (+y) counting +1 and upwards -1. Every subpath is
  /// closed by a line back to its start, as filling closes it; with `closingOpenSubpaths`
  /// false a subpath not closed by `close()` counts nothing (`UIBezierPath.contains(_:)`).
  ///
  /// Exact, not flattened: each line, curve and arc is split where its y turns, and the
  /// crossing of each piece is found by bisection to the last bit of its parameter, so a point
  /// a millionth of a point inside a curve is inside. A point exactly on the outline may fall
  /// either way.
  public func winding(at p: Point, closingOpenSubpaths: Bool = true) -> Int {
    var total = 0
    var subpath = 0
    var start = Point.zero
    var last = Point.zero
    var drawn = false
    func line(to q: Point) {
      subpath += Self.crossing(of: p, from: last, to: q)
      last = q
      drawn = true
    }
    func finish(closed: Bool) {
      if drawn && (closed || closingOpenSubpaths) {
        line(to: start)
        total += subpath
      }
      subpath = 0
      drawn = false
    }
    for element in elements {
      switch element {
      case .move(let q):
        finish(closed: false)
        (start, last) = (q, q)
      case .line(let q):
        line(to: q)
      case .quadCurve(let q, let c):
        let a = last
        // y' = 0 where the control's pull turns: one parameter at most.
        let dy = a.y - 2 * c.y + q.y
        let turns = dy == 0 ? [] : [(a.y - c.y) / dy]
        subpath += Self.crossings(of: p, from: 0, to: 1, turns: turns) { t in
          let u = 1 - t
          return a * (u * u) + c * (2 * u * t) + q * (t * t)
        }
        (last, drawn) = (q, true)
      case .curve(let q, let c1, let c2):
        let a = last
        // y'(t)/3 = k2 t² + k1 t + k0: at most two turns.
        let k2 = -a.y + 3 * c1.y - 3 * c2.y + q.y
        let k1 = 2 * (a.y - 2 * c1.y + c2.y)
        let k0 = c1.y - a.y
        subpath += Self.crossings(of: p, from: 0, to: 1, turns: Self.roots(k2, k1, k0)) { t in
          let u = 1 - t
          return a * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + q * (t * t * t)
        }
        (last, drawn) = (q, true)
      case .arc(let c, let radii, let a0, let a1):
        func at(_ a: Double) -> Point {
          Point(x: c.x + radii.width * cos(a), y: c.y + radii.height * sin(a))
        }
        // The arc's own line from the current point to where it starts.
        line(to: at(a0))
        // y turns where the angle is a quarter turn plus a whole number of half turns.
        let (low, high) = (min(a0, a1), max(a0, a1))
        var turns: [Double] = []
        var k = ((low - .pi / 2) / .pi).rounded(.up)
        while k * .pi + .pi / 2 < high {
          turns.append(k * .pi + .pi / 2)
          k += 1
        }
        subpath += Self.crossings(of: p, from: a0, to: a1, turns: turns, at)
        last = at(a1)
      case .close:
        finish(closed: true)
        last = start
      }
    }
    finish(closed: false)
    return total
  }

  /// Whether `p` is inside the path as `rule` fills it (open subpaths closed).
  public func contains(_ p: Point, rule: FillRule, closingOpenSubpaths: Bool = true) -> Bool {
    let w = winding(at: p, closingOpenSubpaths: closingOpenSubpaths)
    return rule == .evenOdd ? w % 2 != 0 : w != 0
  }

  /// The real roots of k2 t² + k1 t + k0 (none when every coefficient is 0).
  static func roots(_ k2: Double, _ k1: Double, _ k0: Double) -> [Double] {
    guard k2 != 0 else { return k1 == 0 ? [] : [-k0 / k1] }
    let d = k1 * k1 - 4 * k2 * k0
    guard d >= 0 else { return [] }
    // The stable form: no cancellation between -k1 and the root of d.
    let q = -0.5 * (k1 + (k1 < 0 ? -d.squareRoot() : d.squareRoot()))
    return q == 0 ? [0] : [q / k2, k0 / q]
  }

  /// The signed crossing of the ray from `p` towards +x by the line from `a` to `b`: which
  /// side of the line `p` is on, exactly as the cross product's sign says. Counts when p.y
  /// lies in [the lower end's y, the upper end's y), so a crossing at a joint counts once.
  static func crossing(of p: Point, from a: Point, to b: Point) -> Int {
    let side = (b - a).cross(p - a)
    if a.y <= p.y && p.y < b.y { return side > 0 ? 1 : 0 }
    if b.y <= p.y && p.y < a.y { return side < 0 ? -1 : 0 }
    return 0
  }

  /// The signed crossings of the ray from `p` towards +x by the curve `point(t)` for t from
  /// `t0` to `t1` (either way), whose y turns only at `turns`: each piece between turns is
  /// monotonic in y, crossing the ray's line at most once. A piece counts when p.y lies in
  /// [its lower y, its upper y), so a crossing at a joint counts once.
  static func crossings(
    of p: Point, from t0: Double, to t1: Double, turns: [Double] = [],
    _ point: (Double) -> Point
  ) -> Int {
    let (low, high) = (min(t0, t1), max(t0, t1))
    var cuts = turns.filter { $0 > low && $0 < high }.sorted()
    if t1 < t0 { cuts.reverse() }
    cuts = [t0] + cuts + [t1]
    var sum = 0
    var a = point(t0)
    for i in 1..<cuts.count {
      let b = point(cuts[i])
      defer { a = b }
      guard a.y != b.y else { continue }
      let down = b.y > a.y
      guard down ? (a.y <= p.y && p.y < b.y) : (b.y <= p.y && p.y < a.y) else { continue }
      // Bisect for the parameter where the piece reaches p.y.
      var (s0, s1) = (cuts[i - 1], cuts[i])
      for _ in 0..<80 {
        let mid = (s0 + s1) / 2
        guard mid != s0 && mid != s1 else { break }
        if (point(mid).y < p.y) == down { s0 = mid } else { s1 = mid }
      }
      if point((s0 + s1) / 2).x > p.x { sum += down ? 1 : -1 }
    }
    return sum
  }
}
