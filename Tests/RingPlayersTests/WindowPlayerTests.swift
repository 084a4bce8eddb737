import Foundation
import RainbowRing
import RingPlayers
import RingTestSupport
import Testing

/// A private Xvfb server for one test.
final class VirtualDisplay {
  let number: Int
  private let process = Process()

  init() throws {
    number = 90 + Int.random(in: 0..<400)
    process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
    process.arguments = [
      ":\(number)", "-screen", "0", "800x800x24", "-nolisten", "tcp", "-dpi", "96",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    for _ in 0..<100 where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
      Thread.sleep(forTimeInterval: 0.05)
    }
    guard FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") else {
      throw ToolFailure(message: "Xvfb :\(number) did not start")
    }
  }

  deinit {
    // SIGKILL: a test runner may start children with SIGTERM blocked.
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  var name: String { ":\(number)" }

  /// The screen's top-left `width` x `height` pixels as RGBA (xwd read by ImageMagick).
  func screenshot(width: Int, height: Int) throws -> [UInt8] {
    let xwd = try runTool("xwd", ["-root", "-silent", "-display", name])
    let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("shot-\(UUID()).xwd")
      .path
    try xwd.write(to: URL(fileURLWithPath: tmp))
    defer { try? FileManager.default.removeItem(atPath: tmp) }
    return [UInt8](
      try runTool(
        "/usr/bin/convert",
        ["xwd:" + tmp, "-crop", "\(width)x\(height)+0+0", "-depth", "8", "rgba:-"]))
  }
}

@Suite(.serialized) struct WindowPlayerTests {
  /// The seed's ring, made to move so slowly (one stop an hour) that a screenshot taken at
  /// an unknown moment of the first seconds matches the engine's frame.
  static let slowArguments = ["play", "--window", "--step-duration", "3600", "--duration", "20"]

  func expectWindowShowsTheSeedScene(environment extra: [String: String]) throws {
    let x = try VirtualDisplay()
    let binary = try rainbowRingBinary()
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = x.name
    for (k, v) in extra { env[k] = v }
    let player = Process()
    player.executableURL = URL(fileURLWithPath: binary)
    player.arguments = Self.slowArguments
    player.environment = env
    try player.run()
    defer { if player.isRunning { kill(player.processIdentifier, SIGKILL) } }
    Thread.sleep(forTimeInterval: 2.0)
    let shot = try x.screenshot(width: 375, height: 667)
    let ring = try RainbowRing(stepDuration: 3600)
    let scene = try PlayerScene.seed.scene(
      ring: ring, width: 375, height: 667, scale: 1, background: nil)
    let expected = try FrameRenderer(scene: scene).render(at: 2).straightRGBABytes()
    #expect(shot.count == expected.count, "screenshot size")
    var worst = 0
    for i in 0..<min(shot.count, expected.count) where i % 4 != 3 {
      worst = max(worst, abs(Int(shot[i]) - Int(expected[i])))
    }
    let p = psnr(shot, expected, includeAlpha: false)
    #expect(
      worst <= 2 && p >= 50,
      "window vs engine frame: PSNR \(p) dB, largest delta \(worst) (tolerance 2)")

    // A synthetic key press (XTEST, after focusing the window) closes it with exit 0.
    let ids = String(
      decoding: try runTool(
        "env", ["DISPLAY=\(x.name)", "xdotool", "search", "--name", "RainbowRing"]), as: UTF8.self
    )
    .split(separator: "\n")
    #expect(ids.count == 1, "one window titled RainbowRing: \(ids)")
    let start = Date()
    _ = try runTool(
      "env",
      [
        "DISPLAY=\(x.name)", "xdotool", "windowfocus", "--sync", String(ids.first ?? ""), "key",
        "q",
      ])
    while player.isRunning && Date().timeIntervalSince(start) < 5 {
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(!player.isRunning, "q closes the window")
    #expect(player.terminationStatus == 0, "exit 0 after q")
  }

  @Test func windowShowsTheSeedSceneAndQuitsOnQ() throws {
    try expectWindowShowsTheSeedScene(environment: [:])
  }

  @Test func plainXPutImageShowsTheSameFrame() throws {
    try expectWindowShowsTheSeedScene(environment: ["RAINBOW_RING_NO_SHM": "1"])
  }

  @Test func escapeQuitsToo() throws {
    let x = try VirtualDisplay()
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = x.name
    let player = Process()
    player.executableURL = URL(fileURLWithPath: try rainbowRingBinary())
    player.arguments = ["--duration", "20"]  // the bare command plays in the window
    player.environment = env
    try player.run()
    defer { if player.isRunning { kill(player.processIdentifier, SIGKILL) } }
    Thread.sleep(forTimeInterval: 1.5)
    let id =
      String(
        decoding: try runTool(
          "env", ["DISPLAY=\(x.name)", "xdotool", "search", "--name", "RainbowRing"]), as: UTF8.self
      )
      .split(separator: "\n").first.map(String.init) ?? ""
    _ = try runTool(
      "env", ["DISPLAY=\(x.name)", "xdotool", "windowfocus", "--sync", id, "key", "Escape"])
    let start = Date()
    while player.isRunning && Date().timeIntervalSince(start) < 5 {
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(!player.isRunning && player.terminationStatus == 0, "Esc closes the window with exit 0")
  }
}
