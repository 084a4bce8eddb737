import Foundation
import RingText

/// A description of a font (UIKit's): its face and size, from which fonts of other sizes or
/// traits are made (`UIFont(descriptor:size:)`).
open class UIFontDescriptor: NSObject, @unchecked Sendable {
  /// The face described, at `pointSize`.
  let font: UIFont

  init(font: UIFont) {
    self.font = font
    super.init()
  }

  /// The font named `fontName` (a PostScript name or a family, as `UIFont(name:size:)`
  /// takes it) at `size` points; the system font when no installed font has that name.
  public convenience init(name fontName: String, size: CGFloat) {
    let size = size > 0 ? size : UIFont.systemFontSize
    self.init(font: UIFont(name: fontName, size: size) ?? .systemFont(ofSize: size))
  }

  /// Traits of a face (UIKit's); bold and italic are found among the installed faces.
  public struct SymbolicTraits: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
    public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
    public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
    public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
    public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
    public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
    public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
    public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
    public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)
  }

  /// A system design (UIKit's): only the default one is installed here.
  public struct SystemDesign: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let `default` = SystemDesign(rawValue: "NSCTFontUIFontDesignDefault")
    public static let rounded = SystemDesign(rawValue: "NSCTFontUIFontDesignRounded")
    public static let monospaced = SystemDesign(rawValue: "NSCTFontUIFontDesignMonospaced")
    public static let serif = SystemDesign(rawValue: "NSCTFontUIFontDesignSerif")
  }

  /// The size, in points.
  open var pointSize: CGFloat { font.pointSize }
  open var postscriptName: String { font.fontName }
  open var symbolicTraits: SymbolicTraits {
    var traits: SymbolicTraits = []
    if font.textFont.weight >= .semibold { traits.insert(.traitBold) }
    if font.textFont.style == .italic { traits.insert(.traitItalic) }
    return traits
  }

  /// The same face at `newPointSize` points.
  open func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor {
    UIFontDescriptor(font: font.withSize(newPointSize))
  }

  /// The face of the same family with `traits` bold and italic (and neither when absent),
  /// at the same size; nil when the family has no such face, as iOS gives.
  open func withSymbolicTraits(_ traits: SymbolicTraits) -> UIFontDescriptor? {
    let weight: TextFont.Weight = traits.contains(.traitBold) ? .bold : .regular
    let style: TextFont.Style = traits.contains(.traitItalic) ? .italic : .normal
    guard
      let face = try? TextFont(
        family: font.textFont.familyName, size: font.textFont.size, weight: weight, style: style),
      face.style == style, (face.weight >= .semibold) == traits.contains(.traitBold)
    else { return nil }
    return UIFontDescriptor(font: UIFont(textFont: face))
  }

  /// This descriptor in `design`: itself for the default design, nil for the others, whose
  /// faces (Apple's) are not installed, as iOS gives where a design is missing.
  open func withDesign(_ design: SystemDesign) -> UIFontDescriptor? {
    design == .default ? self : nil
  }
}

extension UIFont {
  /// What describes this font: its face and size.
  public var fontDescriptor: UIFontDescriptor { UIFontDescriptor(font: self) }

  /// The font `descriptor` describes, at `pointSize` points, or at the descriptor's own
  /// size when `pointSize` is 0.
  public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
    let font = descriptor.font
    self.init(
      textFont: pointSize == 0 ? font.textFont : font.withSize(pointSize).textFont,
      monospacedDigits: font.monospacedDigits)
  }
}

/// A font as Core Graphics names it (`CGFont(name as CFString)`), as Swift code sets
/// `CATextLayer.font` with one.
open class CGFont: @unchecked Sendable {
  let font: UIFont

  /// The installed font named `name` (as `UIFont(name:size:)` takes it); nil when none is.
  public init?(_ name: CFString) {
    guard let font = UIFont(name: name, size: UIFont.systemFontSize) else { return nil }
    self.font = font
  }

  public var postScriptName: CFString? { font.fontName }
  public var fullName: CFString? { font.fontName }
}
