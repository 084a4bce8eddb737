import Foundation
import RainbowRing
import RingTestSupport
import Testing

/// What the browser suites share: a scratch folder, exports by the tool, the harness that
/// drives headless Chromium and Firefox (`Tests/WebPlayers/browser_frames.py`), and the
/// engine's frames to compare with.
struct WebPlayer {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("WebPlayers/browser_frames.py").path
  static let browsers = ["chromium", "firefox"]

  /// Seconds seeked to: the start, mid-step, a step boundary, an odd time, half the period,
  /// a millisecond before the period, mid-step in the second loop, and in the third.
  static let times = [0, 0.05, 0.1, 1.234, 3.65, 7.299, 7.35, 14.651]

  let dir: String

  init() throws {
    dir =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("ring-web-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  /// Exports with `arguments` to `name` in the test's folder; the path.
  func export(_ name: String, _ arguments: [String] = []) throws -> String {
    let path = dir + "/" + name
    let run = try runProcess(
      try rainbowRingBinary(), ["export", "-o", path, "--quiet"] + arguments)
    try #require(run.status == 0, "export \(name): \(run.stderr)")
    return path
  }

  /// Runs the harness; its standard output.
  func browse(_ browser: String, _ file: String, out: String, _ arguments: [String]) throws
    -> String
  {
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    // Browsers share two cores with the rest of the suite: a generous limit of their own.
    var environment = ProcessInfo.processInfo.environment
    environment["BROWSER_FRAMES_TIMEOUT"] = "300"
    let run = try runProcess(
      "/usr/bin/env",
      ["python3", Self.script, "--browser", browser, "--out", out] + arguments + [file],
      environment: environment)
    try #require(run.status == 0, "\(browser) on \(file): \(run.stderr)")
    return String(decoding: run.stdout, as: UTF8.self)
  }

  /// The seed ring's interior at `scale`, wholly covered pixels 0.5 px from either edge.
  static func interior(scale: Double) -> RingInterior {
    RingInterior(try! RingScene(scale: scale))
  }

  /// The engine's seed frame at `seconds`, over white.
  static func expected(_ seconds: Double, scale: Double) throws -> [UInt8] {
    let renderer = try FrameRenderer(scene: RingScene(background: .white, scale: scale))
    return RGBAImage(renderer.render(at: .seconds(seconds))).bytes
  }

  func shot(_ path: String) throws -> (width: Int, height: Int, rgba: [UInt8]) {
    try decodeWithPillow(path)
  }

}
