import RingGraphics

extension RingError.Code {
  /// A ring, scene or frame parameter outside its range.
  public static let invalidParameter = Self(name: "invalidParameter")
  /// `locations` of another length than the palette's colours: two values that disagree.
  public static let locationCount = Self(name: "locationCount")
}
