import Foundation
import RainbowRing
import RingTestSupport
import Testing

@testable import RingExport

/// Animated WebP through ffmpeg: frame delays that add up to the exported length at every
/// rate, and `--quality` that orders file sizes as a user expects. Durations are read by
/// libwebp's own `webpmux`.
@Suite struct WebPExportTests {
  let dir: String

  init() throws {
    dir =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("ring-webp-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  /// The seed's loop (7.3 s) at `fps` frames per second, rounded to a whole frame count.
  func settings(fps: Int, scale: Double, quality: Int? = nil) throws -> ExportSettings {
    var s = ExportSettings(
      scene: try RingScene(scale: scale), format: .webp,
      timing: ExportTiming(
        frameCount: Int((7.3 * Double(fps)).rounded()), durationNanoseconds: 7_300_000_000))
    s.quality = quality
    return s
  }

  /// Each frame's duration in milliseconds, as `webpmux -info` lists them.
  func durations(_ path: String) throws -> [Int] {
    let info = String(decoding: try runTool("webpmux", ["-info", path]), as: UTF8.self)
    // "  1:   160   160   yes        0        0       16       none    no  3962  lossless"
    return info.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ")
      guard fields.count >= 7, fields[0].hasSuffix(":"), Int(fields[0].dropLast()) != nil
      else { return nil }
      return Int(fields[6])
    }
  }

  @Test(arguments: [60, 30, 24, 50, 7])
  func delaysAddUpToTheLoop(fps: Int) throws {
    let s = try settings(fps: fps, scale: 0.25)
    let path = dir + "/ring-\(fps).webp"
    try Exporter.export(s, to: path)
    let found = try durations(path)
    #expect(found.count == s.timing.frameCount, "\(fps) fps: \(found.count) frames")
    #expect(
      found.reduce(0, +) == 7300, "\(fps) fps: delays add up to \(found.reduce(0, +)) ms, not 7300")
    #expect(
      found == s.timing.millisecondDelays(),
      "\(fps) fps: each delay is the frame's start times rounded to the millisecond")
  }

  /// libwebp merges a lossy frame that matches the one before into it: the merged frame lasts
  /// as long as the frames it stands for, whole milliseconds as GIF's centiseconds are.
  @Test func mergedFramesKeepTheirExportedLength() {
    let timing = ExportTiming(frameCount: 438, durationNanoseconds: 7_300_000_000)
    // ffmpeg's starts: i x 1000 / 60 cut to the millisecond; frames 1 and 2 merged into 0.
    var starts = (0..<438).map { $0 * 1000 / 60 }
    starts.removeSubrange(1...2)
    let written = (0..<starts.count).map { j in
      (j + 1 < starts.count ? starts[j + 1] : 7299) - starts[j]
    }
    let corrected = WebPFrames.corrected(written, for: timing)
    let delays = timing.millisecondDelays()
    #expect(corrected.count == 436, "one duration per written frame")
    #expect(corrected[0] == delays[0...2].reduce(0, +), "the merged frame lasts frames 0 to 2")
    #expect(Array(corrected[1...]) == Array(delays[3...]), "the others last their own frames")
    #expect(corrected.reduce(0, +) == 7300, "the loop lasts 7300 ms")
  }

  /// Quality 100 > 80 > 50 > 20 in size, lossy at 80 smaller than lossless, and
  /// every file's delays add up to the loop (lossy frames merge at low qualities).
  @Test func lowerQualityGivesASmallerFile() throws {
    var sizes: [String: Int] = [:]
    for quality in [nil, 100, 80, 50, 20] as [Int?] {
      let name = quality.map { "q\($0)" } ?? "lossless"
      let path = dir + "/\(name).webp"
      try Exporter.export(try settings(fps: 30, scale: 1, quality: quality), to: path)
      sizes[name] = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
      let total = try durations(path).reduce(0, +)
      #expect(total == 7300, "\(name): delays add up to \(total) ms, not 7300")
    }
    let order = ["q100", "q80", "q50", "q20"].map { sizes[$0] ?? 0 }
    #expect(order == order.sorted(by: >), "sizes fall with the quality: \(sizes)")
    #expect(
      (sizes["q80"] ?? .max) < (sizes["lossless"] ?? 0),
      "lossy at quality 80 is smaller than lossless: \(sizes)")
    print("WebP sizes, the seed's loop at 30 fps: \(sizes.sorted { $0.value > $1.value })")
  }
}
