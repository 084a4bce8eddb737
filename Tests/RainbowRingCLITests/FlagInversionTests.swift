import RainbowRing
import Testing

@testable import RainbowRingCLI
@testable import RingCommandLine
@testable import RingCommands

/// `--no-FLAG` turns a flag off, never on; the last of `--FLAG` and `--no-FLAG` wins.
@Suite struct FlagInversionTests {
  @Test(arguments: [
    (["--quiet"], "quiet", true),
    (["--no-quiet"], "quiet", false),
    (["--quiet", "--no-quiet"], "quiet", false),
    (["--no-quiet", "--quiet"], "quiet", true),
    (["--quiet", "--quiet"], "quiet", true),
    (["--no-limits"], "no-limits", true),
    (["--exact-fps", "--no-exact-fps"], "exact-fps", false),
  ])
  func theLastSpellingWins(args: [String], flag: String, isOn: Bool) throws {
    let parsed = try ParsedArguments.parse(args, specs: ExportCommand.specs)
    #expect(parsed.has(flag) == isOn, "\(args): --\(flag) is \(isOn ? "on" : "off")")
  }

  /// `--no-limits` is a plain flag: its name already says "no", so `--no-no-limits` is an
  /// unknown option (it once was accepted and kept the caps), and help shows no `--[no-]`.
  @Test(arguments: ["render", "export", "play", "check", "config"])
  func noLimitsIsAPlainFlag(command: String) throws {
    let problem = CommandLineTool.usageProblem(in: [command, "--no-no-limits"])
    #expect(
      problem?.hasPrefix("Unknown option '--no-no-limits'.") == true,
      "\(command) refuses --no-no-limits: \(problem ?? "accepted")")
    #expect(!Limits.spec.isInvertible, "--no-limits does not invert")
  }

  @Test func noQuietLeavesQuietOff() throws {
    let plan = try #require(try ExportCommand.makePlan(["-o", "r.gif", "--no-quiet"]).plan)
    #expect(!plan.quiet, "--no-quiet does not turn quiet on")
    let quiet = try #require(try ExportCommand.makePlan(["-o", "r.gif", "--quiet"]).plan)
    #expect(quiet.quiet, "--quiet does")
  }

  @Test(arguments: [
    ["--no-size", "5"], ["--no-output", "x.gif"], ["--no-help"], ["--no-version"],
    ["--no-frobnicate"], ["--no-no-no-limits"],
  ])
  func noBeforeAnythingButAnInvertibleFlagIsUnknown(args: [String]) {
    let problem = CommandLineTool.usageProblem(in: ["export", "-o", "r.gif"] + args)
    #expect(problem == "Unknown option '\(args[0])'.", "\(args): \(problem ?? "accepted")")
  }

  /// Help shows `--[no-]FLAG` for exactly the flags that take `--no-`.
  @Test(arguments: [
    (ExportCommand.specs, ExportCommand.command.help),
    (RenderCommand.specs, RenderCommand.command.help),
    (PlayCommand.specs, PlayCommand.command.help),
  ])
  func helpShowsWhichFlagsInvert(specs: [OptionSpec], help: String) throws {
    for spec in specs where spec.isFlag {
      let shown = help.contains("--[no-]\(spec.name)")
      #expect(shown == spec.isInvertible, "--\(spec.name): help shows the inversion")
      let accepted = (try? ParsedArguments.parse(["--no-\(spec.name)"], specs: specs)) != nil
      #expect(accepted == spec.isInvertible, "--no-\(spec.name) accepted as help says")
    }
    #expect(
      specs.filter(\.isInvertible).map(\.name).allSatisfy { !["help", "version"].contains($0) },
      "--no-help and --no-version mean nothing")
  }
}
