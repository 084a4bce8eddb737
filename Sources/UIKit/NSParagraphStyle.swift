import RingText

/// How lines of text sit across their width (UIKit's).
public enum NSTextAlignment: Int, Sendable {
  case left = 0
  case center = 1
  case right = 2
  /// Every line but a paragraph's last stretched to the width at its spaces.
  case justified = 3
  /// Left for left-to-right text, right for right-to-left.
  case natural = 4

  var alignment: TextAlignment {
    switch self {
    case .left: .left
    case .center: .center
    case .right: .right
    case .justified: .justified
    case .natural: .natural
    }
  }
}

/// Where lines break and what shows when text is longer than its lines (UIKit's).
public enum NSLineBreakMode: Int, Sendable {
  case byWordWrapping = 0
  case byCharWrapping = 1
  case byClipping = 2
  case byTruncatingHead = 3
  case byTruncatingTail = 4
  case byTruncatingMiddle = 5

  var mode: LineBreakMode {
    switch self {
    case .byWordWrapping: .wordWrap
    case .byCharWrapping: .characterWrap
    case .byClipping: .clip
    case .byTruncatingHead: .truncateHead
    case .byTruncatingTail: .truncateTail
    case .byTruncatingMiddle: .truncateMiddle
    }
  }
}

/// A paragraph's alignment, line breaking and spacing (the `.paragraphStyle` attribute).
/// Alignment, line breaking and line spacing are drawn; the indents, paragraph spacing and
/// line heights are kept, not drawn. (Its properties are settable here, not only on the
/// mutable subclass.)
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
  open var alignment: NSTextAlignment = .natural
  open var lineBreakMode: NSLineBreakMode = .byWordWrapping
  /// Extra space between lines, in points.
  open var lineSpacing: CGFloat = 0
  /// Kept for code that sets them; not drawn.
  open var paragraphSpacing: CGFloat = 0
  open var lineHeightMultiple: CGFloat = 0
  open var minimumLineHeight: CGFloat = 0
  open var maximumLineHeight: CGFloat = 0
  open var firstLineHeadIndent: CGFloat = 0
  open var headIndent: CGFloat = 0
  open var tailIndent: CGFloat = 0

  open class var `default`: NSParagraphStyle { NSParagraphStyle() }

  public override init() { super.init() }

  open func copy(with zone: NSZone? = nil) -> Any { NSParagraphStyle(copying: self) }
  open func mutableCopy(with zone: NSZone? = nil) -> Any {
    NSMutableParagraphStyle(copying: self)
  }

  init(copying other: NSParagraphStyle) {
    super.init()
    alignment = other.alignment
    lineBreakMode = other.lineBreakMode
    lineSpacing = other.lineSpacing
    paragraphSpacing = other.paragraphSpacing
    lineHeightMultiple = other.lineHeightMultiple
    minimumLineHeight = other.minimumLineHeight
    maximumLineHeight = other.maximumLineHeight
    firstLineHeadIndent = other.firstLineHeadIndent
    headIndent = other.headIndent
    tailIndent = other.tailIndent
  }
}

/// A paragraph style to set up (`NSMutableParagraphStyle()`, then its properties).
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
  public override init() { super.init() }
  override init(copying other: NSParagraphStyle) { super.init(copying: other) }
}
