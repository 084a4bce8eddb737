import Foundation
import RainbowRing
import RingTestSupport
import Testing

@Suite struct FidelityTests {
  struct Cmp: CustomStringConvertible {
    var psnr: Double
    var worstInterior: Double
    var worstEdgeAlpha: Double
    var description: String {
      String(
        format: "PSNR %.2f dB, interior max %.3f, edge alpha max %.3f", psnr, worstInterior,
        worstEdgeAlpha)
    }
  }

  static func compare(time: Double, scale: Double) throws -> Cmp {
    let frame = try RainbowRing.seed.frame(at: time, scale: scale)
    let ref = ReferenceRing().frame(at: time, scale: scale)
    #expect(frame.width == ref.width && frame.height == ref.width, "frame size")
    var se = 0.0
    var worstInterior = 0.0
    var worstEdge = 0.0
    for idx in 0..<(ref.width * ref.width) {
      let p = frame.pixel(x: idx % ref.width, y: idx / ref.width)
      let ours = [Double(p.red), Double(p.green), Double(p.blue)]
      let a = Double(p.alpha)
      let cov = ref.coverage[idx]
      for ch in 0..<3 {
        let refWhite = 255 * (ref.colors[idx][ch] * cov + (1 - cov))
        let oursWhite = ours[ch] + 255 - a
        se += (refWhite - oursWhite) * (refWhite - oursWhite)
        if cov == 1 {
          worstInterior = max(worstInterior, abs(ours[ch] - 255 * ref.colors[idx][ch]))
        }
      }
      worstEdge = max(worstEdge, abs(a - 255 * cov))
    }
    let mse = se / Double(3 * ref.width * ref.width)
    return Cmp(
      psnr: 10 * log10(255 * 255 / mse), worstInterior: worstInterior, worstEdgeAlpha: worstEdge)
  }

  @Test(arguments: [0.0, 0.05, 3.65, 7.3], [1.0, 2.0, 3.0])
  func frameMatchesTheReference(time: Double, scale: Double) throws {
    let c = try Self.compare(time: time, scale: scale)
    print("fidelity t=\(time) scale=\(scale): \(c)")
    #expect(c.psnr >= 55, "t=\(time) scale=\(scale): \(c)")
    #expect(c.worstInterior <= 1, "t=\(time) scale=\(scale): \(c)")
    #expect(c.worstEdgeAlpha <= 2, "t=\(time) scale=\(scale): \(c)")
  }

  @Test func workedValueAtTheTop() throws {
    // SPEC 7: pixel (79, 0) at t = 0, scale 1: coverage about 0.997, colour stop 18 (0.5, 1, 0).
    let p = try RainbowRing.seed.frame(at: 0).pixel(x: 79, y: 0)
    let a = Double(p.alpha) / 255
    #expect(abs(a - 0.997) < 0.003, "coverage \(a)")
    #expect(
      abs(Double(p.red) / Double(p.alpha) - 0.5) < 0.01 && p.green == p.alpha && p.blue == 0,
      "colour \(p)")
  }

  @Test(arguments: [0.0, 0.05, 1.234, 3.65, 1e6 + 0.02])
  func framesOnePeriodApartAreIdentical(time: Double) throws {
    let a = try RainbowRing.seed.frame(at: time)
    let b = try RainbowRing.seed.frame(at: time + 7.3)
    let diff = PixmapDifference(a, b)
    #expect(
      diff == nil,
      "frame(\(time)) and frame(\(time) + 7.3): \(diff.map(String.init(describing:)) ?? "")")
  }

  @Test func farTimesCostTheSameAndStayExact() throws {
    // 1e6 s is 136986 periods of 7.3 s plus 1e6 - 999997.8 = 2.2 s.
    let a = try RainbowRing.seed.frame(at: 2.2)
    let b = try RainbowRing.seed.frame(at: 1_000_000)
    let diff = PixmapDifference(a, b)
    #expect(diff == nil, "frame at 1e6 s vs 2.2 s: \(diff.map(String.init(describing:)) ?? "")")
  }
}
