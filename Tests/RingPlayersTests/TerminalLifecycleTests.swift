import Foundation
import RingTestSupport
import Testing

extension TmuxSession {
  /// `alternate_on cursor_flag`: "1 0" while the player plays, "0 1" on the shell's screen.
  func screenModes() throws -> String {
    try tmux(["display", "-p", "#{alternate_on} #{cursor_flag}"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
  }

  /// Polls the screen modes until they are `modes` (or `timeout` seconds pass).
  @discardableResult
  func waitForModes(_ modes: String, timeout: Double = 15) throws -> String {
    let start = Date()
    var now = try screenModes()
    while now != modes && Date().timeIntervalSince(start) < timeout {
      Thread.sleep(forTimeInterval: 0.05)
      now = try screenModes()
    }
    return now
  }

  /// Waits until half-blocks are on the screen; whether they are.
  func waitForRing(timeout: Double = 30) throws -> Bool {
    try waitFor(timeout: timeout) { $0.flatMap { $0 }.contains { $0.character == "▀" } }
      .flatMap { $0 }.contains { $0.character == "▀" }
  }

  /// The process ID of the rainbow-ring started by the pane's shell (waits for it).
  func playerProcess(timeout: Double = 10) throws -> Int32? {
    let shell = try tmux(["display", "-p", "#{pane_pid}"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
    guard let shellPID = Int32(shell) else { return nil }
    let start = Date()
    while Date().timeIntervalSince(start) < timeout {
      if let pid = childProcesses(of: shellPID, named: "rainbow-ring").first { return pid }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return nil
  }
}

/// Whether `pid` still runs (a zombie that nobody reaps has ended).
func isRunning(_ pid: Int32) -> Bool {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let close = stat.lastIndex(of: ")")
  else { return false }
  return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
}

/// Nanoseconds `pid` has run on a CPU, all threads (/proc/PID/task/*/schedstat).
func cpuNanoseconds(_ pid: Int32) -> UInt64 {
  let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
  return tasks.reduce(0) { sum, task in
    let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8))
    return sum + (text?.split(separator: " ").first.flatMap { UInt64($0) } ?? 0)
  }
}

/// Seconds until `pid` has ended, polled every 10 ms; `nil` when it outlives `timeout`.
func secondsUntilGone(_ pid: Int32, timeout: Double) -> Double? {
  let start = Date()
  while isRunning(pid) {
    if Date().timeIntervalSince(start) > timeout { return nil }
    usleep(10_000)
  }
  return Date().timeIntervalSince(start)
}

/// The terminal player's job control, end of input, hang-ups and signals, in a real
/// terminal (tmux).
@Suite(.serialized) struct TerminalLifecycleTests {
  @Test func ctrlZGivesTheShellBackAndFgRedrawsInRawMode() throws {
    let tmux = try TmuxSession(columns: 60, rows: 30)
    // The shell's line is drawn before the player is typed (typed ahead, the player's
    // command could wrap the word), "BEF""ORE" so that only the output matches.
    try tmux.type("clear; echo BEF\"\"ORE")
    try tmux.waitForText("BEFORE")
    try tmux.type("'\(try rainbowRingBinary())' play --terminal --graphics truecolor")
    try #require(try tmux.waitForRing(), "the player draws half-blocks")
    #expect(try tmux.screenModes() == "1 0", "alternate screen, cursor hidden while playing")

    try tmux.tmux(["send-keys", "C-z"])
    let stopped = try tmux.waitForText("Stopped", timeout: 10)
    #expect(stopped.contains("Stopped"), "the shell reports the job stopped: \(stopped)")
    #expect(
      try tmux.waitForModes("0 1") == "0 1",
      "Ctrl-Z leaves the alternate screen and shows the cursor")
    #expect(stopped.contains("BEFORE"), "the shell's own screen is back: \(stopped)")
    #expect(!stopped.contains("▀"), "no ring on the shell's screen")

    try tmux.type("fg")
    #expect(try tmux.waitForModes("1 0") == "1 0", "fg re-enters the alternate screen")
    #expect(try tmux.waitForRing(timeout: 10), "fg redraws the ring")
    // Raw mode again: q alone (no Enter) quits.
    try tmux.tmux(["send-keys", "-l", "q"])
    #expect(try tmux.waitForModes("0 1") == "0 1", "q quits without Enter: raw mode is back")
    try tmux.type(TmuxSession.echoStatus)
    let after = try tmux.waitForText("EXIT=")
    #expect(after.contains("EXIT=0"), "exit 0 after q: \(after)")
  }

  /// `kill %1` on the stopped player sends SIGTERM, then SIGCONT, while the shell owns the
  /// terminal: the player ends (143) without drawing on the shell's screen.
  @Test func aStoppedPlayerKilledFromTheShellLeavesItsScreenAlone() throws {
    let tmux = try TmuxSession(columns: 60, rows: 30)
    try tmux.type("clear; '\(try rainbowRingBinary())' play --terminal --graphics truecolor")
    try #require(try tmux.waitForRing(), "the player draws half-blocks")
    try tmux.tmux(["send-keys", "C-z"])
    try tmux.waitForText("Stopped", timeout: 10)
    try tmux.type("kill %1; sleep \(Int(exitTimeAllowance)); jobs; echo \"DO\"\"NE\"")
    let after = try tmux.waitForText("DONE")
    #expect(
      after.contains("Exit 143") || after.contains("Terminated"), "ended by SIGTERM: \(after)")
    #expect(!after.contains("▀"), "nothing drawn on the shell's screen: \(after)")
    #expect(try tmux.screenModes() == "0 1", "normal screen, cursor visible")
  }

  /// `bg` continues the player in the background: it draws nothing until `fg`.
  @Test func bgDrawsNothingUntilFg() throws {
    let tmux = try TmuxSession(columns: 60, rows: 30)
    try tmux.type("clear; '\(try rainbowRingBinary())' play --terminal --graphics truecolor")
    try #require(try tmux.waitForRing(), "the player draws half-blocks")
    try tmux.tmux(["send-keys", "C-z"])
    try tmux.waitForText("Stopped", timeout: 10)
    try tmux.type("bg; sleep 1; jobs; echo \"DO\"\"NE\"")
    let background = try tmux.waitForText("DONE")
    #expect(background.contains("Running"), "running in the background: \(background)")
    #expect(!background.contains("▀"), "nothing drawn on the shell's screen: \(background)")
    #expect(try tmux.screenModes() == "0 1", "the shell's screen, cursor visible")
    try tmux.type("fg")
    #expect(try tmux.waitForModes("1 0") == "1 0", "fg re-enters the alternate screen")
    #expect(try tmux.waitForRing(timeout: 10), "fg redraws the ring")
    try tmux.tmux(["send-keys", "-l", "q"])
    #expect(try tmux.waitForModes("0 1") == "0 1", "q quits")
  }

  /// A terminal that stops reading (its tmux server stopped) fills up: the player waits for
  /// room without blocking, so SIGTERM still ends it at once, and the screen is restored. (The status
  /// goes to a file: what the shell prints lands on a screen the player may not have left.)
  @Test func aStalledTerminalDoesNotKeepThePlayerAlive() throws {
    let tmux = try TmuxSession(columns: 200, rows: 60)
    let status = FileManager.default.temporaryDirectory.appendingPathComponent(
      "status-\(UUID())"
    ).path
    defer { try? FileManager.default.removeItem(atPath: status) }
    try tmux.type(
      "'\(try rainbowRingBinary())' play --terminal --graphics truecolor --fps 240; "
        + "echo $? > '\(status)'")
    let pid = try #require(try tmux.playerProcess(), "the player runs")
    try #require(try tmux.waitForRing(), "the player draws")
    let server = try #require(
      Int32(
        try tmux.tmux(["display", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)),
      "the tmux server's process ID")
    kill(server, SIGSTOP)
    Thread.sleep(forTimeInterval: 1)  // the pty's buffer fills; the player blocks writing
    kill(pid, SIGTERM)
    let gone = secondsUntilGone(pid, timeout: 5)
    kill(server, SIGCONT)
    if isRunning(pid) { kill(pid, SIGKILL) }
    #expect(
      gone.map { $0 < 0.4 * exitTimeAllowance } == true,
      "ended \(gone.map { String(format: "%.3f s", $0) } ?? "not within 5 s") after SIGTERM, before the 0.5 s grace ran out"
    )
    var written = ""
    for _ in 0..<100 where written.isEmpty {
      Thread.sleep(forTimeInterval: 0.1)
      written = (try? String(contentsOfFile: status, encoding: .utf8)) ?? ""
    }
    #expect(written == "143\n", "exit 143: '\(written)'")
    #expect(
      try tmux.waitForModes("0 1", timeout: 5) == "0 1",
      "the player dropped its queued frames and left the alternate screen")
  }

  /// Standard input that is over: the player stops polling it (no busy loop) and plays on.
  /// At 2 fps drawing costs a few % of a core even in a sanitized debug build (about 9 ms a
  /// frame under AddressSanitizer); a busy loop costs 100%.
  @Test(arguments: ["< /dev/null", "true |"])
  func standardInputAtEndOfFileCostsNoCPU(redirection: String) throws {
    let tmux = try TmuxSession(columns: 40, rows: 12)
    let command =
      redirection.hasSuffix("|")
      ? "\(redirection) '\(try rainbowRingBinary())' play --terminal --fps 2 --duration 6"
      : "'\(try rainbowRingBinary())' play --terminal --fps 2 --duration 6 \(redirection)"
    try tmux.type(command + "; " + TmuxSession.echoStatus)
    let pid = try #require(try tmux.playerProcess(), "the player runs")
    try #require(try tmux.waitForRing(), "the player draws")
    Thread.sleep(forTimeInterval: 0.5)
    let before = cpuNanoseconds(pid)
    let start = Date()
    Thread.sleep(forTimeInterval: 2)
    let share = Double(cpuNanoseconds(pid) - before) / 1e9 / Date().timeIntervalSince(start)
    print("CPU at end of input (\(redirection)): \(String(format: "%.1f", share * 100))% of a core")
    #expect(share < 0.2, "well under 20% of a core at 2 fps: \(share * 100)%")
    #expect(isRunning(pid), "still playing after its input ended")
    let after = try tmux.waitForText("EXIT=")
    #expect(after.contains("EXIT=0"), "plays to the end of --duration, exit 0: \(after)")
  }

  /// With SIGHUP ignored (as under nohup) only the hang-up itself (POLLHUP, EIO on a
  /// write) can tell the player that its terminal is gone.
  @Test(arguments: ["", "trap '' HUP; exec "])
  func killingTheTerminalEndsThePlayerPromptly(prefix: String) throws {
    let tmux = try TmuxSession(columns: 60, rows: 30)
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
      "hangup-\(UUID())"
    ).path
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: temporary) }
    try tmux.type(
      "(\(prefix)env TMPDIR='\(temporary)' '\(try rainbowRingBinary())' play --terminal)")
    let pid = try #require(try tmux.playerProcess(), "the player runs")
    try #require(try tmux.waitForRing(), "the player draws")
    try tmux.tmux(["kill-session"])
    let gone = secondsUntilGone(pid, timeout: 2)
    if isRunning(pid) { kill(pid, SIGKILL) }
    #expect(gone != nil, "the player ends within 2 s of its terminal going away")
    let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
    #expect(left.isEmpty, "no temporary files left: \(left)")
  }

  /// At 1 frame per second the player still wakes at once: it ends in well under a frame,
  /// restores the terminal itself and exits 128 + N.
  @Test(arguments: [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)])
  func aSignalEndsThePlayerWithinAFrame(signal: Int32, status: Int) throws {
    let tmux = try TmuxSession(columns: 60, rows: 30)
    try tmux.type(
      "'\(try rainbowRingBinary())' play --terminal --fps 1; " + TmuxSession.echoStatus)
    let pid = try #require(try tmux.playerProcess(), "the player runs")
    try #require(try tmux.waitForRing(), "the player draws")
    Thread.sleep(forTimeInterval: 0.2)  // just after a frame: the next is 0.8 s away
    kill(pid, signal)
    let gone = secondsUntilGone(pid, timeout: 5)
    #expect(
      gone.map { $0 < 0.3 * exitTimeAllowance } == true,
      "ended \(gone.map { String(format: "%.3f s", $0) } ?? "not within 5 s") after the signal; the grace period alone would take 0.5 s"
    )
    let after = try tmux.waitForText("EXIT=")
    #expect(after.contains("EXIT=\(status)"), "exit \(status): \(after)")
    #expect(try tmux.screenModes() == "0 1", "normal screen, cursor visible")
  }
}
