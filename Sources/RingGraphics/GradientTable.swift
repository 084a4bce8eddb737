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
    // Rounded half up by truncation (the value is not negative), which inlines where
    // `rounded()` calls the C library. A NaN position takes the last entry.
    let v = min(max(t, 0), 1) * Double(resolution - 1) + 0.5
    return v.isNaN ? UInt16(resolution - 1) : UInt16(truncatingIfNeeded: Int(v))
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
          @inline(__always) func fill(_ j: Int) {
            let p = Double(j) * scale * segments
            let k = min(Int(p), n - 2)
            out[j] = c[k].interpolated(to: c[k + 1], fraction: p - Double(k)).premultipliedRGBA8
          }
          // Four ascending entries at once when they share a segment (most do: the seed's 73
          // stops give 57 entries a segment): the same arithmetic lane by lane.
          @inline(__always) func fill(_ j0: Int, _ j1: Int, _ j2: Int, _ j3: Int) {
            let p = SIMD4(Double(j0), Double(j1), Double(j2), Double(j3)) * scale * segments
            let k = min(Int(p[0]), n - 2)
            guard min(Int(p[3]), n - 2) == k else {
              fill(j0)
              fill(j1)
              fill(j2)
              fill(j3)
              return
            }
            let f = p - Double(k)
            let v = GradientTable.premultiplied(c[k], c[k + 1], f)
            out[j0] = v[0]
            out[j1] = v[1]
            out[j2] = v[2]
            out[j3] = v[3]
          }
          if let indices {
            indices.withUnsafeBufferPointer { js in
              var i = 0
              while i + 4 <= js.count {
                fill(Int(js[i]), Int(js[i + 1]), Int(js[i + 2]), Int(js[i + 3]))
                i += 4
              }
              while i < js.count {
                fill(Int(js[i]))
                i += 1
              }
            }
          } else {
            for j in stride(from: 0, to: GradientTable.resolution, by: 4) {
              fill(j, j + 1, j + 2, j + 3)
            }
          }
        }
      }
      return
    }
    guard let locations = locs, n > 1 else {
      // One colour everywhere.
      let only = colors[0].premultipliedRGBA8
      entries.withUnsafeMutableBufferPointer { $0.update(repeating: only) }
      return
    }
    // Stops at `locations`: walk the entries in order with the segment they fall in, four at
    // a time when they share one; each value is `color(at:colors:locations:)`'s, bit for bit.
    entries.withUnsafeMutableBufferPointer { out in
      colors.withUnsafeBufferPointer { c in
        locations.withUnsafeBufferPointer { l in
          let firstStop = l[0]
          let lastStop = l[n - 1]
          let firstColor = c[0].premultipliedRGBA8
          let lastColor = c[n - 1].premultipliedRGBA8
          var k = 0
          /// Moves `k` to the last stop in 0...n-2 at or before `t`.
          @inline(__always) func seek(_ t: Double) {
            while k + 1 < n - 1 && l[k + 1] <= t { k += 1 }
          }
          @inline(__always) func value(_ t: Double) -> UInt32 {
            if t <= firstStop { return firstColor }
            if t >= lastStop { return lastColor }
            seek(t)
            let p0 = l[k]
            let p1 = l[k + 1]
            guard p1 > p0 else { return c[k + 1].premultipliedRGBA8 }
            return c[k].interpolated(to: c[k + 1], fraction: (t - p0) / (p1 - p0))
              .premultipliedRGBA8
          }
          /// Four ascending entries: at once when they lie strictly inside one segment.
          @inline(__always) func fill(_ j0: Int, _ j1: Int, _ j2: Int, _ j3: Int) {
            let t = SIMD4(Double(j0), Double(j1), Double(j2), Double(j3)) * scale
            if t[0] > firstStop, t[3] < lastStop {
              seek(t[0])
              let p0 = l[k]
              let p1 = l[k + 1]
              if t[3] < p1 {
                let v = GradientTable.premultiplied(c[k], c[k + 1], (t - p0) / (p1 - p0))
                out[j0] = v[0]
                out[j1] = v[1]
                out[j2] = v[2]
                out[j3] = v[3]
                return
              }
            }
            out[j0] = value(t[0])
            out[j1] = value(t[1])
            out[j2] = value(t[2])
            out[j3] = value(t[3])
          }
          if let indices {
            indices.withUnsafeBufferPointer { js in
              var i = 0
              while i + 4 <= js.count {
                fill(Int(js[i]), Int(js[i + 1]), Int(js[i + 2]), Int(js[i + 3]))
                i += 4
              }
              while i < js.count {
                out[Int(js[i])] = value(Double(Int(js[i])) * scale)
                i += 1
              }
            }
          } else {
            for j in stride(from: 0, to: GradientTable.resolution, by: 4) {
              fill(j, j + 1, j + 2, j + 3)
            }
          }
        }
      }
    }
  }

  /// `a.interpolated(to: b, fraction: f[i]).premultipliedRGBA8` for four fractions at once,
  /// with the same operations in the same order (bit-identical), clamps without branches.
  @inline(__always)
  static func premultiplied(_ a: RGBAColor, _ b: RGBAColor, _ f: SIMD4<Double>) -> SIMD4<UInt32> {
    @inline(__always) func lerp(_ x: Double, _ y: Double) -> SIMD4<Double> {
      SIMD4(repeating: x) + SIMD4(repeating: y - x) * f
    }
    // min(max(v, 0), 1), except that -0 stays -0, which rounds to the same integer below.
    @inline(__always) func unit(_ v: SIMD4<Double>) -> SIMD4<Double> {
      v.replacing(with: 0, where: v .< 0).replacing(with: 1, where: v .> 1)
    }
    // UInt32(v) for 0 <= v < 2^31 without the range checks: adding 2^52 rounds v to the
    // nearest integer, kept in the low bits; one less where that rounded up.
    @inline(__always) func byte(_ v: SIMD4<Double>) -> SIMD4<UInt32> {
      let m = v + 0x1p52
      let up = SIMD4<UInt64>(repeating: 0).replacing(with: 1, where: (m - 0x1p52) .> v)
      return SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(m, to: SIMD4<UInt64>.self) &- up)
    }
    // Opaque stops with components in 0...1 (the common case): alpha is 255 exactly, and a
    // mix strays at most a few units in the last place outside 0...1, which rounds to the
    // same byte as the clamped value; so neither the clamps nor alpha's own mix change a bit.
    if a.alpha == 1, b.alpha == 1, a.isInUnitRange, b.isInUnitRange {
      let red = byte(lerp(a.red, b.red) * 255 + 0.5)
      let green = byte(lerp(a.green, b.green) * 255 + 0.5)
      let blue = byte(lerp(a.blue, b.blue) * 255 + 0.5)
      return red | green &<< 8 | blue &<< 16 | 255 &<< 24
    }
    let alpha = unit(lerp(a.alpha, b.alpha)) * 255
    let red = byte(unit(lerp(a.red, b.red)) * alpha + 0.5)
    let green = byte(unit(lerp(a.green, b.green)) * alpha + 0.5)
    let blue = byte(unit(lerp(a.blue, b.blue)) * alpha + 0.5)
    return red | green &<< 8 | blue &<< 16 | byte(alpha + 0.5) &<< 24
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
