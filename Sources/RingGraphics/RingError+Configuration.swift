extension RingError.Code {
  /// A configuration file that is not strict JSON (RFC 8259), or does not fit the type read
  /// from it. The message starts with `FILE:LINE:COLUMN: `.
  public static let invalidConfiguration = Self(name: "invalidConfiguration")
}
