import Foundation

/// Whether a view's content is laid out left to right or right to left (UIKit's), whatever
/// the language.
public enum UISemanticContentAttribute: Int, Sendable {
  case unspecified, playback, spatial, forceLeftToRight, forceRightToLeft
}

/// Which way text and leading-to-trailing layout run (UIKit's).
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
  case leftToRight, rightToLeft
}

/// A trait collection's layout direction (UIKit's).
public enum UITraitEnvironmentLayoutDirection: Int, Sendable {
  case unspecified = -1
  case leftToRight, rightToLeft
}

extension UIUserInterfaceLayoutDirection {
  /// The direction of the program's language: English's, left to right, here.
  static let language = UIUserInterfaceLayoutDirection.leftToRight
}

extension UIView {
  /// The direction a view with `attribute` lays out in: right to left only when forced so,
  /// the program's language running left to right here.
  public class func userInterfaceLayoutDirection(
    for attribute: UISemanticContentAttribute
  ) -> UIUserInterfaceLayoutDirection {
    switch attribute {
    case .forceRightToLeft: .rightToLeft
    case .forceLeftToRight, .playback, .spatial: .leftToRight
    case .unspecified: .language
    }
  }

  /// The direction this view lays out in: its own `semanticContentAttribute` when set,
  /// else the nearest superview's that is set, else the language's. Auto Layout's leading
  /// and trailing edges follow it.
  public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
    var view: UIView? = self
    while let v = view {
      if v.semanticContentAttribute != .unspecified {
        return UIView.userInterfaceLayoutDirection(for: v.semanticContentAttribute)
      }
      view = v.superview
    }
    return .language
  }

  /// The direction of a view with `attribute` inside one laid out in `direction`.
  public class func userInterfaceLayoutDirection(
    for attribute: UISemanticContentAttribute,
    relativeTo direction: UIUserInterfaceLayoutDirection
  ) -> UIUserInterfaceLayoutDirection {
    attribute == .unspecified ? direction : userInterfaceLayoutDirection(for: attribute)
  }
}

extension UIApplication {
  /// The language's direction: left to right here.
  public var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .language }
}

extension UITraitCollection {
  /// The language's direction: left to right here.
  public var layoutDirection: UITraitEnvironmentLayoutDirection { .leftToRight }
}
