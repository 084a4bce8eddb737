import Foundation
import RingGraphics

/// How a command's run ends, the same for every command: usage errors exit 64 (EX_USAGE)
/// with the usage, runtime failures 1 with one line, as swift-argument-parser's do.
package enum CommandExit {
  /// A usage error's exit status.
  package static let usage: Int32 = 64

  /// Prints help or the version; a closed or full standard output is one error line, exit 1.
  package static func printing(_ text: String, _ console: Console) -> Int32 {
    do {
      try console.out(text)
      return 0
    } catch {
      return failure("cannot write to standard output: \(describe(error))", console)
    }
  }

  /// Prints `Error: message`, the usage, and `See 'HELP' for more information.` to standard
  /// error; returns the usage status.
  package static func usageError(
    _ message: String, usage: String, help: String, _ console: Console
  ) -> Int32 {
    let message = RingError.usage(message).message  // one line, whatever was typed
    console.writeErr(
      "\(console.errorLabel) \(message)\nUsage: \(usage)\n  See '\(help)' for more information.\n"
    )
    return self.usage
  }

  /// A runtime error as one line for a person: the library's own messages, a system error's
  /// text, never a raw Foundation dump.
  package static func describe(_ error: Error) -> String {
    switch error {
    case let e as POSIXError: return String(cString: strerror(e.code.rawValue))
    case let e as CocoaError: return e.localizedDescription
    case let e as CustomStringConvertible: return e.description
    default: return error.localizedDescription
    }
  }

  /// Prints `Error: message` to standard error for a runtime failure, on one line whatever
  /// paths or tool output the message holds; returns 1.
  package static func failure(_ message: String, _ console: Console) -> Int32 {
    console.writeErr("\(console.errorLabel) \(VisibleText.escaped(message))\n")
    return 1
  }
}
