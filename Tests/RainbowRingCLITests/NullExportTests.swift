import Foundation
import RingTestSupport
import Testing

/// `export --format null`: every frame rendered as for a file, nothing written, and a
/// summary of the rate, as ffmpeg's `-f null` does.
@Suite struct NullExportTests {
  /// The frames rendered are the frames a file holds; no file appears anywhere; the summary
  /// says the count, the rate and the threads, even with standard error not a terminal.
  @Test(arguments: [(["--jobs", "1"], 1), (["--jobs", "2"], 2), (["-o", "-", "--jobs", "1"], 1)])
  func rendersEveryFrameAndWritesNothing(options: [String], threads: Int) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let shape = ["--size", "40", "--ring-width", "5", "--fps", "24"]
    let run = try runProcess(
      try rainbowRingBinary(), ["export", "--format", "null"] + shape + options, directory: dir)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.isEmpty, "nothing on standard output")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "no file")
    // The same export to raw frames holds 175 frames of 40 x 40.
    let raw = try runProcess(try rainbowRingBinary(), ["export", "-o", "-", "--quiet"] + shape)
    let frames = raw.stdout.count / (40 * 40 * 4)
    let thread = "\(threads) thread\(threads == 1 ? "" : "s")"
    #expect(
      run.stderr.contains("rendered \(frames) frames")
        && run.stderr.contains("frames per second on \(thread), wrote nothing"),
      "\(run.stderr)")
    let quiet = try runProcess(
      try rainbowRingBinary(), ["export", "--format", "null", "--quiet"] + shape, directory: dir)
    #expect(quiet.status == 0 && quiet.stderr.isEmpty, "--quiet: \(quiet.stderr)")
  }

  /// A file name, or an option only files have, is a usage error that says why.
  @Test(arguments: [
    (["-o", "ring.gif"], "writes nothing"), (["--quality", "50"], "'--quality' applies only"),
    (["--loop-count", "2"], "'--loop-count' applies only"),
  ])
  func fileOptionsAreRefused(options: [String], message: String) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let run = try runProcess(
      try rainbowRingBinary(), ["export", "--format", "null"] + options, directory: dir)
    #expect(run.status == 64, "exit \(run.status)")
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "no file")
  }
}
