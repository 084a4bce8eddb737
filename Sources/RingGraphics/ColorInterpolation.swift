import Foundation

/// The colour space two colours are mixed in, named as CSS Color 4 names its interpolation
/// methods (`in srgb`, `in srgb-linear`, `in oklab`, `in oklch shorter hue`,
/// `in oklch longer hue`).
///
/// `srgb` is what Core Animation and this renderer do: a straight blend of the sRGB-encoded
/// components. The others follow CSS Color 4's "Color Interpolation" (§ 12): premultiplied
/// alpha, a powerless hue taking the other colour's hue, and shorter or longer hue arcs.
///
/// Usage: `red.interpolated(to: blue, fraction: 0.5, in: .oklab)`.
public enum ColorInterpolation: String, Hashable, Sendable, CaseIterable, Codable {
  /// Device sRGB: the encoded components blended straight (not premultiplied), exactly
  /// `RGBAColor.interpolated(to:fraction:)`. The default, and what Core Animation does.
  case srgb
  /// Linear-light sRGB (CSS `srgb-linear`), premultiplied: the blend of two lights.
  case linearSRGB = "srgb-linear"
  /// OKLab, premultiplied: perceptually even steps without a detour through grey hues.
  case oklab
  /// OKLCH along the shorter hue arc (at most 180 degrees), premultiplied lightness and chroma.
  case oklch
  /// OKLCH along the longer hue arc (at least 180 degrees). Equal hues go once all the way
  /// round, as CSS Color 4 specifies; so does a mix with an achromatic colour (white, gray,
  /// black, clear), whose powerless hue takes the other colour's.
  case oklchLonger = "oklch-longer"
}

// MARK: - Conversions

extension ColorInterpolation {
  /// The sRGB electro-optical transfer function (IEC 61966-2-1): an sRGB-encoded component to
  /// linear light. `v / 12.92` up to 0.04045, `((v + 0.055) / 1.055)^2.4` above; negative
  /// values mirror positive ones, as CSS Color 4's `lin_sRGB`.
  @inlinable
  public static func linearFromSRGB(_ v: Double) -> Double {
    let magnitude = abs(v)
    if magnitude <= 0.040_45 { return v / 12.92 }
    let linear = pow((magnitude + 0.055) / 1.055, 2.4)
    return v < 0 ? -linear : linear
  }

  /// The inverse of `linearFromSRGB(_:)`: linear light to an sRGB-encoded component.
  /// `12.92 v` up to 0.0031308, `1.055 v^(1/2.4) - 0.055` above; negative values mirror.
  @inlinable
  public static func sRGBFromLinear(_ v: Double) -> Double {
    let magnitude = abs(v)
    if magnitude <= 0.003_130_8 { return v * 12.92 }
    let encoded = 1.055 * pow(magnitude, 1 / 2.4) - 0.055
    return v < 0 ? -encoded : encoded
  }

  /// Linear sRGB (red, green, blue) to OKLab (L, a, b).
  ///
  /// Björn Ottosson's construction ("A perceptual color space for image processing", 2020)
  /// with the 64-bit matrices of CSS Color 4's sample code (`conversions.js`): linear sRGB to
  /// XYZ (the rational sRGB matrix) times XYZ to LMS, multiplied out, then a cube root and
  /// LMS to OKLab. Ottosson's published 10-digit linear-sRGB matrix agrees to 1e-9; this one
  /// takes sRGB white to L 1, a 0, b 0 within 1e-15.
  @inlinable
  public static func oklab(fromLinearSRGB rgb: SIMD3<Double>) -> SIMD3<Double> {
    let (r, g, b) = (rgb.x, rgb.y, rgb.z)
    let l =
      0.412_221_469_470_763_00 * r + 0.536_332_537_261_734_81 * g
      + 0.051_445_993_267_502_202 * b
    let m =
      0.211_903_495_817_825_23 * r + 0.680_699_550_645_234_33 * g
      + 0.107_396_953_536_940_55 * b
    let s =
      0.088_302_459_190_056_425 * r + 0.281_718_839_136_121_48 * g
      + 0.629_978_701_673_822_13 * b
    let l3 = cbrt(l)
    let m3 = cbrt(m)
    let s3 = cbrt(s)
    return SIMD3(
      0.210_454_268_309_314_00 * l3 + 0.793_617_774_702_305_40 * m3
        - 0.004_072_043_011_619_300_0 * s3,
      1.977_998_532_431_168_4 * l3 - 2.428_592_242_048_579_9 * m3
        + 0.450_593_709_617_411_00 * s3,
      0.025_904_042_465_547_800 * l3 + 0.782_771_712_457_529_60 * m3
        - 0.808_675_754_923_077_40 * s3)
  }

  /// OKLab (L, a, b) to linear sRGB (red, green, blue): the inverse of
  /// `oklab(fromLinearSRGB:)`, with CSS Color 4's 64-bit matrices (LMS to XYZ times XYZ to
  /// linear sRGB, multiplied out). Colours outside sRGB come back with components outside
  /// [0, 1].
  @inlinable
  public static func linearSRGB(fromOKLab lab: SIMD3<Double>) -> SIMD3<Double> {
    let (lightness, a, b) = (lab.x, lab.y, lab.z)
    let l3 = lightness + 0.396_337_777_376_174_90 * a + 0.215_803_757_309_913_60 * b
    let m3 = lightness - 0.105_561_345_815_658_60 * a - 0.063_854_172_825_813_300 * b
    let s3 = lightness - 0.089_484_177_529_811_900 * a - 1.291_485_548_019_409_2 * b
    let l = l3 * l3 * l3
    let m = m3 * m3 * m3
    let s = s3 * s3 * s3
    return SIMD3(
      4.076_741_636_075_958_3 * l - 3.307_711_539_258_061_9 * m
        + 0.230_969_903_182_104_51 * s,
      -1.268_437_973_285_031_8 * l + 2.609_757_349_287_688_6 * m
        - 0.341_319_376_002_657_27 * s,
      -0.004_196_076_138_675_557_5 * l - 0.703_418_617_935_936_26 * m
        + 1.707_614_694_074_611_7 * s)
  }

  /// Chroma at or below which a hue is powerless (missing): CSS Color 4's sample code value
  /// for OKLCH (`OKLab_to_OKLCH`, epsilon 0.000004).
  public static let achromaticChroma = 0.000_004

  /// OKLab (L, a, b) to OKLCH (L, C, h) with h in degrees in [0, 360). For an achromatic
  /// colour (chroma at most `achromaticChroma`) the hue is powerless and returned as NaN, as
  /// CSS Color 4's sample code marks a missing component.
  @inlinable
  public static func oklch(fromOKLab lab: SIMD3<Double>) -> SIMD3<Double> {
    let chroma = (lab.y * lab.y + lab.z * lab.z).squareRoot()
    guard chroma > achromaticChroma else { return SIMD3(lab.x, chroma, .nan) }
    var hue = atan2(lab.z, lab.y) * 180 / .pi
    if hue < 0 { hue += 360 }
    if hue >= 360 { hue -= 360 }
    return SIMD3(lab.x, chroma, hue)
  }

  /// OKLCH (L, C, h in degrees) to OKLab (L, a, b). A missing (NaN) or infinite hue counts
  /// as 0, as CSS Color 4 converts a missing component.
  @inlinable
  public static func oklab(fromOKLCH lch: SIMD3<Double>) -> SIMD3<Double> {
    let radians = (lch.z.isFinite ? lch.z : 0) * .pi / 180
    return SIMD3(lch.x, lch.y * cos(radians), lch.y * sin(radians))
  }
}

// MARK: - Mixing

extension ColorInterpolation {
  /// Two hues (degrees) made ready for linear interpolation by CSS Color 4's hue fixup: a
  /// missing (NaN) hue takes the other one (both missing: 0); then `shorter` adds 360 to
  /// one so that the difference is at most 180, `longer` so that it is at least 180 (equal
  /// hues go once round, 0 to 360).
  static func fixedHues(_ h1: Double, _ h2: Double, longer: Bool) -> (Double, Double) {
    var a = h1.isNaN ? (h2.isNaN ? 0 : h2) : h1
    var b = h2.isNaN ? a : h2
    let delta = b - a
    if longer {
      if delta > 0 && delta < 180 {
        a += 360
      } else if delta > -180 && delta <= 0 {
        b += 360
      }
    } else {
      if delta > 180 {
        a += 360
      } else if delta < -180 {
        b += 360
      }
    }
    return (a, b)
  }

  /// The colour at `t` (0 gives `p`, 1 gives `q`) between two colours given in this space's
  /// coordinates (for the OKLCH cases L, C and h in degrees, h NaN when missing), with alphas; CSS
  /// Color 4's "Interpolating with Alpha": every coordinate but the hue premultiplied by alpha,
  /// interpolated linearly, then divided by the interpolated alpha (kept as is where that alpha is
  /// 0). Returns the coordinates (hue reduced to [0, 360)) and the alpha. For `srgb` this is CSS's
  /// premultiplied sRGB mix, which `interpolated(to:fraction:in:)` does not use: there `srgb` keeps
  /// Core Animation's straight blend.
  func mix(_ p: SIMD3<Double>, alpha pa: Double, _ q: SIMD3<Double>, alpha qa: Double, at t: Double)
    -> (coordinates: SIMD3<Double>, alpha: Double)
  {
    let alpha = pa + (qa - pa) * t
    @inline(__always) func lerp(_ x: Double, _ y: Double) -> Double {
      let v = x * pa + (y * qa - x * pa) * t
      return alpha == 0 ? v : v / alpha
    }
    switch self {
    case .srgb, .linearSRGB, .oklab:
      return (SIMD3(lerp(p.x, q.x), lerp(p.y, q.y), lerp(p.z, q.z)), alpha)
    case .oklch, .oklchLonger:
      let (h1, h2) = Self.fixedHues(p.z, q.z, longer: self == .oklchLonger)
      var hue = h1 + (h2 - h1) * t
      hue -= 360 * (hue / 360).rounded(.down)
      return (SIMD3(lerp(p.x, q.x), lerp(p.y, q.y), hue), alpha)
    }
  }

  /// A colour's coordinates in this space (for `srgb`, the encoded components).
  func coordinates(of c: RGBAColor) -> SIMD3<Double> {
    let encoded = SIMD3(c.red, c.green, c.blue)
    switch self {
    case .srgb: return encoded
    case .linearSRGB, .oklab, .oklch, .oklchLonger:
      let linear = SIMD3(
        Self.linearFromSRGB(c.red), Self.linearFromSRGB(c.green), Self.linearFromSRGB(c.blue))
      if self == .linearSRGB { return linear }
      let lab = Self.oklab(fromLinearSRGB: linear)
      return self == .oklab ? lab : Self.oklch(fromOKLab: lab)
    }
  }

  /// The sRGB colour at `coordinates` in this space, each component clamped to [0, 1] (a
  /// per-channel clip, not a gamut mapping).
  func color(coordinates v: SIMD3<Double>, alpha: Double) -> RGBAColor {
    let linear: SIMD3<Double>
    switch self {
    case .srgb:
      return RGBAColor(unchecked: Self.unit(v.x), Self.unit(v.y), Self.unit(v.z), Self.unit(alpha))
    case .linearSRGB: linear = v
    case .oklab: linear = Self.linearSRGB(fromOKLab: v)
    case .oklch, .oklchLonger: linear = Self.linearSRGB(fromOKLab: Self.oklab(fromOKLCH: v))
    }
    return RGBAColor(
      unchecked: Self.unit(Self.sRGBFromLinear(linear.x)),
      Self.unit(Self.sRGBFromLinear(linear.y)), Self.unit(Self.sRGBFromLinear(linear.z)),
      Self.unit(alpha))
  }

  /// `v` clamped to [0, 1]; NaN gives 0.
  static func unit(_ v: Double) -> Double { v > 0 ? min(v, 1) : 0 }
}

extension RGBAColor {
  /// The colour a fraction `fraction` of the way from `self` (0) to `other` (1) when mixed in
  /// `space`.
  ///
  /// `.srgb` is exactly `interpolated(to:fraction:)`: straight (not premultiplied) encoded
  /// components, as Core Animation blends gradient stops. The other spaces follow CSS Color 4
  /// "Color Interpolation": both colours converted to the space, premultiplied by alpha (the hue
  /// excepted), interpolated linearly, divided by the interpolated alpha; in OKLCH an achromatic
  /// colour's powerless hue takes the other colour's hue, and the hue goes the shorter (`.oklch`)
  /// or longer (`.oklchLonger`) way round. The result is converted back to sRGB and each component
  /// clamped to [0, 1]: colours OKLab or OKLCH put outside the sRGB gamut are clipped per channel,
  /// not gamut-mapped. A fraction outside [0, 1] extrapolates (`.srgb` unclamped, as before).
  public func interpolated(to other: RGBAColor, fraction: Double, in space: ColorInterpolation)
    -> RGBAColor
  {
    if space == .srgb { return interpolated(to: other, fraction: fraction) }
    let mixed = space.mix(
      space.coordinates(of: self), alpha: alpha, space.coordinates(of: other), alpha: other.alpha,
      at: fraction)
    return space.color(coordinates: mixed.coordinates, alpha: mixed.alpha)
  }
}
