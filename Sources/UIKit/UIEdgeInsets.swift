import Foundation

/// Distances inward from each edge of a rectangle, in points (`UIEdgeInsets`).
public struct UIEdgeInsets: Hashable, Sendable {
  public var top: CGFloat
  public var left: CGFloat
  public var bottom: CGFloat
  public var right: CGFloat

  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

  public static let zero = UIEdgeInsets()
}

extension CGRect {
  /// This rectangle with `insets` taken from its edges (negative insets grow it): Apple's
  /// `inset(by:)`, which, unlike `insetBy(dx:dy:)`, does not standardise the result.
  public func inset(by insets: UIEdgeInsets) -> CGRect {
    CGRect(
      x: origin.x + insets.left, y: origin.y + insets.top,
      width: size.width - insets.left - insets.right,
      height: size.height - insets.top - insets.bottom)
  }
}

/// Insets by leading and trailing edge, in points.
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
  public var top: CGFloat
  public var leading: CGFloat
  public var bottom: CGFloat
  public var trailing: CGFloat

  public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }

  public static let zero = NSDirectionalEdgeInsets()
}

/// Edges of a rectangle.
public struct UIRectEdge: OptionSet, Hashable, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let top = UIRectEdge(rawValue: 1 << 0)
  public static let left = UIRectEdge(rawValue: 1 << 1)
  public static let bottom = UIRectEdge(rawValue: 1 << 2)
  public static let right = UIRectEdge(rawValue: 1 << 3)
  public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

extension NSValue {
  /// The Objective-C type this module stores a `UIEdgeInsets` under: 4 doubles (Foundation
  /// here stores no structures).
  static let edgeInsetsType = "[4d]"

  public convenience init(uiEdgeInsets insets: UIEdgeInsets) {
    var values = [
      Double(insets.top), Double(insets.left), Double(insets.bottom), Double(insets.right),
    ]
    self.init(bytes: &values, objCType: NSValue.edgeInsetsType)
  }

  /// The insets an `NSValue(uiEdgeInsets:)` holds; zero for another value.
  public var uiEdgeInsetsValue: UIEdgeInsets {
    guard objCTypeName == NSValue.edgeInsetsType else { return .zero }
    var values = [Double](repeating: 0, count: 4)
    values.withUnsafeMutableBytes { getValue($0.baseAddress!) }
    return UIEdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
  }
}
