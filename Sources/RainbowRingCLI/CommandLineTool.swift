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

  /// Runs the tool with `arguments` (without the program name).
  public static func run(_ arguments: [String], console: Console) -> Int32 {
    guard let first = arguments.first else {
      // Alone, the tool plays: a window on a desktop, else the terminal, else the usage.
      return PlayCommand.run([], console: console, implicit: true)
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "-h", "--help":
      return printing(rootHelp, console)
    case "--version":
      return printing(version + "\n", console)
    case "help":
      switch rest.first {
      case nil: return printing(rootHelp, console)
      case "render": return printing(RenderCommand.help, console)
      case "export": return printing(ExportCommand.help, console)
      case "play": return printing(PlayCommand.help, console)
      case let other?:
        return usageError(
          "Unknown subcommand '\(other)'.", usage: "rainbow-ring [<subcommand>]", helpFor: nil,
          console)
      }
    case "render":
      return RenderCommand.run(rest, console: console)
    case "export":
      return ExportCommand.run(rest, console: console, isTerminal: console.errorIsTerminal)
    case "play":
      return PlayCommand.run(rest, console: console)
    case let option where option.hasPrefix("-"):
      // Options without a subcommand are the player's: `rainbow-ring --duration 2`.
      return PlayCommand.run(arguments, console: console)
    default:
      return usageError(
        "Unknown subcommand '\(first)'.", usage: "rainbow-ring [<subcommand>]", helpFor: nil,
        console)
    }
  }

  /// The usage error `run` would report for `arguments` (its message), or `nil` when they
  /// are valid. Checks every option's value and the caps, reads no environment and writes
  /// nothing: for scripts, and for fuzzing the whole validation path.
  public static func usageProblem(in arguments: [String]) -> String? {
    guard let first = arguments.first else { return nil }
    let rest = Array(arguments.dropFirst())
    do throws(UsageError) {
      switch first {
      case "-h", "--help", "--version": return nil
      case "help":
        if let other = rest.first, !["render", "export", "play"].contains(other) {
          return UsageError(message: "Unknown subcommand '\(other)'.").message
        }
      case "render": _ = try RenderCommand.makePlan(rest)
      case "export": _ = try ExportCommand.makePlan(rest)
      case "play": _ = try PlayCommand.makePlan(rest)
      case let option where option.hasPrefix("-"): _ = try PlayCommand.makePlan(arguments)
      default: return UsageError(message: "Unknown subcommand '\(first)'.").message
      }
    } catch {
      return error.message
    }
    return nil
  }

  static func printing(_ text: String, _ console: Console) -> Int32 {
    do {
      try console.out(text)
      return 0
    } catch {
      return 1
    }
  }

  /// Prints `Error: message`, the usage and where to find help to standard error.
  static func usageError(
    _ message: String, usage: String, helpFor command: String?, _ console: Console
  )
    -> Int32
  {
    let helpCommand = command.map { "rainbow-ring \($0) --help" } ?? "rainbow-ring --help"
    let message = UsageError(message: message).message  // one line, whatever was typed
    console.writeErr(
      "Error: \(message)\nUsage: \(usage)\n  See '\(helpCommand)' for more information.\n")
    return exitUsage
  }

  /// Prints `Error: message` to standard error for a runtime failure.
  static func failure(_ message: String, _ console: Console) -> Int32 {
    console.writeErr("Error: \(message)\n")
    return 1
  }
}
