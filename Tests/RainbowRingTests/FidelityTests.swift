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
    let frame = try RainbowRing.seed.frame(at: .seconds(time), scale: scale)
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
    let p = try RainbowRing.seed.frame(at: .zero).pixel(x: 79, y: 0)
    let a = Double(p.alpha) / 255
    #expect(abs(a - 0.997) < 0.003, "coverage \(a)")
    #expect(
      abs(Double(p.red) / Double(p.alpha) - 0.5) < 0.01 && p.green == p.alpha && p.blue == 0,
      "colour \(p)")
  }

  @Test(arguments: [0.0, 0.05, 1.234, 3.65, 1e6 + 0.02])
  func framesOnePeriodApartAreIdentical(time: Double) throws {
    let a = try RainbowRing.seed.frame(at: .seconds(time))
    let b = try RainbowRing.seed.frame(at: .seconds(time) + .milliseconds(7300))
    let diff = PixmapDifference(a, b)
    #expect(
      diff == nil,
      "frame(\(time)) and frame(\(time) + 7.3): \(diff.map(String.init(describing:)) ?? "")")
  }

  /// Up to 1e9 s, in exact nanoseconds: a frame equals the frame one period later and the
  /// frame at the same phase of the first loop, bit for bit. Negative times run the loop
  /// backwards: -t is the phase period - t.
  @Test(arguments: [
    Int64(50_000_000), 3_650_000_000, 1_000_000_000_000_123, 123_456_789_012_345_678,
    999_999_992_700_000_000, -4_550_000_000, -999_999_992_700_000_001,
  ])
  func framesUpToABillionSecondsRepeatExactly(nanoseconds t: Int64) throws {
    let period = RainbowRing.seed.period.nanoseconds
    let renderer = try FrameRenderer(scene: RingScene(ring: .seed, background: .white, scale: 1))
    let a = renderer.render(at: .nanoseconds(t))
    let later = renderer.render(at: .nanoseconds(t + period))
    let phase = ((t % period) + period) % period
    #expect(PixmapDifference(a, later) == nil, "t = \(t) ns and one period later")
    #expect(
      RainbowRing.seed.colors(at: .nanoseconds(t))
        == RainbowRing.seed.colors(at: .nanoseconds(t + period)),
      "t = \(t) ns and one period later: the same colours, exactly")
    // In the first loop the phase is t itself: comparing would compare a frame with itself.
    if phase != t {
      let first = renderer.render(at: .nanoseconds(phase))
      #expect(PixmapDifference(a, first) == nil, "t = \(t) ns and its phase \(phase) ns")
      #expect(
        RainbowRing.seed.colors(at: .nanoseconds(t))
          == RainbowRing.seed.colors(at: .nanoseconds(phase)),
        "t = \(t) ns and its phase \(phase) ns: the same colours, exactly")
    }
  }

  @Test func aDoubleOfWholeSecondsIsExactToo() throws {
    // 1e9 s is 136986301 periods of 7.3 s plus 2.7 s; 1e9 * 1e9 is exact in a Double.
    let renderer = try FrameRenderer(scene: RingScene(ring: .seed, scale: 1))
    let far = renderer.render(at: .seconds(1e9))
    let near = renderer.render(at: .seconds(2.7))
    #expect(PixmapDifference(far, near) == nil, "frame at 1e9 s vs 2.7 s")
    #expect(MediaTime(.seconds(2e9)) == .maximum, "clamped to 1e9 s")
    #expect(MediaTime(Duration.nanoseconds(-7)).nanoseconds == -7, "negative durations stay exact")
    #expect(MediaTime.seconds(-3e9) == .zero - .maximum, "clamped to -1e9 s")
  }

  @Test func farTimesCostTheSameAndStayExact() throws {
    // 1e6 s is 136986 periods of 7.3 s plus 1e6 - 999997.8 = 2.2 s.
    let a = try RainbowRing.seed.frame(at: .milliseconds(2200))
    let b = try RainbowRing.seed.frame(at: .seconds(1_000_000))
    let diff = PixmapDifference(a, b)
    #expect(diff == nil, "frame at 1e6 s vs 2.2 s: \(diff.map(String.init(describing:)) ?? "")")
  }
}
