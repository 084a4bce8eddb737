import RingText

extension UIFont {
  /// How heavy a system font is, as UIKit numbers it: -1 (lightest) to 1 (heaviest), 0
  /// regular.
  ///
  /// Drawn at the CSS-like weight (100 to 900) between the named weights' values, found
  /// piecewise linearly: ultraLight 100 ... black 900; beyond them, the ends.
  public struct Weight: Hashable, Sendable, RawRepresentable {
    public let rawValue: CGFloat

    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

    public static let ultraLight = Weight(rawValue: -0.8)
    public static let thin = Weight(rawValue: -0.6)
    public static let light = Weight(rawValue: -0.4)
    public static let regular = Weight(rawValue: 0)
    public static let medium = Weight(rawValue: 0.23)
    public static let semibold = Weight(rawValue: 0.3)
    public static let bold = Weight(rawValue: 0.4)
    public static let heavy = Weight(rawValue: 0.56)
    public static let black = Weight(rawValue: 0.62)

    /// UIKit's named weights and the CSS-like weights drawn for them.
    private static let table: [(raw: Double, css: Double)] = [
      (-0.8, 100), (-0.6, 200), (-0.4, 300), (0, 400), (0.23, 500), (0.3, 600), (0.4, 700),
      (0.56, 800), (0.62, 900),
    ]

    /// The CSS-like weight drawn.
    var textFontWeight: TextFont.Weight {
      let raw = Double(rawValue).isNaN ? 0 : Double(rawValue)
      let table = Self.table
      var css = raw <= table[0].raw ? table[0].css : table[table.count - 1].css
      for (a, b) in zip(table, table.dropFirst()) where raw >= a.raw && raw <= b.raw {
        css = a.css + (raw - a.raw) / (b.raw - a.raw) * (b.css - a.css)
        break
      }
      // Valid by construction: 100...900.
      return try! TextFont.Weight(css)
    }
  }
}
