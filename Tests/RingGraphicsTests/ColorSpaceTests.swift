import Foundation
import Testing

@testable import RingGraphics

/// Colour conversions and interpolation spaces against published values.
///
/// Sources:
/// - [CSS] CSS Color Module Level 4, W3C, "Color Interpolation" (§ 12 of the 2022 Candidate
///   Recommendation; anchors #interpolation-missing, #interpolation-alpha,
///   #hue-interpolation) and its sample code `conversions.js` (w3c/csswg-drafts,
///   css-color-4/). GTK's CSS colour tests check the same worked examples.
/// - [Ottosson] Björn Ottosson, "A perceptual color space for image processing" (2020),
///   the table of XYZ values and their OKLab coordinates.
/// - [sRGB] IEC 61966-2-1, the sRGB transfer function.
@Suite struct ColorSpaceTests {
  typealias CI = ColorInterpolation

  static func near(_ x: SIMD3<Double>, _ y: SIMD3<Double>, _ tolerance: Double) -> Bool {
    let d = x - y
    return max(abs(d.x), abs(d.y), abs(d.z)) <= tolerance
  }

  static func oklab(_ c: RGBAColor) -> SIMD3<Double> {
    CI.oklab(
      fromLinearSRGB: SIMD3(
        CI.linearFromSRGB(c.red), CI.linearFromSRGB(c.green), CI.linearFromSRGB(c.blue)))
  }

  static func oklch(_ c: RGBAColor) -> SIMD3<Double> { CI.oklch(fromOKLab: oklab(c)) }

  /// An sRGB colour from OKLCH coordinates known to be inside the gamut.
  static func color(oklch lch: SIMD3<Double>, alpha: Double = 1) -> RGBAColor {
    let linear = CI.linearSRGB(fromOKLab: CI.oklab(fromOKLCH: lch))
    return RGBAColor(
      unchecked: CI.sRGBFromLinear(linear.x), CI.sRGBFromLinear(linear.y),
      CI.sRGBFromLinear(linear.z), alpha)
  }

  // MARK: Names

  @Test func rawValuesAreCSSColor4Words() throws {
    #expect(
      CI.allCases.map(\.rawValue) == ["srgb", "srgb-linear", "oklab", "oklch", "oklch-longer"],
      "the raw values are the CSS interpolation methods' words")
    let data = try JSONEncoder().encode([CI.oklchLonger])
    #expect(String(decoding: data, as: UTF8.self) == #"["oklch-longer"]"#, "encodes its word")
    #expect(
      try JSONDecoder().decode([CI].self, from: Data(#"["srgb-linear"]"#.utf8)) == [.linearSRGB],
      "decodes its word")
  }

  // MARK: sRGB transfer function

  /// [sRGB]: the linear segment ends at 0.04045 (0.04045 / 12.92 = 0.0031308049...); 0.5
  /// encodes 0.21404 of full light (((0.5 + 0.055) / 1.055)^2.4 = 0.2140411405...).
  @Test(arguments: [
    (0.0, 0.0), (1.0, 1.0), (0.04045, 0.003_130_804_953_560_371_5), (0.02, 0.02 / 12.92),
    (0.5, 0.214_041_140_5), (0.8, 0.603_827_338_855_337_8), (-0.5, -0.214_041_140_5),
  ])
  func transferFunctionAtKnownPoints(encoded: Double, linear: Double) {
    #expect(
      abs(CI.linearFromSRGB(encoded) - linear) < 1e-10,
      "linearFromSRGB(\(encoded)) = \(CI.linearFromSRGB(encoded)), expected \(linear)")
    // The published breakpoints disagree slightly (0.04045 / 12.92 = 0.00313080495 is just
    // above 0.0031308), so the inverse at the boundary is off by 3e-8.
    #expect(
      abs(CI.sRGBFromLinear(linear) - encoded) < 5e-8,
      "sRGBFromLinear(\(linear)) = \(CI.sRGBFromLinear(linear)), expected \(encoded)")
  }

  /// The two pieces meet at the boundary (the published constants leave a gap below 1e-7).
  @Test func transferFunctionIsContinuousAtTheBoundary() {
    let below = CI.linearFromSRGB(0.04045)
    let above = CI.linearFromSRGB(0.040_450_000_001)
    #expect(abs(above - below) < 1e-7, "the sRGB curve jumps by \(above - below) at 0.04045")
    let inverseBelow = CI.sRGBFromLinear(0.003_130_8)
    let inverseAbove = CI.sRGBFromLinear(0.003_130_800_001)
    #expect(abs(inverseAbove - inverseBelow) < 1e-7, "the inverse jumps at 0.0031308")
  }

  @Test func transferFunctionRoundTrips() {
    for k in 0...1000 {
      let v = Double(k) / 1000
      let back = CI.sRGBFromLinear(CI.linearFromSRGB(v))
      if abs(back - v) > 1e-14 {
        Issue.record("sRGB \(v) comes back as \(back)")
        return
      }
    }
  }

  // MARK: OKLab

  /// sRGB white and primaries in OKLab, as CSS Color 4's sample code (`conversions.js`) and
  /// color.js give them, to the 5 decimals they are quoted with (e.g. red is
  /// `oklab(0.62796 0.22486 0.12585)`, `oklch(0.62796 0.25768 29.234)`). Cross-checked with
  /// coloraide 8.13.1 and a 40-digit evaluation of `conversions.js`'s matrices.
  @Test(arguments: [
    ("white", RGBAColor.white, SIMD3(1.0, 0, 0)),
    ("red", RGBAColor(unchecked: 1, 0, 0), SIMD3(0.62796, 0.22486, 0.12585)),
    ("green", RGBAColor(unchecked: 0, 1, 0), SIMD3(0.86644, -0.23389, 0.17950)),
    ("blue", RGBAColor(unchecked: 0, 0, 1), SIMD3(0.45201, -0.03246, -0.31153)),
  ])
  func oklabOfReferenceColours(name: String, color: RGBAColor, expected: SIMD3<Double>) {
    let lab = Self.oklab(color)
    #expect(Self.near(lab, expected, 1e-5), "\(name): OKLab \(lab), published \(expected)")
  }

  @Test func whiteIsExactlyNeutral() {
    let lab = Self.oklab(.white)
    #expect(Self.near(lab, SIMD3(1, 0, 0), 1e-14), "white is OKLab \(lab)")
    let gray = Self.oklab(.gray)
    #expect(abs(gray.y) < 1e-14 && abs(gray.z) < 1e-14, "gray has no chroma: \(gray)")
  }

  @Test func redInOKLCH() {
    let lch = Self.oklch(RGBAColor(unchecked: 1, 0, 0))
    #expect(
      Self.near(lch, SIMD3(0.62796, 0.25768, 29.234), 1e-3)
        && abs(lch.y - 0.25768) < 1e-5 && abs(lch.z - 29.234) < 1e-3,
      "red is OKLCH \(lch), published oklch(0.62796 0.25768 29.234)")
  }

  /// [Ottosson]'s table: XYZ (D65) to OKLab, published to 3 decimals. XYZ goes to linear sRGB
  /// with CSS Color 4's rational matrix (`XYZ_to_lin_sRGB`); the results lie far outside
  /// [0, 1], which the conversion takes as they are.
  @Test(arguments: [
    (SIMD3(0.950, 1.000, 1.089), SIMD3(1.000, 0.000, 0.000)),
    (SIMD3(1.000, 0.000, 0.000), SIMD3(0.450, 1.236, -0.019)),
    (SIMD3(0.000, 1.000, 0.000), SIMD3(0.922, -0.671, 0.263)),
    (SIMD3(0.000, 0.000, 1.000), SIMD3(0.153, -1.415, -0.449)),
  ])
  func ottossonsTable(xyz: SIMD3<Double>, expected: SIMD3<Double>) {
    let m: [[Double]] = [
      [12831 / 3959, -329 / 214, -1974 / 3959],
      [-851_781 / 878_810, 1_648_619 / 878_810, 36519 / 878_810],
      [705 / 12673, -2585 / 12673, 705 / 667],
    ]
    let linear = SIMD3(
      m[0][0] * xyz.x + m[0][1] * xyz.y + m[0][2] * xyz.z,
      m[1][0] * xyz.x + m[1][1] * xyz.y + m[1][2] * xyz.z,
      m[2][0] * xyz.x + m[2][1] * xyz.y + m[2][2] * xyz.z)
    let lab = CI.oklab(fromLinearSRGB: linear)
    #expect(Self.near(lab, expected, 5e-4), "XYZ \(xyz): OKLab \(lab), published \(expected)")
  }

  /// sRGB to OKLab and back, and OKLab to OKLCH and back, over a grid of colours.
  @Test func conversionsRoundTrip() {
    let steps = stride(from: 0.0, through: 1.0, by: 0.125)
    for r in steps {
      for g in steps {
        for b in steps {
          let lab = CI.oklab(fromLinearSRGB: SIMD3(r, g, b))
          let back = CI.linearSRGB(fromOKLab: lab)
          let lch = CI.oklch(fromOKLab: lab)
          let labAgain = CI.oklab(fromOKLCH: lch)
          guard Self.near(back, SIMD3(r, g, b), 1e-12), Self.near(labAgain, lab, 1e-12),
            lch.z.isNaN || (0..<360).contains(lch.z)
          else {
            Issue.record("(\(r), \(g), \(b)) -> \(lab) -> \(back); OKLCH \(lch) -> \(labAgain)")
            return
          }
        }
      }
    }
  }

  /// An achromatic colour's hue is powerless: NaN, converted back as hue 0.
  @Test(arguments: [RGBAColor.white, .black, .gray])
  func achromaticHueIsMissing(color: RGBAColor) {
    let lch = Self.oklch(color)
    #expect(lch.z.isNaN && lch.y < 1e-10, "\(color) has OKLCH \(lch); expected a missing hue")
    #expect(CI.oklab(fromOKLCH: lch) == SIMD3(lch.x, lch.y, 0), "a missing hue converts as 0")
  }

  // MARK: Interpolation

  /// `.srgb` is the renderer's blend, bit for bit, alpha included (straight, not
  /// premultiplied, extrapolating outside [0, 1] as the old function does).
  @Test(arguments: [0.0, 0.25, 1.0 / 3, 0.5, 0.9, 1.0, -0.5, 1.5])
  func srgbIsTheExistingInterpolation(fraction: Double) {
    var generator = SplitMix(seed: 7)
    for _ in 0..<200 {
      let a = RGBAColor(
        unchecked: generator.unit(), generator.unit(), generator.unit(), generator.unit())
      let b = RGBAColor(
        unchecked: generator.unit(), generator.unit(), generator.unit(), generator.unit())
      let old = a.interpolated(to: b, fraction: fraction)
      let new = a.interpolated(to: b, fraction: fraction, in: .srgb)
      guard old == new else {
        Issue.record("\(a) to \(b) at \(fraction): \(new), the old blend gives \(old)")
        return
      }
    }
  }

  /// [CSS] #interpolation-alpha example: rgb(24% 12% 98% / 0.4) and rgb(62% 26% 64% / 0.6)
  /// premultiply to [9.6% 4.8% 39.2%] and [37.2% 15.6% 38.4%] and meet at rgb(46.8% 20.4% 77.6% /
  /// 0.5). The premultiplied mix is the one `.linearSRGB`, `.oklab` and OKLCH use (fed sRGB here).
  @Test func premultipliedMixIsTheSpecsExample() {
    let mixed = CI.srgb.mix(
      SIMD3(0.24, 0.12, 0.98), alpha: 0.4, SIMD3(0.62, 0.26, 0.64), alpha: 0.6, at: 0.5)
    #expect(
      Self.near(mixed.coordinates, SIMD3(0.468, 0.204, 0.776), 1e-12)
        && abs(mixed.alpha - 0.5) < 1e-15,
      "midpoint \(mixed), published rgb(46.8% 20.4% 77.6% / 0.5)")
  }

  /// [CSS] #hue-interpolation examples: oklch(0.6 0.24 30) and oklch(0.8 0.15 90) meet at
  /// oklch(0.7 0.195 60) along the shorter arc and oklch(0.7 0.195 240) along the longer;
  /// #interpolation-missing: oklch(78.3% 0.108 326.5) and oklch(39.2% 0.4 none) meet at
  /// oklch(58.75% 0.254 326.5), the missing hue taking the other's.
  @Test(arguments: [
    (CI.oklch, SIMD3(0.6, 0.24, 30), SIMD3(0.8, 0.15, 90), SIMD3(0.7, 0.195, 60)),
    (CI.oklchLonger, SIMD3(0.6, 0.24, 30), SIMD3(0.8, 0.15, 90), SIMD3(0.7, 0.195, 240)),
    (CI.oklch, SIMD3(0.783, 0.108, 326.5), SIMD3(0.392, 0.4, .nan), SIMD3(0.5875, 0.254, 326.5)),
  ])
  func hueMixIsTheSpecsExamples(
    space: ColorInterpolation, p: SIMD3<Double>, q: SIMD3<Double>, expected: SIMD3<Double>
  ) {
    let mixed = space.mix(p, alpha: 1, q, alpha: 1, at: 0.5)
    #expect(
      Self.near(mixed.coordinates, expected, 1e-12),
      "\(space): \(p) and \(q) meet at \(mixed.coordinates), published \(expected)")
  }

  /// CSS Color 4's hue fixup (#hue-interpolation), at the midpoint: shorter arcs are at most 180
  /// degrees (exactly 180 stays as it is), longer ones at least 180 (equal hues go once round), and
  /// a missing hue (NaN) takes the other's (#interpolation-missing).
  @Test(arguments: [
    (350.0, 10.0, 0.0, 180.0), (10, 350, 0, 180), (10, 200, 285, 105), (200, 10, 285, 105),
    (10, 190, 100, 100), (0, 170, 85, 265), (30, 30, 30, 210), (.nan, 40, 40, 220),
    (40, .nan, 40, 220), (.nan, .nan, 0, 180),
  ])
  func hueFixupMidpoints(h1: Double, h2: Double, shorter: Double, longer: Double) {
    for (space, want) in [(CI.oklch, shorter), (CI.oklchLonger, longer)] {
      let mid = space.mix(SIMD3(0.5, 0.1, h1), alpha: 1, SIMD3(0.5, 0.1, h2), alpha: 1, at: 0.5)
      #expect(
        abs(mid.coordinates.z - want) < 1e-12,
        "\(space): hues \(h1) and \(h2) meet at \(mid.coordinates.z), expected \(want)")
    }
  }

  /// Hue 350 to hue 10: the shorter arc passes 0, the longer passes 180 (and 90 and 270 a
  /// quarter and three quarters along). Colours at OKLCH L 0.7, C 0.1, inside sRGB.
  @Test(arguments: [
    (CI.oklch, 0.25, 355.0), (CI.oklch, 0.5, 0.0), (CI.oklch, 0.75, 5.0),
    (CI.oklchLonger, 0.25, 265.0), (CI.oklchLonger, 0.5, 180.0), (CI.oklchLonger, 0.75, 95.0),
  ])
  func shorterAndLongerHueArcs(space: ColorInterpolation, fraction: Double, hue: Double) {
    let from = Self.color(oklch: SIMD3(0.7, 0.1, 350))
    let to = Self.color(oklch: SIMD3(0.7, 0.1, 10))
    let lch = Self.oklch(from.interpolated(to: to, fraction: fraction, in: space))
    var d = abs(lch.z - hue)
    d = min(d, 360 - d)
    #expect(
      d < 1e-6 && abs(lch.x - 0.7) < 1e-9 && abs(lch.y - 0.1) < 1e-9,
      "\(space) at \(fraction): OKLCH \(lch), expected L 0.7, C 0.1, hue \(hue)")
  }

  /// White's hue is powerless, so white to red in OKLCH keeps red's hue (29.234) all the way
  /// and only lightness and chroma change; along the longer arc the hue goes once round from
  /// red's (CSS: equal hues differ by 360 along the longer arc). Values cross-checked with
  /// coloraide 8.13.1: the shorter midpoint is oklch(0.81398 0.12884 29.234), outside sRGB
  /// (red 1.0468), clamped to 1.
  @Test func achromaticColourTakesTheOtherHue() {
    let red = RGBAColor(unchecked: 1, 0, 0)
    let redLCH = Self.oklch(red)
    let mid = RGBAColor.white.interpolated(to: red, fraction: 0.5, in: .oklch)
    #expect(mid.red == 1, "the midpoint's red (1.0468 before clamping) is clamped to 1: \(mid)")
    #expect(
      abs(mid.green - 0.631_42) < 1e-5 && abs(mid.blue - 0.569_47) < 1e-5,
      "the midpoint is sRGB (1, 0.63142, 0.56947) clamped; got \(mid)")
    for k in 1..<10 {
      let f = Double(k) / 10
      let c = RGBAColor.gray.interpolated(to: red, fraction: f, in: .oklch)
      let lch = Self.oklch(c)
      // Gray to red stays inside sRGB at these fractions, so the hue survives the round trip.
      #expect(abs(lch.z - redLCH.z) < 1e-6, "gray to red at \(f) has hue \(lch.z), not red's")
    }
    let quarter = Self.oklch(
      RGBAColor.gray.interpolated(to: red, fraction: 0.25, in: .oklchLonger))
    #expect(
      abs(quarter.z - (redLCH.z + 90)) < 1e-6,
      "gray to red along the longer arc is a quarter turn on a quarter along: hue \(quarter.z)")
    let grays = RGBAColor.white.interpolated(to: .black, fraction: 0.5, in: .oklch)
    #expect(
      abs(grays.red - grays.green) < 1e-12 && abs(grays.green - grays.blue) < 1e-12,
      "two achromatic colours mix to a gray: \(grays)")
  }

  /// Premultiplied: clear (transparent black) to red keeps red's colour and only fades it in
  /// every CSS space; the straight `.srgb` blend darkens it, as Core Animation does.
  /// (`.oklchLonger` is left out: clear's powerless hue takes red's, and equal hues go once
  /// round along the longer arc, as CSS specifies.)
  @Test(arguments: [CI.linearSRGB, .oklab, .oklch])
  func transparentEndpointOnlyFades(space: ColorInterpolation) {
    let red = RGBAColor(unchecked: 1, 0, 0)
    for f in [0.1, 0.5, 0.9] {
      let c = RGBAColor.clear.interpolated(to: red, fraction: f, in: space)
      #expect(
        abs(c.red - 1) < 1e-9 && c.green < 1e-9 && c.blue < 1e-9 && abs(c.alpha - f) < 1e-15,
        "\(space) clear to red at \(f): \(c), expected red at alpha \(f)")
    }
    let straight = RGBAColor.clear.interpolated(to: red, fraction: 0.5, in: .srgb)
    #expect(straight == RGBAColor(unchecked: 0.5, 0, 0, 0.5), "srgb blends straight: \(straight)")
  }

  /// The premultiplied example in OKLab and linear sRGB, cross-checked with coloraide 8.13.1
  /// (an independent implementation of CSS Color 4; not a published value): rgb(24% 12% 98%
  /// / 0.4) and rgb(62% 26% 64% / 0.6) meet at (0.46974, 0.25939, 0.77826) in OKLab and
  /// (0.51085, 0.21611, 0.79915) in linear sRGB, alpha 0.5.
  @Test(arguments: [
    (CI.oklab, SIMD3(0.469_74, 0.259_39, 0.778_26)),
    (CI.linearSRGB, SIMD3(0.510_85, 0.216_11, 0.799_15)),
    (CI.oklch, SIMD3(0.489_72, 0.219_37, 0.812_61)),
  ])
  func premultipliedMidpointsAgreeWithColoraide(space: ColorInterpolation, expected: SIMD3<Double>)
  {
    let a = RGBAColor(unchecked: 0.24, 0.12, 0.98, 0.4)
    let b = RGBAColor(unchecked: 0.62, 0.26, 0.64, 0.6)
    let c = a.interpolated(to: b, fraction: 0.5, in: space)
    #expect(
      Self.near(SIMD3(c.red, c.green, c.blue), expected, 1e-5) && abs(c.alpha - 0.5) < 1e-15,
      "\(space): \(c), coloraide gives \(expected) / 0.5")
  }

  /// Linear light: black and white meet at half the light, encoded 0.7353569830524495.
  @Test func linearMidpointOfBlackAndWhite() {
    let c = RGBAColor.black.interpolated(to: .white, fraction: 0.5, in: .linearSRGB)
    #expect(abs(c.red - 0.735_356_983_052_449_5) < 1e-12, "half the light encodes as \(c.red)")
  }

  /// Whatever the colours, the result is a valid colour: every component in [0, 1], with
  /// out-of-gamut mixes (red to blue along the longer arc leaves sRGB) clamped per channel.
  @Test(arguments: CI.allCases)
  func resultsStayInsideTheUnitCube(space: ColorInterpolation) {
    var generator = SplitMix(seed: 99)
    for _ in 0..<500 {
      let a = RGBAColor(
        unchecked: generator.unit(), generator.unit(), generator.unit(), generator.unit())
      let b = RGBAColor(
        unchecked: generator.unit(), generator.unit(), generator.unit(), generator.unit())
      let c = a.interpolated(to: b, fraction: generator.unit(), in: space)
      guard [c.red, c.green, c.blue, c.alpha].allSatisfy({ $0 >= 0 && $0 <= 1 }) else {
        Issue.record("\(space): \(a) to \(b) gives \(c)")
        return
      }
    }
    let red = RGBAColor(unchecked: 1, 0, 0)
    let blue = RGBAColor(unchecked: 0, 0, 1)
    let clipped = red.interpolated(to: blue, fraction: 0.5, in: .oklchLonger)
    // coloraide 8.13.1: the unclipped midpoint is sRGB (-0.35938, 0.57578, -0.22671).
    #expect(
      clipped.red == 0 && clipped.blue == 0 && abs(clipped.green - 0.575_78) < 1e-5,
      "red to blue the long way is clipped to (0, 0.57578, 0): \(clipped)")
  }

  /// Both ends give the end colours (within conversion round-off).
  @Test(arguments: CI.allCases)
  func endsAreTheEndColours(space: ColorInterpolation) {
    let a = RGBAColor(unchecked: 0.9, 0.2, 0.4, 0.8)
    let b = RGBAColor(unchecked: 0.1, 0.7, 0.3, 1)
    for (f, want) in [(0.0, a), (1.0, b)] {
      let c = a.interpolated(to: b, fraction: f, in: space)
      let d = [c.red - want.red, c.green - want.green, c.blue - want.blue, c.alpha - want.alpha]
      #expect(d.allSatisfy { abs($0) < 1e-12 }, "\(space) at \(f): \(c), expected \(want)")
    }
  }
}
