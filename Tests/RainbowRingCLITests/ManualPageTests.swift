import Foundation
import RingTestSupport
import Testing

@testable import RainbowRingCLI
@testable import RingCommandLine
@testable import RingCommands

/// The man page the binary generates: man and groff render it without a warning, and it
/// lists every option of every subcommand under that subcommand.
@Suite struct ManualPageTests {
  static func page(in dir: String) throws -> String {
    let run = try runProcess(try rainbowRingBinary(), ["--generate-manual"])
    #expect(run.status == 0 && run.stderr.isEmpty, "exit \(run.status): \(run.stderr)")
    let path = dir + "/rainbow-ring.1"
    try run.stdout.write(to: URL(fileURLWithPath: path))
    return path
  }

  /// `man -l` renders it as a reader sees it: plain text, wide enough not to wrap names.
  static func rendered(_ path: String) throws -> ProcessResult {
    try runProcess(
      try requiredTool("man", package: "man-db"), ["--warnings", "-l", path],
      environment: [
        "MANWIDTH": "120", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "MANPAGER": "cat",
      ])
  }

  @Test func manRendersItWithoutWarnings() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = try Self.page(in: dir)
    let run = try Self.rendered(path)
    #expect(run.status == 0, "man -l: exit \(run.status): \(run.stderr)")
    #expect(run.stderr.isEmpty, "man --warnings: \(run.stderr)")
    let text = String(decoding: run.stdout, as: UTF8.self)
    #expect(text.contains("RAINBOW-RING(1)"), "the title line: \(text.prefix(200))")
    #expect(
      text.contains("RAINBOW_RING_REDUCED_MOTION"), "ENVIRONMENT names the reduced-motion variable")
    let groff = try runProcess(
      try requiredTool("groff", package: "groff-base"), ["-ww", "-man", "-Tutf8", "-z", path])
    #expect(groff.status == 0 && groff.stderr.isEmpty, "groff -ww: \(groff.stderr)")
  }

  @Test func itListsEveryOptionOfEverySubcommand() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let run = try Self.rendered(try Self.page(in: dir))
    let text = String(decoding: run.stdout, as: UTF8.self)
    let names = CommandLineTool.commands.map(\.name)
    for (i, command) in CommandLineTool.commands.enumerated() {
      // The subcommand's part: from its heading to the next one (or EXAMPLES).
      let start = try #require(text.range(of: "\n   \(command.name)\n"), "\(command.name) heading")
      let next = i + 1 < names.count ? "\n   \(names[i + 1])\n" : "\nEXAMPLES\n"
      let end = try #require(text.range(of: next, range: start.upperBound..<text.endIndex))
      let part = text[start.upperBound..<end.lowerBound]
      for spec in command.options {
        let shown = spec.isInvertible ? "--[no-]\(spec.name)" : "--\(spec.name)"
        let tag =
          (spec.short.map { "-\($0), " } ?? "") + shown
          + (spec.valueName.map { " \($0)" } ?? "")
        #expect(part.contains("\n       \(tag)\n"), "\(command.name): \(tag) is listed")
      }
    }
    for command in CommandLineTool.commands {
      for example in command.examples {
        #expect(text.contains(example.commandLine), "the example \(example.commandLine)")
      }
    }
  }
}
