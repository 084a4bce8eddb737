import Foundation
import RainbowRing
import RingTestSupport
import Testing

/// SVG and HTML exported by the tool, played by real browsers: headless Chromium (Debian
/// `chromium`) and Firefox ESR (`firefox-esr`), driven by `Tests/WebPlayers/
/// browser_frames.py` over their own protocols (DevTools, Marionette). Each export is
/// loaded as a user would (the SVG as a file, the .svgz from a web server, the page with its
/// inline SVG), its animations
/// paused and seeked (SMIL `setCurrentTime`, `document.getAnimations()`), and screenshot at
/// 1x and 2x; every screenshot must match the engine's frame at that time over white:
/// inside the ring (pixels wholly covered, 0.5 px from either edge) within 3 levels, over
/// the whole frame at least 36 dB. Playing by itself in `<img>`, reduced motion and the
/// page's pause button are checked live.
@Suite struct WebPlaybackTests {
  let web: WebPlayer

  init() throws { web = try WebPlayer() }

  struct Variant: CustomTestStringConvertible, Sendable {
    let name: String
    let file: String
    let arguments: [String]
    var testDescription: String { name }
  }

  static let variants = [
    Variant(name: "SVG (SMIL)", file: "ring.svg", arguments: []),
    Variant(name: "SVG (CSS)", file: "css.svg", arguments: ["--svg-animation", "css"]),
    // Served over loopback HTTP with Content-Encoding: gzip, as web servers send .svgz.
    Variant(name: "SVGZ (served gzipped)", file: "ring.svgz", arguments: []),
    Variant(name: "HTML page", file: "ring.html", arguments: []),
  ]

  @Test(arguments: variants, WebPlayer.browsers)
  func seekedFramesMatchTheEngine(_ variant: Variant, browser: String) throws {
    defer { try? FileManager.default.removeItem(atPath: web.dir) }
    let file = try web.export(variant.file, variant.arguments)
    let out = web.dir + "/shots"
    let report = try web.browse(
      browser, file, out: out,
      ["--scales", "1,2", "--times", WebPlayer.times.map { "\($0)" }.joined(separator: ",")])
    var worst = (delta: 0, psnr: Double.infinity)
    for scale in [1, 2] {
      for (i, t) in WebPlayer.times.enumerated() {
        let image = try web.shot(out + "/\(scale)x-\(i).png")
        let side = 160 * scale
        try #require(image.width == side && image.height == side, "\(image.width)x\(image.height)")
        let agreement = FrameAgreement(
          expected: try WebPlayer.expected(t, scale: Double(scale)), actual: image.rgba,
          width: side,
          interior: WebPlayer.interior(scale: Double(scale)))
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
        + " at worst over \(2 * WebPlayer.times.count) shots; \(took)")
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

  @Test(arguments: options, WebPlayer.browsers)
  func otherOptionsMatchTheEngine(_ o: Options, browser: String) throws {
    defer { try? FileManager.default.removeItem(atPath: web.dir) }
    let file = try web.export("ring.svg", o.arguments)
    let out = web.dir + "/options"
    let times = [0.05, 1.9, 3.333]
    _ = try web.browse(
      browser, file, out: out,
      ["--scales", "1", "--times", times.map { "\($0)" }.joined(separator: ",")])
    let scene = try o.scene()
    let renderer = try FrameRenderer(scene: scene)
    let interior = RingInterior(scene)
    for (i, t) in times.enumerated() {
      let image = try web.shot(out + "/1x-\(i).png")
      let expected = RGBAImage(renderer.render(at: .seconds(t)))
      try #require(image.width == expected.width && image.height == expected.height)
      let agreement = FrameAgreement(
        expected: expected.bytes, actual: image.rgba, width: image.width, interior: interior)
      #expect(agreement.interiorDelta <= 3, "\(o.name) in \(browser) at \(t) s: \(agreement)")
      #expect(agreement.psnr >= 36, "\(o.name) in \(browser) at \(t) s: \(agreement)")
    }
  }

  /// `--loop-count 2`: the animation plays two periods and then holds the first frame (where
  /// each loop ends), in both SVG variants.
  @Test(arguments: ["smil", "css"], WebPlayer.browsers)
  func aFiniteLoopCountEndsOnTheFirstFrame(animation: String, browser: String) throws {
    defer { try? FileManager.default.removeItem(atPath: web.dir) }
    let file = try web.export(
      "ring-\(animation).svg", ["--svg-animation", animation, "--loop-count", "2"])
    let out = web.dir + "/count"
    let times = [7.35, 14.65, 16.0, 30.05]
    _ = try web.browse(
      browser, file, out: out,
      ["--scales", "1", "--times", times.map { "\($0)" }.joined(separator: ",")])
    for (i, t) in times.enumerated() {
      let due = t < 14.6 ? t : 0
      let agreement = FrameAgreement(
        expected: try WebPlayer.expected(due, scale: 1),
        actual: try web.shot(out + "/1x-\(i).png").rgba, width: 160,
        interior: WebPlayer.interior(scale: 1))
      #expect(
        agreement.interiorDelta <= 3, "\(animation) in \(browser) at \(t) s: \(agreement)")
    }
  }

  /// Six colours whose alpha runs from 0.125 to 1, one step a second, over white.
  static let translucent = [
    "--colors", "#ff000080,#ffff00ff,#00ff0040,#00ffffc0,#0000ff20,#ff00ffff", "--step-duration",
    "1", "--background", "white",
  ]

  static func translucentScene() throws -> RingScene {
    try RingScene(
      ring: RainbowRing(
        stepDuration: .seconds(1),
        colors: ["#ff000080", "#ffff00ff", "#00ff0040", "#00ffffc0", "#0000ff20", "#ff00ffff"]
          .map { RGBAColor(parsing: $0)! }),
      background: .white)
  }

  struct Seek: CustomTestStringConvertible, Sendable {
    let name: String
    let arguments: [String]
    let times: [Double]
    /// The engine's time each seek shows (a finite loop holds its first frame at the end).
    var due: @Sendable (Double) -> Double = { $0 }
    let scene: @Sendable () throws -> RingScene
    var testDescription: String { name }
  }

  /// Steps of 0.1001 s make a period of 7.3073 s, not whole milliseconds, the clock Firefox
  /// keeps SMIL in: 1,000 periods on, both browsers still show the engine's frame (Firefox
  /// was 64 levels off). Translucent colours keep their alpha in both variants.
  static let seeks = [
    Seek(
      name: "SMIL, 1,000 periods of 7.3073 s", arguments: ["--step-duration", "0.1001"],
      times: [0.05, 7307.35]
    ) {
      try RingScene(ring: RainbowRing(stepDuration: .nanoseconds(100_100_000)), background: .white)
    },
    // 3 plays of 10-period iterations: repeatCount 0.3, ending on the first frame.
    Seek(
      name: "SMIL, 3 plays of 7.3073 s",
      arguments: ["--step-duration", "0.1001", "--loop-count", "3"],
      times: [14.6646, 25], due: { $0 < 21.9 ? $0 : 0 },
      scene: {
        try RingScene(
          ring: RainbowRing(stepDuration: .nanoseconds(100_100_000)), background: .white)
      }),
    Seek(name: "SMIL, translucent colours", arguments: translucent, times: [0.5, 3.7]) {
      try translucentScene()
    },
    Seek(
      name: "CSS, translucent colours", arguments: translucent + ["--svg-animation", "css"],
      times: [0.5, 3.7]
    ) { try translucentScene() },
  ]

  @Test(arguments: seeks, WebPlayer.browsers)
  func framesStayExactAndTranslucent(_ seek: Seek, browser: String) throws {
    defer { try? FileManager.default.removeItem(atPath: web.dir) }
    let file = try web.export("ring.svg", seek.arguments)
    let out = web.dir + "/seek"
    _ = try web.browse(
      browser, file, out: out,
      ["--scales", "1", "--times", seek.times.map { "\($0)" }.joined(separator: ",")])
    let renderer = try FrameRenderer(scene: seek.scene())
    for (i, t) in seek.times.enumerated() {
      let agreement = FrameAgreement(
        expected: RGBAImage(renderer.render(at: .seconds(seek.due(t)))).bytes,
        actual: try web.shot(out + "/1x-\(i).png").rgba, width: 160,
        interior: WebPlayer.interior(scale: 1))
      #expect(agreement.interiorDelta <= 3, "\(seek.name) in \(browser) at \(t) s: \(agreement)")
      print("web \(seek.name) in \(browser) at \(t) s: within \(agreement.interiorDelta) levels")
    }
  }
}
