import RingGraphics

/// A colour (Core Graphics'): gray and alpha, or red, green, blue and alpha, in sRGB.
/// Immutable; `copy()` gives an equal colour.
public final class CGColor: Hashable, Sendable, CustomStringConvertible {
  /// The components as made: `[gray, alpha]` or `[red, green, blue, alpha]`.
  public let components: [CGFloat]?
  /// The colour drawn: components clamped to [0, 1].
  let rgba: RGBAColor

  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    components = [red, green, blue, alpha]
    rgba = RGBAColor(
      unchecked: CGColor.clamp(red), CGColor.clamp(green), CGColor.clamp(blue),
      CGColor.clamp(alpha))
  }

  public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(red: red, green: green, blue: blue, alpha: alpha)
  }

  public init(gray: CGFloat, alpha: CGFloat) {
    components = [gray, alpha]
    let g = CGColor.clamp(gray)
    rgba = RGBAColor(unchecked: g, g, g, CGColor.clamp(alpha))
  }

  init(_ rgba: RGBAColor) {
    components = [CGFloat(rgba.red), CGFloat(rgba.green), CGFloat(rgba.blue), CGFloat(rgba.alpha)]
    self.rgba = rgba
  }

  private static func clamp(_ v: CGFloat) -> Double { v.isNaN ? 0 : min(1, max(0, Double(v))) }

  public static let white = CGColor(gray: 1, alpha: 1)
  public static let black = CGColor(gray: 0, alpha: 1)
  public static let clear = CGColor(gray: 0, alpha: 0)

  public var numberOfComponents: Int { components?.count ?? 0 }
  /// Grey for a colour made from a grey level, else RGB (drawn as sRGB either way).
  public var colorSpace: CGColorSpace? {
    CGColorSpace(model: numberOfComponents == 2 ? .monochrome : .rgb)
  }
  public var alpha: CGFloat { components?.last ?? 1 }

  /// An equal colour.
  public func copy() -> CGColor? {
    components!.count == 2
      ? CGColor(gray: components![0], alpha: components![1])
      : CGColor(red: components![0], green: components![1], blue: components![2], alpha: alpha)
  }

  /// The colour with another alpha.
  public func copy(alpha: CGFloat) -> CGColor? {
    var c = components!
    c[c.count - 1] = alpha
    return c.count == 2
      ? CGColor(gray: c[0], alpha: c[1]) : CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
  }

  public static func == (a: CGColor, b: CGColor) -> Bool { a.components == b.components }
  public func hash(into hasher: inout Hasher) { hasher.combine(components) }

  public var description: String {
    "CGColor(" + (components ?? []).map { "\($0)" }.joined(separator: ", ") + ")"
  }
}
