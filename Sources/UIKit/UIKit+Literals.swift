import Foundation

// What an Apple module gives Swift code beside its classes: the types its literals make,
// the C limits Darwin's headers export, and conversions Foundation on Linux lacks.

/// `#colorLiteral(...)` makes a `UIColor`, `#imageLiteral(...)` a `UIImage`, as they do
/// with UIKit imported on iOS.
public typealias _ColorLiteralType = UIColor
public typealias _ImageLiteralType = UIImage

extension UIColor: _ExpressibleByColorLiteral {}
extension UIImage: _ExpressibleByImageLiteral {}

/// Darwin's 64-bit limits (Glibc exports the narrower ones already).
public let UINT64_MAX = UInt64.max
public let INT64_MAX = Int64.max
public let INT64_MIN = Int64.min

extension CGFloat {
  /// `number`'s value, as Darwin's Foundation converts it.
  public init(truncating number: NSNumber) { self.init(number.doubleValue) }
}

extension UIWindow {
  /// Where a window stands among windows: higher levels above.
  public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: CGFloat
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
    public static let normal = Level(0)
    public static let statusBar = Level(1000)
    public static let alert = Level(2000)
    public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    public static func + (level: Level, offset: CGFloat) -> Level { Level(level.rawValue + offset) }
    public static func - (level: Level, offset: CGFloat) -> Level { Level(level.rawValue - offset) }
  }
}

/// The status bar's look (kept: there is no status bar here).
public enum UIStatusBarStyle: Int, Sendable {
  case `default`, lightContent, darkContent
}

public enum UIStatusBarAnimation: Int, Sendable {
  case none, fade, slide
}

/// The orientations a controller supports.
public struct UIInterfaceOrientationMask: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
  public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
  public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
  public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
  public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
  public static let all: UIInterfaceOrientationMask = [
    .portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight,
  ]
  public static let allButUpsideDown: UIInterfaceOrientationMask = [
    .portrait, .landscapeLeft, .landscapeRight,
  ]
}

extension UIApplicationDelegate {
  /// The delegate's `window`, as the optional requirement iOS declares it: nil (outside)
  /// when the delegate has no stored property of that name, else its value. A delegate's
  /// own `var window: UIWindow?` is used as usual.
  public var window: UIWindow?? {
    var mirror: Mirror? = Mirror(reflecting: self)
    while let m = mirror {
      if let child = m.children.first(where: { $0.label == "window" }) {
        return .some(child.value as? UIWindow)
      }
      mirror = m.superclassMirror
    }
    return .none
  }
}
