import Foundation
import RainbowRing
import RingCommandLine
import RingCommands
import RingExport

/// The `rainbow-ring` command: parses arguments, runs a subcommand, returns the exit code.
/// Usage errors exit 64 (EX_USAGE), runtime failures 1, as swift-argument-parser does.
public enum CommandLineTool {
  public static let version = Release.version
  /// What `--version` prints.
  static let versionLine = "rainbow-ring \(version)\n"

  /// The subcommands, in the order help lists them; the first is the default.
  static let subcommands: [any Subcommand.Type] = [
    PlayCommand.self, RenderCommand.self, ExportCommand.self, CheckCommand.self,
    ConfigCommand.self,
  ]

  /// The subcommands' declarations, for help, the man page and the completions.
  static let commands = subcommands.map { $0.command }

  /// The root's own options, as help, completions and the man page show them.
  static let rootSpecs = OptionSpec.informational

  /// The options every subcommand ends with: `--no-limits`, `--version`, `--help`.
  static let closingSpecs = [Limits.spec] + OptionSpec.informational

  static let overview = "Render the seed's animated rainbow ring."
  static let rootUsage = "rainbow-ring [<subcommand>]"

  /// The tool as its man page and completions describe it.
  static let spec = ToolSpec(
    name: "rainbow-ring", version: version, overview: overview, rootSpecs: rootSpecs,
    commands: commands,
    manualDescription: """
      Without a subcommand it plays the animation; options without a subcommand are the
      player's.

      """,
    manualSections: """
      .SH EXIT STATUS
      0 on success (and after help or the version); 1 when the work fails (a file cannot be
      written, the player cannot start); for \\fBcheck\\fR, 1 when the ring flashes too much
      and 2 when it cannot be checked or reported; 64 for a usage error, or when the bare
      command has nowhere to play; 128 + N after signal N (130 for Ctrl\\-C).
      .SH ENVIRONMENT
      .TP
      .B DISPLAY
      The X display a window opens on.
      .TP
      .B TERM\\fR, \\fBCOLORTERM
      What the terminal shows (with \\fB\\-\\-graphics auto\\fR).
      .TP
      .B NO_COLOR
      When set and not empty, errors are not coloured and the terminal player uses no colour.
      .TP
      .B RAINBOW_RING_REDUCED_MOTION
      1, true, yes or on: \\fBplay\\fR holds a still frame (space plays it); 0, false, no or
      off: full motion, whatever the desktop says. \\fB\\-\\-\\fR[\\fBno\\-\\fR]\\fBreduced\\-motion\\fR
      overrides it; without either, GNOME's \\fBenable\\-animations\\fR (read with
      \\fBgsettings\\fR) decides. \\fBexport\\fR keeps the whole animation and says so.
      .SH SEE ALSO
      \\fBrainbow\\-ring help\\fR \\fIsubcommand\\fR, \\fBffmpeg\\fR(1)

      """)

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
      return .print(shell.script(for: spec))
    case "--generate-manual":
      guard rest.isEmpty else { return .usage("'--generate-manual' takes no arguments.") }
      return .print(ManualPage.text(for: spec))
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
    case .print(let text): return CommandExit.printing(text, console)
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

  /// `message` as a usage error of `usage` (exit 64), with where help is: the subcommand
  /// `command`'s, or the root's.
  static func usageError(
    _ message: String, usage: String, helpFor command: String?, _ console: Console
  ) -> Int32 {
    let help = command.map { "rainbow-ring \($0) --help" } ?? "rainbow-ring --help"
    return CommandExit.usageError(message, usage: usage, help: help, console)
  }
}
