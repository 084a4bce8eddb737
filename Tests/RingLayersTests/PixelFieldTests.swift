import Testing

@testable import RingLayers

@Suite struct PixelFieldTests {
  /// Stretches of rows of fields 1 to 3 words of blocks wide (64 blocks of eight pixels a
  /// word), starting and ending inside, on and across the words' borders: every value
  /// returned is the computed one, and each block is computed once, the first time a stretch
  /// reaches it.
  @Test(arguments: [7, 8, 512, 513, 1100, 1537])
  func computesEachBlockOnceWhereverAStretchLies(width: Int) {
    final class Counter: @unchecked Sendable { var blocks: [Int: Int] = [:] }
    let counter = Counter()
    let height = 3
    let field = PixelField<Int32>(width: width, height: height) { y, x0, count, out in
      #expect(x0 % 8 == 0 && count == min(8, width - x0), "whole blocks")
      counter.blocks[y * width + x0, default: 0] += 1
      for k in 0..<count { out[k] = Int32(y * 100_000 + x0 + k) }
    }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(width)
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var asked = Set<Int>()
    for _ in 0..<200 {
      let y = next(height)
      let x0 = next(width)
      let count = 1 + next(width - x0)
      let values = field.row(y, from: x0, count: count)
      for k in 0..<count where values[k] != Int32(y * 100_000 + x0 + k) {
        Issue.record("row \(y), pixel \(x0 + k): \(values[k])")
        return
      }
      for b in (x0 / 8)...((x0 + count - 1) / 8) { asked.insert(y * width + 8 * b) }
    }
    #expect(Set(counter.blocks.keys) == asked, "the blocks asked for, no others")
    #expect(counter.blocks.values.allSatisfy { $0 == 1 }, "each once")
  }
}
