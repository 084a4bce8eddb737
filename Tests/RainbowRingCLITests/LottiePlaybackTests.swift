import Foundation
import RainbowRing
import RingTestSupport
import Testing

/// Lottie files exported by the tool, played by real Lottie players: rlottie (PyPI
/// `rlottie-python`) and ThorVG (PyPI `thorvg-python`), through `Tests/WebPlayers/
/// lottie_frames.py`. Each renders frames at times across the loop (mid-step, a step
/// boundary, just before the period); each must match the engine's frame at that time:
/// inside the ring (pixels wholly covered, 0.5 px from either edge) within 5 levels, over
/// the whole frame at least 30 dB.
@Suite struct LottiePlaybackTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("WebPlayers/lottie_frames.py").path

  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let arguments: [String]
    let scene: @Sendable () throws -> RingScene
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "seed ring", arguments: []) { try RingScene(background: .white) },
    Case(name: "seed ring at 2x", arguments: ["--scale", "2"]) {
      try RingScene(background: .white, scale: 2)
    },
    Case(
      name: "radial, 30-degree hues, saturation 0.6, ring 96/24",
      arguments: [
        "--gradient", "radial", "--hue-step", "30", "--saturation", "0.6", "--size", "96",
        "--ring-width", "24",
      ]
    ) {
      try RingScene(
        ring: RainbowRing(
          size: Size(width: 96, height: 96), ringWidth: 24, hueStep: 30, saturation: 0.6,
          gradient: GradientGeometry(
            kind: .radial, startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 1))),
        background: .white)
    },
    Case(name: "the iPhone's view, dotLottie", arguments: ["--scene", "seed"]) {
      try RingScene.seedHost()
    },
    Case(name: "a text label", arguments: ["--label", "Done", "--label-size", "30"]) {
      let font = try TextFont.systemFont(size: 30, weight: .semibold)
      return try RingScene(
        ring: RainbowRing(label: RingLabel(.text("Done"), font: font, color: .black)),
        background: .white)
    },
  ]

  /// Translucent colours: a gradient's opacity stops after its colour stops (lottie-spec).
  /// ThorVG draws them as the engine does; rlottie 0.2 seems to mix them premultiplied (up
  /// to 56 levels off where neighbouring alphas differ most, right mid-step where they are
  /// close), so it is not held to them here.
  static let translucent = Case(
    name: "translucent colours", arguments: Array(WebPlaybackTests.translucent.prefix(4))
  ) { try WebPlaybackTests.translucentScene() }

  @Test func thorvgShowsTranslucentColours() throws {
    try playersShowTheEnginesFrames(Self.translucent, player: "thorvg")
  }

  /// Frames at 60 fps of a loop of `count`: 0, mid-step (0.05 s), a step boundary (0.1 s), a
  /// third and half of the period, and the last frame before the period (for the seed: 0,
  /// 3, 6, 146, 219 and 437, that is 7.2833 s).
  static func frames(count: Int) -> [Int] { [0, 3, 6, count / 3, count / 2, count - 1] }

  @Test(arguments: cases, ["rlottie", "thorvg"])
  func playersShowTheEnginesFrames(_ c: Case, player: String) throws {
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("ring-lottie-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = dir + (c.name.contains("dotLottie") ? "/ring.lottie" : "/ring.json")
    let export = try runProcess(
      try rainbowRingBinary(),
      ["export", "-o", file, "--background", "white", "--quiet"] + c.arguments)
    try #require(export.status == 0, "export: \(export.stderr)")
    let size = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int ?? 0
    let scene = try c.scene()
    let period = scene.ring.period.nanoseconds
    let frames = Self.frames(count: Int(period * 60 / 1_000_000_000))
    let run = try runProcess(
      "/usr/bin/env",
      [
        "python3", Self.script, "--player", player, "--frames",
        frames.map(String.init).joined(separator: ","), "--out", dir, file,
      ])
    try #require(run.status == 0, "\(player): \(run.stderr)")
    let report = String(decoding: run.stdout, as: UTF8.self)
    // The player read the loop: 60 fps over the period (7.3 s for the seed).
    // As the harness prints it: whole seconds without a fraction (6, 7.3).
    let seconds =
      period % 1_000_000_000 == 0 ? "\(period / 1_000_000_000)" : "\(Double(period) / 1e9)"
    #expect(report.contains("fr=60 ") && report.contains("duration=\(seconds) "), "\(report)")

    let renderer = try FrameRenderer(scene: scene)
    let interior = RingInterior(scene)
    var worst = (delta: 0, psnr: Double.infinity)
    for (i, frame) in frames.enumerated() {
      let shown = try decodeWithPillow(dir + "/frame-\(i).png")
      let expected = RGBAImage(renderer.render(at: .nanoseconds(Int64(frame) * 1_000_000_000 / 60)))
      try #require(shown.width == expected.width && shown.height == expected.height)
      let agreement = FrameAgreement(
        expected: expected.bytes, actual: shown.rgba, width: shown.width, interior: interior)
      #expect(agreement.interiorDelta <= 5, "\(c.name), \(player), frame \(frame): \(agreement)")
      #expect(agreement.psnr >= 30, "\(c.name), \(player), frame \(frame): \(agreement)")
      worst = (max(worst.delta, agreement.interiorDelta), min(worst.psnr, agreement.psnr))
    }
    print(
      "lottie \(c.name) in \(player): \(size) bytes; interior within \(worst.delta) levels, whole frame "
        + String(format: "%.1f dB", worst.psnr) + " at worst over \(frames.count) frames")
  }
}
