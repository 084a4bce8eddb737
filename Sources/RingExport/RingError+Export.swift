import RingGraphics
import RingSystem

extension RingError {
  /// The error for the terminating signal received so far, or `nil` when none has come.
  public static var interruption: RingError? {
    let signal = Termination.pending
    return signal == 0 ? nil : RingError(.interrupted, "interrupted by signal \(signal)")
  }
}

extension RingError.Code {
  /// A file or folder could not be written.
  public static let cannotWrite = Self(name: "cannotWrite")
  /// The reader of standard output left.
  public static let brokenPipe = Self(name: "brokenPipe")
  public static let ffmpegMissing = Self(name: "ffmpegMissing")
  public static let ffmpegFailed = Self(name: "ffmpegFailed")
  /// A terminating signal stopped the work.
  public static let interrupted = Self(name: "interrupted")
  public static let invalidSettings = Self(name: "invalidSettings")
  /// Frames that flash past WCAG 2.3.1's limits, found as they were drawn.
  public static let flashing = Self(name: "flashing")
  /// `--format frames` into a folder that already holds files (a usage error).
  public static let folderNotEmpty = Self(name: "folderNotEmpty")
  /// Two outputs of one export are one file (a usage error).
  public static let outputsCollide = Self(name: "outputsCollide")
}
