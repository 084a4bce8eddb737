import Foundation
import RainbowRing
import RingCodecs
import RingTestSupport
import Testing

@testable import RingPlayers

/// A private tmux server running a shell.
final class TmuxSession {
  let socket = "rr-\(UUID().uuidString.prefix(8))"

  init(columns: Int, rows: Int) throws {
    // The sanitizer options (LeakSanitizer off, TSan halting on error) reach the player
    // explicitly, whatever environment a tmux server already holds.
    let own = ProcessInfo.processInfo.environment
    let sanitizerOptions = sanitizerOptionNames.compactMap { name in
      own[name].map { ["-e", "\(name)=\($0)"] }
    }.flatMap { $0 }
    try tmux(
      ["-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)"]
        + sanitizerOptions + [
          // The environment the players detect graphics (and reduced motion) from is the
          // test's, not the host's.
          "env -u DISPLAY -u NO_COLOR -u COLORTERM -u KITTY_WINDOW_ID -u TERM_PROGRAM"
            + " -u RAINBOW_RING_REDUCED_MOTION bash --norc --noprofile"
        ])
    Thread.sleep(forTimeInterval: 0.3)
  }

  deinit { _ = try? tmux(["kill-server"]) }

  /// Runs a tmux client command through the shell (`system`), its output through a file: a
  /// server forked by the client must not inherit a pipe or a child watch of ours.
  @discardableResult
  func tmux(_ args: [String]) throws -> String {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID()).txt")
      .path
    defer { try? FileManager.default.removeItem(atPath: out) }
    func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let command = (["tmux", "-L", socket] + args).map(quote).joined(separator: " ")
    let status = system(command + " > " + quote(out) + " 2>&1 < /dev/null")
    let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
    guard status == 0 else {
      throw ToolFailure(message: "tmux \(args.first ?? "") failed: \(text)")
    }
    return text
  }

  /// Polls the screen until `condition` holds (or `timeout` seconds pass); returns the cells.
  @discardableResult
  func waitFor(timeout: Double = 30, _ condition: ([[Cell]]) -> Bool) throws -> [[Cell]] {
    let start = Date()
    var screen = try cells()
    while !condition(screen) && Date().timeIntervalSince(start) < timeout {
      Thread.sleep(forTimeInterval: 0.1)
      screen = try cells()
    }
    return screen
  }

  /// Polls until the pane's plain text contains `text`.
  @discardableResult
  func waitForText(_ text: String, timeout: Double = 30) throws -> String {
    let start = Date()
    var screen = try tmux(["capture-pane", "-p"])
    while !screen.contains(text) && Date().timeIntervalSince(start) < timeout {
      Thread.sleep(forTimeInterval: 0.1)
      screen = try tmux(["capture-pane", "-p"])
    }
    return screen
  }

  /// Prints `EXIT=<status>`; typed so that the command line itself does not contain `EXIT=`.
  static let echoStatus = "echo \"EX\"\"IT=$?\""

  func type(_ text: String) throws {
    try tmux(["send-keys", "-l", text])
    try tmux(["send-keys", "Enter"])
  }

  /// Each cell's character and colours, from `capture-pane -e`.
  func cells() throws -> [[Cell]] {
    try tmux(["capture-pane", "-e", "-p"]).split(separator: "\n", omittingEmptySubsequences: false)
      .map {
        TmuxSession.parse(String($0))
      }
  }

  struct Cell {
    var character: Character
    var foreground: [Int]?
    var background: [Int]?
  }

  /// Walks SGR sequences (truecolor, 256-colour, defaults) and printed characters.
  static func parse(_ line: String) -> [Cell] {
    var cells: [Cell] = []
    var fg: [Int]?
    var bg: [Int]?
    var chars = Array(line)
    var i = 0
    while i < chars.count {
      if chars[i] == "\u{1B}", i + 1 < chars.count, chars[i + 1] == "[" {
        var j = i + 2
        while j < chars.count, !chars[j].isLetter { j += 1 }
        let params = String(chars[(i + 2)..<min(j, chars.count)]).split(separator: ";").map {
          Int($0) ?? 0
        }
        if j < chars.count, chars[j] == "m" {
          var k = 0
          let p = params.isEmpty ? [0] : params
          while k < p.count {
            switch p[k] {
            case 0:
              fg = nil
              bg = nil
            case 39: fg = nil
            case 49: bg = nil
            case 38, 48:
              if k + 4 < p.count, p[k + 1] == 2 {
                let c = [p[k + 2], p[k + 3], p[k + 4]]
                if p[k] == 38 { fg = c } else { bg = c }
                k += 4
              } else if k + 2 < p.count, p[k + 1] == 5 {
                if p[k] == 38 { fg = [-p[k + 2]] } else { bg = [-p[k + 2]] }
                k += 2
              }
            default: break
            }
            k += 1
          }
        }
        i = j + 1
        continue
      }
      cells.append(Cell(character: chars[i], foreground: fg, background: bg))
      i += 1
    }
    chars = []
    return cells
  }
}

@Suite(.serialized) struct TerminalPlayerTests {
  @Test func halfBlocksShowTheRingsColoursWhereTheyBelongAndTheTerminalIsRestored() throws {
    let tmux = try TmuxSession(columns: 100, rows: 50)
    try tmux.type("clear; echo BEFORE")
    Thread.sleep(forTimeInterval: 0.3)
    try tmux.type(
      "'\(try rainbowRingBinary())' --duration 3 --step-duration 3600 --graphics truecolor; "
        + TmuxSession.echoStatus)
    let screen = try tmux.waitFor { $0.count > 40 && $0[40].count > 81 && $0[2].count > 50 }
    try #require(
      screen.count > 40 && screen[2].count > 50 && screen[40].count > 81, "the ring is drawn")
    #expect(
      try tmux.tmux(["display", "-p", "#{alternate_on} #{cursor_flag}"]).hasPrefix("1 0"),
      "alternate screen, cursor hidden while playing")
    // 100 x 50 cells are 100 x 100 pixels: the ring fills them. Cell row 2, column 50 is
    // inside its top, where the gradient sits at stop 18 (hue 90: 0.5, 1, 0).
    let top = screen[2][50]
    #expect(top.character == "▀", "a half-block cell: \(top)")
    if let c = top.foreground, c.count == 3 {
      #expect(c[1] > 200 && c[2] < 60 && (60...200).contains(c[0]), "yellow-green at the top: \(c)")
    } else {
      Issue.record("no truecolor foreground at the top of the ring: \(top)")
    }
    // Down and right at 45 degrees (pixel 81, 81: position 0.81, hue 292, purple); the
    // middle of the ring is empty.
    #expect(
      screen[25][50].foreground == nil && screen[25][50].background == nil,
      "the hole is the terminal's own background")
    let purple = screen[40][81].foreground ?? []
    #expect(
      purple.count == 3 && purple[2] > 200 && purple[1] < 60,
      "purple at the bottom right: \(purple)")
    let after = try tmux.waitForText("EXIT=")
    #expect(
      after.contains("BEFORE") && after.contains("EXIT=0"), "the shell's screen is back: \(after)")
    #expect(
      try tmux.tmux(["display", "-p", "#{alternate_on} #{cursor_flag}"]).hasPrefix("0 1"),
      "normal screen, cursor visible")
  }

  @Test func ctrlCRestoresTheTerminal() throws {
    let tmux = try TmuxSession(columns: 60, rows: 30)
    try tmux.type("'\(try rainbowRingBinary())' play --terminal; " + TmuxSession.echoStatus)
    // Ctrl-C only once the player runs: before its handlers exist, the default action kills
    // it and bash drops the rest of the line.
    let playing = try tmux.waitFor { screen in
      screen.flatMap { $0 }.contains { $0.character == "▀" }
    }
    try #require(
      playing.flatMap { $0 }.contains { $0.character == "▀" }, "the player draws half-blocks")
    try tmux.tmux(["send-keys", "C-c"])
    let after = try tmux.waitForText("EXIT=")
    #expect(after.contains("EXIT=130"), "Ctrl-C exits 130: \(after)")
    #expect(
      try tmux.tmux(["display", "-p", "#{alternate_on} #{cursor_flag}"]).hasPrefix("0 1"),
      "terminal restored")
  }

  @Test func resizingRefitsTheRing() throws {
    let tmux = try TmuxSession(columns: 100, rows: 50)
    try tmux.type("'\(try rainbowRingBinary())' play --terminal --graphics truecolor --duration 6")
    try tmux.waitFor { screen in screen.flatMap { $0 }.contains { $0.character == "▀" } }
    try tmux.tmux(["resize-window", "-x", "40", "-y", "20"])
    // Redrawn for 40 x 20: colour at the top of the ring, the hole in the middle row, the
    // ring's right side further along that row, and the whole ring (a capture can land
    // in the middle of a redraw, so wait for a complete one).
    func colouredCells(_ s: [[TmuxSession.Cell]]) -> [Int] {
      s.prefix(20).map { row in row.prefix(40).filter { $0.foreground != nil }.count }
    }
    let screen = try tmux.waitFor { s in
      s.count >= 20 && s[1].count > 20 && s[1][20].foreground != nil && s[10].count > 30
        && s[10][20].foreground == nil && s[10].dropFirst(25).contains { $0.foreground != nil }
        && colouredCells(s).reduce(0, +) > 200
    }
    try #require(screen.count >= 20 && screen[10].count > 30, "a 40 x 20 screen")
    let coloured = colouredCells(screen)
    #expect(coloured.reduce(0, +) > 200, "the ring is drawn again in 40 x 20 cells: \(coloured)")
    #expect(
      screen[1][20].foreground != nil && screen[10][20].foreground == nil,
      "ring at the top, hole in the middle")
  }

  /// A pane too small for the whole ring says so (never a blank pane, nor the ring's empty
  /// middle); a pane just big enough draws it.
  @Test(arguments: [(20, 10, true), (8, 4, true), (40, 20, false)])
  func aTooSmallTerminalSaysSo(columns: Int, rows: Int, tooSmall: Bool) throws {
    let tmux = try TmuxSession(columns: columns, rows: rows)
    try tmux.type(
      "clear; '\(try rainbowRingBinary())' play --terminal --graphics truecolor --duration 3")
    let screen = try tmux.waitFor(timeout: 15) { s in
      let text = s.map { String($0.map(\.character)) }.joined()
      return text.contains("Terminal") || s.flatMap { $0 }.contains { $0.character == "▀" }
    }
    let text = screen.map { String($0.map(\.character)) }.joined()
    #expect(
      text.replacingOccurrences(of: " ", with: "").contains("Terminal") == tooSmall, "\(text)")
    #expect(screen.flatMap { $0 }.contains { $0.character == "▀" } == !tooSmall, "\(text)")
  }

  @Test func noColorDrawsShadesWithoutColour() throws {
    let tmux = try TmuxSession(columns: 60, rows: 30)
    try tmux.type("NO_COLOR=1 '\(try rainbowRingBinary())' play --terminal --duration 4")
    let screen = try tmux.waitFor { s in s.flatMap { $0 }.filter { $0.character == "█" }.count > 100
    }
    let all = screen.flatMap { $0 }
    #expect(all.allSatisfy { $0.foreground == nil && $0.background == nil }, "no colour at all")
    #expect(all.filter { $0.character == "█" }.count > 100, "the ring drawn in full blocks")
  }

  /// Decoded by libsixel's sixel2png. (ImageMagick 6.9.11, Debian 12's, decodes every Sixel
  /// image black here, even its own `convert xc:red sixel:` output, so it cannot judge.)
  @Test func sixelDecodesWithLibsixelToTheFrame() throws {
    let scene = try RingScene(background: .white, scale: 1)
    let frame = try FrameRenderer(scene: scene).render(at: .seconds(0.05))
    let palette = GIFPalette(colors: RainbowRing.seed.colors, matte: .white)
    var quantizer = GIFQuantizer(palette: palette)
    let sixel = Sixel.encode(frame, palette: palette, quantizer: &quantizer)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("ring-\(UUID()).six")
      .path
    try Data(sixel).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let png = path + ".png"
    _ = try runTool("sixel2png", ["-i", path, "-o", png])
    defer { try? FileManager.default.removeItem(atPath: png) }
    let decoded = try decodeWithPillow(png).rgba
    let expected = frame.straightRGBABytes()
    #expect(decoded.count == expected.count, "libsixel decodes a 160 x 160 image")
    if decoded.count == expected.count {
      let p = psnr(decoded, expected, includeAlpha: false)
      #expect(p >= 30, "Sixel (dithered palette) vs the engine's frame: \(p) dB (threshold 30)")
    }
  }

  @Test func kittyImagesCarryTheExactPixels() throws {
    let frame = try RainbowRing.seed.frame(at: .seconds(0.3))
    let escape = KittyGraphics.encode(frame, imageID: 1)
    #expect(
      escape.hasPrefix("\u{1B}_Ga=T,f=32,s=160,v=160,i=1"), "transmit-and-display, RGBA, 160 x 160")
    // Undo the protocol with Python: join the chunks, base64-decode, inflate.
    let script = """
      import sys, re, base64, zlib
      data = sys.stdin.read()
      chunks = re.findall(r'\\x1b_G([^;]*);([^\\x1b]*)\\x1b\\\\', data)
      payload = base64.b64decode(''.join(c[1] for c in chunks))
      if 'o=z' in chunks[0][0]:
          payload = zlib.decompress(payload)
      sys.stdout.buffer.write(payload)
      """
    let raw = [UInt8](try runTool("python3", ["-c", script], stdin: Data(escape.utf8)))
    #expect(raw == frame.straightRGBABytes(), "the image bytes are the frame's RGBA")
  }

  @Test(arguments: [
    (["NO_COLOR": "1", "TERM": "xterm-kitty"], TerminalPlayer.Graphics.monochrome),
    (["TERM": "xterm-kitty"], .kitty),
    (["COLORTERM": "truecolor", "TERM": "xterm-256color"], .truecolor),
    (["TERM": "xterm-256color"], .palette256),
  ])
  func graphicsAreDetectedFromTheEnvironment(
    env: [String: String], expected: TerminalPlayer.Graphics
  ) {
    #expect(TerminalPlayer.detectGraphics(env) == expected, "\(env)")
  }
}

@Suite struct BareCommandTests {
  @Test func withNoDisplayAndNoTerminalTheUsageGoesToStderr() throws {
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = nil
    let result = try runProcess(try rainbowRingBinary(), [], environment: env)
    #expect(result.status == 64, "exit \(result.status)")
    #expect(result.stderr.contains("USAGE: rainbow-ring"), "\(result.stderr)")
    #expect(result.stdout.isEmpty, "nothing on stdout")
  }
}
