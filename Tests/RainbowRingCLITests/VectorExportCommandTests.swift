import Foundation
import RainbowRing
import RingTestSupport
import Testing

@testable import RainbowRingCLI
@testable import RingCommandLine
@testable import RingCommands

/// The vector formats from the command line: each extension names its format, standard
/// output takes text, the summary names the loop, and `render` writes a still SVG.
@Suite struct VectorExportCommandTests {
  /// The file's first bytes, as each format begins.
  @Test(arguments: [
    ("ring.svg", "<svg "), ("ring.SVG", "<svg "), ("ring.svgz", "\u{1F}\u{FFFD}"),
    ("ring.json", "{\"v\":\"5.7.4\""), ("ring.lottie", "PK\u{3}\u{4}"),
    ("ring.html", "<!doctype html>"), ("ring.htm", "<!doctype html>"),
  ])
  func theExtensionNamesTheFormat(name: String, begins: String) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let run = Captured(["export", "-o", dir + "/" + name, "--quiet"])
    #expect(run.code == 0, "\(name): \(run.err)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
    #expect(String(decoding: bytes.prefix(16), as: UTF8.self).hasPrefix(begins), "\(name)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [name], "one file")
  }

  @Test func textGoesToStandardOutputEvenATerminalButAnArchiveDoesNot() throws {
    let tool = try rainbowRingBinary()
    let svg = try runProcess(tool, ["export", "--format", "svg", "-o", "-"])
    #expect(svg.status == 0, "\(svg.stderr)")
    #expect(
      String(decoding: svg.stdout, as: UTF8.self).hasPrefix("<svg ")
        && String(decoding: svg.stdout, as: UTF8.self).hasSuffix("</svg>\n"))
    let json = try runProcess(tool, ["export", "--format", "lottie", "-o", "-"])
    #expect(
      json.status == 0 && String(decoding: json.stdout, as: UTF8.self).hasPrefix("{\"v\""),
      "\(json.stderr)")
    let piped = try runProcess(tool, ["export", "--format", "dotlottie", "-o", "-"])
    #expect(piped.status == 0 && piped.stdout.starts(with: Array("PK".utf8)), "\(piped.stderr)")
    // A terminal (script(1)'s pseudo-terminal) takes the SVG's text, not the archive.
    let shown = try runProcess(
      try requiredTool("script", package: "bsdutils"),
      ["-qec", "'\(tool)' export --format svg -o -", "/dev/null"])
    #expect(
      shown.status == 0 && String(decoding: shown.stdout, as: UTF8.self).contains("</svg>"),
      "\(shown.stderr)")
    let zip = Captured(["export", "--format", "dotlottie", "-o", "-"], outputIsTerminal: true)
    #expect(zip.code == 64 && zip.err.contains("dotLottie archive not written to a terminal"))
  }

  @Test func theSummaryNamesTheLoopNotFrames() throws {
    let plan = try #require(try ExportCommand.makePlan(["-o", "/tmp/x/ring.svg"]).plan)
    let line = ExportOptions.summary(of: plan, seconds: 0.01)
    #expect(line == "wrote /tmp/x/ring.svg: a 7.3 s loop, in 0.0 s", "\(line)")
  }

  /// A rate that does not divide the period into whole frames gives Lottie a frame rate
  /// that does (frames fill the period exactly), with a note.
  @Test func lottieFrameRateFillsThePeriod() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let run = Captured(["export", "-o", dir + "/ring.json", "--fps", "24"])
    #expect(run.code == 0, "\(run.err)")
    #expect(run.err.contains("writing 175 frames (23.973 fps)"), "\(run.err)")
    let doc =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: dir + "/ring.json"))) as? [String: Any]
    let fr = try #require(doc?["fr"] as? Double)
    let op = try #require(doc?["op"] as? Double)
    #expect(op == 175 && abs(op / fr - 7.3) < 1e-6, "op \(op) at \(fr) fps")
  }

  /// `render` writes the frame at `--time` as a still SVG whose stop colours are the ring's
  /// colours at that time; `.svgz` is the same gzipped; conic is refused with 64.
  @Test func renderWritesAStillSVG() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let run = Captured(["render", "-o", dir + "/frame.svg", "--time", "0.05"])
    #expect(run.code == 0, "\(run.err)")
    let text = try String(contentsOfFile: dir + "/frame.svg", encoding: .utf8)
    #expect(!text.contains("<animate") && !text.contains("@keyframes"))
    let colors = RainbowRing.seed.colors(at: .milliseconds(50))
    let stops = text.split(separator: "\n").filter { $0.hasPrefix("<stop") }
    #expect(stops.count == colors.count)
    // Stop 1 halfway from #ff1500 (hue 5 degrees) to red: #ff0b00; stop 0 red.
    #expect(stops.first?.contains("stop-color=\"#f00\"") == true)
    #expect(stops.dropFirst().first?.contains("stop-color=\"#ff0b00\"") == true, "\(stops[1])")
    let gz = Captured(["render", "-o", dir + "/frame.svgz", "--time", "0.05"])
    #expect(gz.code == 0, "\(gz.err)")
    let inflated = try runTool("gzip", ["-dc", dir + "/frame.svgz"])
    #expect(String(decoding: inflated, as: UTF8.self) == text)
    let conic = Captured(["render", "-o", dir + "/conic.svg", "--gradient", "conic"])
    #expect(conic.code == 64 && conic.err.contains("no conic gradient"), "\(conic.err)")
    #expect(conic.err.contains("(a .png file)"), "a still conic frame is pointed to PNG")
    #expect(!FileManager.default.fileExists(atPath: dir + "/conic.svg"))
  }

  /// Every refusal from `render` points to what render writes (PNG), never to formats only
  /// `export` writes; the same refusals from `export` point to the animated raster formats.
  @Test(arguments: [["--gradient", "conic"], ["--progress", "0.5"]])
  func renderRefusalsSuggestWhatRenderWrites(_ options: [String]) {
    let still = Captured(["render", "-o", "/nonexistent/x.svg"] + options)
    #expect(still.code == 64, "\(options): \(still.err)")
    #expect(still.err.contains("as PNG (a .png file)"), "\(options) points to PNG: \(still.err)")
    for other in ["GIF", "APNG", "WebP", "MP4", "WebM"] {
      #expect(!still.err.contains(other), "render cannot write \(other): \(still.err)")
    }
    let animation = Captured(["export", "-o", "/nonexistent/x.svg"] + options)
    #expect(animation.code == 64, "\(options): \(animation.err)")
    #expect(
      animation.err.contains("as GIF, APNG, WebP, MP4 or WebM"),
      "export points to the raster formats: \(animation.err)")
  }

  /// Options that do not apply to a vector file, which advice must not name.
  static let frameOptions = ["--duration", "--loops", "--fps", "--size", "--scale", "--jobs"]

  /// Vector files have caps of their own: 36,001 stops (`--hue-step 0.01`) are refused at
  /// once in one line naming what applies to the format, for every vector format, an export
  /// or a still; `--no-limits` lifts the cap.
  @Test(arguments: [
    ["export", "-o", "ring.svg"], ["export", "-o", "ring.svg", "--svg-animation", "css"],
    ["export", "-o", "ring.svgz"], ["export", "-o", "ring.json"], ["export", "-o", "ring.lottie"],
    ["export", "-o", "ring.html"], ["render", "-o", "ring.svg"],
  ])
  func thousandsOfStopsAreRefusedInOneLine(_ arguments: [String]) throws {
    let named = arguments.map { $0.hasPrefix("ring.") ? "/nonexistent/" + $0 : $0 }
    let run = Captured(named + ["--hue-step", "0.01"])
    let line = run.err.split(separator: "\n").first.map(String.init) ?? ""
    #expect(run.code == 64, "\(arguments): \(run.err)")
    #expect(line.contains("36001 gradient stops exceeds the cap of 1000"), "\(line)")
    #expect(line.contains("--hue-step") && line.contains("--no-limits"), "\(line)")
    #expect(line.contains(arguments[0] == "render" ? ".png" : "GIF, APNG"), "\(line)")
    for option in Self.frameOptions {
      #expect(!line.contains(option), "\(arguments): names \(option): \(line)")
    }
    // 1,201 stops (the 36,001 would take this machine's memory: refused as such); flashing
    // allowed, since with the caps lifted the flash check of a long period runs long.
    let over = Captured(named + ["--hue-step", "0.3"])
    #expect(over.code == 64 && over.err.contains("1201 gradient stops"), "\(over.err)")
    let lifted =
      Array(named.dropFirst()) + ["--hue-step", "0.3", "--no-limits", "--allow-flashing"]
    let planned =
      arguments[0] == "render"
      ? try RenderCommand.makePlan(lifted).plan != nil
      : try ExportCommand.makePlan(lifted).plan != nil
    #expect(planned, "--no-limits lifts the cap: \(arguments)")
  }

  /// Colours interpolated in between divide the step (0.1 s / 3, rounded down to the
  /// nanosecond): SMIL keeps the whole-millisecond period (18.1 s for 543 steps), not a
  /// period 181 ns short that Firefox could only reach by repeating it a million times.
  @Test(arguments: ["oklab", "srgb-linear", "oklch"])
  func aDividedStepKeepsSMILsWholeMilliseconds(interpolation: String) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let run = Captured(
      [
        "export", "-o", dir + "/ring.svg", "--hue-step", "2", "--interpolation", interpolation,
        "--allow-flashing",
      ])
    #expect(run.code == 0, "\(run.err)")
    let text = try String(contentsOfFile: dir + "/ring.svg", encoding: .utf8)
    #expect(text.contains("dur=\"18.1s\" repeatCount=\"indefinite\""), "\(interpolation)")
    #expect(text.utf8.count < 4_000_000, "\(text.utf8.count) bytes")
  }

  /// The stop cap names only the option that gives fewer stops for this ring's colours:
  /// `--hue-step` does nothing once `--colors` is given, so 1,002 listed colours are told to
  /// be fewer, and the rainbow of `--hue-step 0.01` is told to raise the step.
  @Test(arguments: ["x.svg", "x.svgz", "x.json", "x.lottie", "x.html"])
  func theStopCapNamesOnlyOptionsThatApply(_ file: String) throws {
    let colors = (0..<1002).map { _ in "#ff0000" }.joined(separator: ",")
    let listed = Captured(
      ["export", "-o", "/nonexistent/" + file, "--allow-flashing", "--colors", colors])
    let line = listed.err.split(separator: "\n").first.map(String.init) ?? ""
    #expect(listed.code == 64 && line.contains("1002 gradient stops"), "\(file): \(listed.err)")
    #expect(line.contains("give fewer --colors"), "\(file): \(line)")
    #expect(!line.contains("--hue-step"), "\(file): --hue-step has no effect: \(line)")
    let rainbow = Captured(["export", "-o", "/nonexistent/" + file, "--hue-step", "0.01"])
    let first = rainbow.err.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first.contains("raise --hue-step"), "\(file): \(first)")
    #expect(!first.contains("--colors"), "\(file): no --colors were given: \(first)")
  }

  /// An SMIL file too large to be of use names what shrinks it: fewer colours, a period of
  /// whole milliseconds (it repeats 10,000 periods here), the CSS variant.
  @Test func aHugeSMILFileNamesWhatShrinksIt() {
    let run = Captured(["export", "-o", "/nonexistent/ring.svg", "--step-duration", "0.1000001"])
    #expect(run.code == 64, "\(run.err)")
    for advice in ["407 MiB exceeds the cap of 64 MiB", "--step-duration", "--svg-animation css"] {
      #expect(run.err.contains(advice), "\(advice): \(run.err)")
    }
    for option in Self.frameOptions where option != "--step-duration" {
      #expect(!run.err.contains(option + " "), "names \(option): \(run.err)")
    }
  }

  /// A vector file's size in points costs no pixels: `--size 10000`, refused for PNG and
  /// GIF by the pixel cap, is planned for every vector format.
  @Test(arguments: ["ring.svg", "ring.json", "ring.lottie", "ring.html"])
  func aLargeSizeCostsAVectorFileNothing(name: String) throws {
    let plan = try ExportCommand.makePlan(["-o", "/tmp/x/" + name, "--size", "10000"]).plan
    #expect(plan != nil, "\(name) at 10,000 points")
    let still = try RenderCommand.makePlan(["-o", "/tmp/x/ring.svg", "--size", "10000"]).plan
    #expect(still != nil, "a still SVG at 10,000 points")
    #expect(throws: RingError.self, "a PNG keeps the pixel cap") {
      try RenderCommand.makePlan(["-o", "/tmp/x/ring.png", "--size", "10000"])
    }
  }

  /// With the caps lifted, a file that cannot fit the address space (`ulimit -v`) is
  /// refused in one line with status 1, before it is built, instead of SIGABRT, and before
  /// the flash check, whose analysis of this hour-long period would run for minutes with
  /// the caps lifted. A sanitizer reserves terabytes of shadow address
  /// space, so a sanitized binary cannot start under `ulimit -v`: the plain suite runs it.
  @Test(
    .enabled(
      if: ProcessInfo.processInfo.environment["SANITIZED_BUILD"] == nil,
      "a sanitized binary cannot start under ulimit -v"))
  func aLimitedAddressSpaceGivesOneLine() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let tool = try rainbowRingBinary()
    let run = try runProcess(
      "/bin/sh",
      [
        "-c",
        "ulimit -v 2000000; exec '\(tool)' export --hue-step 0.01 --no-limits -o '\(dir)/ring.svg' --quiet",
      ])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.hasPrefix("Error: not enough memory for this vector file"), "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "nothing left")
  }
}
