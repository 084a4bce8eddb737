import Foundation
import RingTestSupport
import Testing

@testable import RingPlayers

extension TmuxSession {
  /// The pane with its colours (`capture-pane -e`).
  func capture() throws -> String { try tmux(["capture-pane", "-e", "-p"]) }

  /// Whether two captures `seconds` apart differ (the picture moves).
  func moves(over seconds: Double = 0.6) throws -> Bool {
    let before = try capture()
    Thread.sleep(forTimeInterval: seconds)
    return try capture() != before
  }

  /// Presses the space bar.
  func pressSpace() throws { try tmux(["send-keys", "-l", " "]) }
}

/// The space bar and reduced motion in the terminal, as a person sees them in tmux: the
/// ring at its default speed (a stop every 0.1 s), so any frame drawn differs from the last.
@Suite(.serialized) struct TerminalPlayerPauseTests {
  @Test func spacePausesAndResumes() throws {
    let tmux = try TmuxSession(columns: 80, rows: 24)
    try tmux.type(
      "clear; '\(try rainbowRingBinary())' play --terminal --duration 40; "
        + TmuxSession.echoStatus)
    try #require(try tmux.waitForRing(), "the ring is drawn")
    #expect(try tmux.moves(), "playing: the picture moves")
    try tmux.pressSpace()
    let label = try tmux.waitForText("Paused", timeout: 10)
    #expect(label.contains("Paused: space plays, q quits"), "the bottom row says so: \(label)")
    let held = try tmux.capture()
    Thread.sleep(forTimeInterval: 1.5)
    let later = try tmux.capture()
    #expect(held == later, "paused: two captures 1.5 s apart are the same")
    try tmux.pressSpace()
    Thread.sleep(forTimeInterval: 0.5)
    #expect(try tmux.moves(), "playing again: the picture moves")
    #expect(!(try tmux.capture().contains("Paused")), "the label is gone")
    try tmux.tmux(["send-keys", "q"])
    let after = try tmux.waitForText("EXIT=")
    #expect(after.contains("EXIT=0"), "q still quits: \(after)")
  }

  /// Each source of the preference, typed before the command on the shell's line; the
  /// fake gsettings is a real script on PATH.
  @Test(arguments: [
    ("", "--reduced-motion", true),
    ("RAINBOW_RING_REDUCED_MOTION=1", "", true),
    ("RAINBOW_RING_REDUCED_MOTION=yes", "", true),
    ("PATH=GSETTINGS:$PATH", "", true),
    ("RAINBOW_RING_REDUCED_MOTION=0 PATH=GSETTINGS:$PATH", "", false),
    ("RAINBOW_RING_REDUCED_MOTION=1", "--no-reduced-motion", false),
  ])
  func reducedMotionHoldsAStillFrame(prefix: String, flag: String, still: Bool) throws {
    let fake = try FakeGSettings("echo false")
    defer { fake.remove() }
    let tmux = try TmuxSession(columns: 80, rows: 24)
    let environment = prefix.replacingOccurrences(of: "GSETTINGS", with: fake.folder.path)
    try tmux.type(
      "clear; \(environment) '\(try rainbowRingBinary())' play --terminal --duration 40 \(flag); "
        + TmuxSession.echoStatus)
    try #require(try tmux.waitForRing(), "the ring is drawn")
    Thread.sleep(forTimeInterval: 0.3)
    #expect(
      try tmux.moves(over: 1.5) == !still,
      "\(environment) \(flag): \(still ? "a still frame" : "the picture moves")")
    #expect(
      try tmux.capture().contains("reduced motion") == still,
      "the bottom row says why it is still")
    if still {
      try tmux.pressSpace()
      Thread.sleep(forTimeInterval: 0.5)
      #expect(try tmux.moves(), "space plays it")
    }
    try tmux.tmux(["send-keys", "Escape"])
    let after = try tmux.waitForText("EXIT=")
    #expect(after.contains("EXIT=0"), "Esc quits: \(after)")
  }
}
