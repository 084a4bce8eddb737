import RingGraphics
import RingText

/// A view that shows text (UIKit's label): one line by default, truncated at the tail,
/// centred vertically in its bounds, drawn in the system font at 17 points in black.
///
/// Text is shaped by HarfBuzz and drawn by the exact-area rasteriser, in the font's outlines
/// unhinted, as iOS draws it. `adjustsFontSizeToFitWidth` shrinks one line to the width, as
/// far as `minimumScaleFactor` allows.
open class UILabel: UIView {
  /// The text shown; setting it replaces `attributedText`.
  open var text: String? {
    get { attributedObject?.string ?? plainText }
    set {
      plainText = newValue
      attributedObject = nil
      changed()
    }
  }

  /// The text with its attributes; runs without a font or colour take `font` and
  /// `textColor`, and the first paragraph style sets alignment and line breaking unless
  /// `textAlignment` or `lineBreakMode` are set after it.
  open var attributedText: NSAttributedString? {
    get {
      attributedObject
        ?? plainText.map {
          NSAttributedString(string: $0, attributes: [.font: font!, .foregroundColor: textColor!])
        }
    }
    set {
      attributedObject = newValue
      plainText = nil
      paragraphWins = true
      changed()
    }
  }

  open var font: UIFont! = .systemFont(ofSize: UIFont.labelFontSize) {
    didSet {
      if font == nil { font = .systemFont(ofSize: UIFont.labelFontSize) }
      changed()
    }
  }
  open var textColor: UIColor! = .label {
    didSet {
      if textColor == nil { textColor = .label }
      changed()
    }
  }
  open var textAlignment: NSTextAlignment = .natural {
    didSet {
      paragraphWins = false
      changed()
    }
  }
  /// At most this many lines; 0 for as many as the bounds hold.
  open var numberOfLines = 1 { didSet { changed() } }
  open var lineBreakMode: NSLineBreakMode = .byTruncatingTail {
    didSet {
      paragraphWins = false
      changed()
    }
  }
  /// Shrinks the font so that one line fits the width, down to `minimumScaleFactor`.
  open var adjustsFontSizeToFitWidth = false { didSet { changed() } }
  /// The smallest share of the font size `adjustsFontSizeToFitWidth` goes to (0: any).
  open var minimumScaleFactor: CGFloat = 0 { didSet { changed() } }
  /// The width multi-line text breaks to in `intrinsicContentSize` (0: unbounded, or for a
  /// label placed by constraints, the width they give it).
  open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { changed() } }
  /// The width Auto Layout last gave the label, which its height follows when
  /// `wrapsAtLayoutWidth` (set by the layout pass).
  var layoutWrapWidth: CGFloat?
  /// A disabled label's text is drawn at half its opacity.
  open var isEnabled = true { didSet { changed() } }
  open var isHighlighted = false { didSet { changed() } }
  open var highlightedTextColor: UIColor? { didSet { changed() } }
  /// A shadow under the text, `shadowOffset` points away, unblurred (none without a colour).
  open var shadowColor: UIColor? { didSet { changed() } }
  open var shadowOffset = CGSize(width: 0, height: -1) { didSet { changed() } }
  /// Kept for code that sets them; not drawn differently.
  open var allowsDefaultTighteningForTruncation = false
  open var baselineAdjustment = UIBaselineAdjustment.alignBaselines
  open var adjustsFontForContentSizeCategory = false

  private var plainText: String?
  private var attributedObject: NSAttributedString?
  /// Whether the attributed text's paragraph style sets alignment and line breaking.
  private var paragraphWins = false

  public override init(frame: CGRect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    isUserInteractionEnabled = false
  }

  private func changed() {
    setNeedsDisplay()
    invalidateIntrinsicContentSize()
  }

  // MARK: Layout

  /// The text's spans in the label's look, its style, with fonts scaled by `scale`.
  private func request(scale: Double = 1, lines: Int) -> (spans: [TextSpan], style: TextStyle)? {
    guard let string = attributedText, string.length > 0 else { return nil }
    var color = textColor.cgColor
    if isHighlighted, let highlightedTextColor { color = highlightedTextColor.cgColor }
    let (spans, paragraph) = TextRequest.spans(string, font: font, color: color)
    let style = TextRequest.style(
      paragraph, alignment: paragraphWins && paragraph != nil ? nil : textAlignment,
      lineBreakMode: paragraphWins && paragraph != nil ? nil : lineBreakMode,
      maximumLines: lines)
    guard scale != 1 else { return (spans, style) }
    let scaled = spans.map { span in
      var look = span.attributes
      // Valid by construction: a positive size no larger than the font's own.
      look.font = try! look.font.withSize(max(look.font.size * scale, 0.01))
      look.letterSpacing *= scale
      return TextSpan(span.text, look)
    }
    return (scaled, style)
  }

  /// The text laid out in `size`, its font shrunk to fit one line when asked.
  private func layout(in size: CGSize, lines: Int) -> TextLayout? {
    guard let (spans, style) = request(lines: lines) else { return nil }
    let width = size.width > 0 ? Double(size.width) : .infinity
    let height = size.height > 0 ? Double(size.height) : .infinity
    if adjustsFontSizeToFitWidth && width.isFinite {
      let natural = TextLayout(spans, style: TextStyle(maximumLines: 1)).size.width
      if natural > width,
        let (shrunk, style) = request(
          scale: max(Double(minimumScaleFactor), width / natural), lines: lines)
      {
        return TextLayout(shrunk, width: width, height: height, style: style)
      }
    }
    return TextLayout(spans, width: width, height: height, style: style)
  }

  /// The text's size within `size` (a zero or unbounded width: one line per paragraph for
  /// one line, else as wide as the text), rounded up to whole points.
  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    let width = numberOfLines == 1 ? 0 : size.width
    guard let layout = layout(in: CGSize(width: width, height: 0), lines: numberOfLines) else {
      return .zero
    }
    return CGSize(
      width: CGFloat(layout.size.width.rounded(.up)),
      height: CGFloat(layout.size.height.rounded(.up)))
  }

  open override var intrinsicContentSize: CGSize {
    let natural = sizeThatFits(CGSize(width: preferredMaxLayoutWidth, height: 0))
    guard let width = layoutWrapWidth, wrapsAtLayoutWidth else { return natural }
    // As tall as the text broken at the width the layout gave it.
    return CGSize(
      width: natural.width, height: sizeThatFits(CGSize(width: width, height: 0)).height)
  }

  /// Whether the label breaks its lines at the width Auto Layout gives it: one placed by
  /// constraints, with more than one line allowed and no `preferredMaxLayoutWidth`, as
  /// UIKit's labels have done since iOS 8 (the width is "automatic").
  var wrapsAtLayoutWidth: Bool {
    numberOfLines != 1 && preferredMaxLayoutWidth <= 0
      && !translatesAutoresizingMaskIntoConstraints
  }

  /// Where the text sits in `bounds` with at most `numberOfLines` lines (0: any): its size,
  /// rounded up, at the bounds' top left.
  open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int)
    -> CGRect
  {
    guard let layout = layout(in: bounds.size, lines: numberOfLines) else {
      return CGRect(origin: bounds.origin, size: .zero)
    }
    return CGRect(
      origin: bounds.origin,
      size: CGSize(
        width: CGFloat(layout.size.width.rounded(.up)),
        height: CGFloat(layout.size.height.rounded(.up))))
  }

  // MARK: Drawing

  /// Draws the text in `rect`, centred vertically, each line aligned across the width.
  open func drawText(in rect: CGRect) {
    guard let context = UIGraphicsGetCurrentContext(),
      let layout = layout(in: rect.size, lines: numberOfLines)
    else { return }
    context.saveGState()
    if !isEnabled { context.setAlpha(0.5) }
    if layout.isTruncated && lineBreakMode == .byClipping { context.clip(to: rect) }
    let origin = CGPoint(
      x: rect.minX, y: rect.minY + (rect.height - CGFloat(layout.size.height)) / 2)
    if let shadowColor {
      context.setShadow(offset: shadowOffset, blur: 0, color: shadowColor.cgColor)
    }
    context.draw(layout, at: origin)
    context.restoreGState()
  }

  open override func draw(_ rect: CGRect) { drawText(in: bounds) }
}

/// How a shrunk label's baseline moves (UIKit's); kept, not drawn differently.
public enum UIBaselineAdjustment: Int, Sendable {
  case alignBaselines = 0
  case alignCenters = 1
  case none = 2
}
