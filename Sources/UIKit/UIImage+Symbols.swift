import Foundation

// System symbols (SF Symbols) are Apple's font and are not here: `UIImage(systemName:)` is
// nil. The few symbols UIKit names as properties, which programs take as non-optional
// images, are drawn here as simple strokes of the same shapes at the body style's size.

extension UIImage {
  /// A check mark (`"checkmark"`), as a template image.
  public class var checkmark: UIImage {
    symbol { c in c.addLines(between: [p(4.5, 10.5), p(8.5, 14.5), p(15.5, 5.5)]) }
  }

  /// The same check mark (`strokedCheckmark`).
  public class var strokedCheckmark: UIImage { checkmark }

  /// A plus sign (`"plus"`).
  public class var add: UIImage {
    symbol { c in
      c.addLines(between: [p(10, 4), p(10, 16)])
      c.addLines(between: [p(4, 10), p(16, 10)])
    }
  }

  /// A minus sign (`"minus"`).
  public class var remove: UIImage {
    symbol { c in c.addLines(between: [p(4, 10), p(16, 10)]) }
  }

  /// Three dots (`"ellipsis"`).
  public class var actions: UIImage {
    symbol { c in
      for x in [4.0, 10, 16] {
        c.addEllipse(in: CGRect(x: x - 0.25, y: 9.75, width: 0.5, height: 0.5))
      }
    }
  }

  private static func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

  /// A 20-point template image of the path `shape` adds, stroked 2 points wide with round
  /// ends and joins, in black.
  private static func symbol(_ shape: (CGContext) -> Void) -> UIImage {
    let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { r in
      let c = r.cgContext
      c.setStrokeColor(CGColor(gray: 0, alpha: 1))
      c.setLineWidth(2)
      c.setLineCap(.round)
      c.setLineJoin(.round)
      shape(c)
      c.strokePath()
    }
    return image.withRenderingMode(.alwaysTemplate)
  }

  /// What a symbol image is drawn with (UIKit's): size, weight and scale. Images here are
  /// not symbols, so a configuration changes nothing.
  open class Configuration: NSObject, @unchecked Sendable {}

  /// A symbol's weight.
  public enum SymbolWeight: Int, Sendable {
    case unspecified, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
  }

  /// A symbol's scale beside text.
  public enum SymbolScale: Int, Sendable {
    case `default` = -1
    case unspecified, small, medium, large
  }

  /// A configuration for symbol images.
  open class SymbolConfiguration: Configuration, @unchecked Sendable {
    public let pointSize: CGFloat
    public let weight: SymbolWeight
    public let scale: SymbolScale

    init(
      size pointSize: CGFloat = 0, weight: SymbolWeight = .unspecified,
      scale: SymbolScale = .unspecified
    ) {
      self.pointSize = pointSize
      self.weight = weight
      self.scale = scale
      super.init()
    }

    public convenience init(pointSize: CGFloat) { self.init(size: pointSize) }
    public convenience init(weight: SymbolWeight) { self.init(size: 0, weight: weight) }
    public convenience init(scale: SymbolScale) { self.init(size: 0, scale: scale) }
    public convenience init(pointSize: CGFloat, weight: SymbolWeight) {
      self.init(size: pointSize, weight: weight)
    }
    public convenience init(pointSize: CGFloat, weight: SymbolWeight, scale: SymbolScale) {
      self.init(size: pointSize, weight: weight, scale: scale)
    }
    public convenience init(font: UIFont) { self.init(size: font.pointSize) }
    public convenience init(font: UIFont, scale: SymbolScale) {
      self.init(size: font.pointSize, scale: scale)
    }
    public convenience init(textStyle: UIFont.TextStyle) {
      self.init(size: textStyle.metrics.size)
    }
    public convenience init(textStyle: UIFont.TextStyle, scale: SymbolScale) {
      self.init(size: textStyle.metrics.size, scale: scale)
    }
    public convenience init(hierarchicalColor: UIColor) { self.init(size: 0) }
    public convenience init(paletteColors: [UIColor]) { self.init(size: 0) }
    public class func preferringMulticolor() -> SymbolConfiguration { SymbolConfiguration(size: 0) }
    public class var unspecified: SymbolConfiguration { SymbolConfiguration(size: 0) }

    /// This configuration with `other`'s settings where it has them.
    open func applying(_ other: SymbolConfiguration?) -> SymbolConfiguration {
      guard let other else { return self }
      return SymbolConfiguration(
        size: other.pointSize > 0 ? other.pointSize : pointSize,
        weight: other.weight != .unspecified ? other.weight : weight,
        scale: other.scale != .unspecified ? other.scale : scale)
    }
  }

  /// The image in `configuration`: itself, as it is not a symbol.
  public func applyingSymbolConfiguration(_ configuration: SymbolConfiguration) -> UIImage? {
    self
  }

  public func withConfiguration(_ configuration: Configuration) -> UIImage { self }

  /// The symbol named `name` in `configuration`: nil, as `UIImage(systemName:)` is.
  public convenience init?(systemName name: String, withConfiguration configuration: Configuration?)
  {
    self.init(systemName: name)
  }
}
