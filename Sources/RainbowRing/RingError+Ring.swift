import RingGraphics

extension RingError.Code {
  /// A ring, scene or frame parameter outside its range.
  public static let invalidParameter = Self(name: "invalidParameter")
}
