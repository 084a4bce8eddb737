import Foundation
import RingTestSupport
import Synchronization
import Testing

/// Snapshots of a program driven by a chain of animations (`Examples/UIKitChain`, at the
/// pace its environment sets) at times that take long to reach, or forever: refused in
/// seconds with one line, exit 64 and nothing written; shown in progress on a terminal.
@Suite struct SnapshotTimeTests {
  static func chain() throws -> String {
    let path = URL(fileURLWithPath: try runningExecutable()).deletingLastPathComponent()
      .appendingPathComponent("UIKitChain").path
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw ToolFailure(message: "the example UIKitChain is not built beside the tests: \(path)")
    }
    return path
  }

  /// The chain program run with `environment` added, killed if it takes over `limit`
  /// seconds (a hang is a failure, not a stuck suite), signalled `signal` after `delay`.
  static func run(
    _ arguments: [String], environment: [String: String] = [:], limit: Double = 120,
    signal: Int32? = nil, after delay: Double = 0
  ) throws -> (result: ProcessResult, seconds: Double) {
    let start = Date()
    let done = Mutex(false)
    let result = try runProcess(
      try chain(), arguments,
      environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
      signal: signal, after: delay
    ) { pid in
      DispatchQueue.global().asyncAfter(deadline: .now() + limit) {
        done.withLock { if !$0 { kill(pid, SIGKILL) } }
      }
    }
    done.withLock { $0 = true }
    return (result, Date().timeIntervalSince(start))
  }

  static func scratchFile() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("chain-\(UUID()).png").path
  }

  /// The refusal's shape: exit 64, the error on one line then the usage, nothing written.
  static func expectRefused(
    _ run: (result: ProcessResult, seconds: Double), file: String, containing text: String
  ) {
    let lines = run.result.stderr.split(separator: "\n").map(String.init)
    #expect(run.result.status == 64 && !run.result.signalled, "exit 64: \(run.result.stderr)")
    #expect(lines.count == 3 && lines.first?.hasPrefix("Error: ") == true, "\(lines)")
    #expect(lines.first?.contains(text) == true, "says \(text): \(lines.first ?? "")")
    #expect(run.result.stdout.isEmpty, "nothing on standard output")
    #expect(!FileManager.default.fileExists(atPath: file), "no file written")
  }

  /// A chain of 1 ms steps (or the seed's 0.1 s) to 1e9 s: refused from the first slice's
  /// rate, in seconds (stepped, the seed's pace alone would take about three weeks).
  @Test(arguments: [
    ("0.001", "would run about 1,000,000,000,000 animation stops (1,000 per second"),
    ("0.1", "would run about 10,000,000,000 animation stops (10 per second"),
  ])
  func aHugeTimeIsRefusedFromItsEstimate(step: String, text: String) throws {
    let file = Self.scratchFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let run = try Self.run(
      ["--snapshot", file, "--time", "1e9"], environment: ["CHAIN_STEP": step])
    Self.expectRefused(run, file: file, containing: text)
    #expect(run.result.stderr.contains("pass --no-limits"), "names the escape")
    #expect(run.seconds < 60, "refused in \(run.seconds) s")
  }

  /// Each step ends as it begins: the clock never moves, so no time can be reached, even
  /// one millisecond; refused, where it hung before.
  @Test func aChainThatNeverMovesTheClockIsRefused() throws {
    let file = Self.scratchFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let run = try Self.run(
      ["--snapshot", file, "--time", "0.001"], environment: ["CHAIN_STALL": "1"])
    Self.expectRefused(run, file: file, containing: "without its clock moving")
    #expect(
      !run.result.stderr.contains("earlier --time"), "no earlier time helps: \(run.result.stderr)")
  }

  /// Times that are not a time after launch, or past the clock's range: refused as usage.
  @Test(arguments: ["1e300", "1e400", "inf", "-inf", "nan", "-1", "-1e-9", "1000000000.5", ""])
  func absurdTimesAreRefused(time: String) throws {
    let file = Self.scratchFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let run = try Self.run(["--snapshot", file, "--time", time], limit: 30)
    Self.expectRefused(run, file: file, containing: "'--time' is seconds after launch: 0 or more")
  }

  /// --no-limits lifts the cap (the run goes on past the point of refusal), and a signal
  /// mid-run leaves no file and no bytes: exit 128 + the signal.
  @Test(arguments: [SIGINT, SIGTERM])
  func noLimitsRunsOnAndASignalLeavesNothing(signal: Int32) throws {
    let file = Self.scratchFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let capped = try Self.run(
      ["--snapshot", file, "--time", "5000"], environment: ["CHAIN_STEP": "0.001"])
    Self.expectRefused(capped, file: file, containing: "over the cap of 1,000,000")
    for output in [file, "-"] {
      // A generous limit: on a loaded machine the start and the exit take long, and a
      // process the signal did not end still fails.
      let run = try Self.run(
        ["--snapshot", output, "--time", "5000", "--no-limits"],
        environment: ["CHAIN_STEP": "0.001"], limit: 600, signal: signal, after: 3)
      #expect(run.result.status == 128 + signal, "\(output): \(run.result.status)")
      #expect(run.result.stdout.isEmpty, "\(output): no bytes")
      #expect(!FileManager.default.fileExists(atPath: file), "\(output): no file")
    }
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      $0.contains(URL(fileURLWithPath: file).lastPathComponent)
    }
    #expect(leftovers.isEmpty, "no temporary file left: \(leftovers)")
  }

  /// Run in slices of stops, the clock lands where one run would: 12,345 steps of 1 ms in
  /// (several slices) the picture is the one 9 steps in (one slice), to the byte, as the
  /// ring's 12 colours repeat every 12 steps; a tenth of a step later it differs.
  @Test func slicedRunsAreExact() throws {
    func snapshot(_ time: String) throws -> Data {
      let run = try Self.run(
        ["--snapshot", "-", "--time", time], environment: ["CHAIN_STEP": "0.001"])
      try #require(run.result.status == 0, "\(time): \(run.result.stderr)")
      #expect(run.result.stderr.isEmpty, "\(time): nothing on standard error (a pipe)")
      return run.result.stdout
    }
    let late = try snapshot("12.3456")
    #expect(late == (try snapshot("0.0096")), "12,345 steps in, as 9 steps in")
    #expect(late != (try snapshot("0.0097")), "a tenth of a step later, another picture")
  }

  /// What `command` (sh) writes on script(1)'s terminal, with the chain's 1 ms steps.
  static func onTerminal(_ command: String) throws -> String {
    let script = ["/usr/bin/script", "/bin/script"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    let tool = try #require(script, "script(1) (bsdutils) is needed")
    let run = try runProcess(
      tool, ["-qec", command, "/dev/null"],
      environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm", "CHAIN_STEP": "0.001"])
    return String(decoding: run.stdout, as: UTF8.self)
  }

  /// On a terminal (script(1)'s) a run of some seconds shows its progress on standard
  /// error, ends the line, and writes the file; through pipes it says nothing (above).
  @Test func aLongRunShowsItsProgressOnATerminal() throws {
    let file = Self.scratchFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let text = try Self.onTerminal(
      "'\(try Self.chain())' --snapshot '\(file)' --time 30; echo EXIT=$?")
    #expect(text.contains("running to --time ["), "a bar: \(text.debugDescription)")
    #expect(
      text.contains("100%  30000/30000 ms") && text.hasSuffix("\r\nEXIT=0\r\n"),
      "to the end, then a new line: \(text.suffix(200).debugDescription)")
    #expect(FileManager.default.fileExists(atPath: file), "the snapshot is written")
  }

  /// Ctrl-C (SIGINT) while the bar shows: the bar's line is ended, and nothing is written.
  @Test func anInterruptedRunEndsTheBarsLine() throws {
    let file = Self.scratchFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let text = try Self.onTerminal(
      "timeout --foreground -s INT 4 '\(try Self.chain())' --snapshot '\(file)' --time 300; echo EXIT=$?"
    )
    #expect(text.contains("running to --time ["), "a bar: \(text.debugDescription)")
    #expect(
      text.hasSuffix(" left\r\nEXIT=124\r\n"),
      "the bar's line ended: \(text.suffix(120).debugDescription)")
    #expect(!FileManager.default.fileExists(atPath: file), "no file")
  }
}
