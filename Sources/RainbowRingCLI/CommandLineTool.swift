import Foundation
import RainbowRing
import RingExport

/// The `rainbow-ring` command: parses arguments, runs a subcommand, returns the exit code.
/// Usage errors exit 64 (EX_USAGE), runtime failures 1, as swift-argument-parser does.
public enum CommandLineTool {
  public static let version = "0.1.0"
  /// What `--version` prints.
  static let versionLine = "rainbow-ring \(version)\n"
  static let exitUsage: Int32 = 64

  /// The subcommands, in the order help lists them; the first is the default.
  static let subcommands: [any Subcommand.Type] = [
    PlayCommand.self, RenderCommand.self, ExportCommand.self, CheckCommand.self,
    ConfigCommand.self,
  ]

  /// The subcommands' declarations, for help, the man page and the completions.
  static let commands = subcommands.map { $0.command }

  /// The root's own options, as help, completions and the man page show them.
  static let rootSpecs = [
    OptionSpec("version", help: "Show the version."),
    OptionSpec("help", short: "h", help: "Show help information."),
  ]

  /// The options every subcommand ends with: `--no-limits`, `--version`, `--help`.
  static let closingSpecs = [Limits.spec] + rootSpecs

  static let overview = "Render the seed's animated rainbow ring."
  static let rootUsage = "rainbow-ring [<subcommand>]"

  static let rootHelp = Help.render(
    overview: overview, usage: rootUsage,
    sections: [
      ("OPTIONS", rootSpecs.map { ($0.synopsis, $0.help) }),
      ("SUBCOMMANDS", commands.map { ($0.name, $0.abstract) }),
    ],
    footer: "See 'rainbow-ring help <subcommand>' for detailed help.")

  /// Where the arguments lead: text to print, a subcommand with its own arguments, or a
  /// subcommand that does not exist.
  enum Route {
    case print(String)
    /// A subcommand with its own arguments.
    case run(any Subcommand.Type, [String])
    /// `rainbow-ring` alone.
    case bare
    case unknown(String)
    case usage(String)
  }

  static func route(_ arguments: [String]) -> Route {
    // Alone, the tool plays: a window on a desktop, else the terminal, else the usage.
    guard let first = arguments.first else { return .bare }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "-h", "--help": return .print(rootHelp)
    case "--version": return .print(versionLine)
    // Hidden: what `scripts/install` puts beside the binary.
    case "--generate-completion-script":
      guard rest.count == 1, let shell = CompletionShell(rawValue: rest[0]) else {
        return .usage(
          "'--generate-completion-script' takes one of \(CompletionShell.allCases.map(\.rawValue).joined(separator: ", "))."
        )
      }
      return .print(shell.script())
    case "--generate-manual":
      guard rest.isEmpty else { return .usage("'--generate-manual' takes no arguments.") }
      return .print(ManualPage.text())
    case "help":
      switch rest.first {
      case nil: return .print(rootHelp)
      case let name?:
        guard let command = commands.first(where: { $0.name == name }) else {
          return .unknown(name)
        }
        return .print(command.help)
      }
    // Options without a subcommand are the player's: `rainbow-ring --duration 2`.
    case let option where option.hasPrefix("-"): return .run(PlayCommand.self, arguments)
    default:
      guard let subcommand = subcommands.first(where: { $0.command.name == first }) else {
        return .unknown(first)
      }
      return .run(subcommand, rest)
    }
  }

  static func unknownSubcommand(_ name: String) -> RingError {
    let near = Suggestion.nearest(to: name, among: commands.map(\.name) + ["help"])
    return RingError.usage(
      "Unknown subcommand '\(name)'." + (near.map { " Did you mean '\($0)'?" } ?? ""))
  }

  /// Runs the tool with `arguments` (without the program name).
  public static func run(_ arguments: [String], console: Console) -> Int32 {
    switch route(arguments) {
    case .print(let text): return printing(text, console)
    case .run(let subcommand, let rest): return subcommand.run(rest, console: console)
    case .bare: return PlayCommand.runBare(console: console)
    case .unknown(let name):
      return usageError(unknownSubcommand(name).message, usage: rootUsage, helpFor: nil, console)
    case .usage(let message):
      return usageError(message, usage: rootUsage, helpFor: nil, console)
    }
  }

  /// The usage error `run` would report for `arguments` (its message), or `nil` when they
  /// are valid. Checks every option's value and the caps, reads no environment and writes
  /// nothing: for scripts, and for fuzzing the whole validation path.
  public static func usageProblem(in arguments: [String]) -> String? {
    do throws(RingError) {
      switch route(arguments) {
      case .print: break
      case .run(let subcommand, let rest): try subcommand.validate(rest)
      case .bare: _ = try PlayCommand.makePlan([])
      case .unknown(let name): throw unknownSubcommand(name)
      case .usage(let message): throw RingError.usage(message)
      }
    } catch  where error.code == .resources {
      return nil  // memory that cannot be had: a failure of the run, not of its usage
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
      "\(console.errorLabel) \(message)\nUsage: \(usage)\n  See '\(helpCommand)' for more information.\n"
    )
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
    console.writeErr("\(console.errorLabel) \(VisibleText.escaped(message))\n")
    return 1
  }
}
