import Foundation
import RingPlayers
import RingTestSupport
import Testing

@testable import RainbowRingCLI
@testable import RingCommandLine
@testable import RingCommands

/// `--[no-]reduced-motion` on the command line, and what an export says about the
/// preference.
struct ReducedMotionCommandTests {
  @Test(
    arguments: [
      ([], nil), (["--reduced-motion"], true), (["--no-reduced-motion"], false),
      (["--reduced-motion", "--no-reduced-motion"], false),
      (["--no-reduced-motion", "--reduced-motion"], true),
    ] as [([String], Bool?)])
  func playReadsTheFlagAndItsInverse(arguments: [String], expected: Bool?) throws {
    let plan = try PlayCommand.makePlan(["--terminal"] + arguments).plan
    #expect(
      plan?.reducedMotion == expected,
      "\(arguments): \(String(describing: plan?.reducedMotion)), expected \(String(describing: expected))"
    )
  }

  @Test func playsHelpNamesTheFlagTheVariableAndTheSpaceBar() {
    let help = PlayCommand.command.help
    #expect(help.contains("--[no-]reduced-motion"), "the option: \(help)")
    #expect(help.contains("RAINBOW_RING_REDUCED_MOTION"), "the variable")
    #expect(help.contains("space pauses and resumes"), "the key")
  }

  /// The real binary: a one-line note on standard error when the variable or the desktop
  /// (a fake gsettings on PATH) asks for reduced motion; none when it does not, or --quiet.
  @Test(
    arguments: [
      (["RAINBOW_RING_REDUCED_MOTION": "1"], [], "RAINBOW_RING_REDUCED_MOTION"),
      (["RAINBOW_RING_REDUCED_MOTION": "0"], [], nil),
      (["RAINBOW_RING_REDUCED_MOTION": "1"], ["--quiet"], nil),
      (["GSETTINGS": "false"], [], "the desktop's setting"),
      (["GSETTINGS": "true"], [], nil),
      ([:], [], nil),
    ] as [([String: String], [String], String?)])
  func exportSaysWhatItDoesWithReducedMotion(
    variables: [String: String], options: [String], reason: String?
  ) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var environment = ProcessInfo.processInfo.environment
    environment["RAINBOW_RING_REDUCED_MOTION"] = variables["RAINBOW_RING_REDUCED_MOTION"]
    // A gsettings of the test's own on PATH, whatever the host's desktop says: it answers,
    // or fails as one without GNOME's schema does.
    let script = dir + "/gsettings"
    let answer = variables["GSETTINGS"].map { "echo \($0)" } ?? "echo 'No such schema' >&2; exit 1"
    try writeExecutableScript(answer, to: script)
    environment["PATH"] = dir + ":" + (environment["PATH"] ?? "")
    let run = try runProcess(
      try rainbowRingBinary(),
      ["export", "--size", "32", "--ring-width", "4", "--format", "svg", "-o", dir + "/r.svg"]
        + options, environment: environment)
    #expect(run.status == 0, "exit \(run.status): \(run.stderr)")
    let notes = run.stderr.split(separator: "\n").filter { $0.contains("reduced motion") }
    if let reason {
      #expect(
        notes.count == 1 && notes[0].contains(reason)
          && notes[0].contains("holds the whole animation"),
        "one line that says why and what the export does: \(run.stderr)")
    } else {
      #expect(notes.isEmpty, "no note: \(run.stderr)")
    }
  }
}
