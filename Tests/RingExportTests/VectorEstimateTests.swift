import Foundation
import RainbowRing
import Testing

@testable import RingExport

/// The estimate of a vector file, known before it is written, bounds its text from above and
/// stays within 3x of it, over every vector format and the ring options that grow a file.
@Suite struct VectorEstimateTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let ring: @Sendable () throws -> RainbowRing
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "seed") { RainbowRing.seed },
    Case(name: "hue step 1 (361 colours)") { try RainbowRing(hueStep: 1) },
    Case(name: "two colours") {
      try RainbowRing(stepDuration: .seconds(1), colors: [.white, .black])
    },
    Case(name: "translucent, steps of 0.1001 s") {
      try RainbowRing(
        stepDuration: .nanoseconds(100_100_000),
        colors: try (0..<40).map {
          try RGBAColor(red: 1, green: Double($0) / 40, blue: 0, alpha: 0.3)
        })
    },
    Case(name: "steps of 0.12345 s, 30-degree hues") {
      try RainbowRing(stepDuration: .nanoseconds(123_450_000), hueStep: 30)
    },
    Case(name: "one colour everywhere (flat radial)") {
      try RainbowRing(
        gradient: GradientGeometry(
          kind: .radial, startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 0.5)))
    },
  ]

  static let kinds: [(String, ExportFormat, SVGDocument.Motion, Int)] = [
    ("svg", .svg, .smil, 0), ("svg, 7 plays", .svg, .smil, 7), ("css svg", .svg, .css, 3),
    ("lottie", .lottie, .smil, 0), ("html", .html, .css, 2),
  ]

  @Test(arguments: cases)
  func theEstimateBoundsTheText(_ c: Case) throws {
    let scene = try RingScene(ring: c.ring(), background: .white)
    for (name, format, motion, plays) in Self.kinds {
      var settings = ExportSettings(
        scene: scene, format: format,
        timing: ExportTiming(frameCount: 600, durationNanoseconds: scene.ring.period.nanoseconds))
      settings.svgMotion = motion
      settings.plays = plays
      let estimate = try VectorEstimate(settings)
      let bytes = Double(try Exporter.vectorFile(settings).count)
      #expect(bytes <= estimate.bytes, "\(c.name), \(name): \(bytes) B over \(estimate.bytes)")
      #expect(estimate.bytes <= 3 * bytes, "\(c.name), \(name): \(estimate.bytes) for \(bytes) B")
    }
    let still = Double(try SVGDocument.still(scene, at: .milliseconds(50)).utf8.count)
    let estimate = try VectorEstimate(still: scene)
    #expect(still <= estimate.bytes && estimate.bytes <= 3 * still, "\(c.name), still: \(still) B")
  }

  /// A ring of 36,001 colours (`--hue-step 0.01`): counted, not built, in an instant.
  @Test func aHugeRingIsEstimatedWithoutBuildingIt() throws {
    let scene = try RingScene(ring: RainbowRing(hueStep: 0.01))
    let settings = ExportSettings(
      scene: scene, format: .svg,
      timing: ExportTiming(frameCount: 1, durationNanoseconds: scene.ring.period.nanoseconds))
    let estimate = try VectorEstimate(settings)
    #expect(estimate.stops == 36_001)
    #expect(estimate.bytes > 10e9, "36,001 stops of 36,002 values: over 10 GB")
  }
}
