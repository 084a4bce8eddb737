@_exported import RingCore

extension RingError.Code {
  /// No installed font has the family asked for; the message names the Debian package
  /// that has it, when one is known.
  public static let fontNotFound = Self(name: "fontNotFound")
  /// A font file FreeType or HarfBuzz cannot read, or a face index it does not have.
  public static let invalidFont = Self(name: "invalidFont")
  /// A font size that is not finite, not positive, or beyond `TextFont.maximumSize`.
  public static let invalidFontSize = Self(name: "invalidFontSize")
  /// A font weight outside 1...1000.
  public static let invalidFontWeight = Self(name: "invalidFontWeight")
}
