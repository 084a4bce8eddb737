/// A gradient's colours sampled at `resolution` evenly spaced positions, premultiplied and
/// rounded to 8 bits: the per-frame part of gradient shading.
///
/// Entry j holds the exact colour at t = j / (resolution - 1); a pixel at position t takes
/// entry round(t x (resolution - 1)). The position error is at most 1 / (2 (resolution - 1)),
/// so the colour error is at most (largest colour change per unit t) / 8190: for the seed's
/// 73 stops (at most 6 per unit t) 0.19 of an 8-bit level.
public struct GradientTable: Sendable {
  /// Entries in every table.
  public static let resolution = 4096

  /// Premultiplied packed colours (see `Pixmap`).
  public private(set) var entries: [UInt32]

  public init() {
    entries = [UInt32](repeating: 0, count: GradientTable.resolution)
  }

  /// The table index for position `t` in [0, 1].
  @inlinable
  public static func index(for t: Double) -> UInt16 {
    UInt16((min(max(t, 0), 1) * Double(resolution - 1)).rounded())
  }

  /// Refills the table for `colors` at `locations` (nil: evenly spaced) without allocating.
  public mutating func update(colors: [RGBAColor], locations: [Double]?) {
    update(colors: colors, locations: locations, indices: nil as [UInt16]?)
  }

  /// Refills only the entries at `indices` (ascending), the ones a cached drawing uses;
  /// `nil` refills all. Does not allocate.
  public mutating func update(colors: [RGBAColor], locations: [Double]?, indices: [UInt16]?) {
    guard !colors.isEmpty else {
      entries.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
      return
    }
    let locs = locations.flatMap { $0.count == colors.count ? $0 : nil }
    let scale = 1 / Double(GradientTable.resolution - 1)
    let n = colors.count
    if locs == nil && n > 1 {
      // Evenly spaced stops: segment floor(t (n - 1)), fraction its remainder.
      let segments = Double(n - 1)
      entries.withUnsafeMutableBufferPointer { out in
        colors.withUnsafeBufferPointer { c in
          // The arithmetic of `interpolated(to:fraction:)` then `premultipliedRGBA8`, lane by
          // lane in the same order, so entries are bit-identical to them.
          @inline(__always) func fill(_ j: Int) {
            let p = Double(j) * scale * segments
            let k = min(Int(p), n - 2)
            let a = c[k]
            let b = c[k + 1]
            let lo = SIMD4(a.red, a.green, a.blue, a.alpha)
            let hi = SIMD4(b.red, b.green, b.blue, b.alpha)
            let v = lo + (hi - lo) * (p - Double(k))
            let alpha = min(max(v[3], 0), 1) * 255
            let q = v.clamped(lowerBound: .zero, upperBound: .one) * alpha + 0.5
            out[j] =
              UInt32(q[0]) | UInt32(q[1]) << 8 | UInt32(q[2]) << 16 | UInt32(alpha + 0.5) << 24
          }
          if let indices {
            indices.withUnsafeBufferPointer { for j in $0 { fill(Int(j)) } }
          } else {
            for j in 0..<GradientTable.resolution { fill(j) }
          }
        }
      }
      return
    }
    entries.withUnsafeMutableBufferPointer { out in
      var segment = 0
      func fill(_ j: Int) {
        let t = Double(j) * scale
        // Advance to the last stop at or before t (positions are non-decreasing).
        while segment + 1 < colors.count,
          GradientTable.stop(segment + 1, count: colors.count, locations: locs) <= t
        {
          segment += 1
        }
        out[j] =
          GradientTable.color(at: t, colors: colors, locations: locs, from: segment)
          .premultipliedRGBA8
      }
      if let indices {
        for j in indices { fill(Int(j)) }
      } else {
        for j in 0..<GradientTable.resolution { fill(j) }
      }
    }
  }

  /// Swaps the red and blue channels of the entries at `indices` (for displays that take
  /// BGRA).
  public mutating func swapRedAndBlue(indices: [UInt16]) {
    entries.withUnsafeMutableBufferPointer { e in
      for j in indices {
        e[Int(j)] = PixelMath.swappingRedAndBlue(e[Int(j)])
      }
    }
  }

  @inline(__always)
  static func stop(_ k: Int, count: Int, locations: [Double]?) -> Double {
    if let locations { return locations[k] }
    return count > 1 ? Double(k) / Double(count - 1) : 0
  }

  /// The exact colour at position `t` for stops `colors` at `locations`.
  static func color(at t: Double, colors: [RGBAColor], locations: [Double]?, from hint: Int = 0)
    -> RGBAColor
  {
    let n = colors.count
    let locs = locations.flatMap { $0.count == n ? $0 : nil }
    guard n > 1 else { return colors[0] }
    if t <= stop(0, count: n, locations: locs) { return colors[0] }
    if t >= stop(n - 1, count: n, locations: locs) { return colors[n - 1] }
    var k = min(max(hint, 0), n - 2)
    while k > 0, stop(k, count: n, locations: locs) > t { k -= 1 }
    while k + 1 < n - 1, stop(k + 1, count: n, locations: locs) <= t { k += 1 }
    let p0 = stop(k, count: n, locations: locs)
    let p1 = stop(k + 1, count: n, locations: locs)
    guard p1 > p0 else { return colors[k + 1] }
    return colors[k].interpolated(to: colors[k + 1], fraction: (t - p0) / (p1 - p0))
  }
}
