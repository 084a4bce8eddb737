import RingGraphics

extension RingError.Code {
  /// A player cannot start (no display, no usable terminal) or its screen went away.
  public static let cannotPlay = Self(name: "cannotPlay")
}
