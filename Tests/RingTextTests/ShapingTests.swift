import Foundation
import RingGraphics
import RingTestSupport
import Synchronization
import Testing

@testable import RingText

/// Our shaping against `hb-shape`'s for the same font file and text: glyph ids and names,
/// clusters, advances and offsets (ours in points, converted back to font units).
@Suite struct ShapingTests {
  struct Sample: CustomTestStringConvertible, Sendable {
    var family: String
    var text: String
    var script: String
    var direction: ShapedLine.Direction
    var testDescription: String { "\(family): \(text)" }
  }

  static let samples = [
    // Kerning: A-V, V-A, T-A and T-o are kerned pairs in Inter.
    Sample(family: "Inter", text: "AVATAR To", script: "Latn", direction: .leftToRight),
    // Joining forms, right to left, and the lam-alef ligature.
    Sample(family: "DejaVu Sans", text: "مرحبا بالعالم", script: "Arab", direction: .rightToLeft),
    // Conjuncts (स्त), reordered vowel signs (ि) and marks positioned by GPOS.
    Sample(
      family: "Lohit Devanagari", text: "नमस्ते दुनिया", script: "Deva", direction: .leftToRight),
  ]

  /// One glyph as `hb-shape --output-format=json` prints it.
  struct Reference {
    var glyph: Int
    var name: String
    var cluster: Int
    var advance: Int
    var offset: (x: Int, y: Int)
  }

  static func referenceShaping(file: String, text: String, features: String? = nil) throws
    -> [Reference]
  {
    var options = ["--output-format=json"]
    if let features { options.append("--features=\(features)") }
    func run(_ extra: [String]) throws -> [[String: Any]] {
      let data = try runTextTool(
        "hb-shape", package: "libharfbuzz-bin", options + extra + [file, text])
      return try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    }
    let ids = try run(["--no-glyph-names"])
    let names = try run([])
    return zip(ids, names).map { id, named in
      Reference(
        glyph: id["g"] as? Int ?? -1, name: named["g"] as? String ?? "",
        cluster: id["cl"] as? Int ?? -1, advance: id["ax"] as? Int ?? .min,
        offset: (id["dx"] as? Int ?? .min, id["dy"] as? Int ?? .min))
    }
  }

  @Test(arguments: samples)
  func shapingMatchesHBShape(sample: Sample) throws {
    let font = try TextFont(family: sample.family, size: 17)
    let line = font.shape(sample.text)
    let reference = try Self.referenceShaping(file: font.file, text: sample.text)
    #expect(line.script == sample.script, "script guessed from \(sample.text)")
    #expect(line.direction == sample.direction, "direction of \(sample.script)")
    try #require(
      line.glyphs.count == reference.count,
      "\(line.glyphs.count) glyphs, hb-shape gives \(reference.count)")
    let units = font.unitsPerEm / font.size
    for (i, (ours, theirs)) in zip(line.glyphs, reference).enumerated() {
      #expect(Int(ours.glyph) == theirs.glyph, "glyph \(i): id \(ours.glyph) vs \(theirs.glyph)")
      #expect(font.glyphName(ours.glyph) == theirs.name, "glyph \(i): name")
      #expect(ours.cluster == theirs.cluster, "glyph \(i): cluster")
      let advance = ours.advance * units
      #expect(
        abs(advance - Double(theirs.advance)) < 1e-9,
        "glyph \(i): advance \(advance) font units vs \(theirs.advance)")
      #expect(
        abs(ours.offset.x * units - Double(theirs.offset.x)) < 1e-9
          && abs(-ours.offset.y * units - Double(theirs.offset.y)) < 1e-9,
        "glyph \(i): offset \(ours.offset) vs \(theirs.offset) font units")
    }
  }

  /// Kerning is on: "AVA" is narrower than its glyphs' nominal advances.
  @Test func kerningIsOn() throws {
    let font = try TextFont(family: "Inter", size: 100)
    let line = font.shape("AV")
    let a = font.shape("A").width
    let v = font.shape("V").width
    #expect(line.width < a + v - 1, "A-V kerned: \(line.width) vs \(a + v)")
  }

  /// With `tnum`, every digit advances as far as every other (a counter does not jitter);
  /// without it, Inter's digits are proportional, so the feature is what makes the difference.
  @Test func monospacedDigitsHaveEqualAdvances() throws {
    let font = try TextFont.systemFont(size: 20)
    let digits = "0123456789"
    let tabular = Set(font.shape(digits, monospacedDigits: true).glyphs.map(\.advance))
    let proportional = Set(font.shape(digits).glyphs.map(\.advance))
    #expect(tabular.count == 1, "tabular digit advances: \(tabular.sorted())")
    #expect(proportional.count > 1, "proportional digit advances: \(proportional.sorted())")
    let reference = try Self.referenceShaping(file: font.file, text: digits, features: "tnum")
    let ours = font.shape(digits, monospacedDigits: true).glyphs
    #expect(
      ours.map { Int($0.glyph) } == reference.map(\.glyph), "tnum glyphs as hb-shape's")
  }

  /// Letter spacing (UIKit's kern attribute) adds its points once per character.
  @Test(arguments: [1.5, -0.5])
  func letterSpacingAddsPerCharacter(spacing: Double) throws {
    let font = try TextFont.systemFont(size: 20)
    let plain = font.shape("Loading")
    let spaced = font.shape("Loading", letterSpacing: spacing)
    let added = spaced.width - plain.width
    #expect(abs(added - 7 * spacing) < 1e-9, "7 characters x \(spacing) points: \(added)")
  }

  /// Shaping and outlines from many threads at once agree with one thread's.
  @Test func shapingFromManyThreads() throws {
    let font = try TextFont(family: "DejaVu Sans", size: 13)
    let expected = font.shape("Wg 75% Loading…").path()
    let results = Mutex<[BezierPath]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      let path = font.shape("Wg 75% Loading…").path()
      results.withLock { $0.append(path) }
    }
    for path in results.withLock({ $0 }) {
      #expect(path == expected, "the same outlines from every thread")
    }
  }
}
