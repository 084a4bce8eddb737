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
      FileManager.default.createFile(atPath: log.path, contents: nil)
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
}
