import Testing

@testable import RingGraphics

@Suite struct RGBAColorTests {
  /// An independent HSV formulation (piecewise-linear channel curves) to check against.
  static func reference(hue: Double, s: Double, v: Double) -> (Double, Double, Double) {
    func channel(_ offset: Double) -> Double {
      let k = (offset + hue * 6).truncatingRemainder(dividingBy: 6)
      let f = max(0, min(k, 4 - k, 1))
      return v - v * s * f
    }
    return (channel(5), channel(3), channel(1))
  }

  @Test(arguments: stride(from: 0.0, through: 360.0, by: 5.0).map { $0 })
  func hueMatchesTheStandardConversion(degrees: Double) throws {
    let c = try RGBAColor(hue: degrees / 360, saturation: 1, brightness: 1)
    let (r, g, b) = Self.reference(hue: degrees / 360, s: 1, v: 1)
    #expect(
      abs(c.red - r) < 1e-12 && abs(c.green - g) < 1e-12 && abs(c.blue - b) < 1e-12,
      "hue \(degrees): got \(c), expected (\(r), \(g), \(b))")
  }

  @Test(arguments: [(0.3, 0.2, 0.9), (0.77, 1.0, 0.5), (0.5, 0.0, 0.7), (0.999, 0.6, 1.0)])
  func saturationAndBrightness(hue: Double, s: Double, v: Double) throws {
    let c = try RGBAColor(hue: hue, saturation: s, brightness: v)
    let (r, g, b) = Self.reference(hue: hue, s: s, v: v)
    #expect(
      abs(c.red - r) < 1e-12 && abs(c.green - g) < 1e-12 && abs(c.blue - b) < 1e-12,
      "hsv \(hue),\(s),\(v): got \(c)")
  }

  @Test func workedValues() throws {
    let green = try RGBAColor(hue: 90.0 / 360, saturation: 1, brightness: 1)
    #expect(green == RGBAColor(unchecked: 0.5, 1, 0, 1), "hue 90 is (0.5, 1, 0)")
    #expect(
      try RGBAColor(hue: 1, saturation: 1, brightness: 1) == RGBAColor(unchecked: 1, 0, 0, 1),
      "hue 1.0 is red again")
  }

  @Test(arguments: ["#12", "#GGGGGG", "12345", "#1234567", "rainbow", ""])
  func parsingRefusesBadText(text: String) {
    #expect(RGBAColor(parsing: text) == nil, "'\(text)' must not parse")
  }

  @Test func parsingAcceptsHex() {
    #expect(RGBAColor(parsing: "#FF000080") == RGBAColor(unchecked: 1, 0, 0, 128.0 / 255))
    #expect(RGBAColor(parsing: "00ff00") == RGBAColor(unchecked: 0, 1, 0, 1))
  }

  @Test(arguments: [-0.1, 1.1, Double.nan])
  func componentsOutOfRangeAreRefused(v: Double) {
    #expect(throws: RingError.self, "component \(v)") {
      try RGBAColor(red: v, green: 0, blue: 0)
    }
  }
}

@Suite struct PixelMathTests {
  @Test func scaleIsExactlyRounded() {
    for c in UInt32(0)...255 {
      for a in UInt32(0)...255 {
        let p = c | c << 8 | c << 16 | c << 24
        let got = PixelMath.scale(p, by: a)
        let want = UInt32((Double(c * a) / 255).rounded())
        if got != (want | want << 8 | want << 16 | want << 24) {
          Issue.record("scale(\(c), \(a)) = \(got & 0xFF), expected \(want)")
          return
        }
      }
    }
  }
}
