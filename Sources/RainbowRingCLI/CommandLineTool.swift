import Foundation
import RainbowRing
import RingExport

/// The `rainbow-ring` command: parses arguments, runs a subcommand, returns the exit code.
/// Usage errors exit 64 (EX_USAGE), runtime failures 1, as swift-argument-parser does.
public enum CommandLineTool {
  public static let version = "0.1.0"
  static let exitUsage: Int32 = 64

  /// The options every subcommand ends with: `--no-limits`, `--version`, `--help`.
  static let closingSpecs = [
    Limits.spec,
    OptionSpec("version", help: "Show the version."),
    OptionSpec("help", short: "h", help: "Show help information."),
  ]

  static let rootHelp = Help.render(
    overview: "Render the seed's animated rainbow ring.",
    usage: "rainbow-ring [<subcommand>]",
    sections: [
      ("OPTIONS", [("--version", "Show the version."), ("-h, --help", "Show help information.")]),
      (
        "SUBCOMMANDS",
        [
          ("play", "Play the animation live in a window or the terminal (the default)."),
          ("render", "Render one frame of the ring to a PNG file."),
          ("export", "Export the animation as a seamless loop (GIF, APNG, WebP, MP4, ...)."),
        ]
      ),
    ],
    footer: "See 'rainbow-ring help <subcommand>' for detailed help.")

  /// Where the arguments lead: text to print, a subcommand with its own arguments, or a
  /// subcommand that does not exist.
  enum Route {
    case print(String)
    case render([String])
    case export([String])
    case play([String], implicit: Bool)
    case unknown(String)
  }

  static func route(_ arguments: [String]) -> Route {
    // Alone, the tool plays: a window on a desktop, else the terminal, else the usage.
    guard let first = arguments.first else { return .play([], implicit: true) }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "-h", "--help": return .print(rootHelp)
    case "--version": return .print(version + "\n")
    case "help":
      switch rest.first {
      case nil: return .print(rootHelp)
      case "render": return .print(RenderCommand.help)
      case "export": return .print(ExportCommand.help)
      case "play": return .print(PlayCommand.help)
      case let other?: return .unknown(other)
      }
    case "render": return .render(rest)
    case "export": return .export(rest)
    case "play": return .play(rest, implicit: false)
    // Options without a subcommand are the player's: `rainbow-ring --duration 2`.
    case let option where option.hasPrefix("-"): return .play(arguments, implicit: false)
    default: return .unknown(first)
    }
  }

  static func unknownSubcommand(_ name: String) -> RingError {
    RingError.usage("Unknown subcommand '\(name)'.")
  }

  /// Runs the tool with `arguments` (without the program name).
  public static func run(_ arguments: [String], console: Console) -> Int32 {
    switch route(arguments) {
    case .print(let text): return printing(text, console)
    case .render(let rest): return RenderCommand.run(rest, console: console)
    case .export(let rest):
      return ExportCommand.run(rest, console: console, isTerminal: console.errorIsTerminal)
    case .play(let rest, let implicit):
      return PlayCommand.run(rest, console: console, implicit: implicit)
    case .unknown(let name):
      return usageError(
        unknownSubcommand(name).message, usage: "rainbow-ring [<subcommand>]", helpFor: nil,
        console)
    }
  }

  /// The usage error `run` would report for `arguments` (its message), or `nil` when they
  /// are valid. Checks every option's value and the caps, reads no environment and writes
  /// nothing: for scripts, and for fuzzing the whole validation path.
  public static func usageProblem(in arguments: [String]) -> String? {
    do throws(RingError) {
      switch route(arguments) {
      case .print: break
      case .render(let rest): _ = try RenderCommand.makePlan(rest)
      case .export(let rest): _ = try ExportCommand.makePlan(rest)
      case .play(let rest, _): _ = try PlayCommand.makePlan(rest)
      case .unknown(let name): throw unknownSubcommand(name)
      }
    } catch {
      return error.message
    }
    return nil
  }

  /// Prints help or the version; a closed or full standard output is one error line, exit 1.
  static func printing(_ text: String, _ console: Console) -> Int32 {
    do {
      try console.out(text)
      return 0
    } catch {
      return failure("cannot write to standard output: \(describe(error))", console)
    }
  }

  /// Prints `Error: message`, the usage and where to find help to standard error.
  static func usageError(
    _ message: String, usage: String, helpFor command: String?, _ console: Console
  )
    -> Int32
  {
    let helpCommand = command.map { "rainbow-ring \($0) --help" } ?? "rainbow-ring --help"
    let message = RingError.usage(message).message  // one line, whatever was typed
    console.writeErr(
      "Error: \(message)\nUsage: \(usage)\n  See '\(helpCommand)' for more information.\n")
    return exitUsage
  }

  /// A runtime error as one line for a person: the library's own messages, a system error's
  /// text, never a raw Foundation dump.
  static func describe(_ error: Error) -> String {
    switch error {
    case let e as POSIXError: return String(cString: strerror(e.code.rawValue))
    case let e as CocoaError: return e.localizedDescription
    case let e as CustomStringConvertible: return e.description
    default: return error.localizedDescription
    }
  }

  /// Prints `Error: message` to standard error for a runtime failure, on one line whatever
  /// paths or tool output the message holds.
  static func failure(_ message: String, _ console: Console) -> Int32 {
    console.writeErr("Error: \(TerminalText.escaped(message))\n")
    return 1
  }
}
