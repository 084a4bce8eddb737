import Foundation
import RainbowRing
import RingTestSupport
import Testing

@testable import RainbowRingCLI

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
    let line = ExportCommand.summary(of: plan, seconds: 0.01)
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
    #expect(!FileManager.default.fileExists(atPath: dir + "/conic.svg"))
  }
}
