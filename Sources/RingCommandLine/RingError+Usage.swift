import RingGraphics

extension RingError.Code {
  /// Arguments the command line refuses: printed as `Error: ...` with the usage line,
  /// exit 64 (EX_USAGE).
  public static let usage = Self(name: "usage")
}

extension RingError {
  /// A usage error whose message is one line: control characters the user typed (a newline
  /// inside an argument) are escaped, so it cannot break across lines or drive the terminal.
  package static func usage(_ message: String) -> RingError {
    RingError(.usage, VisibleText.escaped(message))
  }
}
