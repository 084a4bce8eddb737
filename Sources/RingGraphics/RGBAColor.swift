/// A colour in the sRGB space with straight (non-premultiplied) alpha; components in [0, 1].
///
/// Components are kept as real numbers and rounded to 8 bits only when a pixel is written.
public struct RGBAColor: Hashable, Sendable {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  /// A colour from components in [0, 1]; throws when one is outside that range or not a number.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) throws {
    for (name, v) in [("red", red), ("green", green), ("blue", blue), ("alpha", alpha)]
    where !(v >= 0 && v <= 1) {
      throw RingError(.invalidColor, "\(name) component \(v) is outside 0...1")
    }
    self.init(unchecked: red, green, blue, alpha)
  }

  /// A colour from components the caller guarantees to be in [0, 1].
  @inlinable
  public init(unchecked red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// The colour `UIColor(hue:saturation:brightness:alpha:)` makes: the standard HSB (HSV)
  /// to RGB conversion. `hue` is in turns (0 and 1 are both red); the others in [0, 1].
  /// Throws `RingError` for a non-finite hue or a component outside [0, 1].
  public init(hue: Double, saturation: Double, brightness: Double, alpha: Double = 1) throws {
    guard hue.isFinite, (0...1).contains(saturation), (0...1).contains(brightness),
      (0...1).contains(alpha)
    else {
      throw RingError(
        .invalidColor,
        "HSB components must be finite with saturation, brightness and alpha in 0...1")
    }
    let h = (hue - hue.rounded(.down)) * 6  // [0, 6)
    let sector = Int(h.rounded(.down)) % 6
    let f = h - h.rounded(.down)
    let v = brightness
    let p = v * (1 - saturation)
    let q = v * (1 - saturation * f)
    let t = v * (1 - saturation * (1 - f))
    let (r, g, b): (Double, Double, Double)
    switch sector {
    case 0: (r, g, b) = (v, t, p)
    case 1: (r, g, b) = (q, v, p)
    case 2: (r, g, b) = (p, v, t)
    case 3: (r, g, b) = (p, q, v)
    case 4: (r, g, b) = (t, p, v)
    default: (r, g, b) = (v, p, q)
    }
    self.init(unchecked: r, g, b, alpha)
  }

  public static let clear = RGBAColor(unchecked: 0, 0, 0, 0)
  public static let black = RGBAColor(unchecked: 0, 0, 0, 1)
  public static let white = RGBAColor(unchecked: 1, 1, 1, 1)
  /// `UIColor.gray`: white 0.5.
  public static let gray = RGBAColor(unchecked: 0.5, 0.5, 0.5, 1)

  /// Component-by-component linear interpolation in sRGB-encoded values:
  /// `self` at 0, `other` at 1.
  @inlinable
  /// Whether red, green and blue lie in 0...1 (a colour made unchecked may stray).
  var isInUnitRange: Bool {
    red >= 0 && red <= 1 && green >= 0 && green <= 1 && blue >= 0 && blue <= 1
  }

  public func interpolated(to other: RGBAColor, fraction f: Double) -> RGBAColor {
    RGBAColor(
      unchecked: red + (other.red - red) * f, green + (other.green - green) * f,
      blue + (other.blue - blue) * f, alpha + (other.alpha - alpha) * f)
  }

  /// `top` composited over this (opaque) colour: the opaque colour a viewer sees.
  public func blended(under top: RGBAColor) -> RGBAColor {
    let a = top.alpha
    return RGBAColor(
      unchecked: top.red * a + red * (1 - a), top.green * a + green * (1 - a),
      top.blue * a + blue * (1 - a), 1)
  }

  /// The colour as premultiplied 8-bit RGBA packed little-endian (red in the low byte).
  @inlinable
  public var premultipliedRGBA8: UInt32 {
    @inline(__always) get { premultiplied8() }
  }

  @inlinable @inline(__always)
  func premultiplied8() -> UInt32 {
    // Each component is rounded to nearest, halves up, after premultiplying.
    let k = min(max(alpha, 0), 1) * 255
    @inline(__always) func q(_ v: Double) -> UInt32 { UInt32(min(max(v, 0), 1) * k + 0.5) }
    return q(red) | q(green) << 8 | q(blue) << 16 | UInt32(k + 0.5) << 24
  }

  /// Parses `#RRGGBB` or `#RRGGBBAA` (the `#` optional), or the names `transparent`/`clear`,
  /// `white`, `black`; returns `nil` for anything else.
  public init?(parsing text: String) {
    switch text.lowercased() {
    case "transparent", "clear":
      self = .clear
      return
    case "white":
      self = .white
      return
    case "black":
      self = .black
      return
    default: break
    }
    var hex = Substring(text)
    if hex.hasPrefix("#") { hex = hex.dropFirst() }
    guard hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit),
      let value = UInt32(hex, radix: 16)
    else { return nil }
    let v = hex.count == 6 ? value << 8 | 0xFF : value
    func c(_ shift: UInt32) -> Double { Double((v >> shift) & 0xFF) / 255 }
    self.init(unchecked: c(24), c(16), c(8), c(0))
  }
}
