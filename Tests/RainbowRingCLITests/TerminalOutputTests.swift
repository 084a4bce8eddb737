import Foundation
import RingGraphics
import RingTestSupport
import Testing

@testable import RainbowRingCLI
@testable import RingCommandLine
@testable import RingCommands

/// What reaches the terminal: user text escaped, and a standard output that cannot be
/// written reported instead of ignored.
@Suite struct TerminalOutputTests {
  @Test(arguments: [
    ("plain/path.png", "plain/path.png"), ("a\nb", "a\\nb"), ("\u{1b}[31mred", "\\u{1b}[31mred"),
    ("tab\there\r", "tab\\there\\r"), ("\u{7f}\u{85}", "\\u{7f}\\u{85}"), ("über ✓", "über ✓"),
  ])
  func controlCharactersAreShownEscaped(text: String, shown: String) {
    #expect(VisibleText.escaped(text) == shown, "\(text.debugDescription) shows as \(shown)")
  }

  static let hostile = "a\nb\u{1b}[31m.png"

  @Test func aRuntimeErrorNamingAHostilePathIsOneLine() {
    let run = Captured(["render", "-o", "/nonexistent-dir/" + Self.hostile])
    #expect(run.code == 1, "exit \(run.code)")
    #expect(run.err.hasPrefix("Error: cannot write"), "\(run.err)")
    #expect(run.err.filter { $0 == "\n" }.count == 1 && run.err.hasSuffix("\n"), "one line")
    #expect(run.err.contains("a\\nb\\u{1b}[31m.png"), "the escapes are visible: \(run.err)")
    #expect(!run.err.contains("\u{1b}"), "no escape sequence reaches the terminal")
  }

  @Test func theProgressBarShowsAHostilePathEscaped() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var err = ""
    let console = Console(
      writeOut: { _ in }, writeErr: { err += $0 }, errorIsTerminal: true)
    let code = ExportCommand.run(
      [
        "-o", dir + "/" + Self.hostile, "--format", "apng", "--duration", "0.1", "--size", "20",
        "--ring-width", "2",
      ],
      console: console)
    #expect(code == 0, "exit \(code): \(err)")
    let label = "exporting \(dir)/a\\nb\\u{1b}[31m.png ["
    #expect(err.split(separator: "\n").contains { $0.contains(label) }, "one line: \(err)")
    #expect(!err.contains("\u{1b}"), "no escape sequence reaches the terminal: \(err)")
  }

  /// `--help`, `--version` and `-o -` to a full (a device node made here) or closed standard output
  /// fail with one line.
  @Test(arguments: [
    ("--help", ">full", "No space left on device"),
    ("--version", ">full", "No space left on device"),
    ("export --help", ">full", "No space left on device"),
    ("render -o - --size 40", ">&-", "Bad file descriptor"),
    ("render -o - --size 40", ">full", "No space left on device"),
    ("export -o - --duration 0.1 --size 40 --quiet", ">full", "No space left on device"),
    ("--help", ">&-", "Bad file descriptor"), ("render --version", ">&-", "Bad file descriptor"),
  ])
  func unwritableStandardOutputIsAnError(args: String, redirect: String, reason: String) throws {
    let binary = try rainbowRingBinary()
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // `full` is a full device of our own (as /dev/full), never the real one.
    let result = try runProcess(
      "/bin/sh", ["-c", "cd '\(dir)' && mknod full c 1 7 && '\(binary)' \(args) \(redirect)"])
    #expect(result.status == 1, "\(args) \(redirect): exit \(result.status)")
    #expect(
      result.stderr == "Error: cannot write to standard output: \(reason)\n",
      "\(args) \(redirect): \(result.stderr)")
  }
}
