extension TextFont {
  /// How heavy a face's strokes are, as a CSS-like number from 1 to 1000 (400 regular, 700
  /// bold), with UIKit's names.
  ///
  /// UIKit's `ultraLight` is the lightest of its weights, so it is 100 and `thin` 200
  /// (CSS calls 100 thin and 200 extra-light). Fontconfig picks the nearest installed face.
  public struct Weight: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// 1...1000.
    public let value: Double

    /// Throws unless `value` is in 1...1000.
    public init(_ value: Double) throws {
      guard value >= 1, value <= 1000 else {
        throw RingError(.invalidFontWeight, "a font weight is 1 to 1000, not \(value)")
      }
      self.value = value
    }

    private init(exactly value: Double) { self.value = value }

    public static let ultraLight = Weight(exactly: 100)
    public static let thin = Weight(exactly: 200)
    public static let light = Weight(exactly: 300)
    public static let regular = Weight(exactly: 400)
    public static let medium = Weight(exactly: 500)
    public static let semibold = Weight(exactly: 600)
    public static let bold = Weight(exactly: 700)
    public static let heavy = Weight(exactly: 800)
    public static let black = Weight(exactly: 900)

    /// A weight from a face's own (fontconfig's), clamped to 1...1000.
    init(clamping value: Double) { self.value = min(max(value, 1), 1000) }

    public static func < (a: Weight, b: Weight) -> Bool { a.value < b.value }

    public var description: String { "\(Int(value.rounded()))" }
  }

  /// Upright or italic.
  public enum Style: Hashable, Sendable {
    case normal
    case italic
  }
}
