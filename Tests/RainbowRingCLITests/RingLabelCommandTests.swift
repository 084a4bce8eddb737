import Foundation
import RingTestSupport
import Testing

/// `--label`: text in the ring's centre, read back by tesseract from every kind of file the
/// tool writes, following an animated progress, and refused where it cannot go.
@Suite struct RingLabelCommandTests {
  /// A 160-point ring (its hole 120 points across) with a 20-point label, on white, at 4x.
  let white = ["--background", "white", "--scale", "4", "--label-size", "20"]
  /// The middle of the ring's hole: where the label is, without the ring.
  static let band = (width: 0.65, height: 0.25)

  func render(_ options: [String], in dir: String, to name: String = "frame.png") throws -> String {
    let path = "\(dir)/\(name)"
    let run = try runProcess(try rainbowRingBinary(), ["render", "-o", path] + options)
    try #require(run.status == 0, "\(run.stderr)")
    return path
  }

  /// A percentage follows the progress along its curve (linear here), in whole percent
  /// rounded down; a value shows turns with two decimals.
  @Test(arguments: [
    ("percent", "0", "0%"), ("percent", "0.5", "50%"), ("percent", "0.999", "99%"),
    ("percent", "2", "100%"), ("value", "0.25", "0.25"), ("value", "3", "1.00"),
  ])
  func aProgressLabelFollowsTheAnimation(label: String, time: String, shown: String) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let png = try render(
      [
        "--progress", "1", "--progress-from", "0", "--progress-duration", "1", "--timing",
        "linear", "--label", label, "--time", time,
      ] + white, in: dir)
    #expect(try TextRecognition.read(png: png, singleLine: true, centre: Self.band) == shown)
  }

  @Test(arguments: ["Done", "Syncing", "42 files"])
  func aTextLabelReadsBackFromAPNG(text: String) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let png = try render(["--label", text] + white, in: dir)
    #expect(try TextRecognition.read(png: png, singleLine: true, centre: Self.band) == text)
  }

  /// Each raster export holds the label: its first frame, decoded by Pillow (ffmpeg for
  /// MP4), reads back.
  @Test(arguments: ["gif", "apng", "webp", "mp4"])
  func everyRasterExportHoldsTheLabel(format: String) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = "\(dir)/ring.\(format == "apng" ? "png" : format)"
    let run = try runProcess(
      try rainbowRingBinary(),
      [
        "export", "-o", file, "--format", format, "--duration", "0.2", "--label", "Ready",
        "--quiet",
      ]
        + white)
    try #require(run.status == 0, "\(run.stderr)")
    let first = "\(dir)/first.png"
    if format == "mp4" {
      _ = try runTool("ffmpeg", ["-v", "error", "-i", file, "-frames:v", "1", first])
    } else {
      _ = try runTool(
        "python3",
        [
          "-c", "import sys; from PIL import Image; Image.open(sys.argv[1]).save(sys.argv[2])",
          file, first,
        ])
    }
    #expect(try TextRecognition.read(png: first, singleLine: true, centre: Self.band) == "Ready")
  }

  /// SVG holds `<text>` in the label's font with fallbacks, or the outlines with
  /// `--text-as-paths`; librsvg draws both readably.
  @Test(arguments: [false, true])
  func svgHoldsTheLabelAsTextOrOutlines(asPaths: Bool) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let svg = try render(
      ["--label", "Done", "--background", "white", "--label-size", "20"]
        + (asPaths ? ["--text-as-paths"] : []),
      in: dir, to: "ring.svg")
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(text.contains("<text") == !asPaths)
    #expect(text.contains("font-family=\"'Inter', 'DejaVu Sans', sans-serif\"") == !asPaths)
    let png = "\(dir)/svg.png"
    _ = try runTool("rsvg-convert", ["-z", "4", svg, "-o", png])
    #expect(try TextRecognition.read(png: png, singleLine: true, centre: Self.band) == "Done")
  }

  @Test(arguments: [
    (["--label", "percent"], "needs progress"),
    (["--label-size", "20"], "needs label"),
    (["--label", "x", "--label-font", "No Such Family"], "is not installed"),
    (["--label", "a\tb"], "control characters"),
    (["--label", String(repeating: "x", count: 201)], "at most 200"),
    (["--label", "Hi", "--text-as-paths"], "applies to SVG"),
  ])
  func badLabelsAreUsageErrors(options: [String], message: String) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let run = try runProcess(try rainbowRingBinary(), ["render", "-o", "\(dir)/x.png"] + options)
    #expect(run.status == 64, "exit \(run.status)")
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "no file")
  }

  /// Lottie holds the label as its outlines: rlottie and ThorVG both draw it readably (and
  /// `LottiePlaybackTests` compares their frames with the engine's).
  @Test(arguments: ["rlottie", "thorvg"])
  func lottieHoldsTheLabelAsOutlines(player: String) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = "\(dir)/ring.json"
    let run = try runProcess(
      try rainbowRingBinary(), ["export", "-o", file, "--label", "Done", "--quiet"] + white)
    try #require(run.status == 0, "\(run.stderr)")
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("WebPlayers/lottie_frames.py").path
    let play = try runProcess(
      "/usr/bin/env",
      ["python3", script, "--player", player, "--frames", "0", "--out", dir, file])
    try #require(play.status == 0, "\(play.stderr)")
    let frame = "\(dir)/frame-0.png"
    #expect(try TextRecognition.read(png: frame, singleLine: true, centre: Self.band) == "Done")
  }

  /// A ring file's label, and its line breaks.
  @Test func aRingFileGivesALabel() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let config = "\(dir)/ring.json"
    try
      ##"{"label": "Hello", "label-color": "#0000FF", "label-size": 20, "background": "white", "scale": 4}"##
      .write(toFile: config, atomically: true, encoding: .utf8)
    let png = try render(["--config", config], in: dir)
    #expect(try TextRecognition.read(png: png, singleLine: true, centre: Self.band) == "Hello")
    let decoded = try decodeWithPillow(png)
    let blue = stride(from: 0, to: decoded.rgba.count, by: 4).filter {
      decoded.rgba[$0] < 40 && decoded.rgba[$0 + 1] < 40 && decoded.rgba[$0 + 2] > 200
    }
    #expect(blue.count > 500, "drawn in the file's colour: \(blue.count) blue pixels")
    try #"{"label": ""}"#.write(toFile: config, atomically: true, encoding: .utf8)
    let empty = try runProcess(
      try rainbowRingBinary(), ["render", "--config", config, "-o", "\(dir)/e.png"])
    #expect(empty.status != 0 && empty.stderr.contains("label"), "\(empty.stderr)")
  }
}
