import Foundation
import RingTestSupport
import Testing

@testable import RainbowRingCLI
@testable import RingCommandLine
@testable import RingCommands

/// The export's progress line and closing summary.
@Suite struct ProgressBarTests {
  @Test(arguments: [
    (0, 438, 0.0, "x [....................] 0%  0/438 frames  0:00 elapsed"),
    (
      219, 438, 2.0,
      "x [##########..........] 50%  219/438 frames  110 fps  0:02 elapsed  0:02 left"
    ),
    (3, 10, 4.0, "x [######..............] 30%  3/10 frames  0.8 fps  0:04 elapsed  0:09 left"),
    (438, 438, 3725.0, "x [####################] 100%  438/438 frames  0.1 fps  1:02:05 elapsed"),
  ])
  func theLineShowsPercentageRateElapsedAndTimeLeft(
    done: Int, total: Int, elapsed: Double, line: String
  ) {
    #expect(ProgressBar.line(label: "x", done: done, total: total, elapsed: elapsed) == line)
  }

  @Test func redrawsAtMostTenTimesASecondAndAlwaysAtTheEnd() {
    var t = 0.0
    var writes: [String] = []
    let bar = ProgressBar(label: "x", write: { writes.append($0) }, now: { t })
    for done in 1...100 {
      t += 0.01  // 100 frames a second for one second
      bar.update(done, 100)
    }
    bar.finish()
    let draws = writes.filter { $0.hasPrefix("\r") }
    #expect((10...11).contains(draws.count), "\(draws.count) redraws in one second")
    #expect(draws.last?.contains("100/100 frames") == true, "the last frame is always drawn")
    #expect(writes.last == "\n", "finish ends the line")
  }

  /// A shorter line is padded over a longer one, without escape sequences (TERM=dumb).
  @Test func aShorterLineCoversTheLongerOneBeforeIt() {
    var t = 0.0
    var writes: [String] = []
    let bar = ProgressBar(label: "x", write: { writes.append($0) }, now: { t })
    t = 1
    bar.update(50, 100)  // ... 50 fps  0:01 elapsed  0:01 left
    t = 2
    bar.update(100, 100)  // ... 50 fps  0:02 elapsed
    #expect(writes.count == 2 && writes[0].count == writes[1].count, "\(writes)")
    #expect(writes[1].hasSuffix("elapsed" + String(repeating: " ", count: 9)), "\(writes)")
    #expect(!writes.joined().contains("\u{1b}"))
  }

  /// A line never reaches the terminal's last column, so it never wraps.
  @Test(arguments: [10, 40, 79])
  func theLineFitsANarrowTerminal(columns: Int) {
    var writes: [String] = []
    let bar = ProgressBar(
      label: "exporting a-long-name.apng", write: { writes.append($0) }, now: { 1 },
      columns: { columns })
    bar.update(5, 100)
    #expect(writes.count == 1 && writes[0].dropFirst().count == columns - 1, "\(writes)")
  }

  /// A long path gives way from its start, so the numbers stay in view.
  @Test func aLongPathGivesWayToTheNumbers() {
    var writes: [String] = []
    var t = 0.0
    let bar = ProgressBar(
      label: "exporting /tmp/a_rather_long_but_ordinary_output_name_for_my_ring_v2.apng",
      write: { writes.append($0) }, now: { t }, columns: { 80 })
    t = 2
    bar.update(5, 100)
    #expect(writes.count == 1 && writes[0].dropFirst().count == 79, "\(writes)")
    #expect(writes[0].hasPrefix("\r…") && writes[0].contains("ring_v2.apng 5%"), "\(writes)")
    #expect(writes[0].hasSuffix("left"), "\(writes)")
  }

  @Test(arguments: [
    (0, "0 B"), (999, "999 B"), (1000, "1.0 kB"), (54_123, "54.1 kB"), (999_960, "1.0 MB"),
    (4_750_000, "4.8 MB"), (12_300_000_000, "12.3 GB"),
  ])
  func sizesAreShownInSIUnits(bytes: Int, shown: String) {
    #expect(ExportOptions.byteCount(bytes) == shown)
  }

  /// On a terminal an export ends with one summary line; elsewhere (and with --quiet) none.
  @Test(arguments: [(true, false, true), (false, false, false), (true, true, false)])
  func aSummaryEndsAnExportOnATerminal(terminal: Bool, quiet: Bool, summarised: Bool) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var err = ""
    let console = Console(
      writeOut: { _ in }, writeErr: { err += $0 }, errorIsTerminal: terminal)
    let code = ExportCommand.run(
      ["-o", dir + "/r.gif", "--duration", "0.3", "--size", "20", "--ring-width", "2"]
        + (quiet ? ["--quiet"] : []),
      console: console)
    #expect(code == 0, "exit \(code): \(err)")
    let bytes = try #require(
      try FileManager.default.attributesOfItem(atPath: dir + "/r.gif")[.size] as? Int)
    let expected = "wrote \(dir)/r.gif: \(ExportOptions.byteCount(bytes)), 15 frames, 0.3 s, in "
    let lines = err.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix(expected) } == summarised, "\(err)")
    if !terminal || quiet {
      #expect(!err.contains("\r") && !err.contains("wrote"), "no progress, no summary: \(err)")
    }
  }
}
