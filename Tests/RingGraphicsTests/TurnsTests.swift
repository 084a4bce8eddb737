import Foundation
import Testing

@testable import RingGraphics

@Suite struct TurnsTests {
  /// Points on the axes and diagonals, near them, tiny and huge, in every quadrant.
  static let specialPoints: [(Double, Double)] = {
    let values: [Double] = [0, 1, -1, 1e-300, -1e-300, 1e300, -1e300, 0.5, 3, -7, 1 + 1e-15]
    return values.flatMap { y in values.map { x in (y, x) } }
  }()

  /// The angle is the C library's `atan2` over 2π, to 4e-15 of a turn, everywhere but the
  /// origin's signed zeros (which it does not tell apart).
  @Test(arguments: [1, 2, 3])
  func anglesAreTheCLibrarysInTurns(seed: UInt64) {
    var generator = SplitMix(seed: seed)
    var points = TurnsTests.specialPoints
    for _ in 0..<20_000 {
      let scale = pow(10, generator.unit() * 12 - 6)
      points.append(((generator.unit() * 2 - 1) * scale, (generator.unit() * 2 - 1) * scale))
    }
    var worst = 0.0
    for (y, x) in points where !(x == 0 && y == 0) {
      let exact = Foundation.atan2(y, x) / (2 * Double.pi)
      var error = abs(Turns.atan2(y, x) - exact)
      error = min(error, abs(error - 1))  // -1/2 and 1/2 are one angle
      worst = max(worst, error)
    }
    #expect(worst < 4e-15, "off by \(worst) of a turn")
    #expect(Turns.atan2(0, 0) == 0)
    #expect(Turns.atan2(.nan, 1).isNaN && Turns.atan2(1, .nan).isNaN)
  }

  /// Eight lanes at a time give each lane's one-at-a-time value, bit for bit.
  @Test func lanesAgreeWithTheScalarToTheBit() {
    var generator = SplitMix(seed: 9)
    var points = TurnsTests.specialPoints + [(.nan, 1), (1, .nan), (.infinity, 2), (3, -.infinity)]
    for _ in 0..<4_000 {
      points.append((generator.unit() * 20 - 10, generator.unit() * 20 - 10))
    }
    while points.count % 8 != 0 { points.append((0, 0)) }
    var mismatches = 0
    for k in stride(from: 0, to: points.count, by: 8) {
      let slice = points[k..<k + 8]
      let ys = SIMD8<Double>(slice.map(\.0))
      let xs = SIMD8<Double>(slice.map(\.1))
      let lanes = Turns.atan2(ys, xs)
      for (j, (y, x)) in slice.enumerated() {
        let one = Turns.atan2(y, x)
        if one.bitPattern != lanes[j].bitPattern && !(one.isNaN && lanes[j].isNaN) {
          mismatches += 1
        }
      }
    }
    #expect(mismatches == 0)
  }
}
