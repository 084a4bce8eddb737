import Foundation

/// The environment a view is shown in (UIKit's): the light appearance, the screen's scale,
/// a phone's size classes (the screen here is an iPhone's).
open class UITraitCollection: NSObject {
  public enum UserInterfaceStyle: Int, Sendable { case unspecified, light, dark }
  public enum SizeClass: Int, Sendable { case unspecified, compact, regular }

  public let userInterfaceStyle: UserInterfaceStyle
  public let displayScale: CGFloat
  public let horizontalSizeClass: SizeClass
  public let verticalSizeClass: SizeClass

  init(displayScale: CGFloat) {
    userInterfaceStyle = .light
    self.displayScale = displayScale
    horizontalSizeClass = .compact
    verticalSizeClass = .regular
    super.init()
  }

  /// Whether colours drawn for `other` would differ from this one's (a different light or
  /// dark appearance); nil compares with an unspecified one.
  open func hasDifferentColorAppearance(comparedTo other: UITraitCollection?) -> Bool {
    userInterfaceStyle != (other?.userInterfaceStyle ?? .unspecified)
  }

  /// What is shown now.
  @MainActor public static var current: UITraitCollection {
    UITraitCollection(displayScale: UIScreen.main.scale)
  }
}

/// What an accessibility element is (UIKit's), for assistive technologies.
public struct UIAccessibilityTraits: OptionSet, Sendable {
  public let rawValue: UInt64
  public init(rawValue: UInt64) { self.rawValue = rawValue }
  public static let none = UIAccessibilityTraits([])
  public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
  public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
  public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
  public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
  public static let playsSound = UIAccessibilityTraits(rawValue: 1 << 4)
  public static let keyboardKey = UIAccessibilityTraits(rawValue: 1 << 5)
  public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
  public static let summaryElement = UIAccessibilityTraits(rawValue: 1 << 7)
  public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
  public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
  public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
  public static let startsMediaSession = UIAccessibilityTraits(rawValue: 1 << 11)
  public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
  public static let allowsDirectInteraction = UIAccessibilityTraits(rawValue: 1 << 13)
  public static let causesPageTurn = UIAccessibilityTraits(rawValue: 1 << 14)
  public static let tabBar = UIAccessibilityTraits(rawValue: 1 << 15)
  public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
}

extension UIWindow {
  /// The screen the window is on: the only one.
  public var screen: UIScreen { .main }
}

/// iOS's names for the trait values, at the top level (`UIUserInterfaceStyle.dark`).
public typealias UIUserInterfaceStyle = UITraitCollection.UserInterfaceStyle
public typealias UIUserInterfaceSizeClass = UITraitCollection.SizeClass
