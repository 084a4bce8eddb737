import Testing

@testable import RingGraphics

@Suite struct GradientTableTests {
  /// The vectorised refill for evenly spaced stops gives, entry for entry, the scalar
  /// arithmetic: the colour interpolated in its segment, premultiplied and rounded.
  @Test(arguments: [2, 3, 73, 360])
  func evenlySpacedEntriesMatchTheScalarArithmetic(stopCount: Int) throws {
    var generator = SplitMix(seed: UInt64(stopCount))
    let colors = (0..<stopCount).map { _ in
      RGBAColor(
        unchecked: generator.unit(), generator.unit(), generator.unit(),
        stopCount == 73 ? 1 : generator.unit())
    }
    var table = GradientTable()
    table.update(colors: colors, locations: nil)
    let n = colors.count
    for j in 0..<GradientTable.resolution {
      let p = Double(j) / Double(GradientTable.resolution - 1) * Double(n - 1)
      let k = min(Int(p), n - 2)
      let expected = colors[k].interpolated(to: colors[k + 1], fraction: p - Double(k))
        .premultipliedRGBA8
      let got = table.entries[j]
      #expect(
        got == expected, "entry \(j): \(String(got, radix: 16)) vs \(String(expected, radix: 16))")
      if got != expected { break }
    }
    // Refilling only some entries leaves the others alone.
    var partial = GradientTable()
    partial.update(colors: colors, locations: nil, indices: [0, 7, 4095])
    #expect(partial.entries[7] == table.entries[7], "entry 7 is refilled")
    #expect(
      partial.entries[8] == 0 && table.entries[8] != 0,
      "entry 8 is left empty (a full refill would set it to \(table.entries[8]))")
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
