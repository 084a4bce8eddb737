import RainbowRing
import Testing

@Suite struct RainbowRingTests {
  @Test func seedDefaults() {
    let ring = RainbowRing.seed
    #expect(ring.colors.count == 73, "73 hues, 0 to 360 every 5 degrees")
    #expect(ring.colors.first == ring.colors.last, "first and last are both red")
    #expect(ring.period == .milliseconds(7300), "period 7.3 s")
    #expect(ring.size == Size(width: 160, height: 160) && ring.ringWidth == 20, "geometry")
  }

  @Test func closedFormFollowsTheRotationRule() {
    let ring = RainbowRing.seed
    let c0 = ring.colors
    // Exactly at step k, stop i shows C0[(i - k) mod 73].
    for k in [0, 1, 36, 72] {
      let c = ring.colors(at: .milliseconds(100) * Int64(k))
      #expect(c[5] == c0[((5 - k) % 73 + 73) % 73], "step \(k)")
    }
    let half = ring.colors(at: .milliseconds(50))
    #expect(half[1] == c0[1].interpolated(to: c0[0], fraction: 0.5), "half way from C0 to C1")
    let back = ring.colors(at: .milliseconds(-100))
    #expect(back[0] == c0[1], "negative time runs the loop backwards")
  }

  static let refused: [(String, @Sendable () throws -> RainbowRing)] = [
    ("zero size", { try RainbowRing(size: Size(width: 0, height: 10)) }),
    ("NaN size", { try RainbowRing(size: Size(width: .nan, height: 10)) }),
    ("ring too wide", { try RainbowRing(ringWidth: 81) }),
    ("zero step", { try RainbowRing(stepDuration: .zero) }),
    ("huge step", { try RainbowRing(stepDuration: .seconds(1e7)) }),
    ("loop over 1e9 s", { try RainbowRing(stepDuration: .seconds(1e6), hueStep: 0.01) }),
    ("hue step 0", { try RainbowRing(hueStep: 0) }),
    ("hue step 400", { try RainbowRing(hueStep: 400) }),
    ("saturation 2", { try RainbowRing(saturation: 2) }),
    ("brightness NaN", { try RainbowRing(brightness: .nan) }),
    (
      "infinite point",
      {
        try RainbowRing(
          gradient: GradientGeometry(startPoint: Point(x: .infinity, y: 0), endPoint: .zero))
      }
    ),
  ]

  @Test(arguments: refused.indices)
  func invalidParametersAreRefused(index: Int) {
    let (name, make) = Self.refused[index]
    #expect(throws: RingError.self, "\(name) must be refused") { _ = try make() }
  }

  @Test(arguments: [0.0, 0.2, 17.0])
  func invalidScenesAreRefused(scale: Double) {
    #expect(throws: RingError.self, "scale \(scale)") { try RingScene(scale: scale) }
  }
}
