import RingGraphics
import RingText

extension NSAttributedString.Key {
  /// A `UIFont` (the system font at 12 points, UIKit's Helvetica 12, without one).
  public static let font = NSAttributedString.Key("NSFont")
  /// A `UIColor` or `CGColor` (black without one).
  public static let foregroundColor = NSAttributedString.Key("NSColor")
  /// Points added after each character.
  public static let kern = NSAttributedString.Key("NSKern")
  /// An `NSParagraphStyle`: the first one in the string lays out all of it.
  public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
  /// A `UIColor` behind the run, its line's height.
  public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
  /// An `NSUnderlineStyle` (or its raw value): any but none draws one line under the run,
  /// at the font's underline position and thickness, in `.underlineColor` or the text's.
  public static let underlineStyle = NSAttributedString.Key("NSUnderline")
  public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
  /// As `.underlineStyle`, through the run at the font's strikeout position.
  public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
  public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
  /// Kept for code that sets them; not drawn.
  public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
  public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
  public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
  public static let shadow = NSAttributedString.Key("NSShadow")
  public static let ligature = NSAttributedString.Key("NSLigature")
}

/// What UIKit's text drawing asks of `TextLayout`: spans from attributes, and a style.
enum TextRequest {
  /// The font string drawing uses without a `.font` attribute: 12 points (UIKit's
  /// Helvetica 12; here the system font).
  static var defaultFont: UIFont { UIFont.systemFont(ofSize: 12) }

  /// `string`'s runs as spans: each run's font, colour and kern, `font` and `color` where
  /// it has none; with the paragraph style of its first character, if any.
  static func spans(
    _ string: NSAttributedString, font: UIFont, color: CGColor
  ) -> (spans: [TextSpan], paragraph: NSParagraphStyle?) {
    var spans: [TextSpan] = []
    var paragraph: NSParagraphStyle?
    let text = string.string as NSString
    string.enumerateAttributes(in: NSRange(location: 0, length: string.length), options: []) {
      attributes, range, _ in
      if paragraph == nil { paragraph = attributes[.paragraphStyle] as? NSParagraphStyle }
      spans.append(
        TextSpan(
          text.substring(with: range),
          look(attributes, font: font, color: color)))
    }
    return (spans, paragraph)
  }

  /// Spans for a plain string drawn with `attributes`.
  static func spans(_ string: String, attributes: [NSAttributedString.Key: Any]?) -> (
    spans: [TextSpan], paragraph: NSParagraphStyle?
  ) {
    let attributes = attributes ?? [:]
    return (
      [TextSpan(string, look(attributes, font: defaultFont, color: CGColor(gray: 0, alpha: 1)))],
      attributes[.paragraphStyle] as? NSParagraphStyle
    )
  }

  static func look(_ attributes: [NSAttributedString.Key: Any], font: UIFont, color: CGColor)
    -> TextAttributes
  {
    let runFont = attributes[.font] as? UIFont ?? font
    let runColor: CGColor =
      (attributes[.foregroundColor] as? UIColor)?.cgColor
      ?? (attributes[.foregroundColor].flatMap { $0 as? CGColor }) ?? color
    func colorOf(_ key: NSAttributedString.Key) -> CGColor? {
      (attributes[key] as? UIColor)?.cgColor ?? attributes[key].flatMap { $0 as? CGColor }
    }
    func lined(_ style: NSAttributedString.Key, _ colorKey: NSAttributedString.Key) -> RGBAColor? {
      let value =
        (attributes[style] as? NSUnderlineStyle)?.rawValue ?? Int(number(attributes[style]))
      return value != 0 ? (colorOf(colorKey) ?? runColor).rgba : nil
    }
    return TextAttributes(
      font: runFont.textFont, color: runColor.rgba, letterSpacing: number(attributes[.kern]),
      monospacedDigits: runFont.monospacedDigits,
      underline: lined(.underlineStyle, .underlineColor),
      strikethrough: lined(.strikethroughStyle, .strikethroughColor),
      background: colorOf(.backgroundColor)?.rgba)
  }

  /// A number attribute's value (`NSNumber`, `CGFloat`, `Double`, `Int`), 0 without one.
  static func number(_ value: Any?) -> Double {
    switch value {
    case let v as Double: v
    case let v as CGFloat: Double(v)
    case let v as Int: Double(v)
    case let v as Float: Double(v)
    case let v as NSNumber: v.doubleValue
    default: 0
    }
  }

  static func style(
    _ paragraph: NSParagraphStyle?, alignment: NSTextAlignment? = nil,
    lineBreakMode: NSLineBreakMode? = nil, maximumLines: Int = 0
  ) -> TextStyle {
    TextStyle(
      alignment: (alignment ?? paragraph?.alignment ?? .natural).alignment,
      lineBreakMode: (lineBreakMode ?? paragraph?.lineBreakMode ?? .byWordWrapping).mode,
      maximumLines: maximumLines, lineSpacing: Double(paragraph?.lineSpacing ?? 0))
  }
}

extension CGContext {
  /// Fills `layout`'s glyphs in their colours, its top left at `origin` (user space).
  func draw(_ layout: TextLayout, at origin: CGPoint) {
    saveGState()
    for fill in layout.fills(at: origin.point) {
      state.fill = CGColor(fill.color)
      paint(fill.path, fill: true)
    }
    restoreGState()
  }
}

/// The current context, or nil (with a note) when nothing is being drawn: string drawing
/// outside `draw(_:)` or an image renderer draws nothing, as on iOS.
private func currentTextContext() -> CGContext? {
  guard let context = UIGraphicsGetCurrentContext() else {
    Notice.once("text-no-context", "text drawn with no current context draws nothing")
    return nil
  }
  return context
}

/// Options for measuring and drawing strings in a rectangle (UIKit's).
public struct NSStringDrawingOptions: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// Lines break to the width given; without it each paragraph is measured as one line.
  public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
  public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
  public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
  public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// Kept for code that passes one; nothing is read from it.
open class NSStringDrawingContext: NSObject {
  open var minimumScaleFactor: CGFloat = 0
  public override init() { super.init() }
}

/// Drawing and measuring text (UIKit's NSString and NSAttributedString additions), shared by
/// strings and attributed strings.
enum StringDrawing {
  /// Draws one line per paragraph, its top left at `point`.
  static func draw(_ spans: [TextSpan], _ paragraph: NSParagraphStyle?, at point: CGPoint) {
    guard let context = currentTextContext() else { return }
    context.draw(TextLayout(spans, style: TextRequest.style(paragraph)), at: point)
  }

  /// Draws the lines that fit in `rect`, broken to its width, aligned across it.
  static func draw(_ spans: [TextSpan], _ paragraph: NSParagraphStyle?, in rect: CGRect) {
    guard let context = currentTextContext() else { return }
    let layout = TextLayout(
      spans, width: Double(rect.width), height: Double(rect.height),
      style: TextRequest.style(paragraph))
    context.draw(layout, at: rect.origin)
  }

  /// The size the text takes: one line per paragraph, or broken to `size.width` with
  /// `.usesLineFragmentOrigin`, in points (not rounded, as on iOS).
  static func bounds(
    _ spans: [TextSpan], _ paragraph: NSParagraphStyle?, size: CGSize,
    options: NSStringDrawingOptions
  ) -> CGRect {
    let wraps = options.contains(.usesLineFragmentOrigin)
    let width = wraps && size.width > 0 ? Double(size.width) : .infinity
    let layout = TextLayout(spans, width: width, style: TextRequest.style(paragraph))
    return CGRect(
      x: 0, y: 0, width: CGFloat(layout.size.width), height: CGFloat(layout.size.height))
  }
}

extension StringProtocol {
  /// Draws the string in the current context, one line per paragraph, its top left at
  /// `point` (a line's top is its font's ascender above the baseline).
  public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
    let (spans, paragraph) = TextRequest.spans(String(self), attributes: attrs)
    StringDrawing.draw(spans, paragraph, at: point)
  }

  /// Draws the string broken into lines to `rect`'s width, the lines that fit its height.
  public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
    let (spans, paragraph) = TextRequest.spans(String(self), attributes: attrs)
    StringDrawing.draw(spans, paragraph, in: rect)
  }

  /// The size of the string on one line per paragraph, in points.
  public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
    let (spans, paragraph) = TextRequest.spans(String(self), attributes: attrs)
    return StringDrawing.bounds(spans, paragraph, size: .zero, options: []).size
  }

  /// The rectangle the string takes, broken to `size.width` with `.usesLineFragmentOrigin`.
  public func boundingRect(
    with size: CGSize, options: NSStringDrawingOptions = [],
    attributes: [NSAttributedString.Key: Any]?, context: NSStringDrawingContext?
  ) -> CGRect {
    let (spans, paragraph) = TextRequest.spans(String(self), attributes: attributes)
    return StringDrawing.bounds(spans, paragraph, size: size, options: options)
  }
}

extension NSString {
  public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
    (self as String).draw(at: point, withAttributes: attrs)
  }
  public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
    (self as String).draw(in: rect, withAttributes: attrs)
  }
  public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
    (self as String).size(withAttributes: attrs)
  }
  public func boundingRect(
    with size: CGSize, options: NSStringDrawingOptions = [],
    attributes: [NSAttributedString.Key: Any]?, context: NSStringDrawingContext?
  ) -> CGRect {
    (self as String).boundingRect(
      with: size, options: options, attributes: attributes, context: context)
  }
}

extension NSAttributedString {
  /// The runs as spans, in the defaults string drawing uses.
  var drawingSpans: (spans: [TextSpan], paragraph: NSParagraphStyle?) {
    TextRequest.spans(self, font: TextRequest.defaultFont, color: CGColor(gray: 0, alpha: 1))
  }

  public func draw(at point: CGPoint) {
    let (spans, paragraph) = drawingSpans
    StringDrawing.draw(spans, paragraph, at: point)
  }
  public func draw(in rect: CGRect) {
    let (spans, paragraph) = drawingSpans
    StringDrawing.draw(spans, paragraph, in: rect)
  }
  public func size() -> CGSize {
    let (spans, paragraph) = drawingSpans
    return StringDrawing.bounds(spans, paragraph, size: .zero, options: []).size
  }
  public func boundingRect(
    with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?
  ) -> CGRect {
    let (spans, paragraph) = drawingSpans
    return StringDrawing.bounds(spans, paragraph, size: size, options: options)
  }
}

/// How a run is underlined or struck through (UIKit's); every style but none draws one
/// line of the font's thickness.
public struct NSUnderlineStyle: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  public static let single = NSUnderlineStyle(rawValue: 0x01)
  public static let thick = NSUnderlineStyle(rawValue: 0x02)
  public static let double = NSUnderlineStyle(rawValue: 0x09)
  public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
  public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
  public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
  public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
  public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}
