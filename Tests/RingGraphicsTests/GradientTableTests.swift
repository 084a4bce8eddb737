import Testing

@testable import RingGraphics

@Suite struct GradientTableTests {
  /// The vectorised refill for evenly spaced stops gives, entry for entry, the scalar
  /// arithmetic: the colour interpolated in its segment, premultiplied and rounded. Colours
  /// outside [0, 1] (which the clamps must catch) and partial refills at random ascending
  /// indices (four lanes that straddle segments) are included.
  @Test(arguments: [2, 3, 73, 360])
  func evenlySpacedEntriesMatchTheScalarArithmetic(stopCount: Int) throws {
    var generator = SplitMix(seed: UInt64(stopCount))
    let wide = stopCount == 3
    func channel() -> Double { wide ? generator.unit() * 1.6 - 0.3 : generator.unit() }
    let colors = (0..<stopCount).map { _ in
      RGBAColor(unchecked: channel(), channel(), channel(), stopCount == 73 ? 1 : channel())
    }
    let n = colors.count
    func expected(_ j: Int) -> UInt32 {
      let p = Double(j) * (1 / Double(GradientTable.resolution - 1)) * Double(n - 1)
      let k = min(Int(p), n - 2)
      return colors[k].interpolated(to: colors[k + 1], fraction: p - Double(k))
        .premultipliedRGBA8
    }
    var table = GradientTable()
    table.update(colors: colors, locations: nil)
    let mismatches = (0..<GradientTable.resolution).filter { table.entries[$0] != expected($0) }
    #expect(mismatches.isEmpty, "entries \(mismatches.prefix(5)) differ")
    let some = (0..<GradientTable.resolution).filter { _ in generator.next() % 5 == 0 }
    var sparse = GradientTable()
    sparse.update(colors: colors, locations: nil, indices: some.map { UInt16($0) })
    #expect(some.allSatisfy { sparse.entries[$0] == expected($0) }, "a partial refill is exact")
    // Refilling only some entries leaves the others alone.
    var partial = GradientTable()
    partial.update(colors: colors, locations: nil, indices: [0, 7, 4095])
    #expect(partial.entries[7] == table.entries[7], "entry 7 is refilled")
    let other = try #require((8..<4095).first { table.entries[$0] != 0 })
    #expect(partial.entries[other] == 0, "entry \(other) is left empty")
  }

  /// Opaque stops at the ends of the range and at values whose mixes land on a half level
  /// (0, 1, 0.5, thirds, the seed's hues): the refill that skips the clamps and alpha's own
  /// mix for opaque stops gives, entry for entry, the scalar arithmetic.
  @Test(arguments: [7, 73])
  func opaqueStopsAtTheEndsMatchTheScalarArithmetic(stopCount: Int) throws {
    let values = [0, 1, 0.5, 1.0 / 3, 2.0 / 3, 0.25, 0.75]
    let colors = try (0..<stopCount).map { k in
      stopCount == 73
        ? try RGBAColor(hue: Double(k % 72) / 72, saturation: 1, brightness: 1)
        : RGBAColor(
          unchecked: values[k % 7], values[(k * 3 + 1) % 7], values[(k * 5 + 2) % 7], 1)
    }
    var table = GradientTable()
    table.update(colors: colors, locations: nil)
    let n = colors.count
    let mismatches = (0..<GradientTable.resolution).filter { j in
      let p = Double(j) * (1 / Double(GradientTable.resolution - 1)) * Double(n - 1)
      let k = min(Int(p), n - 2)
      return table.entries[j]
        != colors[k].interpolated(to: colors[k + 1], fraction: p - Double(k)).premultipliedRGBA8
    }
    #expect(mismatches.isEmpty, "entries \(mismatches.prefix(5)) differ")
  }

  /// The refill for stops at explicit locations (a progress ring's: hard steps where two
  /// stops share a location, stops before 0 and after 1 left out) gives, entry for entry,
  /// `color(at:colors:locations:)`.
  @Test(arguments: [2, 5, 40, 300])
  func locatedEntriesMatchTheExactColour(stopCount: Int) {
    var generator = SplitMix(seed: UInt64(stopCount) &* 7)
    let colors = (0..<stopCount).map { _ in
      RGBAColor(unchecked: generator.unit(), generator.unit(), generator.unit(), generator.unit())
    }
    // Ascending, within (0.05, 0.95), with some repeated (hard steps).
    var locations = (0..<stopCount).map { _ in 0.05 + generator.unit() * 0.9 }.sorted()
    for k in stride(from: 1, to: stopCount, by: 3) { locations[k] = locations[k - 1] }
    var table = GradientTable()
    table.update(colors: colors, locations: locations)
    let scale = 1 / Double(GradientTable.resolution - 1)
    func expected(_ j: Int) -> UInt32 {
      GradientTable.color(at: Double(j) * scale, colors: colors, locations: locations)
        .premultipliedRGBA8
    }
    let mismatches = (0..<GradientTable.resolution).filter { table.entries[$0] != expected($0) }
    #expect(mismatches.isEmpty, "entries \(mismatches.prefix(5)) differ")
    let some = (0..<GradientTable.resolution).filter { _ in generator.next() % 3 == 0 }
    var sparse = GradientTable()
    sparse.update(colors: colors, locations: locations, indices: some.map { UInt16($0) })
    #expect(some.allSatisfy { sparse.entries[$0] == expected($0) }, "a partial refill is exact")
  }
}

/// A small deterministic generator for test data.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
