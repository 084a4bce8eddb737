import Foundation
import RingPlayers
import RingTestSupport
import Testing

/// An X server that accepts connections and never answers: a TCP socket listening on
/// 127.0.0.1, port 6000 + N, that nobody reads (the kernel completes the handshake).
final class SilentXServer {
  let number: Int
  private let socketFD: Int32

  init() throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw ToolFailure(message: "socket: \(String(cString: strerror(errno)))") }
    var n = 100 + Int.random(in: 0..<800)
    for _ in 0..<50 {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = in_port_t(UInt16(6000 + n).bigEndian)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      if bound == 0 { break }
      n += 1
    }
    guard listen(fd, 16) == 0 else {
      close(fd)
      throw ToolFailure(message: "no free port for a silent X server")
    }
    socketFD = fd
    number = n
  }

  /// Closing resets the connections still waiting, so abandoned Xlib threads finish.
  deinit { close(socketFD) }

  var name: String { "127.0.0.1:\(number)" }
}

/// Where the players go when an X display does not answer or cannot be drawn on, and when
/// the terminal shows no escape sequences.
@Suite(.serialized) struct DisplayFallbackTests {
  @Test func openingASilentDisplayGivesUpWithinTwoSeconds() throws {
    let server = try SilentXServer()
    let start = Date()
    #expect(
      !WindowPlayer.displayAvailable(server.name), "a server that never answers is no display")
    let probe = Date().timeIntervalSince(start)
    #expect(probe < 2.5, "displayAvailable gave up after \(probe) s (limit 2.5)")
    var message = ""
    let opening = Date()
    do {
      _ = try DisplayConnection.open(server.name, timeout: 2)
    } catch {
      message = error.message
    }
    let open = Date().timeIntervalSince(opening)
    print("silent X server: displayAvailable gave up after \(probe) s, open after \(open) s")
    #expect(open < 2.5, "the open gave up after \(open) s (limit 2.5)")
    #expect(message.contains("did not answer within 2 s"), "the error says why: \(message)")
  }

  enum Server: String, CaseIterable {
    case silent
    case eightBit = "8-bit"
    case sixteenBit = "16-bit"
    case directColor = "24-bit DirectColor"

    /// The running server (kept alive by the returned object) and its display name.
    func start() throws -> (keep: AnyObject, name: String) {
      switch self {
      case .silent:
        let s = try SilentXServer()
        return (s, s.name)
      case .eightBit:
        let x = try VirtualDisplay(depth: 8)
        return (x, x.name)
      case .sixteenBit:
        let x = try VirtualDisplay(depth: 16)
        return (x, x.name)
      case .directColor:
        let x = try VirtualDisplay(depth: 24, visualClass: 5)
        return (x, x.name)
      }
    }

    var expected: String {
      self == .silent ? "did not answer within 2 s" : "not 24-bit TrueColor"
    }
  }

  /// `--window` on a display it cannot use is an error (exit 1, one line) within 2.5 s.
  @Test(arguments: Server.allCases)
  func anExplicitWindowOnAnUnusableDisplayIsAnError(server: Server) throws {
    let (keep, name) = try server.start()
    defer { withExtendedLifetime(keep) {} }
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = name
    let start = Date()
    let result = try runProcess(
      try rainbowRingBinary(), ["play", "--window", "--duration", "1"], environment: env)
    let seconds = Date().timeIntervalSince(start)
    print("--window on a \(server.rawValue) display: exit \(result.status) after \(seconds) s")
    #expect(seconds < 2.5 * exitTimeAllowance, "gave up after \(seconds) s (limit 2.5)")
    #expect(result.status == 1, "exit 1: \(result.status) \(result.stderr)")
    #expect(
      result.stderr.hasPrefix("Error: ") && result.stderr.contains(server.expected)
        && result.stderr.filter { $0 == "\n" }.count == 1,
      "one line that says why: \(result.stderr)")
  }

  /// Without `--window`, a display that does not answer or is not 24-bit TrueColor leaves
  /// the animation to the terminal, with a one-line note.
  @Test(arguments: Server.allCases)
  func theBareCommandFallsBackToTheTerminal(server: Server) throws {
    let (keep, name) = try server.start()
    defer { withExtendedLifetime(keep) {} }
    let tmux = try TmuxSession(columns: 60, rows: 30)
    try tmux.type(
      "DISPLAY=\(name) '\(try rainbowRingBinary())' --duration 4 --graphics truecolor; "
        + TmuxSession.echoStatus)
    #expect(try tmux.waitForRing(timeout: 20), "the ring is drawn in the terminal")
    try tmux.waitForText("EXIT=")
    // -J joins the note's wrapped line.
    let after = try tmux.tmux(["capture-pane", "-p", "-J"])
    #expect(after.contains("EXIT=0"), "played to the end, exit 0: \(after)")
    #expect(
      after.contains("Note: ") && after.contains(server.expected)
        && after.contains("playing in the terminal"),
      "a note says why the terminal: \(after)")
  }

  /// TERM=dumb or no TERM: not one escape byte reaches the terminal (tmux's raw record of
  /// the pane), and the user reads why.
  @Test(arguments: [
    ("TERM=dumb", "play --terminal", "Error: TERM=dumb: this terminal cannot show", 1),
    ("-u TERM", "play --terminal", "Error: TERM is not set", 1),
    ("TERM=dumb", "", "Nowhere to play: no X display (DISPLAY is not set), and TERM=dumb", 64),
    ("TERM=dumb", "play", "Nowhere to play: no X display (DISPLAY is not set), and TERM=dumb", 64),
  ])
  func aTerminalWithoutEscapeSequencesIsRefused(
    environment: String, arguments: String, message: String, status: Int
  ) throws {
    let tmux = try TmuxSession(columns: 200, rows: 40)
    // The shell itself must not write escapes either (bracketed paste, on by default).
    try tmux.type("bind 'set enable-bracketed-paste off'; clear")
    Thread.sleep(forTimeInterval: 0.3)
    let record = FileManager.default.temporaryDirectory.appendingPathComponent("pane-\(UUID())")
      .path
    defer { try? FileManager.default.removeItem(atPath: record) }
    try tmux.tmux(["pipe-pane", "-o", "cat >> '\(record)'"])
    try tmux.type(
      "env -u DISPLAY \(environment) '\(try rainbowRingBinary())' \(arguments); "
        + TmuxSession.echoStatus)
    let screen = try tmux.waitForText("EXIT=")
    #expect(screen.contains("EXIT=\(status)"), "exit \(status): \(screen)")
    #expect(screen.contains(message), "says why: \(screen)")
    if status == 64 && arguments.isEmpty {
      #expect(screen.contains("USAGE: rainbow-ring"), "then the usage: \(screen)")
    }
    Thread.sleep(forTimeInterval: 0.3)
    try tmux.tmux(["pipe-pane"])
    let bytes = (try? Data(contentsOf: URL(fileURLWithPath: record))) ?? Data()
    #expect(bytes.count > 20, "the pane's output was recorded (\(bytes.count) bytes)")
    #expect(!bytes.contains(0x1B), "no ESC byte reached the terminal")
    #expect(try tmux.screenModes() == "0 1", "never on the alternate screen")
  }
}
