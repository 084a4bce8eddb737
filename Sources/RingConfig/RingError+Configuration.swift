import RainbowRing
import RingGraphics

extension RingError.Code {
  /// A configuration file that is not strict JSON (RFC 8259), or does not fit the type read
  /// from it. The message starts with `FILE:LINE:COLUMN: `.
  public static let invalidConfiguration = Self(name: "invalidConfiguration")
}

extension RingError {
  /// An `.invalidConfiguration` error whose message is `FILE:LINE:COLUMN: message`.
  public static func configuration(
    _ message: String, file: String, at position: JSONPosition
  ) -> RingError {
    RingError(.invalidConfiguration, "\(file):\(position.line):\(position.column): \(message)")
  }
}
