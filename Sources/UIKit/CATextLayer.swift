import RingGraphics
import RingText

public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
  public static let left = CATextLayerAlignmentMode(rawValue: "left")
  public static let right = CATextLayerAlignmentMode(rawValue: "right")
  public static let center = CATextLayerAlignmentMode(rawValue: "center")
  public static let justified = CATextLayerAlignmentMode(rawValue: "justified")

  var alignment: TextAlignment {
    switch self {
    case .left: .left
    case .right: .right
    case .center: .center
    case .justified: .justified
    default: .natural
    }
  }
}

public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let none = CATextLayerTruncationMode(rawValue: "none")
  public static let start = CATextLayerTruncationMode(rawValue: "start")
  public static let end = CATextLayerTruncationMode(rawValue: "end")
  public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

public let kCAAlignmentNatural = CATextLayerAlignmentMode.natural
public let kCAAlignmentLeft = CATextLayerAlignmentMode.left
public let kCAAlignmentRight = CATextLayerAlignmentMode.right
public let kCAAlignmentCenter = CATextLayerAlignmentMode.center
public let kCAAlignmentJustified = CATextLayerAlignmentMode.justified
public let kCATruncationNone = CATextLayerTruncationMode.none
public let kCATruncationStart = CATextLayerTruncationMode.start
public let kCATruncationEnd = CATextLayerTruncationMode.end
public let kCATruncationMiddle = CATextLayerTruncationMode.middle

/// A layer that draws a string (Core Animation's): from its top left, in `font` at
/// `fontSize` (36 points) in `foregroundColor` (white), on one line per paragraph unless
/// `isWrapped`, cut at the bounds' width with "…" as `truncationMode` says.
///
/// It draws itself: a new layer and any change of its text properties or size redraw it at
/// the end of the run-loop turn, as on iOS. Its text does not animate.
open class CATextLayer: CALayer {
  /// A `String` or an `NSAttributedString` (whose runs' fonts and colours win over the
  /// layer's); anything else draws nothing.
  open var string: Any? { didSet { setNeedsDisplay() } }
  /// A `UIFont`, a `CGFont` or a font's name (`"Inter-Bold"`, `"Helvetica"`); its size is
  /// ignored: `fontSize` is the size. A name no installed font has draws in the system font.
  open var font: Any? { didSet { setNeedsDisplay() } }
  open var fontSize: CGFloat = 36 { didSet { setNeedsDisplay() } }
  open var foregroundColor: CGColor? = CGColor(gray: 1, alpha: 1) { didSet { setNeedsDisplay() } }
  /// Breaks lines to the bounds' width.
  open var isWrapped = false { didSet { setNeedsDisplay() } }
  open var truncationMode = CATextLayerTruncationMode.none { didSet { setNeedsDisplay() } }
  open var alignmentMode = CATextLayerAlignmentMode.natural { didSet { setNeedsDisplay() } }
  /// Kept for code that sets it.
  open var allowsFontSubpixelQuantization = false

  public override init() {
    super.init()
    setUp()
  }

  public override init(layer: Any) {
    super.init(layer: layer)
    setUp()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    setUp()
  }

  private func setUp() {
    needsDisplayOnBoundsChange = true
    setNeedsDisplay()
  }

  override func copyModel(from other: CALayer) {
    super.copyModel(from: other)
    if let other = other as? CATextLayer {
      string = other.string
      font = other.font
      fontSize = other.fontSize
      foregroundColor = other.foregroundColor
      isWrapped = other.isWrapped
      truncationMode = other.truncationMode
      alignmentMode = other.alignmentMode
    }
  }

  /// The font drawn: `font` at `fontSize`.
  private var drawnFont: UIFont {
    let size = fontSize
    switch font {
    case let f as UIFont: return f.withSize(size)
    case let f as CGFont: return f.font.withSize(size)
    case let name as String: return UIFont(name: name, size: size) ?? .systemFont(ofSize: size)
    case let name as NSString:
      return UIFont(name: name as String, size: size) ?? .systemFont(ofSize: size)
    default: return .systemFont(ofSize: size)
    }
  }

  open override func draw(in ctx: CGContext) {
    let color = foregroundColor ?? CGColor(gray: 1, alpha: 1)
    let request: (spans: [TextSpan], paragraph: NSParagraphStyle?)
    switch string {
    case let s as NSAttributedString: request = TextRequest.spans(s, font: drawnFont, color: color)
    case let s as String:
      request = ([TextSpan(s, TextRequest.look([:], font: drawnFont, color: color))], nil)
    case let s as NSString:
      request = ([TextSpan(s as String, TextRequest.look([:], font: drawnFont, color: color))], nil)
    default: return
    }
    let mode: LineBreakMode =
      switch truncationMode {
      case .start: .truncateHead
      case .middle: .truncateMiddle
      case .end: .truncateTail
      default: isWrapped ? .wordWrap : .clip
      }
    let width = Double(bounds.width)
    let layout = TextLayout(
      request.spans, width: isWrapped || truncationMode != .none ? width : .infinity,
      height: isWrapped ? Double(bounds.height) : .infinity,
      style: TextStyle(
        alignment: alignmentMode.alignment, lineBreakMode: mode,
        maximumLines: isWrapped ? 0 : (truncationMode != .none ? 1 : 0),
        lineSpacing: Double(request.paragraph?.lineSpacing ?? 0)))
    // Unwrapped lines align across the bounds too.
    var origin = CGPoint.zero
    if !isWrapped && truncationMode == .none {
      let free = width - layout.size.width
      switch alignmentMode {
      case .center: origin.x = CGFloat(free / 2)
      case .right: origin.x = CGFloat(free)
      default: break
      }
    }
    ctx.draw(layout, at: origin)
  }
}
