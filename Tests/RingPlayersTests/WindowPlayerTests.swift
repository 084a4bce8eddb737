import CX11
import Foundation
import RainbowRing
import RingPlayers
import RingTestSupport
import Testing

@Suite(.serialized) struct WindowPlayerTests {
  /// The seed's ring, made to move so slowly (one stop an hour) that a screenshot taken at
  /// an unknown moment of the first minute matches the engine's frame at t = 2 s to within
  /// 0.1 of a level.
  static let slowArguments = ["play", "--window", "--step-duration", "3600", "--duration", "60"]

  /// Starts the player on `x` and waits (up to 20 s, for a loaded machine) for its window.
  func startPlayer(
    on x: VirtualDisplay, _ arguments: [String], environment extra: [String: String] = [:]
  ) throws -> (player: Process, window: String, errors: String) {
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = x.name
    for (k, v) in extra { env[k] = v }
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("player-\(UUID()).err")
    defer { try? FileManager.default.removeItem(at: log) }
    var errors = ""
    // A player that exits before its window appears (its error is kept) is started again,
    // up to three times: on a loaded machine a fresh server may refuse the first client.
    for _ in 0..<3 {
      try #require(FileManager.default.createFile(atPath: log.path, contents: nil))
      let player = Process()
      player.executableURL = URL(fileURLWithPath: try rainbowRingBinary())
      player.arguments = arguments
      player.environment = env
      player.standardError = try FileHandle(forWritingTo: log)
      try player.run()
      var id = ""
      let deadline = Date().addingTimeInterval(30)
      while id.isEmpty && Date() < deadline && player.isRunning {
        Thread.sleep(forTimeInterval: 0.2)
        let found = try? runTool(
          "env", ["DISPLAY=\(x.name)", "xdotool", "search", "--name", "RainbowRing"])
        id =
          found.flatMap {
            String(decoding: $0, as: UTF8.self).split(separator: "\n").first.map(String.init)
          } ?? ""
      }
      errors += (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      if !id.isEmpty || player.isRunning { return (player, id, errors) }
    }
    throw ToolFailure(
      message: "the player exited three times before its window appeared: \(errors)")
  }

  /// Presses `key` in window `id` (focused first, then XTEST) and waits for the player to
  /// end; on a loaded machine a press can race the focus change, so it is tried three times.
  func press(_ key: String, in id: String, on x: VirtualDisplay, player: Process) throws {
    for _ in 0..<3 where player.isRunning {
      _ = try runTool(
        "env", ["DISPLAY=\(x.name)", "xdotool", "windowfocus", "--sync", id, "key", key])
      let start = Date()
      while player.isRunning && Date().timeIntervalSince(start) < 5 {
        Thread.sleep(forTimeInterval: 0.05)
      }
    }
  }

  func expectWindowShowsTheSeedScene(environment extra: [String: String]) throws {
    let x = try VirtualDisplay()
    let (player, id, errors) = try startPlayer(on: x, Self.slowArguments, environment: extra)
    defer { if player.isRunning { kill(player.processIdentifier, SIGKILL) } }
    try #require(
      !id.isEmpty,
      "a window titled RainbowRing appears (player running: \(player.isRunning)) \(errors)")
    let ring = try RainbowRing(stepDuration: .seconds(3600))
    let scene = try PlayerScene.seed.scene(
      ring: ring, width: 375, height: 667, scale: 1, background: nil)
    let expected = try FrameRenderer(scene: scene).render(at: .seconds(2)).straightRGBABytes()
    // Screenshots until one matches (up to 30 s on a loaded machine: the window may still be
    // mapping, or a capture may catch the server between two updates); every miss is kept.
    var misses: [String] = []
    var matched = false
    let deadline = Date().addingTimeInterval(30)
    while !matched && Date() < deadline && player.isRunning {
      let shot = try x.screenshot(width: 375, height: 667)
      var worst = 0
      for i in 0..<min(shot.count, expected.count) where i % 4 != 3 {
        worst = max(worst, abs(Int(shot[i]) - Int(expected[i])))
      }
      let p = psnr(shot, expected, includeAlpha: false)
      matched = shot.count == expected.count && worst <= 2 && p >= 50
      if !matched {
        misses.append(String(format: "%.1f dB, delta %d", p, worst))
        Thread.sleep(forTimeInterval: 0.3)
      }
    }
    #expect(
      matched,
      "window vs engine frame (tolerance: delta 2, 50 dB); misses: \(misses.suffix(5)) \(errors)")
    try press("q", in: id, on: x, player: player)
    #expect(!player.isRunning, "q closes the window")
    #expect(player.terminationStatus == 0, "exit 0 after q")
  }

  @Test func windowShowsTheSeedSceneAndQuitsOnQ() throws {
    try expectWindowShowsTheSeedScene(environment: [:])
  }

  @Test func plainXPutImageShowsTheSameFrame() throws {
    try expectWindowShowsTheSeedScene(environment: ["RAINBOW_RING_NO_SHM": "1"])
  }

  @Test func escapeQuitsTheBareCommandsWindow() throws {
    let x = try VirtualDisplay()
    let (player, id, errors) = try startPlayer(on: x, ["--duration", "60"])  // options alone: play
    defer { if player.isRunning { kill(player.processIdentifier, SIGKILL) } }
    try #require(
      !id.isEmpty, "the bare command opens a window (player running: \(player.isRunning)) \(errors)"
    )
    try press("Escape", in: id, on: x, player: player)
    #expect(!player.isRunning && player.terminationStatus == 0, "Esc closes the window with exit 0")
  }

  /// The close button: the window manager sends WM_PROTOCOLS / WM_DELETE_WINDOW, as here.
  @Test func theCloseButtonQuitsCleanly() throws {
    let x = try VirtualDisplay()
    let (player, id, errors) = try startPlayer(on: x, ["play", "--window", "--duration", "60"])
    defer { if player.isRunning { kill(player.processIdentifier, SIGKILL) } }
    let window = try #require(UInt(id), "a window (player running: \(player.isRunning)) \(errors)")
    try x.sendDeleteWindow(to: window)
    let start = Date()
    while player.isRunning && Date().timeIntervalSince(start) < 10 {
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(!player.isRunning && player.terminationStatus == 0, "closed with exit 0")
  }

  /// The window's title, as a window manager reads it.
  func title(of id: String, on x: VirtualDisplay) throws -> String {
    String(
      decoding: try runTool("env", ["DISPLAY=\(x.name)", "xdotool", "getwindowname", id]),
      as: UTF8.self
    ).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Presses the space bar in window `id` until its title says `paused` (or does not), up
  /// to three times (a press can race the focus change on a loaded machine); the title.
  func pressSpace(in id: String, on x: VirtualDisplay, untilPaused paused: Bool) throws -> String {
    var now = ""
    for _ in 0..<3 {
      _ = try runTool(
        "env", ["DISPLAY=\(x.name)", "xdotool", "windowfocus", "--sync", id, "key", "space"])
      let start = Date()
      repeat {
        Thread.sleep(forTimeInterval: 0.1)
        now = try title(of: id, on: x)
      } while now.hasSuffix(" (paused)") != paused && Date().timeIntervalSince(start) < 3
      if now.hasSuffix(" (paused)") == paused { break }
    }
    return now
  }

  /// The space bar pauses (the title ends in " (paused)" and screenshots 1.5 s apart are the
  /// same) and plays again; reduced motion opens paused on a still frame, and space plays it.
  /// The ring at its default speed (a stop every 0.1 s): any new frame differs.
  @Test(arguments: [false, true])
  func spacePausesAndResumes(reducedMotion: Bool) throws {
    let x = try VirtualDisplay()
    let (player, id, errors) = try startPlayer(
      on: x,
      ["play", "--window", "--scene", "ring", "--scale", "1", "--duration", "60"]
        + (reducedMotion ? ["--reduced-motion"] : []))
    defer { if player.isRunning { kill(player.processIdentifier, SIGKILL) } }
    try #require(!id.isEmpty, "a window (player running: \(player.isRunning)) \(errors)")
    func moves() throws -> Bool {
      // Up to 10 s for the window to map and draw; then two shots 0.5 s apart.
      let deadline = Date().addingTimeInterval(10)
      var first = try x.screenshot(width: 160, height: 160)
      while Set(first).count < 3 && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.2)
        first = try x.screenshot(width: 160, height: 160)
      }
      Thread.sleep(forTimeInterval: 0.5)
      return try x.screenshot(width: 160, height: 160) != first
    }
    func holds() throws -> Bool {
      let first = try x.screenshot(width: 160, height: 160)
      Thread.sleep(forTimeInterval: 1.5)
      return try x.screenshot(width: 160, height: 160) == first && Set(first).count > 2
    }
    if reducedMotion {
      #expect(try title(of: id, on: x) == "RainbowRing (paused)", "reduced motion opens paused")
      _ = try moves()  // waits for the first frame
      #expect(try holds(), "reduced motion: a still frame")
    } else {
      #expect(try moves(), "playing: the ring moves")
      let paused = try pressSpace(in: id, on: x, untilPaused: true)
      #expect(paused == "RainbowRing (paused)", "space pauses: the title says so")
      Thread.sleep(forTimeInterval: 0.3)
      #expect(try holds(), "paused: screenshots 1.5 s apart are the same")
    }
    let playing = try pressSpace(in: id, on: x, untilPaused: false)
    #expect(playing == "RainbowRing", "space plays again: \(playing)")
    #expect(try moves(), "playing again: the ring moves")
    try press("q", in: id, on: x, player: player)
    #expect(!player.isRunning && player.terminationStatus == 0, "q still quits with exit 0")
  }
}
