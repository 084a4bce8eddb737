import Foundation
import RingTestSupport
import Testing

@testable import RingPlayers

extension TmuxSession {
  /// The pane as `capture-pane -e` gives it, once two captures 0.3 s apart agree and show
  /// half-blocks (a whole frame of a still ring), or the last one after `timeout` seconds.
  func stillFrame(timeout: Double = 30) throws -> String {
    let start = Date()
    var previous = ""
    while true {
      let now = try tmux(["capture-pane", "-e", "-p"])
      let drawn = now.contains("▀") || now.contains("▄")
      if (drawn && now == previous) || Date().timeIntervalSince(start) > timeout { return now }
      previous = now
      Thread.sleep(forTimeInterval: 0.3)
    }
  }

  /// Attaches a client on a pseudo-terminal of `script`, which logs what tmux sends that
  /// terminal to `log`; waits until tmux lists it. Its standard input stays open for a
  /// minute: at end of file `script` types Ctrl-D, which would end the pane's shell.
  func attachClient(term: String, log: String) throws {
    let command =
      "(sleep 60 | TERM=\(term) script -qfc 'env -u COLORTERM tmux -L \(socket) attach'"
      + " '\(log)') > /dev/null 2>&1 < /dev/null &"
    guard system(command) == 0 else { throw ToolFailure(message: "cannot start script") }
    let start = Date()
    while try tmux(["list-clients"]).isEmpty && Date().timeIntervalSince(start) < 10 {
      Thread.sleep(forTimeInterval: 0.1)
    }
  }

  /// TMUX and TMUX_PANE as a process in the session's pane sees them.
  func paneEnvironment() throws -> [String: String] {
    let fields = try tmux(["display", "-p", "#{socket_path},#{pid},#{session_id} #{pane_id}"])
      .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
    var env = ProcessInfo.processInfo.environment
    env["TMUX"] = String(fields[0])
    env["TMUX_PANE"] = String(fields[1])
    return env
  }
}

/// The cells with a character or a background, and their margins to the pane's edges.
struct DrawnArea {
  var top = Int.max
  var bottom = -1
  var left = Int.max
  var right = -1

  init(_ screen: [[TmuxSession.Cell]]) {
    for (y, row) in screen.enumerated() {
      for (x, cell) in row.enumerated() where cell.character != " " || cell.background != nil {
        (top, bottom, left, right) = (min(top, y), max(bottom, y), min(left, x), max(right, x))
      }
    }
  }

  func margins(columns: Int, rows: Int) -> (top: Int, bottom: Int, left: Int, right: Int) {
    (top, rows - 1 - bottom, left, columns - 1 - right)
  }
}

/// Every 24-bit colour (foreground or background) in a `capture-pane -e` text.
func truecolorColours(_ capture: String) -> [[Int]] {
  TmuxSession.parse(capture.replacingOccurrences(of: "\n", with: "")).flatMap {
    [$0.foreground, $0.background].compactMap { $0 }.filter { $0.count == 3 }
  }
}

/// The half-block player as a person sees it in tmux: where the ring sits, its edges, its
/// colours, and kitty graphics through tmux.
@Suite(.serialized) struct TerminalPlayerTmuxTests {
  /// In the ring scene, with the graphics detected (TERM=tmux-256color, no COLORTERM): 24-bit
  /// colour, the ring centred, and no half-block in the default foreground.
  @Test(arguments: [(80, 24), (50, 40), (121, 31)])
  func theRingIsCentredInTruecolorWithoutSpecks(columns: Int, rows: Int) throws {
    let tmux = try TmuxSession(columns: columns, rows: rows)
    try tmux.type(
      "clear; '\(try rainbowRingBinary())' play --terminal --duration 8 --step-duration 3600")
    let capture = try tmux.stillFrame()
    #expect(capture.contains("\u{1B}[38;2;"), "24-bit foregrounds inside tmux")
    #expect(!capture.contains("38;5;"), "no 256-colour fallback inside tmux")
    let screen = capture.split(separator: "\n", omittingEmptySubsequences: false).map {
      TmuxSession.parse(String($0))
    }
    let specks = screen.enumerated().flatMap { y, row in
      row.enumerated().filter { _, cell in
        (cell.character == "▀" || cell.character == "▄") && cell.foreground == nil
      }.map { x, _ in (x, y) }
    }
    #expect(specks.isEmpty, "half-blocks in the default foreground at (x, y) \(specks)")
    let area = DrawnArea(screen)
    try #require(area.bottom >= 0, "the ring is drawn: \(capture.prefix(300).debugDescription)")
    let m = area.margins(columns: columns, rows: rows)
    #expect(abs(m.left - m.right) <= 1, "columns of margin, left \(m.left), right \(m.right)")
    #expect(abs(m.top - m.bottom) <= 1, "rows of margin, top \(m.top), bottom \(m.bottom)")
  }

  /// A light terminal background (tmux answers OSC 11 with its window-style): the edges are
  /// blended over it, never darkened towards black; with no answer, edge pixels are the
  /// ring's own colours or empty.
  @Test(arguments: ["#fdf6e3", nil])
  func edgesAreBlendedOverTheTerminalsBackground(background: String?) throws {
    let tmux = try TmuxSession(columns: 80, rows: 24)
    if let background { try tmux.tmux(["set", "-g", "window-style", "bg=\(background)"]) }
    try tmux.type(
      "clear; '\(try rainbowRingBinary())' play --terminal --duration 8 --step-duration 3600")
    let colours = truecolorColours(try tmux.stillFrame())
    try #require(colours.count > 200, "the ring is drawn in 24-bit colour: \(colours.count)")
    // The ring's colours are fully saturated and bright (one channel 255); blended over
    // black an edge loses brightness, blended over cream it gains its lightness.
    let darkest = colours.map { $0.max()! }.min()!
    #expect(darkest >= 200, "no edge darkened towards black: brightest channel \(darkest)")
    let tinted = colours.filter { $0.min()! >= 64 }.count
    if background != nil {
      #expect(tinted > 20, "edges blended towards the cream background: \(tinted) cells")
    } else {
      #expect(tinted == 0, "no blend without an answer: \(tinted) tinted cells")
    }
  }

  /// tmux with allow-passthrough off (its default): half-blocks, and one line that says why.
  @Test func kittyInTmuxWithoutPassthroughSaysWhyAndDrawsHalfBlocks() throws {
    let tmux = try TmuxSession(columns: 80, rows: 24)
    try tmux.type(
      "clear; '\(try rainbowRingBinary())' play --terminal --graphics kitty --duration 3; "
        + TmuxSession.echoStatus)
    #expect(try tmux.waitForRing(), "half-blocks instead of a blank pane")
    let after = try tmux.waitForText("EXIT=")
    #expect(after.contains("EXIT=0"), "ends normally: \(after)")
    let notes = after.split(separator: "\n").filter { $0.contains("allow-passthrough") }
    #expect(notes.count == 1, "one line of explanation: \(after)")
  }

  /// tmux with allow-passthrough on hands the kitty images to the outer terminal (here a
  /// client on `script`'s pseudo-terminal, whose log shows what that terminal received).
  @Test func kittyInTmuxWithPassthroughReachesTheOuterTerminal() throws {
    let tmux = try TmuxSession(columns: 80, rows: 24)
    try tmux.tmux(["set", "-g", "allow-passthrough", "on"])
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("outer-\(UUID()).log")
      .path
    defer { try? FileManager.default.removeItem(atPath: log) }
    try tmux.attachClient(term: "xterm-256color", log: log)
    try tmux.type(
      "clear; '\(try rainbowRingBinary())' play --terminal --graphics kitty --duration 3; "
        + TmuxSession.echoStatus)
    let after = try tmux.waitForText("EXIT=")
    #expect(after.contains("EXIT=0"), "ends normally: \(after)")
    #expect(!after.contains("allow-passthrough"), "no fallback note: \(after)")
    let outer = String(
      decoding: (try? Data(contentsOf: URL(fileURLWithPath: log))) ?? Data(), as: UTF8.self)
    #expect(
      outer.contains("\u{1B}_Ga=T,f=32,s="),
      "the outer terminal receives kitty images (\(outer.count) bytes)")
    #expect(!outer.contains("Ptmux;"), "unwrapped by tmux")
  }

  /// tmux itself, asked as the player asks it: a client without RGB, then none attached.
  @Test func tmuxSaysWhetherItPassesTruecolorAndKittyImages() throws {
    let tmux = try TmuxSession(columns: 80, rows: 24)
    let env = try tmux.paneEnvironment()
    #expect(
      TmuxInfo.ask(env) == TmuxInfo(passesTruecolor: true, allowsPassthrough: false),
      "no client: 24-bit kept; passthrough off by default")
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("outer-\(UUID()).log")
      .path
    defer { try? FileManager.default.removeItem(atPath: log) }
    try tmux.attachClient(term: "xterm-256color", log: log)
    try tmux.tmux(["set", "-g", "allow-passthrough", "on"])
    #expect(
      TmuxInfo.ask(env) == TmuxInfo(passesTruecolor: false, allowsPassthrough: true),
      "an xterm-256color client without RGB; passthrough on")
  }
}
