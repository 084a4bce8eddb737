import RingGraphics

extension RingError.Code {
  /// Control points of a timing function outside [0, 1] in x, or not finite.
  public static let invalidTimingFunction = Self(name: "invalidTimingFunction")
  /// A negative or non-finite duration, speed or time offset.
  public static let invalidTiming = Self(name: "invalidTiming")
  /// An animation key path a layer does not animate.
  public static let unknownKeyPath = Self(name: "unknownKeyPath")
  /// A value of the wrong kind for its key path.
  public static let mismatchedValue = Self(name: "mismatchedValue")
  /// A live tree whose animations stop and restart without moving its clock toward a frame.
  public static let stalledClock = Self(name: "stalledClock")
}
