import Foundation
import RainbowRing
import RingTestSupport
import Testing

@testable import RingExport

/// Every format, written by the exporter and read back by decoders nobody here wrote
/// (ffprobe and ffmpeg, Pillow, ImageMagick), compared with the engine's own frames.
@Suite(.serialized) struct ExportDecodeTests {
  let dir: String

  init() throws {
    dir =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("ring-export-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  func settings(_ format: ExportFormat, fps: Int, background: RGBAColor, scale: Double = 1)
    throws -> ExportSettings
  {
    let scene = try RingScene(background: background, scale: scale)
    let frames = Int((7.3 * Double(fps)).rounded())
    return ExportSettings(
      scene: scene, format: format,
      timing: ExportTiming(frameCount: frames, durationNanoseconds: 7_300_000_000))
  }

  /// The engine's frame i as straight RGBA.
  func engine(_ s: ExportSettings, _ i: Int) throws -> [UInt8] {
    try FrameRenderer(scene: s.ringScene!).render(at: s.timing.time(ofFrame: i)).straightRGBABytes()
  }

  /// Mean absolute difference between two RGBA frames (per channel).
  func meanDelta(_ a: [UInt8], _ b: [UInt8]) -> Double {
    Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count)
  }

  /// The loop closes: the step from the last frame to the first is no bigger than the
  /// steps between neighbouring frames.
  func expectSeamless(_ frames: [[UInt8]], _ what: String) {
    let steps = (1..<frames.count).map { meanDelta(frames[$0 - 1], frames[$0]) }
    let wrap = meanDelta(frames[frames.count - 1], frames[0])
    let largest = steps.max() ?? 0
    #expect(
      wrap <= largest * 1.5 + 0.01, "\(what): last-to-first step \(wrap), largest step \(largest)")
  }

  @Test func gifPlaysTheLoopAtFiftyFramesPerSecond() throws {
    let s = try settings(.gif, fps: 50, background: .white)
    let path = dir + "/ring.gif"
    try Exporter.export(s, to: path)
    let info = try probe(path)
    #expect(info["nb_read_frames"] == "365", "ffprobe frame count: \(info)")
    #expect(
      info["duration"].flatMap(Double.init).map { abs($0 - 7.3) < 0.011 } == true,
      "ffprobe duration: \(info)")
    let gif = try decodeAnimationWithPillow(path)
    #expect(gif.frames.count == 365 && gif.durations.allSatisfy { $0 == 20 }, "365 frames of 20 ms")
    #expect(gif.loop == 0, "loops forever")
    var worst = Double.infinity
    for i in stride(from: 0, to: 365, by: 12) {
      worst = min(worst, psnr(gif.frames[i], try engine(s, i), includeAlpha: false))
    }
    #expect(worst >= 35, "GIF frames against the engine: worst PSNR \(worst) dB (threshold 35)")
    expectSeamless(gif.frames, "GIF")
    // ImageMagick decodes a middle frame to the same picture. Frame 100 alone holds only
    // what changed since frame 99 (the rest transparent): the whole animation is coalesced,
    // then every frame but 100 dropped.
    let magick = [UInt8](
      try runTool(
        "/usr/bin/convert", [path, "-coalesce", "-delete", "0-99", "-delete", "1--1", "rgba:-"]))
    let reference = try engine(s, 100)
    try #require(
      magick.count == reference.count, "ImageMagick frame 100: \(magick.count) bytes")
    let magickPSNR = psnr(magick, reference, includeAlpha: false)
    #expect(
      magickPSNR >= 35,
      "ImageMagick's frame 100 against the engine: PSNR \(magickPSNR) dB (threshold 35)")
  }

  @Test func gifWithTransparencyUsesAnAlphaThreshold() throws {
    let s = try settings(.gif, fps: 10, background: .clear)
    let path = dir + "/clear.gif"
    try Exporter.export(s, to: path)
    let gif = try decodeAnimationWithPillow(path)
    let reference = try engine(s, 5)
    var wrong = 0
    for p in 0..<(reference.count / 4)
    where (reference[4 * p + 3] >= 128) != (gif.frames[5][4 * p + 3] == 255) {
      wrong += 1
    }
    #expect(wrong == 0, "\(wrong) pixels on the wrong side of the alpha threshold")
  }

  /// Scenes whose pixels turn transparent: a progress arc shrinking to nothing, and a
  /// colour whose alpha flows away. A GIF keeps what is beneath a transparent pixel, so
  /// the frame before must be cleared after it shows.
  static func vanishingScenes() throws -> [(String, RingScene)] {
    let shrinking = try RainbowRing(
      size: Size(width: 48, height: 48), ringWidth: 10,
      colors: [RGBAColor(unchecked: 1, 0, 0), RGBAColor(unchecked: 0, 0, 1)],
      progress: try RingProgress(
        value: 0, change: try ProgressChange(from: 1, duration: .milliseconds(600))),
      flows: false)
    let fading = try RainbowRing(
      size: Size(width: 48, height: 48), ringWidth: 10, stepDuration: .milliseconds(300),
      colors: [RGBAColor(unchecked: 1, 0, 0), RGBAColor(unchecked: 1, 0, 0, 0)])
    return [
      ("shrinking arc", try RingScene(ring: shrinking, background: .clear)),
      ("fading colour", try RingScene(ring: fading, background: .clear)),
    ]
  }

  /// Every decoded frame's transparency is the engine's, read by Pillow and by ImageMagick.
  @Test(arguments: 0..<2)
  func gifPixelsTurnTransparentWhenTheRingsDo(_ which: Int) throws {
    let (what, scene) = try Self.vanishingScenes()[which]
    let s = ExportSettings(
      scene: scene, format: .gif,
      timing: ExportTiming(frameCount: 40, durationNanoseconds: 800_000_000))
    let path = dir + "/vanishing-\(which).gif"
    try Exporter.export(s, to: path)
    let gif = try decodeAnimationWithPillow(path)
    try #require(gif.frames.count == 40, "\(what): \(gif.frames.count) frames")
    let magick = [UInt8](try runTool("/usr/bin/convert", [path, "-coalesce", "rgba:-"]))
    let size = gif.frames[0].count
    try #require(magick.count == 40 * size, "\(what): ImageMagick gave \(magick.count) bytes")
    for i in 0..<40 {
      let reference = try engine(s, i)
      var (pillow, magickWrong) = (0, 0)
      for p in 0..<(size / 4) {
        let opaque = reference[4 * p + 3] >= 128
        if opaque != (gif.frames[i][4 * p + 3] == 255) { pillow += 1 }
        if opaque != (magick[i * size + 4 * p + 3] == 255) { magickWrong += 1 }
      }
      #expect(
        pillow == 0 && magickWrong == 0,
        "\(what), frame \(i): \(pillow) pixels wrong in Pillow, \(magickWrong) in ImageMagick")
    }
  }

  @Test func apngIsLosslessAndLoops() throws {
    let s = try settings(.apng, fps: 60, background: .clear)
    let path = dir + "/ring.apng"
    try Exporter.export(s, to: path)
    let info = try probe(path)
    #expect(info["nb_read_frames"] == "438", "ffprobe frame count: \(info)")
    let apng = try decodeAnimationWithPillow(path)
    #expect(apng.frames.count == 438, "438 frames")
    #expect(apng.loop == 0, "loops forever")
    let total = apng.durations.reduce(0, +)
    #expect(abs(total - 7300) < 1e-6, "durations add up to 7.3 s: \(total)")
    for i in [0, 1, 219, 437] {
      #expect(apng.frames[i] == (try engine(s, i)), "APNG frame \(i) is exactly the engine's frame")
    }
    expectSeamless(apng.frames, "APNG")
  }

  /// One frame (`--fps 1 --duration 1`, or `--duration 0.01`) in every animated format is
  /// a file a real decoder reads as that frame: libwebp writes a still WebP for it (no
  /// animation chunks, so no length), which Pillow and ffprobe read as one picture; a ring
  /// of one colour, every frame the same, is a still WebP too.
  @Test(
    arguments: [
      (ExportFormat.gif, nil), (.apng, nil), (.webp, nil), (.webp, 80), (.mp4, nil), (.webm, nil),
    ] as [(ExportFormat, Int?)])
  func oneFrameIsAFileOfOneFrame(format: ExportFormat, quality: Int?) throws {
    // A GIF frame lasts at least 2 centiseconds (the library refuses less; the tool rounds).
    for ns in [1_000_000_000, format == .gif ? 20_000_000 : 10_000_000] as [Int64] {
      var s = ExportSettings(
        scene: try RingScene(background: format == .mp4 ? .white : .clear, scale: 0.5),
        format: format, timing: ExportTiming(frameCount: 1, durationNanoseconds: ns))
      s.quality = quality
      let path = dir + "/one-\(ns).\(format.rawValue)"
      try Exporter.export(s, to: path)
      let (w, h) = s.content.pixelSize
      if format == .mp4 || format == .webm {
        let probe = String(
          decoding: try runTool(
            "ffprobe",
            [
              "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
              "stream=width,height,nb_read_frames", "-of", "default=nw=1", path,
            ]), as: UTF8.self)
        #expect(
          probe.contains("width=\(w)\nheight=\(h)\nnb_read_frames=1"),
          "\(format) of \(ns) ns: ffprobe reads one \(w)x\(h) frame: \(probe)")
        continue
      }
      let decoded = try decodeAnimationWithPillow(path)
      #expect(
        decoded.frames.count == 1 && decoded.width == w && decoded.height == h,
        "\(format) of \(ns) ns: Pillow reads one \(w)x\(h) frame, not \(decoded.frames.count)")
      if format != .gif && quality == nil, let frame = decoded.frames.first {
        #expect(visible(frame) == visible(try engine(s, 0)), "\(format): the frame, lossless")
      }
    }
  }

  /// A ring of one colour draws the same frame every time: libwebp merges them into one
  /// still picture, which is what the animation shows.
  @Test func aRingOfOneColourIsAStillWebP() throws {
    let ring = try RainbowRing(colors: [RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)])
    let s = ExportSettings(
      scene: try RingScene(ring: ring, scale: 0.5), format: .webp,
      timing: ExportTiming(frameCount: 2, durationNanoseconds: 1_000_000_000))
    let path = dir + "/red.webp"
    try Exporter.export(s, to: path)
    let decoded = try decodeAnimationWithPillow(path)
    #expect(decoded.frames.count == 1, "one picture, not \(decoded.frames.count)")
  }

  @Test func webpIsLosslessWithMillisecondDelays() throws {
    let s = try settings(.webp, fps: 50, background: .clear)
    let path = dir + "/ring.webp"
    try Exporter.export(s, to: path)
    let webp = try decodeAnimationWithPillow(path)
    #expect(webp.frames.count == 365, "365 frames")
    for i in [0, 180, 364] {
      #expect(visible(webp.frames[i]) == visible(try engine(s, i)), "WebP frame \(i) is lossless")
    }
    // webpinfo (libwebp's own tool) reads the frame count and each frame's whole-ms delay.
    let info = String(decoding: try runTool("webpinfo", [path]), as: UTF8.self)
    let delays = info.split(separator: "\n").compactMap { line -> Int? in
      let t = line.trimmingCharacters(in: .whitespaces)
      return t.hasPrefix("Duration:")
        ? Int(t.dropFirst(9).trimmingCharacters(in: .whitespaces)) : nil
    }
    #expect(delays.count == 365 && delays.allSatisfy { $0 == 20 }, "365 delays of 20 ms")
    #expect(delays.reduce(0, +) == 7300, "delays add up to 7300 ms: \(delays.reduce(0, +))")
  }

  @Test(arguments: [("yuv420p", 29.0), ("yuv444p", 38.0)])
  func mp4PlaysAtSixtyFramesPerSecond(pixelFormat: String, threshold: Double) throws {
    var s = try settings(.mp4, fps: 60, background: .white)
    s.pixelFormat = pixelFormat
    let path = dir + "/ring-\(pixelFormat).mp4"
    try Exporter.export(s, to: path)
    let info = try probe(path)
    #expect(info["nb_read_frames"] == "438" && info["r_frame_rate"] == "60/1", "\(info)")
    #expect(info["pix_fmt"] == pixelFormat && info["codec_name"] == "h264", "\(info)")
    #expect(info["duration"].flatMap(Double.init).map { abs($0 - 7.3) < 0.02 } == true, "\(info)")
    let decoded = try decodeWithFFmpeg(path)
    let size = 160 * 160 * 4
    var worst = Double.infinity
    var total = 0.0
    let sampled = Array(stride(from: 0, to: 438, by: 73))
    for i in sampled {
      let p = psnr(
        Array(decoded[(i * size)..<((i + 1) * size)]), try engine(s, i), includeAlpha: false)
      worst = min(worst, p)
      total += p
    }
    print("MP4 \(pixelFormat): mean PSNR \(total / Double(sampled.count)) dB, worst \(worst) dB")
    #expect(
      worst >= threshold, "MP4 \(pixelFormat): worst PSNR \(worst) dB (threshold \(threshold))")
  }

  @Test func webmKeepsAlpha() throws {
    let s = try settings(.webm, fps: 30, background: .clear)
    let path = dir + "/ring.webm"
    try Exporter.export(s, to: path)
    let info = try probe(path)
    #expect(info["TAG:alpha_mode"] == "1" && info["codec_name"] == "vp9", "\(info)")
    #expect(info["nb_read_frames"] == "219", "\(info)")
    let decoded = try decodeWithFFmpeg(path, decoder: "libvpx-vp9")
    let size = 160 * 160 * 4
    let p = psnr(Array(decoded[(100 * size)..<(101 * size)]), try engine(s, 100))
    #expect(p >= 28, "WebM frame 100 with alpha: \(p) dB (threshold 28)")
  }

  @Test func spriteSheetFramesAndRawFramesHoldTheEnginesPixels() throws {
    let s = try settings(.spriteSheet, fps: 10, background: .clear)
    try Exporter.export(s, to: dir + "/sheet.png")
    let json =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: dir + "/sheet.json"))) as? [String: Any]
    #expect(
      json?["frameCount"] as? Int == 73 && json?["columns"] as? Int == 9,
      "frame map: \(json ?? [:])")
    let sheet = try decodeWithPillow(dir + "/sheet.png")
    #expect(sheet.width == 9 * 160 && sheet.height == 9 * 160, "9 x 9 grid")
    // Frame 10 sits at column 1, row 1.
    let frame10 = try engine(s, 10)
    var tile: [UInt8] = []
    for y in 160..<320 {
      tile += sheet.rgba[(y * sheet.width + 160) * 4..<(y * sheet.width + 320) * 4]
    }
    #expect(tile == frame10, "sheet tile 10 is frame 10")

    var f = s
    f.format = .frames
    try Exporter.export(f, to: dir + "/frames")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/frames").sorted()
    #expect(names.count == 73 && names.first == "frame_00000.png", "73 numbered frames")
    #expect(try decodeWithPillow(dir + "/frames/frame_00010.png").rgba == frame10, "frame 10")

    var r = s
    r.format = .rgba
    try Exporter.export(r, to: dir + "/ring.rgba")
    let raw = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/ring.rgba")))
    #expect(raw.count == 73 * 160 * 160 * 4, "73 raw frames")
    let premultiplied = try FrameRenderer(scene: s.ringScene!).render(
      at: s.timing.time(ofFrame: 10))
    let expected = premultiplied.pixels.withUnsafeBytes { Array($0) }
    #expect(
      Array(raw[(10 * 102_400)..<(11 * 102_400)]) == expected, "raw frame 10 is premultiplied RGBA")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir).allSatisfy { !$0.hasPrefix(".") },
      "no temporary files left")
  }

  @Test func lzwSurvivesNoiseThroughTableResets() throws {
    // Seeded noise forces every code width and many clear codes.
    var state: UInt64 = 42
    let w = 300
    let h = 200
    let indices = (0..<(w * h)).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 59) &+ 1
    }
    let palette = GIFPalette(colors: RainbowRing.seed.colors, matte: .white)
    let path = dir + "/noise.gif"
    let file = try OutputFile(path: path)
    var writer = try GIFWriter(
      file: file, width: w, height: h, palette: palette, plays: 1, delays: [10])
    try writer.write(GIFWriter.encodeFrame(indices, previous: nil, width: w, height: h))
    try writer.finish()
    try file.commit()
    let decoded = try decodeWithPillow(path)
    let table = palette.colors
    var wrong = 0
    for i in 0..<(w * h) {
      let c = table[Int(indices[i])]
      if decoded.rgba[4 * i] != c.0 || decoded.rgba[4 * i + 1] != c.1
        || decoded.rgba[4 * i + 2] != c.2
      {
        wrong += 1
      }
    }
    #expect(wrong == 0, "\(wrong) pixels decoded differently")
  }

  @Test(arguments: [(365, 7_300_000_000, 730), (175, 7_300_000_000, 730), (73, 7_300_000_000, 730)])
  func gifDelaysAreWholeCentisecondsAddingUpToTheDuration(frames: Int, ns: Int64, total: Int) {
    let delays = ExportTiming(frameCount: frames, durationNanoseconds: ns).centisecondDelays()
    #expect(delays.reduce(0, +) == total, "sum of \(frames) delays")
    #expect(delays.allSatisfy { $0 >= 2 }, "no delay below 2 cs")
  }

  @Test(arguments: [(438, 1, 60), (365, 1, 50), (175, 73, 1750)])
  func apngDelaysAreExactFractions(frames: Int, numerator: Int, denominator: Int) {
    let d = ExportTiming(frameCount: frames, durationNanoseconds: 7_300_000_000).delayFraction()
    #expect(
      Int(d.numerator) == numerator && Int(d.denominator) == denominator, "\(frames) frames: \(d)")
  }
}
