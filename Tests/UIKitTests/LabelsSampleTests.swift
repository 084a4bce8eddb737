import Foundation
import RingTestSupport
import Testing

/// The Labels sample (Samples/Labels): text as apps draw it beside rings and spinners,
/// read back from its snapshot by tesseract, one region at a time.
@Suite struct LabelsSampleTests {
  /// The window 2 s in, at 3x, taken once for every region (kept for the run).
  static let snapshot = Result { () throws -> String in
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("labels-window-\(UUID()).png").path
    let run = try runProcess(
      try UIKitProgram.program("Labels"), ["--snapshot", path, "--time", "2", "--scale", "3"])
    guard run.status == 0 else { throw ToolFailure(message: "Labels: \(run.stderr)") }
    return path
  }

  /// Each text of the window (320 x 260 points, snapshotted at 3x), by its region in points.
  @Test(arguments: [
    ("the ring's percentage label", 40, 60, 80, 40, "75%"),
    ("the indicator's message", 170, 95, 140, 30, "Loading..."),
    ("the text layer's caption", 60, 160, 200, 24, "Synced 12 of 40"),
    ("the string drawn in draw(_:)", 40, 190, 240, 30, "STEP 3 OF 4"),
    ("the two-coloured label", 40, 222, 240, 30, "Status: ONLINE"),
  ])
  func eachTextReadsBack(
    what: String, x: Int, y: Int, width: Int, height: Int, text: String
  ) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("labels-\(UUID())")
      .path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let snapshot = try Self.snapshot.get()
    let region = "\(dir)/region.png"
    _ = try runTool(
      "convert",
      [snapshot, "-crop", "\(width * 3)x\(height * 3)+\(x * 3)+\(y * 3)", "+repage", region])
    #expect(try TextRecognition.read(png: region, singleLine: true) == text, "\(what)")
  }
}
