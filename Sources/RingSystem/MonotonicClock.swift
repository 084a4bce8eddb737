import Foundation

/// A clock for players and progress bars: seconds since it started, read from the monotonic clock (never the
/// sum of frame intervals, so hours of play do not drift).
public struct MonotonicClock: Sendable {
  private let start: Double

  public init() { start = MonotonicClock.now() }

  public static func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  /// Seconds since the clock started.
  public var elapsed: Double { MonotonicClock.now() - start }
}
