import RingText

/// A font (UIKit's): a face found by fontconfig at a size in points. The system font is
/// Inter (close to the iPhone's San Francisco; Debian's fonts-inter), DejaVu Sans when
/// Inter is not installed.
///
/// The system fonts never fail, as on iOS: with neither font installed, the program stops
/// with a message naming the package to install. Sizes that are not positive and finite
/// draw at `UIFont.systemFontSize`, sizes above 10,000 points at 10,000, each with a note.
open class UIFont: NSObject, @unchecked Sendable {
  /// The face and size drawn.
  let textFont: TextFont
  /// Tabular digits (`monospacedDigitSystemFont`): every digit as wide as every other.
  let monospacedDigits: Bool

  init(textFont: TextFont, monospacedDigits: Bool = false) {
    self.textFont = textFont
    self.monospacedDigits = monospacedDigits
    super.init()
  }

  /// The face whose PostScript name (`"Inter-Bold"`) or family (`"DejaVu Sans"`, its
  /// regular face) is `fontName`; for a font iOS ships (`"HelveticaNeue-Bold"`), an
  /// installed stand-in (see `AppleFonts`); nil for any other, as iOS gives.
  public init?(name fontName: String, size fontSize: CGFloat) {
    let size = UIFont.checked(fontSize)
    guard
      let font = (try? TextFont(postScriptName: fontName, size: size))
        ?? (try? TextFont(family: fontName, size: size))
        ?? AppleFonts.font(named: fontName, size: size)
    else {
      Notice.once(
        "font-\(fontName)", "no installed font is named '\(fontName)': UIFont(name:) is nil")
      return nil
    }
    textFont = font
    monospacedDigits = false
    super.init()
  }

  /// The system font at `fontSize` points and `weight`.
  open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
    UIFont(textFont: system(fontSize, weight, .normal))
  }

  open class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
    systemFont(ofSize: fontSize, weight: .regular)
  }

  open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
    systemFont(ofSize: fontSize, weight: .bold)
  }

  open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
    UIFont(textFont: system(fontSize, .regular, .italic))
  }

  /// The system font with tabular digits: a changing number keeps its width.
  open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight)
    -> UIFont
  {
    UIFont(textFont: system(fontSize, weight, .normal), monospacedDigits: true)
  }

  /// The system's monospaced font (SF Mono on iOS): its stand-in here, Liberation Mono or
  /// DejaVu Sans Mono, bold for weights from semibold up; the system font at `weight` when
  /// neither is installed.
  open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight)
    -> UIFont
  {
    let name = weight.rawValue >= UIFont.Weight.semibold.rawValue ? "SFMono-Bold" : "SFMono-Regular"
    return UIFont(name: name, size: fontSize) ?? systemFont(ofSize: fontSize, weight: weight)
  }

  /// The same face at `fontSize` points (tabular digits kept).
  open func withSize(_ fontSize: CGFloat) -> UIFont {
    // Valid by construction: `checked` clamps into TextFont's range.
    UIFont(
      textFont: try! textFont.withSize(UIFont.checked(fontSize)),
      monospacedDigits: monospacedDigits)
  }

  /// The size UIKit's controls use by default, in points (14, as on iOS).
  open class var systemFontSize: CGFloat { 14 }
  /// The size of small controls' text, in points (12, as on iOS).
  open class var smallSystemFontSize: CGFloat { 12 }
  /// The size of labels' text, in points (17, as on iOS).
  open class var labelFontSize: CGFloat { 17 }
  /// The size of buttons' text, in points (18, as on iOS).
  open class var buttonFontSize: CGFloat { 18 }

  /// The em size in points.
  open var pointSize: CGFloat { CGFloat(textFont.size) }
  /// The PostScript name (`"Inter-SemiBold"`).
  open var fontName: String { textFont.postScriptName }
  /// The family name (`"Inter"`).
  open var familyName: String { textFont.familyName }
  /// Baseline to the top of the tallest glyphs, in points.
  open var ascender: CGFloat { CGFloat(textFont.ascender) }
  /// Baseline to the bottom of the lowest glyphs, in points: negative, as on iOS.
  open var descender: CGFloat { CGFloat(textFont.descender) }
  /// The extra space between lines, in points.
  open var leading: CGFloat { CGFloat(textFont.lineGap) }
  /// Baseline to baseline: `ascender - descender + leading`, in points.
  open var lineHeight: CGFloat { CGFloat(textFont.lineHeight) }
  /// The height of capital letters, in points.
  open var capHeight: CGFloat { CGFloat(textFont.capHeight) }
  /// The height of lower-case letters such as "x", in points.
  open var xHeight: CGFloat { CGFloat(textFont.xHeight) }

  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UIFont else { return false }
    return textFont == other.textFont && monospacedDigits == other.monospacedDigits
  }

  open override var hash: Int { textFont.hashValue ^ (monospacedDigits ? 1 : 0) }

  open override var description: String {
    "<UIFont: font-family: \"\(familyName)\"; font-weight: \(textFont.weight); "
      + "font-style: \(textFont.style == .italic ? "italic" : "normal"); font-size: "
      + "\(textFont.size)pt>"
  }

  /// The system font (Inter, else DejaVu Sans); stops the program, naming the package to
  /// install, when neither is installed.
  private static func system(_ fontSize: CGFloat, _ weight: Weight, _ style: TextFont.Style)
    -> TextFont
  {
    do {
      return try TextFont.systemFont(
        size: checked(fontSize), weight: weight.textFontWeight, style: style)
    } catch {
      fatalError("UIKit (RainbowRing): \(error)")
    }
  }

  /// A size TextFont takes: nonpositive and non-finite sizes become `systemFontSize`,
  /// sizes over its maximum the maximum, each with a note.
  private static func checked(_ fontSize: CGFloat) -> Double {
    let size = Double(fontSize)
    if !(size.isFinite && size > 0) {
      Notice.once("font-size", "a font size of \(size) points is drawn at \(systemFontSize)")
      return Double(systemFontSize)
    }
    if size > TextFont.maximumSize {
      Notice.once("font-size-max", "font sizes above 10000 points are drawn at 10000")
      return TextFont.maximumSize
    }
    return size
  }
}
