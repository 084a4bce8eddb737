import Foundation
import RainbowRing
import RingTestSupport
import Testing

@testable import RingExport

/// SVG, Lottie and dotLottie files as files: their sizes for the seed, their structure read
/// by Python's own XML, JSON, gzip and ZIP readers, and every ring option drawn by librsvg
/// (an independent SVG renderer) against the engine's frame.
@Suite struct VectorExportTests {
  let dir: String

  init() throws {
    dir =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("ring-vector-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  func settings(_ format: ExportFormat, scene: RingScene = try! RingScene(), fps: Int = 60)
    -> ExportSettings
  {
    let period = scene.ring.period.nanoseconds
    return ExportSettings(
      scene: scene, format: format,
      timing: ExportTiming(
        frameCount: Int((Double(period) / 1e9 * Double(fps)).rounded()),
        durationNanoseconds: period))
  }

  /// Runs a Python script with `arguments`; its standard output.
  func python(_ script: String, _ arguments: [String]) throws -> String {
    String(decoding: try runTool("python3", ["-c", script] + arguments), as: UTF8.self)
  }

  @Test func seedFilesAreSmall() throws {
    var svgz = settings(.svg)
    svgz.gzipped = true
    var css = settings(.svg)
    css.svgMotion = .css
    let sizes = try [
      ("svg", settings(.svg), 64_000), ("svgz", svgz, 4_000), ("css svg", css, 16_000),
      ("lottie", settings(.lottie), 128_000), ("dotlottie", settings(.dotLottie), 32_000),
      ("html", settings(.html), 48_000),
    ].map { name, s, most in (name, try Exporter.vectorFile(s).count, most) }
    print("seed vector sizes: " + sizes.map { "\($0.0) \($0.1) B" }.joined(separator: ", "))
    for (name, size, most) in sizes {
      #expect(size <= most, "\(name): \(size) bytes, more than \(most)")
    }
  }

  /// Python's XML parser reads the SVG: the seed's 73 stops, each animating its colour
  /// through 74 values (one per step, back to the first) over the 7.3 s period, forever;
  /// stop i starts as colour i and takes colour i - 1 next. The .svgz is the same file
  /// gzipped, as Python's gzip reads it.
  @Test func svgStructureIsTheSeedsMotion() throws {
    let path = dir + "/ring.svg"
    try Data(Exporter.vectorFile(settings(.svg))).write(to: URL(fileURLWithPath: path))
    var gz = settings(.svg)
    gz.gzipped = true
    try Data(Exporter.vectorFile(gz)).write(to: URL(fileURLWithPath: path + "z"))
    let report = try python(
      """
      import gzip, sys, xml.etree.ElementTree as ET
      ns = {'s': 'http://www.w3.org/2000/svg'}
      raw = open(sys.argv[1], 'rb').read()
      assert gzip.open(sys.argv[1] + 'z').read() == raw, 'svgz is not the svg gzipped'
      root = ET.fromstring(raw)
      stops = root.findall('.//s:linearGradient/s:stop', ns)
      anims = [s.find('s:animate', ns) for s in stops]
      values = [a.get('values').split(';') for a in anims]
      print(len(stops), root.get('width'), root.get('height'), root.get('viewBox'))
      print(sorted({a.get('dur') for a in anims}), sorted({a.get('repeatCount') for a in anims}))
      print(sorted({len(v) for v in values}), all(v[0] == v[-1] == s.get('stop-color') for v, s in zip(values, stops)))
      print(all(values[i][1] == values[i - 1][0] for i in range(1, len(values))))
      print(root.find('s:circle', ns).attrib)
      """, [path])
    let lines = report.split(separator: "\n").map(String.init)
    #expect(lines[0] == "73 160 160 0 0 160 160")
    #expect(lines[1] == "['7.3s'] ['indefinite']")
    #expect(lines[2] == "[74] True")
    #expect(lines[3] == "True", "stop i takes stop i - 1's colour after one step")
    #expect(lines[4].contains("'r': '70'") && lines[4].contains("'stroke-width': '20'"))
  }

  /// Bodymovin JSON as Python reads it: one gradient stroke with `g.p` 73 stops and 74
  /// linear keyframes 6 frames apart at 60 fps, out-point 438 (7.3 s); the dotLottie is a ZIP
  /// whose manifest names the animation and whose animation is the same JSON.
  @Test func lottieStructureAndDotLottieArchive() throws {
    let json = dir + "/ring.json"
    let zip = dir + "/ring.lottie"
    try Data(Exporter.vectorFile(settings(.lottie))).write(to: URL(fileURLWithPath: json))
    try Data(Exporter.vectorFile(settings(.dotLottie))).write(to: URL(fileURLWithPath: zip))
    let report = try python(
      """
      import json, sys, zipfile
      doc = json.load(open(sys.argv[1]))
      z = zipfile.ZipFile(sys.argv[2])
      assert z.testzip() is None
      manifest = json.loads(z.read('manifest.json'))
      inner = z.read('animations/%s.json' % manifest['animations'][0]['id'])
      assert json.loads(inner) == doc, 'the archive holds another animation'
      items = doc['layers'][0]['shapes'][0]['it']
      gs = [i for i in items if i['ty'] == 'gs'][0]
      keys = gs['g']['k']['k']
      print(doc['fr'], doc['ip'], doc['op'], doc['w'], doc['h'], gs['g']['p'], gs['t'])
      print(len(keys), sorted({len(k['s']) for k in keys}), sorted({keys[i + 1]['t'] - keys[i]['t'] for i in range(len(keys) - 1)}))
      print(all(k.get('o') == {'x': [0], 'y': [0]} and k.get('i') == {'x': [1], 'y': [1]} for k in keys[:-1]), keys[0]['s'] == keys[-1]['s'])
      print(sorted(z.namelist()), [i.compress_type for i in z.infolist()])
      """, [json, zip])
    let lines = report.split(separator: "\n").map(String.init)
    #expect(lines[0] == "60 0 438 160 160 73 1")
    #expect(lines[1] == "74 [292] [6]")
    #expect(lines[2] == "True True")
    #expect(lines[3] == "['animations/ring.json', 'manifest.json'] [8, 8]")
  }

  /// The ZIP writer, read by Python's zipfile: deflated and stored entries (random bytes do
  /// not shrink), an empty one and a UTF-8 name come back byte for byte, CRCs checked.
  @Test func zipEntriesReadBackInPython() throws {
    var random = SystemRandomNumberGenerator()
    let noise = (0..<5000).map { _ in UInt8.random(in: 0...255, using: &random) }
    let entries: [ZipArchive.Entry] = [
      .init(name: "text.txt", bytes: Array(String(repeating: "ring ", count: 400).utf8)),
      .init(name: "noise.bin", bytes: noise), .init(name: "empty", bytes: []),
      .init(name: "dossier/anneau-arc-en-ciel-\u{1F308}.json", bytes: Array("{}".utf8)),
    ]
    let path = dir + "/test.zip"
    try Data(ZipArchive.archive(entries)).write(to: URL(fileURLWithPath: path))
    let listing = try python(
      """
      import sys, zipfile, hashlib
      z = zipfile.ZipFile(sys.argv[1])
      assert z.testzip() is None
      for i in z.infolist():
          print(i.filename, i.compress_type, hashlib.sha256(z.read(i)).hexdigest())
      """, [path])
    let expected = try entries.map { entry in
      let method = entry.name == "text.txt" ? 8 : 0
      return "\(entry.name) \(method) \(try sha256Hex(entry.bytes))"
    }
    #expect(listing.split(separator: "\n").map(String.init) == expected)
  }

  /// SHA-256 by Python, for comparing bytes across the process boundary.
  func sha256Hex(_ bytes: [UInt8]) throws -> String {
    try String(
      decoding: runTool(
        "python3",
        ["-c", "import sys, hashlib; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())"],
        stdin: Data(bytes)), as: UTF8.self
    ).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let make: @Sendable () throws -> RingScene
    var testDescription: String { name }
  }

  static func ring(
    size: Double = 160, width: Double = 20, step: Double = 0.1, hueStep: Double = 5,
    saturation: Double = 1, brightness: Double = 1, kind: GradientKind = .axial,
    start: Point = Point(x: 0, y: 0), end: Point = Point(x: 1, y: 1)
  ) throws -> RainbowRing {
    try RainbowRing(
      size: Size(width: size, height: size), ringWidth: width, stepDuration: .seconds(step),
      hueStep: hueStep, saturation: saturation, brightness: brightness,
      gradient: GradientGeometry(kind: kind, startPoint: start, endPoint: end))
  }

  /// Every option a ring has, one at a time, on white unless the case says otherwise.
  static let cases: [Case] = [
    Case(name: "seed") { try RingScene(background: .white) },
    Case(name: "size 96, ring width 30") {
      try RingScene(ring: ring(size: 96, width: 30), background: .white)
    },
    Case(name: "hue step 30") { try RingScene(ring: ring(hueStep: 30), background: .white) },
    Case(name: "saturation 0.5, brightness 0.7") {
      try RingScene(ring: ring(saturation: 0.5, brightness: 0.7), background: .white)
    },
    Case(name: "step duration 0.37") {
      try RingScene(ring: ring(step: 0.37), background: .white)
    },
    Case(name: "axial 0.2,0.9 to 0.7,0.1") {
      try RingScene(
        ring: ring(start: Point(x: 0.2, y: 0.9), end: Point(x: 0.7, y: 0.1)), background: .white)
    },
    Case(name: "radial circle") {
      try RingScene(
        ring: ring(kind: .radial, start: Point(x: 0.5, y: 0.5), end: Point(x: 1, y: 1)),
        background: .white)
    },
    Case(name: "radial ellipse, off centre") {
      try RingScene(
        ring: ring(kind: .radial, start: Point(x: 0.4, y: 0.6), end: Point(x: 1.1, y: 1.0)),
        background: .white)
    },
    Case(name: "radial flat (last colour)") {
      try RingScene(
        ring: ring(kind: .radial, start: Point(x: 0.5, y: 0.5), end: Point(x: 1, y: 0.5)),
        background: .white)
    },
    Case(name: "background #336699") {
      try RingScene(background: RGBAColor(parsing: "#336699")!)
    },
    Case(name: "background #ff990080") {
      try RingScene(background: RGBAColor(parsing: "#ff990080")!)
    },
    Case(name: "transparent") { try RingScene() },
    Case(name: "scale 2") { try RingScene(background: .white, scale: 2) },
    Case(name: "scale 1.5") { try RingScene(background: .white, scale: 1.5) },
    Case(name: "seed host") { try RingScene.seedHost() },
    Case(name: "translucent colours") { try RingScene(ring: translucent(), background: .white) },
  ]

  /// Six colours whose alpha runs from 0.125 to 1, one step a second.
  static func translucent(
    gradient: GradientGeometry = GradientGeometry(
      kind: .axial, startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 1))
  ) throws -> RainbowRing {
    try RainbowRing(
      stepDuration: .seconds(1),
      colors: ["#ff000080", "#ffff00ff", "#00ff0040", "#00ffffc0", "#0000ff20", "#ff00ffff"]
        .map { RGBAColor(parsing: $0)! }, gradient: gradient)
  }

  /// librsvg draws the still SVG at 2.37 s like the engine: inside the ring within 2
  /// levels, over the whole frame at least 36 dB (edges are anti-aliased differently). Also
  /// the animated SVG's own colours (librsvg shows no animation: its first frame).
  @Test(arguments: cases) func librsvgDrawsEveryOption(_ c: Case) throws {
    let scene = try c.make()
    let time = MediaTime.milliseconds(2370)
    let still = dir + "/still.svg"
    try SVGDocument.still(scene, at: time).write(toFile: still, atomically: true, encoding: .utf8)
    let animated = dir + "/animated.svg"
    try SVGDocument.animated(scene).write(toFile: animated, atomically: true, encoding: .utf8)
    let renderer = try FrameRenderer(scene: scene)
    let interior = RingInterior(scene)
    for (svg, at) in [(still, time), (animated, MediaTime.zero)] {
      _ = try runTool("rsvg-convert", [svg, "-o", dir + "/rsvg.png"])
      let drawn = try decodeWithPillow(dir + "/rsvg.png")
      let expected = RGBAImage(renderer.render(at: at))
      try #require(drawn.width == expected.width && drawn.height == expected.height)
      let agreement = FrameAgreement(
        expected: visible(expected.bytes), actual: visible(drawn.rgba), width: drawn.width,
        interior: interior)
      #expect(agreement.interiorPixels > 0)
      #expect(agreement.interiorDelta <= 2, "\(c.name), \(svg): \(agreement)")
      #expect(agreement.psnr >= 36, "\(c.name), \(svg): \(agreement)")
    }
  }

  @Test(arguments: [ExportFormat.svg, .lottie, .dotLottie, .html])
  func conicIsRefusedNamingFormatsThatCan(_ format: ExportFormat) throws {
    let conic = try RingScene(
      ring: Self.ring(kind: .conic, start: Point(x: 0.5, y: 0.5), end: Point(x: 1, y: 0.5)))
    #expect {
      try Exporter.vectorFile(settings(format, scene: conic))
    } throws: { error in
      "\(error)".contains("no conic gradient") && "\(error)".contains("GIF, APNG, WebP")
    }
  }

  /// The refusal gives the radii as people write them: 80 x 48, not 48.00000000000001.
  @Test func lottieRefusesAnEllipseButSVGDrawsIt() throws {
    let ellipse = try RingScene(
      ring: Self.ring(kind: .radial, start: Point(x: 0.5, y: 0.5), end: Point(x: 1, y: 0.8)))
    #expect {
      try Exporter.vectorFile(settings(.lottie, scene: ellipse))
    } throws: { error in
      "\(error)".contains("an ellipse (80 x 48 points)")
    }
    #expect(try Exporter.vectorFile(settings(.svg, scene: ellipse)).count > 0)
  }

  /// The refusal blames what makes the ellipse: the end point's offsets in a square ring, the
  /// ring's box when the offsets are equal.
  @Test(arguments: [
    (Size(width: 160, height: 160), Point(x: 1, y: 0.8), "end-point"),
    (Size(width: 160, height: 100), Point(x: 1, y: 1), "size"),
    (Size(width: 160, height: 100), Point(x: 1, y: 0.8), "end-point"),
  ])
  func lottiesEllipseRefusalNamesItsCause(size: Size, end: Point, key: String) throws {
    let ring = try RainbowRing(
      size: size, ringWidth: 20,
      gradient: GradientGeometry(kind: .radial, startPoint: Point(x: 0.5, y: 0.5), endPoint: end))
    #expect {
      try Exporter.vectorFile(settings(.lottie, scene: RingScene(ring: ring)))
    } throws: { error in
      (error as? RingError)?.key == key
    }
  }

  /// Translucent colours keep their alpha: SVG stops carry `stop-opacity` (animated beside
  /// `stop-color` in SMIL, in the keyframes in CSS), Lottie gradients list an opacity stop
  /// for each colour stop after the colour stops (lottie-spec), a one-colour stroke
  /// animates its opacity.
  @Test func translucentColoursKeepTheirAlpha() throws {
    let scene = try RingScene(ring: Self.translucent())
    let smil = try SVGDocument.animated(scene)
    #expect(smil.contains("attributeName=\"stop-opacity\""), "SMIL animates the opacity")
    #expect(smil.contains("values=\"0.502;1;0.1255;0.7529;0.251;1;0.502\""), "stop 0's alphas")
    let css = try SVGDocument.animated(scene, motion: .css)
    #expect(css.contains("0%{stop-color:#f00;stop-opacity:0.502}"), "CSS keyframes")
    let still = try SVGDocument.still(scene, at: .seconds(1))
    #expect(still.contains("stop-color=\"#f0f\" stop-opacity=\"1\"") == false)
    #expect(still.contains("stop-color=\"#f00\" stop-opacity=\"0.502\""), "\(still)")
    let opaque = try SVGDocument.animated(RingScene())
    #expect(!opaque.contains("stop-opacity"), "opaque colours write no opacity")

    let json = dir + "/translucent.json"
    var lottie = settings(.lottie, scene: scene)
    lottie.timing = ExportTiming(frameCount: 360, durationNanoseconds: 6_000_000_000)
    try Data(Exporter.vectorFile(lottie)).write(to: URL(fileURLWithPath: json))
    let report = try python(
      """
      import json, sys
      doc = json.load(open(sys.argv[1]))
      gs = [i for i in doc['layers'][0]['shapes'][0]['it'] if i['ty'] == 'gs'][0]
      p, keys = gs['g']['p'], gs['g']['k']['k']
      print(p, sorted({len(k['s']) for k in keys}))
      s = keys[0]['s']
      print(s[4 * p:])
      print(keys[1]['s'][4 * p:])
      """, [json])
    let lines = report.split(separator: "\n").map(String.init)
    #expect(lines[0] == "6 [36]", "6 colour stops of 4 numbers, 6 opacity stops of 2")
    #expect(lines[1] == "[0, 0.502, 0.2, 1, 0.4, 0.251, 0.6, 0.7529, 0.8, 0.1255, 1, 1]")
    #expect(lines[2] == "[0, 1, 0.2, 0.502, 0.4, 1, 0.6, 0.251, 0.8, 0.7529, 1, 0.1255]")

    let flat = try RingScene(
      ring: Self.translucent(
        gradient: GradientGeometry(
          kind: .radial, startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 0.5))))
    let stroke = try LottieDocument.json(flat, frameCount: 360)
    #expect(
      stroke.contains("\"o\":{\"a\":1,\"k\":[{\"t\":0,\"s\":[100]"), "last colour opaque at 0")
  }

  /// A radial gradient whose radii are equal but for rounding (0.8 - 0.5 and 0.5 - 0.2 of
  /// 160 points: 48.00000000000001 and 48) or for a typed last place (16.000000016 and 16:
  /// 1.6e-8 points) is a circle for Lottie and SVG; one whose radii differ by 10 parts in a
  /// million is an ellipse, refused by Lottie.
  @Test(arguments: [
    (Point(x: 0.8, y: 0.2), true), (Point(x: 0.2, y: 0.8), true), (Point(x: 0.9, y: 0.1), true),
    (Point(x: 0.7, y: 0.3), true), (Point(x: 0.83, y: 0.17), true),
    (Point(x: 0.6, y: 0.6000000001), true), (Point(x: 0.8, y: 0.2000001), true),
    (Point(x: 0.8, y: 0.200003), false),
  ])
  func aCircleIsACircleToRounding(end: Point, circle: Bool) throws {
    let scene = try RingScene(
      ring: Self.ring(kind: .radial, start: Point(x: 0.5, y: 0.5), end: end))
    if circle {
      let json = try LottieDocument.json(scene, frameCount: 438)
      #expect(json.contains("\"t\":2"), "a radial gradient for end \(end)")
      let svg = try SVGDocument.animated(scene)
      #expect(svg.contains(" r=\"") && !svg.contains("gradientTransform"), "an SVG circle")
    } else {
      #expect(throws: RingError.self, "an ellipse for end \(end)") {
        try LottieDocument.json(scene, frameCount: 438)
      }
    }
  }

  /// Firefox keeps SMIL times in whole milliseconds, so each `dur` is k periods, the fewest
  /// that make whole milliseconds, with k n + 1 values (the same colours every period), and
  /// a finite loop count is k times fewer repeats (exact: k divides 10^6).
  @Test(arguments: [
    (0.1, 1), (0.1001, 10), (0.12345, 20), (0.0999, 10), (0.1000001, 10000), (0.25, 1),
  ])
  func smilDurationsAreWholeMilliseconds(step: Double, repeats: Int) throws {
    let scene = try RingScene(ring: Self.ring(step: step))
    let n = scene.ring.colors.count
    let period = scene.ring.period.nanoseconds
    let vector = try VectorRing(scene, format: .svg)
    #expect(vector.smilRepeats == repeats, "step \(step) s")
    #expect(period * Int64(repeats) % 1_000_000 == 0, "whole milliseconds")
    guard repeats <= 20 else { return }
    for plays in [0, 3] {
      let svg = try SVGDocument.animated(scene, plays: plays)
      let dur = MediaTime.nanoseconds(period * Int64(repeats)).decimalText
      #expect(svg.contains("dur=\"\(dur)s\""), "step \(step) s: dur \(dur) s")
      let count =
        plays == 0 ? "indefinite" : VectorText.number(Double(plays) / Double(repeats), digits: 6)
      #expect(svg.contains("repeatCount=\"\(count)\""), "\(plays) plays")
      let values = svg.split(separator: "values=\"")[1].prefix { $0 != "\"" }
      let colors = values.split(separator: ";")
      #expect(colors.count == repeats * n + 1, "\(repeats) periods of \(n) steps")
      #expect(Array(colors.prefix(n + 1)) == Array(colors.suffix(n + 1)), "each period alike")
    }
  }
}
