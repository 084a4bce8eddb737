@_exported import RingCore

extension RingError.Code {
  /// A colour component outside [0, 1], or a non-finite hue.
  public static let invalidColor = Self(name: "invalidColor")
  /// A pixmap of no pixels or too many.
  public static let invalidSize = Self(name: "invalidSize")
  public static let invalidGradient = Self(name: "invalidGradient")
  public static let invalidStroke = Self(name: "invalidStroke")
  public static let invalidPath = Self(name: "invalidPath")
}
