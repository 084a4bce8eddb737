import RingGraphics

/// A press, drag or release of a pointer over a live tree (a window's mouse, its first
/// button, standing in for a finger), in the tree's points.
public struct PointerEvent: Hashable, Sendable {
  public enum Phase: Hashable, Sendable {
    /// The button went down.
    case began
    /// The pointer moved with the button down.
    case moved
    /// The button came up.
    case ended
    /// The press ended without a release (the window lost the pointer).
    case cancelled
  }

  public var phase: Phase
  /// Where the pointer is, in the tree's points (the window's, for a UIKit program).
  public var location: Point

  public init(_ phase: Phase, at location: Point) {
    self.phase = phase
    self.location = location
  }
}
