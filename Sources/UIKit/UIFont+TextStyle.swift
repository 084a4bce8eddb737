import Foundation

extension UIFont {
  /// A Dynamic Type text style: the role of a piece of text, which sets its size and weight.
  public struct TextStyle: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
    public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
    public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
    public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
    public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
    public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
    public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
    public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
    public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
    public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
    public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

    /// Size in points and weight at the default content size (Large), from Apple's Human
    /// Interface Guidelines; a style it does not list is drawn as `body`.
    var metrics: (size: CGFloat, weight: UIFont.Weight) {
      switch self {
      case .largeTitle: (34, .regular)
      case .title1: (28, .regular)
      case .title2: (22, .regular)
      case .title3: (20, .regular)
      case .headline: (17, .semibold)
      case .subheadline: (15, .regular)
      case .callout: (16, .regular)
      case .footnote: (13, .regular)
      case .caption1: (12, .regular)
      case .caption2: (11, .regular)
      default: (17, .regular)
      }
    }
  }

  /// The system font for `style` at the default content size, Large (the one used here:
  /// the user's text size never changes): `.body` is 17 points, `.footnote` 13.
  public class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
    let (size, weight) = style.metrics
    return systemFont(ofSize: size, weight: weight)
  }

  /// The same; the traits are accepted (their content size is the default one).
  public class func preferredFont(
    forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?
  ) -> UIFont {
    preferredFont(forTextStyle: style)
  }
}

/// Scales fonts and lengths for the user's text size (UIKit's). The text size here is the
/// default one, Large, at which a font or a length is its own scaled value.
open class UIFontMetrics: NSObject, @unchecked Sendable {
  public let textStyle: UIFont.TextStyle

  public init(forTextStyle textStyle: UIFont.TextStyle) {
    self.textStyle = textStyle
    super.init()
  }

  /// The metrics of `.body`.
  open class var `default`: UIFontMetrics { UIFontMetrics(forTextStyle: .body) }

  open func scaledFont(for font: UIFont) -> UIFont { font }

  open func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
    maximumPointSize > 0 && font.pointSize > maximumPointSize
      ? font.withSize(maximumPointSize) : font
  }

  open func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?)
    -> UIFont
  { font }

  open func scaledValue(for value: CGFloat) -> CGFloat { value }

  open func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?)
    -> CGFloat
  { value }
}

/// The user's preferred text size (UIKit's): Large, the default, here, where it never
/// changes.
public struct UIContentSizeCategory: Hashable, Sendable, RawRepresentable, Comparable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  public static let unspecified = UIContentSizeCategory(
    rawValue: "_UICTContentSizeCategoryUnspecified")
  public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
  public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
  public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
  public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
  public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
  public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
  public static let extraExtraExtraLarge = UIContentSizeCategory(
    rawValue: "UICTContentSizeCategoryXXXL")
  public static let accessibilityMedium = UIContentSizeCategory(
    rawValue: "UICTContentSizeCategoryAccessibilityM")
  public static let accessibilityLarge = UIContentSizeCategory(
    rawValue: "UICTContentSizeCategoryAccessibilityL")
  public static let accessibilityExtraLarge = UIContentSizeCategory(
    rawValue: "UICTContentSizeCategoryAccessibilityXL")
  public static let accessibilityExtraExtraLarge = UIContentSizeCategory(
    rawValue: "UICTContentSizeCategoryAccessibilityXXL")
  public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(
    rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

  /// Posted when the user changes the text size: never here.
  public static let didChangeNotification = Notification.Name(
    "UIContentSizeCategoryDidChangeNotification")

  /// The categories from smallest to largest.
  private static let order: [UIContentSizeCategory] = [
    .unspecified, .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge,
    .extraExtraExtraLarge, .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge,
    .accessibilityExtraExtraLarge, .accessibilityExtraExtraExtraLarge,
  ]

  /// Whether it is one of the accessibility sizes, beyond extra-extra-extra large.
  public var isAccessibilityCategory: Bool { rawValue.contains("Accessibility") }

  public static func < (a: UIContentSizeCategory, b: UIContentSizeCategory) -> Bool {
    (order.firstIndex(of: a) ?? 0) < (order.firstIndex(of: b) ?? 0)
  }
}

extension UITraitCollection {
  /// The user's text size: the default, Large.
  public var preferredContentSizeCategory: UIContentSizeCategory { .large }
}

extension UIApplication {
  /// The user's text size: the default, Large.
  public var preferredContentSizeCategory: UIContentSizeCategory { .large }
}
