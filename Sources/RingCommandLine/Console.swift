import Foundation
import RingCore
import RingSystem

/// Where a command writes: standard output (bytes, so PNG data can go there) and standard
/// error (text). Tests pass buffers; the executable passes the real streams.
public struct Console {
  public var writeOut: ([UInt8]) throws -> Void
  public var writeErr: (String) -> Void
  /// Whether standard error is a terminal (progress bars are drawn only then).
  public var errorIsTerminal: Bool
  /// Whether standard output is a terminal (binary data is not written there).
  public var outputIsTerminal: Bool
  /// Whether standard input is a terminal (keys can stop the player).
  public var inputIsTerminal: Bool
  /// Whether `Error:` is shown in colour; see `colorsErrors(errorIsTerminal:environment:)`.
  public var colorsErrors: Bool

  public init(
    writeOut: @escaping ([UInt8]) throws -> Void, writeErr: @escaping (String) -> Void,
    errorIsTerminal: Bool = false, outputIsTerminal: Bool = false, inputIsTerminal: Bool = false,
    colorsErrors: Bool = false
  ) {
    self.writeOut = writeOut
    self.writeErr = writeErr
    self.errorIsTerminal = errorIsTerminal
    self.outputIsTerminal = outputIsTerminal
    self.inputIsTerminal = inputIsTerminal
    self.colorsErrors = colorsErrors
  }

  /// Colour only on a terminal that shows it, and never when NO_COLOR is set to anything
  /// (https://no-color.org).
  public static func colorsErrors(errorIsTerminal: Bool, environment: [String: String]) -> Bool {
    errorIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
      && !["", "dumb"].contains(environment["TERM"] ?? "")
  }

  /// `Error:`, bold red when colours are on.
  package var errorLabel: String { colorsErrors ? "\u{1b}[1;31mError:\u{1b}[0m" : "Error:" }

  package func out(_ text: String) throws { try writeOut(Array(text.utf8)) }

  /// The process's own standard streams: output written whole (a closed or full stream is an
  /// error), standard error best effort (closed, full or gone, the outcome does not change).
  public static func standard(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Console {
    Console(
      writeOut: { bytes in
        if let number = bytes.withUnsafeBytes({ writeAll(STDOUT_FILENO, $0) }) {
          throw POSIXError(POSIXErrorCode(rawValue: number) ?? .EIO)
        }
      },
      writeErr: { text in
        _ = Array(text.utf8).withUnsafeBytes { writeAll(STDERR_FILENO, $0) }
      },
      errorIsTerminal: isatty(STDERR_FILENO) == 1, outputIsTerminal: isatty(STDOUT_FILENO) == 1,
      inputIsTerminal: isatty(STDIN_FILENO) == 1,
      colorsErrors: Console.colorsErrors(
        errorIsTerminal: isatty(STDERR_FILENO) == 1, environment: environment))
  }
}
