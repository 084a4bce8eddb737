/// A gradient's table index at each device pixel: the one place where pixel positions become
/// gradient positions, shared by every path that draws a gradient, so that they agree to the
/// bit.
///
/// Positions are sampled at pixel centres. An axial gradient under an affine transform is
/// affine in device space, t = t0 + tx (x + 1/2) + ty (y + 1/2), and is computed that way;
/// when tx equals ty (the seed's diagonal on a square), t depends on x + y alone.
public struct GradientSampler: Sendable {
  public let geometry: GradientGeometry
  let bounds: Rect
  let inverse: Transform2D?
  /// Device-space coefficients of an axial gradient's position, when it is axial.
  public let affine: (t0: Double, tx: Double, ty: Double)?
  /// Where a conic gradient's sweep starts, in turns (NaN for other kinds and a degenerate
  /// conic).
  let conicStart: Double
  /// A conic gradient seen from the device, when its layer's bounds are square and reach the
  /// device by a similarity (turned, scaled alike in x and y, moved, perhaps mirrored): then
  /// its position at a pixel is the device angle of the pixel about the centre, turned by
  /// the transform's angle. The angle about a point does not change when the layer turns
  /// about it, so a spinner's angles are kept (`deviceAngles`) while it turns.
  public let deviceConic: DeviceConic?

  /// See `deviceConic`.
  public struct DeviceConic: Hashable, Sendable {
    /// The gradient's centre, in device pixels.
    public let centre: Point
    /// The device angle of the layer's x axis, in turns.
    let phase: Double
    /// -1 when the transform mirrors, else 1.
    let sign: Double
    /// Where the sweep starts in the layer, in turns.
    let start: Double

    /// The position for the device angle `angle` (turns) about the centre: in [0, 1], its
    /// whole turns dropped by truncation (the argument lies above -3).
    @inline(__always)
    func position(angle: Double) -> Double {
      let a = sign * (angle - phase) - start + 3
      let t = a - Double(Int(truncatingIfNeeded: Int64(a.isFinite ? a : 0)))
      return min(max(t, 0), 1)
    }
  }

  /// A sampler for `geometry` on a layer with `bounds` (points) placed on the device by
  /// `transform` (layer points to device pixels).
  public init(geometry: GradientGeometry, bounds: Rect, transform: Transform2D) {
    self.geometry = geometry
    self.bounds = bounds
    inverse = transform.inverted()
    conicStart =
      geometry.kind == .conic && (geometry.endPoint != geometry.startPoint)
      ? Turns.atan2(
        geometry.endPoint.y - geometry.startPoint.y,
        geometry.endPoint.x - geometry.startPoint.x) : .nan
    let s = geometry.startPoint
    let e = geometry.endPoint
    deviceConic = GradientSampler.deviceConic(
      geometry: geometry, start: conicStart, bounds: bounds, transform: transform)
    let dx = e.x - s.x
    let dy = e.y - s.y
    let len2 = dx * dx + dy * dy
    if geometry.kind == .axial, len2 > 0, let inv = inverse, inv.isAffine, bounds.width > 0,
      bounds.height > 0
    {
      // u = ((q - b.origin) / b.size) with q = inverse(p); t = dot(u - s, e - s) / |e - s|^2.
      let ax = dx / (bounds.width * len2)
      let ay = dy / (bounds.height * len2)
      affine = (
        t0: (inv.tx - bounds.minX) * ax + (inv.ty - bounds.minY) * ay - (s.x * dx + s.y * dy)
          / len2,
        tx: inv.a * ax + inv.b * ay,
        ty: inv.c * ax + inv.d * ay
      )
    } else {
      affine = nil
    }
  }

  /// The device conic of `geometry` (see `deviceConic`), when the bounds are square and
  /// `transform` a similarity to within 1e-12 of its scale.
  private static func deviceConic(
    geometry: GradientGeometry, start: Double, bounds: Rect, transform m: Transform2D
  ) -> DeviceConic? {
    guard geometry.kind == .conic, start.isFinite, m.isAffine, bounds.width > 0,
      bounds.width == bounds.height
    else { return nil }
    let x2 = m.a * m.a + m.b * m.b
    let y2 = m.c * m.c + m.d * m.d
    let tolerance = 1e-12 * x2
    guard x2 > 0, x2.isFinite, abs(x2 - y2) <= tolerance, abs(m.a * m.c + m.b * m.d) <= tolerance,
      m.tx.isFinite, m.ty.isFinite
    else { return nil }
    let s = geometry.startPoint
    let centre = m.apply(
      to: Point(x: bounds.minX + s.x * bounds.width, y: bounds.minY + s.y * bounds.height))
    // On a grid of 1/4096 pixel, so that a layer turning about the centre keeps one centre
    // (the transform's rounding would move it by a few ulps from frame to frame).
    let grid = 4096.0
    guard centre.isFinite, abs(centre.x) < 1e12, abs(centre.y) < 1e12 else { return nil }
    return DeviceConic(
      centre: Point(x: (centre.x * grid).rounded() / grid, y: (centre.y * grid).rounded() / grid),
      phase: Turns.atan2(m.b, m.a), sign: m.a * m.d - m.b * m.c < 0 ? -1 : 1,
      start: start)
  }

  /// The device angle (turns, rounded to a `Float`) of the centre of pixel (x, y) about the
  /// device conic's centre: what `deviceAngles` keeps.
  @inline(__always)
  static func deviceAngle(x: Int, y: Int, about c: Point) -> Float {
    Float(Turns.atan2((Double(y) + 0.5) - c.y, (Double(x) + 0.5) - c.x))
  }

  /// The device angles of pixels `x0..<x0 + count` of row `y` about `conic`'s centre,
  /// written to `out`: `deviceAngle` of each, eight at a time.
  public static func deviceAngles(
    row y: Int, from x0: Int, count: Int, about c: Point, into out: UnsafeMutablePointer<Float>
  ) {
    let dy = SIMD8<Double>(repeating: (Double(y) + 0.5) - c.y)
    let lanes = SIMD8<Double>(0, 1, 2, 3, 4, 5, 6, 7)
    var k = 0
    while k + 8 <= count {
      let px = (SIMD8(repeating: Double(x0 + k)) + lanes) + 0.5
      let a = SIMD8<Float>(Turns.atan2(dy, px - c.x))
      for j in 0..<8 { out[k + j] = a[j] }
      k += 8
    }
    for k in k..<count { out[k] = deviceAngle(x: x0 + k, y: y, about: c) }
  }

  /// The table indices of `count` pixels whose device angles (from `deviceAngles`) are at
  /// `angles`, for this sampler's device conic, written to `out`.
  public func conicIndices(
    angles: UnsafePointer<Float>, count: Int, into out: UnsafeMutablePointer<UInt16>
  ) {
    guard let conic = deviceConic else { return }
    let scale = Double(GradientTable.resolution - 1)
    var k = 0
    // Eight at a time: `position(angle:)` and the index lane by lane, the same operations in
    // the same order (bit-identical), without a branch; eights with a lane outside
    // 0..<2^51 before truncation (none reach here from `deviceAngles`) go one by one below.
    while k + 8 <= count {
      let angle = SIMD8<Double>(UnsafeRawPointer(angles + k).loadUnaligned(as: SIMD8<Float>.self))
      let a = conic.sign * (angle - conic.phase) - conic.start + 3
      guard all((a .>= 0) .& (a .< 0x1p51)) else { break }
      // Whole turns dropped by truncation, as `Int64(a)` does for these values: adding 2^52
      // rounds to an integer, one less where that rounded up (no rounding instruction is
      // needed, which the baseline x86-64 lacks).
      let nearest = (a + 0x1p52) - 0x1p52
      var t = a - nearest.replacing(with: nearest - 1, where: nearest .> a)
      t.replace(with: 0, where: t .< 0)
      t.replace(with: 1, where: t .> 1)
      // `Int(v)` for 0 <= v < 2^31: adding 2^52 rounds v to an integer kept in the low
      // bits; one less where that rounded up.
      let v = t * scale + 0.5
      let m = v + 0x1p52
      let up = SIMD8<UInt64>(repeating: 0).replacing(with: 1, where: (m - 0x1p52) .> v)
      let index = unsafeBitCast(m, to: SIMD8<UInt64>.self) &- up
      UnsafeMutableRawPointer(out + k).storeBytes(
        of: SIMD8<UInt16>(truncatingIfNeeded: index), as: SIMD8<UInt16>.self)
      k += 8
    }
    for k in k..<count {
      out[k] = UInt16(
        truncatingIfNeeded: Int(conic.position(angle: Double(angles[k])) * scale + 0.5))
    }
  }

  /// The gradient position in [0, 1] at the centre of device pixel (x, y).
  @inlinable
  public func position(x: Int, y: Int) -> Double {
    if let a = affine {
      let t: Double
      if a.tx == a.ty {
        t = a.t0 + a.tx * (Double(x + y) + 1)
      } else {
        t = a.t0 + a.tx * (Double(x) + 0.5) + a.ty * (Double(y) + 0.5)
      }
      return min(max(t, 0), 1)
    }
    return generalPosition(x: x, y: y)
  }

  /// The table index at the centre of device pixel (x, y).
  @inlinable
  public func index(x: Int, y: Int) -> UInt16 {
    GradientTable.index(for: position(x: x, y: y))
  }

  /// Whether the index depends on x + y alone (so rows are shifted copies of one strip).
  public var dependsOnDiagonalOnly: Bool {
    guard let a = affine else { return false }
    return a.tx == a.ty
  }

  @usableFromInline
  func generalPosition(x: Int, y: Int) -> Double {
    if let conic = deviceConic {
      return conic.position(
        angle: Double(GradientSampler.deviceAngle(x: x, y: y, about: conic.centre)))
    }
    guard let inv = inverse, bounds.width > 0, bounds.height > 0 else { return 1 }
    return unitPosition(inv.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5)))
  }

  /// The position at point `p` of the layer's bounds: the one formula of every non-axial
  /// path.
  @inline(__always)
  private func unitPosition(_ p: Point) -> Double {
    let ux = (p.x - bounds.minX) / bounds.width
    let uy = (p.y - bounds.minY) / bounds.height
    let t =
      geometry.kind == .conic && conicStart.isFinite
      ? GradientGeometry.conicPosition(
        ux - geometry.startPoint.x, uy - geometry.startPoint.y, from: conicStart)
      : geometry.position(ux: ux, uy: uy)
    // Behind the viewer, or through a transform of NaNs: the last colour, not a trap.
    return t.isNaN ? 1 : t
  }

  /// `unitPosition` lane by lane for unit-space points, conic and radial.
  @inline(__always)
  private func unitPositions(_ ux: SIMD8<Double>, _ uy: SIMD8<Double>) -> SIMD8<Double> {
    let s = geometry.startPoint
    var t: SIMD8<Double>
    if geometry.kind == .conic && conicStart.isFinite {
      let a = Turns.atan2(uy - s.y, ux - s.x) - conicStart
      t = a.replacing(with: a + 1, where: a .< 0)
      t.replace(with: a - 1, where: a .>= 1)
    } else if geometry.kind == .radial {
      let rx = abs(geometry.endPoint.x - s.x)
      let ry = abs(geometry.endPoint.y - s.y)
      guard rx > 0 || ry > 0 else { return SIMD8(repeating: 1) }
      let infinity = SIMD8<Double>(repeating: .infinity)
      let zero = SIMD8<Double>(repeating: 0)
      let dx = ux - s.x
      let dy = uy - s.y
      let nx = rx > 0 ? dx / rx : zero.replacing(with: infinity, where: ux .!= s.x)
      let ny = ry > 0 ? dy / ry : zero.replacing(with: infinity, where: uy .!= s.y)
      t = (nx * nx + ny * ny).squareRoot()
      t.replace(with: 1, where: t .> 1)
    } else {
      t = SIMD8(repeating: 1)
      for j in 0..<8 { t[j] = geometry.position(ux: ux[j], uy: uy[j]) }
    }
    return t.replacing(with: 1, where: t .!= t)
  }

  /// The table indices at the centres of pixels `x0..<x0 + count` of row `y`, written to
  /// `out`: `index(x:y:)` of each, computed in one loop.
  public func indices(row y: Int, from x0: Int, count: Int, into out: UnsafeMutablePointer<UInt16>)
  {
    guard count > 0 else { return }
    if let conic = deviceConic {
      // Through the device angles, 64 pixels at a time on the stack.
      withUnsafeTemporaryAllocation(of: Float.self, capacity: 64) { angles in
        var k = 0
        while k < count {
          let n = min(64, count - k)
          GradientSampler.deviceAngles(
            row: y, from: x0 + k, count: n, about: conic.centre, into: angles.baseAddress!)
          conicIndices(angles: angles.baseAddress!, count: n, into: out + k)
          k += n
        }
      }
      return
    }
    if affine != nil || bounds.width <= 0 || bounds.height <= 0 {
      for k in 0..<count { out[k] = index(x: x0 + k, y: y) }
      return
    }
    guard let inv = inverse, inv.isAffine else {
      for k in 0..<count { out[k] = GradientTable.index(for: generalPosition(x: x0 + k, y: y)) }
      return
    }
    // `inv.apply(to:)` written out for affine maps, the same arithmetic in the same order.
    let py = Double(y) + 0.5
    let cy = inv.c * py
    let dy = inv.d * py
    var k = 0
    if geometry.kind != .axial {
      // Eight pixels at a time: the same arithmetic lane by lane.
      let lanes = SIMD8<Double>(0, 1, 2, 3, 4, 5, 6, 7)
      while k + 8 <= count {
        let px = (SIMD8(repeating: Double(x0 + k)) + lanes) + 0.5
        let ux = ((inv.a * px + cy) + inv.tx - bounds.minX) / bounds.width
        let uy = ((inv.b * px + dy) + inv.ty - bounds.minY) / bounds.height
        // `GradientTable.index(for:)` lane by lane (the positions are in [0, 1]).
        let v = unitPositions(ux, uy) * Double(GradientTable.resolution - 1) + 0.5
        for j in 0..<8 { out[k + j] = UInt16(truncatingIfNeeded: Int(v[j])) }
        k += 8
      }
    }
    for k in k..<count {
      let px = Double(x0 + k) + 0.5
      let p = Point(x: inv.a * px + cy + inv.tx, y: inv.b * px + dy + inv.ty)
      out[k] = GradientTable.index(for: unitPosition(p))
    }
  }
}
