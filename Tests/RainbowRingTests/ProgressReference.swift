import Foundation

/// An independent, high-precision model of a progress ring's frame, written from the
/// specification and sharing no code with the renderer (not `ProgressLayout`): the colour
/// flow from the rotation rule, each pixel's colour at its centre from its own angle along
/// the arc, and each layer's coverage of the pixel by exact disk areas (the annuli) or by
/// 1597 samples of a Fibonacci lattice (the trimmed, capped arc), composited layer over
/// layer, premultiplied, on a transparent canvas.
///
/// The shape: a centre-line circle of radius r = (side - w) / 2 centred in the ring view
/// (side the shorter of its sides), arc coordinate u in turns from the start angle, growing
/// clockwise or counterclockwise on screen (y down). The colours C_j are evenly spaced at
/// j / (n - 1) over one turn and mix linearly in straight sRGB.
/// - p < 1: the stroke of u in [0, p] with its caps; a pixel shows the palette at its own u
///   for u <= p, the colour at p for u in (p, (1 + p) / 2], C_0 beyond.
/// - p >= 1: the full annulus showing the palette at (u - (p - 1)) mod 1, with the head's
///   cap on top (a round cap's whole disc; a square cap's half square ahead of the head and
///   a point behind): the last colour ahead of the head, the colours beneath behind it.
/// - A track: the full annulus of the track width beneath, in the track colour.
///
/// Error: the lattice's discrepancy bounds a sampled pixel's coverage error near 0.002 (half
/// an 8-bit level); only pixels within 0.75 px of a radial end line or a cap's outline are
/// sampled: the others lie wholly inside or outside the caps and the sector's angle, and
/// take 0, 1 or the annulus area (integrated in 500 columns, within 1e-5).
struct ProgressReference {
  var width = 96.0
  var height = 96.0
  var ringWidth = 14.0
  var step = 0.1
  /// Straight RGBA, 0...1.
  var colors: [SIMD4<Double>]
  var flows = true
  var progress: Double
  var startAngle: Double
  var clockwise: Bool
  /// 0: butt, 1: round, 2: square.
  var cap: Int
  /// Straight RGBA; alpha 0 draws no track.
  var track = SIMD4<Double>(0, 0, 0, 0)
  var trackWidth: Double?

  // MARK: Colours

  /// Stop colours at `time`: during step k with fraction f, stop j mixes
  /// C0[(j - k) mod n] towards C0[(j - k - 1) mod n] by f.
  func stops(at time: Double) -> [SIMD4<Double>] {
    guard flows else { return colors }
    let n = colors.count
    let steps = (time / step).rounded(.down)
    let f = time / step - steps
    let k = Int(steps) % n
    return (0..<n).map { j in
      let a = colors[((j - k) % n + n) % n]
      let b = colors[((j - k - 1) % n + n) % n]
      return a + (b - a) * f
    }
  }

  /// The palette at `u` turns (clamped to 0...1).
  static func palette(_ u: Double, _ stops: [SIMD4<Double>]) -> SIMD4<Double> {
    let x = min(max(u, 0), 1) * Double(stops.count - 1)
    let i = min(Int(x), stops.count - 2)
    let f = x - Double(i)
    return stops[i] + (stops[i + 1] - stops[i]) * f
  }

  // MARK: Geometry (points, relative to the ring's centre)

  var side: Double { min(width, height) }
  var radius: Double { (side - ringWidth) / 2 }
  var theta0: Double { startAngle * .pi / 180 }
  var sign: Double { clockwise ? 1 : -1 }

  /// Arc coordinate of the direction (x, y), in [0, 1).
  func u(_ x: Double, _ y: Double) -> Double {
    let a = atan2(y, x)
    var t = sign * (a - theta0) / (2 * .pi)
    t -= t.rounded(.down)
    return t >= 1 ? 0 : t
  }

  /// The centre line's point and the unit forward tangent at `u` turns.
  func frame(at u: Double) -> (point: SIMD2<Double>, tangent: SIMD2<Double>) {
    let a = theta0 + sign * 2 * .pi * u
    let radial = SIMD2(cos(a), sin(a))
    return (radial * radius, SIMD2(-radial.y, radial.x) * sign)
  }

  /// A cap at one end of the arc: `outward` points away from the arc.
  struct Cap {
    var point: SIMD2<Double>
    var outward: SIMD2<Double>
    var kind: Int
    var halfWidth: Double
    /// Whether a round cap includes its half-disc inside the arc (no matter for coverage of
    /// the arc; the head's cap above one turn is the whole disc, its back half over the same
    /// colours).
    var wholeDisc: Bool
    /// How far a square cap also reaches back into the arc (the head's cap above one turn
    /// reaches a point back, over the same colours, so that its edge across the ring lies
    /// inside it).
    var back = 0.0

    func contains(_ q: SIMD2<Double>) -> Bool {
      let d = q - point
      let along = (d * outward).sum()
      switch kind {
      case 1:
        return (d * d).sum() <= halfWidth * halfWidth && (wholeDisc || along >= 0)
      case 2:
        let across = d.x * outward.y - d.y * outward.x
        return along >= -back && along <= halfWidth && abs(across) <= halfWidth
      default:
        return false
      }
    }

    /// A lower bound on the distance from `q` to this cap's boundary.
    func boundaryDistance(_ q: SIMD2<Double>) -> Double {
      let d = q - point
      let along = (d * outward).sum()
      let across = d.x * outward.y - d.y * outward.x
      switch kind {
      case 1:
        return min(abs((d * d).sum().squareRoot() - halfWidth), abs(along))
      case 2:
        return min(
          abs(along + back), abs(along - halfWidth), abs(across - halfWidth),
          abs(across + halfWidth))
      default:
        return .infinity
      }
    }
  }

  /// The arc's (or above one turn, the head cap's) shape: inside test and a lower bound on
  /// the distance to its boundary.
  struct Shape {
    var inner: Double
    var outer: Double
    /// The sector's length in turns; 0 for none (the cap alone).
    var length: Double
    var caps: [Cap]
    var reference: ProgressReference
    var radialLines: [SIMD2<Double>]

    func contains(_ q: SIMD2<Double>) -> Bool {
      if length > 0 {
        let d2 = (q * q).sum()
        if d2 >= inner * inner && d2 <= outer * outer && reference.u(q.x, q.y) <= length {
          return true
        }
      }
      return caps.contains { $0.contains(q) }
    }

    /// Lower bounds on the distance from `q` to the annulus's circles and to the rest of the
    /// boundary (the sector's radial lines and the caps).
    func boundaryDistances(_ q: SIMD2<Double>) -> (circles: Double, rest: Double) {
      var circles = Double.infinity
      var rest = Double.infinity
      if length > 0 {
        let d = (q * q).sum().squareRoot()
        circles = min(abs(d - inner), abs(d - outer))
        for dir in radialLines { rest = min(rest, abs(q.x * dir.y - q.y * dir.x)) }
      }
      for c in caps { rest = min(rest, c.boundaryDistance(q)) }
      return (circles, rest)
    }
  }

  func shape(progress p: Double) -> Shape {
    let w = ringWidth / 2
    if p < 1 {
      let s = frame(at: 0)
      let e = frame(at: p)
      let caps = [
        Cap(point: s.point, outward: -s.tangent, kind: cap, halfWidth: w, wholeDisc: true),
        Cap(point: e.point, outward: e.tangent, kind: cap, halfWidth: w, wholeDisc: true),
      ]
      return Shape(
        inner: radius - w, outer: radius + w, length: p, caps: caps, reference: self,
        radialLines: [s.point / radius, e.point / radius])
    }
    let e = frame(at: p)
    return Shape(
      inner: 0, outer: 0, length: 0,
      caps: [
        Cap(
          point: e.point, outward: e.tangent, kind: cap, halfWidth: w, wholeDisc: true,
          back: min(1, w))
      ],
      reference: self, radialLines: [])
  }

  /// A Fibonacci lattice of 1597 points in the unit square.
  static let lattice: [SIMD2<Double>] = (0..<1597).map { k in
    let y = (Double(k) * 987 / 1597).truncatingRemainder(dividingBy: 1)
    return SIMD2((Double(k) + 0.5) / 1597, y + 0.5 / 1597)
  }

  /// Coverage of the pixel at (i, j) by `shape`, whose centre is at `c` (pixels), at `scale`.
  /// Far from the radial lines and the caps, a pixel lies wholly inside or outside the caps
  /// and the sector's angle, so its coverage is 0, 1, or (near the circles only) the exact
  /// annulus area; elsewhere it is sampled.
  static func coverage(
    _ shape: Shape, i: Int, j: Int, center c: SIMD2<Double>, scale: Double
  ) -> Double {
    let mid = (SIMD2(Double(i), Double(j)) + 0.5 - c) / scale
    let (circles, rest) = shape.boundaryDistances(mid)
    let margin = 0.75 / scale
    if rest > margin {
      if shape.caps.contains(where: { $0.contains(mid) }) { return 1 }
      if shape.length == 0 || shape.reference.u(mid.x, mid.y) > shape.length { return 0 }
      if circles > margin { return shape.contains(mid) ? 1 : 0 }
      return annulus(
        inner: shape.inner * scale, outer: shape.outer * scale, i: i, j: j, center: c)
    }
    var inside = 0
    for s in lattice where shape.contains((SIMD2(Double(i), Double(j)) + s - c) / scale) {
      inside += 1
    }
    return Double(inside) / Double(lattice.count)
  }

  /// Exact coverage of the pixel at (i, j) by the annulus of radii `inner`...`outer`
  /// (pixels) centred at `c`.
  static func annulus(inner: Double, outer: Double, i: Int, j: Int, center c: SIMD2<Double>)
    -> Double
  {
    let x0 = Double(i)
    let y0 = Double(j)
    return diskArea(r: outer, cx: c.x, cy: c.y, x0: x0, y0: y0)
      - diskArea(r: max(inner, 0), cx: c.x, cy: c.y, x0: x0, y0: y0)
  }

  /// Area of the pixel [x0, x0 + 1] x [y0, y0 + 1] inside the disk of radius r at (cx, cy):
  /// `ReferenceRing.diskArea` with 500 columns instead of 2000 (within 1e-5 of the exact
  /// area for these radii, and four times faster in a debug build).
  static func diskArea(r: Double, cx: Double, cy: Double, x0: Double, y0: Double) -> Double {
    ReferenceRing.diskArea(r: r, cx: cx, cy: cy, x0: x0, y0: y0, columns: 500)
  }

  /// The frame at `time` and `scale`: premultiplied RGBA (0...1) per pixel, row-major, in a
  /// canvas of the ring view's size rounded up.
  func frame(at time: Double, scale: Double) -> (width: Int, height: Int, pixels: [SIMD4<Double>]) {
    let pw = max(1, Int((width * scale - 1e-9).rounded(.up)))
    let ph = max(1, Int((height * scale - 1e-9).rounded(.up)))
    let c = SIMD2(width / 2, height / 2) * scale
    let s = stops(at: time)
    let n = s.count
    let p = progress
    let arc = p > 0 ? shape(progress: p) : nil
    let tw = (trackWidth ?? ringWidth) / 2
    var out = [SIMD4<Double>](repeating: .zero, count: pw * ph)
    func premultiplied(_ color: SIMD4<Double>, _ coverage: Double) -> SIMD4<Double> {
      let a = color.w * coverage
      return SIMD4(color.x * a, color.y * a, color.z * a, a)
    }
    func over(_ top: SIMD4<Double>, _ bottom: SIMD4<Double>) -> SIMD4<Double> {
      top + bottom * (1 - top.w)
    }
    for j in 0..<ph {
      for i in 0..<pw {
        let mid = (SIMD2(Double(i), Double(j)) + 0.5 - c) / scale
        let d = (mid * mid).sum().squareRoot()
        // Nothing reaches beyond the square caps' corners, or inside the inner circles.
        if d > radius + max(ringWidth, 2 * tw) + 2 / scale { continue }
        if d < radius - max(ringWidth / 2, tw) - 2 / scale { continue }
        var px = SIMD4<Double>.zero
        if track.w > 0 {
          let cov = Self.annulus(
            inner: (radius - tw) * scale, outer: (radius + tw) * scale, i: i, j: j, center: c)
          px = premultiplied(track, cov)
        }
        let u = self.u(mid.x, mid.y)
        if p >= 1 {
          let cov = Self.annulus(
            inner: (radius - ringWidth / 2) * scale, outer: (radius + ringWidth / 2) * scale,
            i: i, j: j, center: c)
          var turned = u - (p - 1)
          turned -= turned.rounded(.down)
          px = over(premultiplied(Self.palette(turned, s), cov), px)
          if let arc {
            // The cap: the last colour ahead of the head, the colours beneath behind it.
            let capCov = Self.coverage(arc, i: i, j: j, center: c, scale: scale)
            let color = turned < 0.5 ? s[n - 1] : Self.palette(turned, s)
            px = over(premultiplied(color, capCov), px)
          }
        } else if let arc {
          let cov = Self.coverage(arc, i: i, j: j, center: c, scale: scale)
          let color =
            u <= p
            ? Self.palette(u, s) : u <= (1 + p) / 2 ? Self.palette(p, s) : s[0]
          px = over(premultiplied(color, cov), px)
        }
        out[j * pw + i] = px
      }
    }
    return (pw, ph, out)
  }
}
