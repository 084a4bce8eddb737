import Foundation
import RingTestSupport
import Testing

/// The samples (Tests/UIKitTests/Samples, written as tutorials and the popular libraries
/// write UIKit code) build unchanged and draw as pinned: loading indicators that turn, grow,
/// flip and replicate (Loader), views dressed with corners, borders, shadows and dashes
/// (Cards), an activity indicator (Spinner), a flash (Strobe), blend modes (Blend), a screen
/// laid out by Auto Layout (Layout), a blurred progress HUD (HUD), custom controls and
/// masks (Controls), views a display link drives (Waves), switches and sliders (Settings),
/// views timers drive (Timers), property animators (Animators), transitions (Transitions) and the tutorial views
/// (Samples).
@Suite struct SampleGoldenTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden").path

  /// Sample `program`'s window at `time` seconds, written as a PNG and read back by Pillow.
  static func snapshot(
    _ program: String = "Loader", at time: String, scale: String = "2"
  ) throws -> RGBAImage {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "loader-\(UUID()).png"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try runProcess(
      try UIKitProgram.program(program), ["--snapshot", path, "--time", time, "--scale", scale])
    try #require(run.status == 0, "\(run.stderr)")
    let decoded = try decodeWithPillow(path)
    return try RGBAImage(width: decoded.width, height: decoded.height, bytes: decoded.rgba)
  }

  /// Pinned pixel for pixel: the spinner a turn and a half on, the pulse half grown and
  /// faded, the card turned in perspective, the progress ring from twelve o'clock, the
  /// diamond, the orbiting dot.
  @Test(arguments: [125, 600])
  func theLoadersMatchTheirGoldens(milliseconds: Int) throws {
    let image = try Self.snapshot(at: "\(Double(milliseconds) / 1000)")
    let golden = GoldenImage(name: "loader-\(milliseconds)ms", folder: Self.folder)
    if let failure = golden.verify(image) {
      Issue.record("\(failure)")
    }
  }

  /// Appearance as apps dress views (Samples/Cards): rounded corners, shadows (cast by the
  /// content and by a `shadowPath`), a clip to a circle, a border, dashes whose phase
  /// marches, dots, `zPosition`. Pinned pixel for pixel, a tenth of the ants' period
  /// apart.
  @Test(arguments: [0, 50])
  func theCardsMatchTheirGoldens(milliseconds: Int) throws {
    let image = try Self.snapshot("Cards", at: "\(Double(milliseconds) / 1000)")
    let golden = GoldenImage(name: "cards-\(milliseconds)ms", folder: Self.folder)
    if let failure = golden.verify(image) {
      Issue.record("\(failure)")
    }
  }

  /// The other samples, pinned at a moment each.
  @Test(arguments: [
    ("Spinner", 300), ("Strobe", 40), ("Samples", 500), ("Indicators", 60), ("Labels", 500),
    ("Indicators", 400), ("Blend", 500), ("Layout", 500), ("HUD", 500), ("HUD", 150),
    ("Controls", 0), ("Controls", 300), ("Waves", 0), ("Waves", 500),
    ("Settings", 0), ("Settings", 100), ("Timers", 0), ("Timers", 600),
    ("Confetti", 400), ("Confetti", 700), ("Confetti", 2500), ("Gauge", 0), ("Gauge", 600),
    ("Gauge", 2000), ("Animators", 300), ("Animators", 750), ("Animators", 2000),
    ("Transitions", 150), ("Transitions", 300), ("Transitions", 1000),
  ])
  func theOtherSamplesMatchTheirGoldens(program: String, milliseconds: Int) throws {
    let image = try Self.snapshot(program, at: "\(Double(milliseconds) / 1000)")
    let golden = GoldenImage(
      name: "\(program.lowercased())-\(milliseconds)ms", folder: Self.folder)
    if let failure = golden.verify(image) {
      Issue.record("\(failure)")
    }
  }

  /// Once every replicated instance has started (the last dot starts 7/8 s in), every
  /// loader repeats within 2 s (the card's there-and-back): frames 2 s apart are the same,
  /// and frames a quarter second apart are not.
  @Test func theLoadersRepeat() throws {
    let a = try Self.snapshot(at: "2.3", scale: "1")
    #expect(a.bytes == (try Self.snapshot(at: "4.3", scale: "1")).bytes)
    #expect(a.bytes != (try Self.snapshot(at: "2.55", scale: "1")).bytes)
  }

  /// The spinner's gap (the arc runs clockwise from three o'clock round to twelve) turns
  /// clockwise with time: at 0 s it is up and to the right, a quarter second on (a quarter
  /// turn) down and to the right, at half a second down and to the left.
  @Test(arguments: [("0", 1, -1), ("0.25", 1, 1), ("0.5", -1, 1), ("0.75", -1, -1)])
  func theSpinnersGapTurnsClockwise(time: String, dx: Int, dy: Int) throws {
    let image = try Self.snapshot(at: time, scale: "1")
    // The arc's radius is 25 points about (40, 40): sample it on the diagonals.
    // The arc is blue (red 0); the white window shows through the gap.
    func isGap(_ sx: Int, _ sy: Int) -> Bool {
      image.pixel(x: 40 + sx * 18, y: 40 + sy * 18).red == 255
    }
    for (sx, sy) in [(1, -1), (1, 1), (-1, 1), (-1, -1)] {
      #expect(isGap(sx, sy) == (sx == dx && sy == dy), "at \(time) s, diagonal (\(sx), \(sy))")
    }
  }
}
