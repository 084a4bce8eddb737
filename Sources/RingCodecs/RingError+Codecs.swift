import RingGraphics

extension RingError.Code {
  /// An encoder (zlib) failed.
  public static let encoderFailed = Self(name: "encoderFailed")
}
