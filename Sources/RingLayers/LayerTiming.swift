import RingCore

/// A layer's own timeline (`CAMediaTiming` on a layer): its local time is
/// `(parent time - beginTime) * speed + timeOffset`, and its animations and sublayers run
/// on it. A speed of 0 pauses them at `timeOffset`.
public struct LayerTiming: Hashable, Sendable {
  /// When the layer's timeline starts, in its superlayer's time.
  public var beginTime = MediaTime.zero
  /// How fast the layer's time runs against its superlayer's (negative runs back).
  public var speed = 1.0
  /// Added to the layer's time.
  public var timeOffset = MediaTime.zero

  public init() {}

  /// Whether local time is the parent's.
  public var isIdentity: Bool { self == LayerTiming() }

  /// The local time at parent time `t`, in nanoseconds.
  public func local(_ t: Int64) -> Int64 {
    if isIdentity { return t }
    let scaled = Double(t &- beginTime.nanoseconds) * (speed.isFinite ? speed : 0)
    return MediaTime.seconds(scaled / 1e9).nanoseconds &+ timeOffset.nanoseconds
  }

  /// The parent time at which local time is `t`, or nil when it never is (a paused layer).
  public func parent(ofLocal t: Int64) -> Int64? {
    if isIdentity { return t }
    guard speed != 0, speed.isFinite else { return nil }
    let seconds = Double(t &- timeOffset.nanoseconds) / 1e9 / speed
    return MediaTime.seconds(seconds).nanoseconds &+ beginTime.nanoseconds
  }
}
