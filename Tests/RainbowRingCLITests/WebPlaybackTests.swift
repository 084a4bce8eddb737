import Foundation
import RainbowRing
import RingTestSupport
import Testing

/// SVG and HTML exported by the tool, played by real browsers: headless Chromium (Debian
/// `chromium`) and Firefox ESR (`firefox-esr`), driven by `Tests/WebPlayers/
/// browser_frames.py` over their own protocols (DevTools, Marionette). Each export is
/// loaded as a user would (the SVG as a file, the page with its inline SVG), its animations
/// paused and seeked (SMIL `setCurrentTime`, `document.getAnimations()`), and screenshot at
/// 1x and 2x; every screenshot must match the engine's frame at that time over white:
/// inside the ring (pixels wholly covered, 0.5 px from either edge) within 3 levels, over
/// the whole frame at least 36 dB. Playing by itself in `<img>`, reduced motion and the
/// page's pause button are checked live.
@Suite(.serialized) struct WebPlaybackTests {
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
    let run = try runProcess(
      "/usr/bin/env",
      ["python3", Self.script, "--browser", browser, "--out", out] + arguments + [file])
    try #require(run.status == 0, "\(browser) on \(file): \(run.stderr)")
    return String(decoding: run.stdout, as: UTF8.self)
  }

  /// The seed ring's interior at `scale`, wholly covered pixels 0.5 px from either edge.
  static func interior(scale: Double) -> RingInterior {
    RingInterior(
      centerX: 80 * scale, centerY: 80 * scale, inner: 60 * scale, outer: 80 * scale, margin: 0.5)
  }

  /// The engine's seed frame at `seconds`, over white.
  static func expected(_ seconds: Double, scale: Double) throws -> [UInt8] {
    let renderer = try FrameRenderer(scene: RingScene(background: .white, scale: scale))
    return RGBAImage(renderer.render(at: .seconds(seconds))).bytes
  }

  func shot(_ path: String) throws -> (width: Int, height: Int, rgba: [UInt8]) {
    try decodeWithPillow(path)
  }

  struct Variant: CustomTestStringConvertible, Sendable {
    let name: String
    let file: String
    let arguments: [String]
    var testDescription: String { name }
  }

  static let variants = [
    Variant(name: "SVG (SMIL)", file: "ring.svg", arguments: []),
    Variant(name: "SVG (CSS)", file: "css.svg", arguments: ["--svg-animation", "css"]),
    Variant(name: "HTML page", file: "ring.html", arguments: []),
  ]

  @Test(arguments: variants, browsers)
  func seekedFramesMatchTheEngine(_ variant: Variant, browser: String) throws {
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = try export(variant.file, variant.arguments)
    let out = dir + "/shots"
    let report = try browse(
      browser, file, out: out,
      ["--scales", "1,2", "--times", Self.times.map { "\($0)" }.joined(separator: ",")])
    var worst = (delta: 0, psnr: Double.infinity)
    for scale in [1, 2] {
      for (i, t) in Self.times.enumerated() {
        let image = try shot(out + "/\(scale)x-\(i).png")
        let side = 160 * scale
        try #require(image.width == side && image.height == side, "\(image.width)x\(image.height)")
        let agreement = FrameAgreement(
          expected: try Self.expected(t, scale: Double(scale)), actual: image.rgba, width: side,
          interior: Self.interior(scale: Double(scale)))
        let label = "\(variant.name) in \(browser) at \(scale)x, \(t) s: \(agreement)"
        #expect(agreement.interiorDelta <= 3, "\(label)")
        #expect(agreement.psnr >= 36, "\(label)")
        worst = (max(worst.delta, agreement.interiorDelta), min(worst.psnr, agreement.psnr))
      }
    }
    let took = report.split(separator: "\n").last { $0.hasPrefix("browser:") } ?? ""
    print(
      "web \(variant.name) in \(browser): interior within \(worst.delta) levels, whole frame "
        + String(format: "%.1f dB", worst.psnr)
        + " at worst over \(2 * Self.times.count) shots; \(took)")
  }

  struct Options: CustomTestStringConvertible, Sendable {
    let name: String
    let arguments: [String]
    let scene: @Sendable () throws -> RingScene
    var testDescription: String { name }
  }

  /// Ring options beyond the seed's, at 1x (the SVG's own width at `--scale`).
  static let options = [
    Options(
      name: "elliptical radial, 12-degree hues, saturation 0.7",
      arguments: [
        "--gradient", "radial", "--end-point", "1,0.8", "--hue-step", "12", "--saturation",
        "0.7",
      ]
    ) {
      try RingScene(
        ring: RainbowRing(
          hueStep: 12, saturation: 0.7,
          gradient: GradientGeometry(
            kind: .radial, startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 0.8))),
        background: .white)
    },
    Options(name: "the iPhone's view", arguments: ["--scene", "seed"]) { try RingScene.seedHost() },
    Options(
      name: "scale 1.5, size 120, ring 33, steps of 0.37 s",
      arguments: [
        "--scale", "1.5", "--size", "120", "--ring-width", "33", "--step-duration", "0.37",
        "--background", "white",
      ]
    ) {
      try RingScene(
        ring: RainbowRing(
          size: Size(width: 120, height: 120), ringWidth: 33, stepDuration: .milliseconds(370)),
        background: .white, scale: 1.5)
    },
  ]

  @Test(arguments: options, browsers)
  func otherOptionsMatchTheEngine(_ o: Options, browser: String) throws {
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = try export("ring.svg", o.arguments)
    let out = dir + "/options"
    let times = [0.05, 1.9, 3.333]
    _ = try browse(
      browser, file, out: out,
      ["--scales", "1", "--times", times.map { "\($0)" }.joined(separator: ",")])
    let scene = try o.scene()
    let renderer = try FrameRenderer(scene: scene)
    let (ring, s) = (scene.ring, scene.scale)
    let interior = RingInterior(
      centerX: (scene.ringOrigin.x + ring.size.width / 2) * s,
      centerY: (scene.ringOrigin.y + ring.size.height / 2) * s,
      inner: (ring.size.width / 2 - ring.ringWidth) * s, outer: ring.size.width / 2 * s,
      margin: 0.5)
    for (i, t) in times.enumerated() {
      let image = try shot(out + "/1x-\(i).png")
      let expected = RGBAImage(renderer.render(at: .seconds(t)))
      try #require(image.width == expected.width && image.height == expected.height)
      let agreement = FrameAgreement(
        expected: expected.bytes, actual: image.rgba, width: image.width, interior: interior)
      #expect(agreement.interiorDelta <= 3, "\(o.name) in \(browser) at \(t) s: \(agreement)")
      #expect(agreement.psnr >= 36, "\(o.name) in \(browser) at \(t) s: \(agreement)")
    }
  }

  /// The time (to 5 ms, within `range` seconds) whose engine frame the shot matches best
  /// inside the ring, and how well: every 50 ms, then every 5 ms around the best.
  static func bestMatch(_ shot: [UInt8], range: ClosedRange<Double>) throws -> (
    time: Double, agreement: FrameAgreement
  ) {
    let renderer = try FrameRenderer(scene: RingScene(background: .white))
    func match(_ ticks: some Sequence<Int>, per second: Double) -> (Double, FrameAgreement) {
      var best: (Double, FrameAgreement)?
      for k in ticks {
        let t = Double(k) / second
        let a = FrameAgreement(
          expected: RGBAImage(renderer.render(at: .seconds(t))).bytes, actual: shot, width: 160,
          interior: interior(scale: 1))
        if best == nil || a.interiorDelta < best!.1.interiorDelta { best = (t, a) }
      }
      return best!
    }
    let coarse = match(Int(range.lowerBound * 20)...Int(range.upperBound * 20), per: 20)
    let center = Int((coarse.0 * 200).rounded())
    return match(max(0, center - 10)...center + 10, per: 200)
  }

  /// In an `<img>`, the SMIL SVG plays by itself: shots 0.6 s apart show different frames,
  /// each the engine's frame at some time after the load (to 5 ms), later for the later shot.
  @Test(arguments: browsers)
  func anImageTagPlaysTheLoopByItself(browser: String) throws {
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = try export("ring.svg")
    let out = dir + "/img"
    _ = try browse(
      browser, file, out: out, ["--scales", "1", "--embed", "img", "--live", "0.3,0.9"])
    let first = try shot(out + "/1x-live-0.png")
    let second = try shot(out + "/1x-live-1.png")
    #expect(first.rgba != second.rgba, "\(browser): the image moved")
    let a = try Self.bestMatch(first.rgba, range: 0...3)
    let b = try Self.bestMatch(second.rgba, range: 0...3)
    #expect(a.agreement.interiorDelta <= 4, "\(browser) first shot: \(a)")
    #expect(b.agreement.interiorDelta <= 4, "\(browser) second shot: \(b)")
    #expect(b.time > a.time, "\(browser): \(a.time) s then \(b.time) s")
    print(
      "web <img> in \(browser): frames of \(a.time) s and \(b.time) s shown (within \(max(a.agreement.interiorDelta, b.agreement.interiorDelta)) levels)"
    )
  }

  /// A reader who prefers reduced motion sees the first frame, still, in the CSS SVG and in
  /// the page (whose button then offers Play).
  @Test(arguments: ["css.svg", "ring.html"], browsers)
  func reducedMotionHoldsTheFirstFrame(file name: String, browser: String) throws {
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = try export(name, name.hasSuffix(".svg") ? ["--svg-animation", "css"] : [])
    let out = dir + "/reduced"
    let report = try browse(
      browser, file, out: out, ["--scales", "1", "--reduced-motion", "--live", "0.2,1.0"])
    #expect(report.contains("reduced-motion: true"), "\(browser) emulated the preference")
    let first = try shot(out + "/1x-live-0.png")
    let second = try shot(out + "/1x-live-1.png")
    #expect(first.rgba == second.rgba, "\(name) in \(browser): still")
    let agreement = FrameAgreement(
      expected: try Self.expected(0, scale: 1), actual: first.rgba, width: 160,
      interior: Self.interior(scale: 1))
    #expect(agreement.interiorDelta <= 3, "\(name) in \(browser): the first frame: \(agreement)")
  }

  /// The page's button pauses the motion (shots 0.8 s apart are equal) and says so.
  @Test(arguments: browsers)
  func thePagesButtonPausesTheMotion(browser: String) throws {
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = try export("ring.html")
    let moving = dir + "/moving"
    _ = try browse(browser, file, out: moving, ["--scales", "1", "--live", "0.2,1.0"])
    #expect(
      try shot(moving + "/1x-live-0.png").rgba != shot(moving + "/1x-live-1.png").rgba,
      "\(browser): the page moves before the button is pressed")
    let paused = dir + "/paused"
    let report = try browse(
      browser, file, out: paused,
      [
        "--scales", "1", "--live", "0.4,1.2", "--before",
        "document.querySelector('button[aria-pressed]').click(); document.querySelector('button[aria-pressed]').getAttribute('aria-pressed')",
      ])
    #expect(
      try shot(paused + "/1x-live-0.png").rgba == shot(paused + "/1x-live-1.png").rgba,
      "\(browser): paused (\(report))")
  }

  /// `--loop-count 2`: the animation plays two periods and then holds the first frame (where
  /// each loop ends), in both SVG variants.
  @Test(arguments: ["smil", "css"], browsers)
  func aFiniteLoopCountEndsOnTheFirstFrame(animation: String, browser: String) throws {
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = try export(
      "ring-\(animation).svg", ["--svg-animation", animation, "--loop-count", "2"])
    let out = dir + "/count"
    let times = [7.35, 14.65, 16.0, 30.05]
    _ = try browse(
      browser, file, out: out,
      ["--scales", "1", "--times", times.map { "\($0)" }.joined(separator: ",")])
    for (i, t) in times.enumerated() {
      let due = t < 14.6 ? t : 0
      let agreement = FrameAgreement(
        expected: try Self.expected(due, scale: 1),
        actual: try shot(out + "/1x-\(i).png").rgba, width: 160,
        interior: Self.interior(scale: 1))
      #expect(
        agreement.interiorDelta <= 3, "\(animation) in \(browser) at \(t) s: \(agreement)")
    }
  }
}
