/// How a source's colours combine with the backdrop's: Core Graphics' 28 blend modes.
///
/// The blend modes (`multiply` ... `luminosity`) follow the W3C's Compositing and Blending
/// Level 1 (the PDF blend modes, as Core Graphics documents them); the Porter-Duff operators
/// (`clear` ... `xor`) and `plusDarker`, `plusLighter` follow Core Graphics' formulas on
/// premultiplied colours. Each result is then mixed with the backdrop by the source's shape
/// coverage, as Core Graphics mixes it: where a shape does not reach, nothing changes.
public enum BlendMode: String, CaseIterable, Hashable, Sendable {
  case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight
  case hardLight, difference, exclusion, hue, saturation, color, luminosity
  case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn
  case destinationOut, destinationAtop, xor, plusDarker, plusLighter

  /// Whether the result depends on the backdrop only through the W3C's general formula
  /// (`normal` and the blend modes): transparent source pixels then leave the backdrop as it
  /// is, whatever the shape.
  public var isBlend: Bool {
    switch self {
    case .clear, .copy, .sourceIn, .sourceOut, .sourceAtop, .destinationOver, .destinationIn,
      .destinationOut, .destinationAtop, .xor, .plusDarker, .plusLighter:
      false
    default: true
    }
  }

  /// Whether a transparent source pixel leaves the backdrop as it is (every blend mode and
  /// the plus modes; not the Porter-Duff operators such as `clear` or `sourceIn`).
  public var keepsBackdropUnderClear: Bool {
    isBlend || self == .plusLighter || self == .plusDarker
  }

  /// `source` (premultiplied RGBA8 packed with red in the low byte, or blue when
  /// `swapsRedAndBlue`) combined with `backdrop` by this mode, then mixed with `backdrop` by
  /// `shape` (0...1, the source's geometric coverage there). When `sourceIncludesShape`,
  /// `source` was drawn with its coverage and is divided by `shape` first.
  public func apply(
    _ source: UInt32, over backdrop: UInt32, shape: Double = 1,
    sourceIncludesShape: Bool = false, swapsRedAndBlue: Bool = false
  ) -> UInt32 {
    if self == .normal && shape == 1 { return PixelMath.sourceOver(source, backdrop) }
    let m = min(max(shape, 0), 1)
    var s = Premultiplied(source, swapped: swapsRedAndBlue)
    if sourceIncludesShape && m > 0 && m < 1 {
      s = Premultiplied(
        r: min(1, s.r / m), g: min(1, s.g / m), b: min(1, s.b / m), a: min(1, s.a / m))
    }
    let d = Premultiplied(backdrop, swapped: swapsRedAndBlue)
    let r = combine(s, d)
    return Premultiplied(
      r: d.r + (r.r - d.r) * m, g: d.g + (r.g - d.g) * m, b: d.b + (r.b - d.b) * m,
      a: d.a + (r.a - d.a) * m
    ).packed(swapped: swapsRedAndBlue)
  }

  /// The mode's result for premultiplied source `s` over backdrop `d`, before the shape.
  func combine(_ s: Premultiplied, _ d: Premultiplied) -> Premultiplied {
    if isBlend {
      // cs (1 - ab) + cb (1 - as) + as ab B(Cb, Cs); ao = as + ab (1 - as).
      let mixed = s.a > 0 && d.a > 0 ? blend(s.unpremultiplied, d.unpremultiplied) : (0, 0, 0)
      let both = s.a * d.a
      return Premultiplied(
        r: s.r * (1 - d.a) + d.r * (1 - s.a) + both * mixed.0,
        g: s.g * (1 - d.a) + d.g * (1 - s.a) + both * mixed.1,
        b: s.b * (1 - d.a) + d.b * (1 - s.a) + both * mixed.2,
        a: s.a + d.a * (1 - s.a))
    }
    switch self {
    case .plusLighter:
      return Premultiplied(
        r: min(1, s.r + d.r), g: min(1, s.g + d.g), b: min(1, s.b + d.b), a: min(1, s.a + d.a))
    case .plusDarker:
      // R = max(0, 1 - ((1 - D) + (1 - S))), with 1 read as the result's alpha.
      let a = min(1, s.a + d.a)
      func c(_ sc: Double, _ dc: Double) -> Double { max(0, a - (d.a - dc) - (s.a - sc)) }
      return Premultiplied(r: c(s.r, d.r), g: c(s.g, d.g), b: c(s.b, d.b), a: a)
    default:
      let (fa, fb) = porterDuffFactors(s.a, d.a)
      return Premultiplied(
        r: s.r * fa + d.r * fb, g: s.g * fa + d.g * fb, b: s.b * fa + d.b * fb,
        a: s.a * fa + d.a * fb)
    }
  }

  /// The Porter-Duff operator's factors of source and backdrop, from their alphas.
  private func porterDuffFactors(_ sa: Double, _ da: Double) -> (Double, Double) {
    switch self {
    case .clear: (0, 0)
    case .copy: (1, 0)
    case .sourceIn: (da, 0)
    case .sourceOut: (1 - da, 0)
    case .sourceAtop: (da, 1 - sa)
    case .destinationOver: (1 - da, 1)
    case .destinationIn: (0, sa)
    case .destinationOut: (0, 1 - sa)
    case .destinationAtop: (1 - da, sa)
    case .xor: (1 - da, 1 - sa)
    default: (1, 1 - sa)
    }
  }

  /// B(Cb, Cs): the blend of unpremultiplied source `cs` with backdrop `cb`.
  private func blend(_ cs: RGB, _ cb: RGB) -> RGB {
    func each(_ f: (Double, Double) -> Double) -> RGB {
      (f(cb.0, cs.0), f(cb.1, cs.1), f(cb.2, cs.2))
    }
    switch self {
    case .multiply: return each { b, s in b * s }
    case .screen: return each(Self.screen)
    case .overlay: return each { b, s in Self.hardLight(s, b) }
    case .darken: return each { b, s in min(b, s) }
    case .lighten: return each { b, s in max(b, s) }
    case .colorDodge:
      return each { b, s in b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) }
    case .colorBurn:
      return each { b, s in b >= 1 ? 1 : s == 0 ? 0 : 1 - min(1, (1 - b) / s) }
    case .hardLight: return each(Self.hardLight)
    case .softLight:
      return each { b, s in
        if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
        let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
        return b + (2 * s - 1) * (d - b)
      }
    case .difference: return each { b, s in abs(b - s) }
    case .exclusion: return each { b, s in b + s - 2 * b * s }
    case .hue: return Self.setLum(Self.setSat(cs, Self.sat(cb)), Self.lum(cb))
    case .saturation: return Self.setLum(Self.setSat(cb, Self.sat(cs)), Self.lum(cb))
    case .color: return Self.setLum(cs, Self.lum(cb))
    case .luminosity: return Self.setLum(cb, Self.lum(cs))
    default: return cs
    }
  }

  typealias RGB = (Double, Double, Double)

  private static func screen(_ b: Double, _ s: Double) -> Double { b + s - b * s }
  private static func hardLight(_ b: Double, _ s: Double) -> Double {
    s <= 0.5 ? b * 2 * s : screen(b, 2 * s - 1)
  }
  private static func lum(_ c: RGB) -> Double { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }
  private static func sat(_ c: RGB) -> Double { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }

  private static func setLum(_ c: RGB, _ l: Double) -> RGB {
    let d = l - lum(c)
    let c = (c.0 + d, c.1 + d, c.2 + d)
    let l = lum(c)
    let n = min(c.0, c.1, c.2)
    let x = max(c.0, c.1, c.2)
    func clip(_ v: Double) -> Double {
      var v = v
      if n < 0 { v = l + (v - l) * l / (l - n) }
      if x > 1 { v = l + (v - l) * (1 - l) / (x - l) }
      return v
    }
    return (clip(c.0), clip(c.1), clip(c.2))
  }

  private static func setSat(_ c: RGB, _ s: Double) -> RGB {
    let n = min(c.0, c.1, c.2)
    let x = max(c.0, c.1, c.2)
    guard x > n else { return (0, 0, 0) }
    func f(_ v: Double) -> Double { (v - n) * s / (x - n) }
    return (f(c.0), f(c.1), f(c.2))
  }
}

/// A premultiplied colour in [0, 1] per component, in red, green, blue order.
struct Premultiplied {
  var r: Double
  var g: Double
  var b: Double
  var a: Double

  init(r: Double, g: Double, b: Double, a: Double) {
    (self.r, self.g, self.b, self.a) = (r, g, b, a)
  }

  /// From packed RGBA8 (red in the low byte; blue when `swapped`).
  init(_ v: UInt32, swapped: Bool) {
    let lo = Double(v & 0xFF) / 255
    let hi = Double((v >> 16) & 0xFF) / 255
    (r, b) = swapped ? (hi, lo) : (lo, hi)
    g = Double((v >> 8) & 0xFF) / 255
    a = Double(v >> 24) / 255
  }

  /// The colour without its alpha (clamped to [0, 1]; an 8-bit premultiplied component can
  /// round a hair above its alpha).
  var unpremultiplied: BlendMode.RGB {
    (min(1, r / a), min(1, g / a), min(1, b / a))
  }

  /// Packed RGBA8, each component rounded and held within the alpha.
  func packed(swapped: Bool) -> UInt32 {
    let a8 = UInt32((min(max(a, 0), 1) * 255).rounded())
    func c(_ v: Double) -> UInt32 { min(UInt32((min(max(v, 0), 1) * 255).rounded()), a8) }
    let (lo, hi) = swapped ? (c(b), c(r)) : (c(r), c(b))
    return lo | c(g) << 8 | hi << 16 | a8 << 24
  }
}
