/// How a ring's frames reach a viewer, for `FlashCheck`: which times are shown, at what
/// rate, and for how long.
public enum FlashShowing: Hashable, Sendable {
  /// One still frame (a PNG or a still SVG): nothing can flash.
  case still
  /// Frames on the grid k / `frameRate` of a clock started at time 0, as a player or a
  /// browser draws them at the display's rate, for `duration` (`nil`: until stopped).
  case live(frameRate: Double, duration: MediaTime?)
  /// A file's `frameCount` frames filling `duration` (frame i at i x duration / frameCount,
  /// rounded down to the nanosecond, as `ExportTiming` places them), the whole played
  /// `plays` times (0: forever, so the jump from the last frame to the first is shown too).
  case file(frameCount: Int, duration: MediaTime, plays: Int)

  /// Frames shown per second (1 for a still frame).
  public var frameRate: Double {
    switch self {
    case .still: 1
    case .live(let rate, _): rate
    case .file(let count, let duration, _):
      duration.nanoseconds > 0 ? Double(count) * 1e9 / Double(duration.nanoseconds) : 1
    }
  }
}
