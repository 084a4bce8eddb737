import RingCommandLine
import RingCommands
import RingCore
import RingSystem

/// A subcommand of `rainbow-ring`, declared once: its name, options, help and usage
/// (`command`), how its arguments become a checked plan (`makePlan`), and how a plan runs
/// (`perform`). Routing, `help <name>`, the man page, the completions and `usageProblem`
/// come from `CommandLineTool.subcommands`; `run` is the one shape every subcommand runs in.
protocol Subcommand: Sendable {
  /// Everything a run needs, checked.
  associatedtype Plan

  static var command: CommandSpec { get }

  /// The checked plan, or what `--help` or `--version` asks for. Throws `RingError`: a usage
  /// error, or `.resources` for memory that cannot be had.
  static func makePlan(_ arguments: [String]) throws(RingError) -> Request<Plan>

  /// Runs a checked plan; returns the exit status.
  static func perform(_ plan: Plan, console: Console) -> Int32
}

extension Subcommand {
  /// Parses `arguments` and runs them: help and the version printed (exit 0, or 1 when
  /// standard output fails), a usage error as one line with the usage (exit 64), memory that
  /// cannot be had as a failure (exit 1), else the plan performed.
  static func run(_ arguments: [String], console: Console) -> Int32 {
    let plan: Plan
    do throws(RingError) {
      switch try makePlan(arguments) {
      case .help: return CommandExit.printing(command.help, console)
      case .version: return CommandExit.printing(CommandLineTool.versionLine, console)
      case .run(let p): plan = p
      }
    } catch  where error.code == .resources {
      return CommandExit.failure(error.message, console)
    } catch {
      return usageError(error.message, console)
    }
    return perform(plan, console: console)
  }

  /// Checks `arguments` as `run` would before doing anything (`makePlan`), throwing its
  /// error.
  static func validate(_ arguments: [String]) throws(RingError) {
    _ = try makePlan(arguments)
  }

  /// `message` as this subcommand's usage error (exit 64): the message on one line, the
  /// usage, and where its help is.
  static func usageError(_ message: String, _ console: Console) -> Int32 {
    CommandLineTool.usageError(
      message, usage: command.usage, helpFor: command.name, console)
  }
}
