import RingGraphics

/// A colour (UIKit's): sRGB components in [0, 1] (values outside are clamped when drawn).
open class UIColor: NSObject, @unchecked Sendable {
  /// The Core Graphics colour drawn.
  public let cgColor: CGColor

  public init(cgColor: CGColor) {
    self.cgColor = cgColor
    super.init()
  }

  /// Clear: a colour nothing has set yet (code makes one as a placeholder, then sets it).
  public override convenience init() { self.init(cgColor: CGColor(gray: 0, alpha: 0)) }

  public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(cgColor: CGColor(red: red, green: green, blue: blue, alpha: alpha))
  }

  /// A colour literal's colour (`#colorLiteral(red:green:blue:alpha:)`, as Xcode's colour
  /// picker writes it), in sRGB.
  public required convenience init(
    _colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float
  ) {
    self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
  }

  public convenience init(white: CGFloat, alpha: CGFloat) {
    self.init(cgColor: CGColor(gray: white, alpha: alpha))
  }

  /// The standard HSB (HSV) to RGB conversion: `hue` in turns (0 and 1 are both red),
  /// saturation and brightness in [0, 1].
  public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
    func unit(_ v: CGFloat) -> Double { v.isNaN ? 0 : min(1, max(0, Double(v))) }
    let h = Double(hue).isFinite ? Double(hue) : 0
    // Valid by construction: a finite hue and components clamped into 0...1.
    let c = try! RGBAColor(
      hue: h, saturation: unit(saturation), brightness: unit(brightness), alpha: unit(alpha))
    self.init(red: CGFloat(c.red), green: CGFloat(c.green), blue: CGFloat(c.blue), alpha: alpha)
  }

  /// A colour that depends on the appearance: the provider is asked once, for the light
  /// appearance this module shows (iOS asks again when the appearance changes).
  public convenience init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) {
    self.init(cgColor: dynamicProvider(UITraitCollection(displayScale: 2)).cgColor)
  }

  /// The colour as the given traits show it: itself, as every colour here is resolved.
  open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor { self }

  public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)
  {
    Notice.once("p3", "Display P3 colours are drawn as sRGB")
    self.init(red: red, green: green, blue: blue, alpha: alpha)
  }

  open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
    UIColor(cgColor: cgColor.copy(alpha: alpha)!)
  }

  /// Components in sRGB; true, as every colour here converts.
  open func getRed(
    _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
    blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    let c = cgColor.rgba
    red?.pointee = CGFloat(c.red)
    green?.pointee = CGFloat(c.green)
    blue?.pointee = CGFloat(c.blue)
    alpha?.pointee = CGFloat(c.alpha)
    return true
  }

  open func getHue(
    _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
    brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    let c = cgColor.rgba
    let v = max(c.red, c.green, c.blue)
    let delta = v - min(c.red, c.green, c.blue)
    var h = 0.0
    if delta > 0 {
      if v == c.red {
        h = (c.green - c.blue) / delta
      } else if v == c.green {
        h = 2 + (c.blue - c.red) / delta
      } else {
        h = 4 + (c.red - c.green) / delta
      }
      h = (h / 6).truncatingRemainder(dividingBy: 1)
      if h < 0 { h += 1 }
    }
    hue?.pointee = CGFloat(h)
    saturation?.pointee = CGFloat(v > 0 ? delta / v : 0)
    brightness?.pointee = CGFloat(v)
    alpha?.pointee = CGFloat(c.alpha)
    return true
  }

  /// Fill colour for `UIBezierPath.fill()` in the current image context.
  open func setFill() { GraphicsContextStack.current?.fillColor = cgColor }
  /// Stroke colour for `UIBezierPath.stroke()` in the current image context.
  open func setStroke() { GraphicsContextStack.current?.strokeColor = cgColor }
  open func set() {
    setFill()
    setStroke()
  }

  open override func isEqual(_ object: Any?) -> Bool {
    (object as? UIColor)?.cgColor == cgColor
  }
  open override var hash: Int { cgColor.hashValue }
  open override var description: String { "UIColor(\(cgColor.description.dropFirst(8))" }

  open class var black: UIColor { UIColor(white: 0, alpha: 1) }
  open class var darkGray: UIColor { UIColor(white: 1.0 / 3.0, alpha: 1) }
  open class var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
  open class var white: UIColor { UIColor(white: 1, alpha: 1) }
  open class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
  open class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
  open class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
  open class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
  open class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
  open class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
  open class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
  open class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
  open class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
  open class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
  open class var clear: UIColor { UIColor(white: 0, alpha: 0) }
  // The system colours in the light appearance.
  /// A colour from the app's asset catalogue: there is none here, so nil (code that
  /// unwraps it should fall back).
  public convenience init?(named name: String) { return nil }

  open class var systemRed: UIColor { UIColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1) }
  open class var systemOrange: UIColor { UIColor(red: 1, green: 149 / 255, blue: 0, alpha: 1) }
  open class var systemYellow: UIColor { UIColor(red: 1, green: 204 / 255, blue: 0, alpha: 1) }
  open class var systemGreen: UIColor {
    UIColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1)
  }
  open class var systemTeal: UIColor {
    UIColor(red: 48 / 255, green: 176 / 255, blue: 199 / 255, alpha: 1)
  }
  open class var systemBlue: UIColor { UIColor(red: 0, green: 122 / 255, blue: 1, alpha: 1) }
  open class var systemIndigo: UIColor {
    UIColor(red: 88 / 255, green: 86 / 255, blue: 214 / 255, alpha: 1)
  }
  open class var systemPurple: UIColor {
    UIColor(red: 175 / 255, green: 82 / 255, blue: 222 / 255, alpha: 1)
  }
  open class var systemBrown: UIColor {
    UIColor(red: 162 / 255, green: 132 / 255, blue: 94 / 255, alpha: 1)
  }
  open class var systemMint: UIColor {
    UIColor(red: 0, green: 199 / 255, blue: 190 / 255, alpha: 1)
  }
  open class var systemCyan: UIColor {
    UIColor(red: 50 / 255, green: 173 / 255, blue: 230 / 255, alpha: 1)
  }
  open class var systemPink: UIColor {
    UIColor(red: 1, green: 45 / 255, blue: 85 / 255, alpha: 1)
  }
  open class var systemGray: UIColor {
    UIColor(red: 142 / 255, green: 142 / 255, blue: 147 / 255, alpha: 1)
  }
  open class var systemGray2: UIColor {
    UIColor(red: 174 / 255, green: 174 / 255, blue: 178 / 255, alpha: 1)
  }
  open class var systemGray3: UIColor {
    UIColor(red: 199 / 255, green: 199 / 255, blue: 204 / 255, alpha: 1)
  }
  open class var systemGray4: UIColor {
    UIColor(red: 209 / 255, green: 209 / 255, blue: 214 / 255, alpha: 1)
  }
  open class var systemGray5: UIColor {
    UIColor(red: 229 / 255, green: 229 / 255, blue: 234 / 255, alpha: 1)
  }
  open class var systemGray6: UIColor {
    UIColor(red: 242 / 255, green: 242 / 255, blue: 247 / 255, alpha: 1)
  }
  open class var tertiaryLabel: UIColor {
    UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3)
  }
  open class var quaternaryLabel: UIColor {
    UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.18)
  }
  open class var separator: UIColor {
    UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29)
  }
  open class var tertiarySystemBackground: UIColor { .white }
  open class var systemGroupedBackground: UIColor { .systemGray6 }
  /// The grouped table background before iOS 13 (deprecated there): 239/239/244.
  open class var groupTableViewBackground: UIColor {
    UIColor(red: 239 / 255, green: 239 / 255, blue: 244 / 255, alpha: 1)
  }
  open class var darkText: UIColor { .black }
  open class var lightText: UIColor { UIColor(white: 1, alpha: 0.6) }
  open class var secondaryLabel: UIColor {
    UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6)
  }
  open class var secondarySystemBackground: UIColor {
    UIColor(red: 242 / 255, green: 242 / 255, blue: 247 / 255, alpha: 1)
  }
  /// The light appearance's system background: white.
  open class var systemBackground: UIColor { .white }
  /// The light appearance's label colour: black.
  open class var label: UIColor { .black }
}
