import Foundation
import RingTestSupport
import Testing

/// A UIKit program's `--export`: its window's first `--duration` seconds on its own media
/// clock, through `rainbow-ring export`'s exporters. Frame i is the window at frame i's time
/// (its `--snapshot` there), every raster format decodes, bad requests are refused before the
/// program runs, and a program that cannot reach a frame leaves nothing behind.
@Suite struct ProgramExportTests {
  static func chain() throws -> String { try SnapshotTimeTests.chain() }

  /// A fresh folder, removed after `body`.
  static func inFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "program-export-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
  }

  /// Each frame of a lossless export is the snapshot at that frame's time, pixel for pixel:
  /// the chain program (a step every 0.1 s, driven by its completion callbacks) at 10 fps,
  /// and at 7 fps, whose frames fall between steps.
  @Test(arguments: [("10", 10, 1.0), ("7", 7, 1.0), ("24", 12, 0.5)])
  func framesAreTheSnapshotsAtTheirTimes(fps: String, frames: Int, duration: Double) throws {
    try Self.expectFramesAreSnapshots(
      of: try Self.chain(), fps: fps, frames: frames, duration: duration)
  }

  /// So are those of views a display link drives (Samples/Waves) or timers drive
  /// (Samples/Timers): a link's calls are the display's 60 a second and a timer's are at its
  /// intervals, on the media clock, whatever the export's rate, so a wave that moves a step a
  /// call, or a ring a timer fills, is where the snapshot puts it.
  @Test(arguments: [("Waves", "30", 15, 0.5), ("Timers", "7", 7, 1.0)])
  func framesOfTimedCallsAreTheSnapshotsAtTheirTimes(
    program: String, fps: String, frames: Int, duration: Double
  ) throws {
    try Self.expectFramesAreSnapshots(
      of: try UIKitProgram.program(program), fps: fps, frames: frames, duration: duration)
  }

  static func expectFramesAreSnapshots(
    of program: String, fps: String, frames: Int, duration: Double
  ) throws {
    try Self.inFolder { folder in
      let file = folder.appendingPathComponent("frames.apng").path
      let run = try runProcess(
        program, ["--export", file, "--duration", "\(duration)", "--fps", fps, "--quiet"])
      try #require(run.status == 0, "\(run.stderr)")
      let decoded = try decodeAnimationWithPillow(file)
      #expect(decoded.frames.count == frames)
      for i in [0, 1, frames / 2, frames - 1] {
        // Frame i starts at i x duration / frames, in whole nanoseconds.
        let nanoseconds = Int64(i) * Int64((duration * 1e9).rounded()) / Int64(frames)
        let time = String(format: "%.9f", Double(nanoseconds) / 1e9)
        let shot = folder.appendingPathComponent("shot-\(i).png").path
        let snapshot = try runProcess(program, ["--snapshot", shot, "--time", time])
        try #require(snapshot.status == 0, "\(snapshot.stderr)")
        let still = try decodeWithPillow(shot)
        #expect(still.width == decoded.width && still.height == decoded.height)
        let differing = zip(still.rgba, decoded.frames[i]).filter { $0 != $1 }.count
        #expect(
          still.rgba.count == decoded.frames[i].count && differing == 0,
          "frame \(i) at \(time) s is the snapshot: \(differing) bytes differ")
      }
    }
  }

  /// `--format null` renders a program's frames and writes nothing, `--export -` naming no
  /// file; the summary counts the frames.
  @Test func aNullExportWritesNothing() throws {
    try Self.inFolder { folder in
      let run = try runProcess(
        try Self.chain(),
        ["--export", "-", "--format", "null", "--duration", "0.5", "--fps", "10"],
        directory: folder.path)
      try #require(run.status == 0, "\(run.stderr)")
      #expect(run.stderr.contains("rendered 5 frames"), "\(run.stderr)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
  }

  /// Every raster format: the file decodes with someone else's decoder, at the window's size
  /// times the scale, with the frames the timing asks for.
  @Test(arguments: [
    (["--format", "gif"], "ring.gif", 25), (["--quality", "80"], "ring.webp", 30),
    ([], "ring.mp4", 30), ([], "ring.webm", 30), (["--format", "sprite-sheet"], "sheet.png", 30),
    (["--format", "frames"], "frames/", 30),
  ])
  func everyRasterFormatDecodes(options: [String], name: String, frames: Int) throws {
    try Self.inFolder { folder in
      let file = folder.appendingPathComponent(name).path
      let run = try runProcess(
        try Self.chain(),
        ["--export", file, "--duration", "0.5", "--scale", "2", "--quiet"] + options)
      try #require(run.status == 0, "\(run.stderr)")
      #expect(run.stderr.isEmpty && run.stdout.isEmpty, "quiet: \(run.stderr)")
      switch name {
      case "ring.mp4", "ring.webm":
        let fields = try probe(file)
        #expect(fields["nb_read_frames"] == "\(frames)", "\(fields)")
        #expect(fields["width"] == "240" && fields["height"] == "240", "\(fields)")
      case "sheet.png":
        let map = try JSONSerialization.jsonObject(
          with: Data(
            contentsOf: URL(fileURLWithPath: folder.appendingPathComponent("sheet.json").path)))
        let count = ((map as? [String: Any])?["frames"] as? [Any])?.count
        #expect(count == frames, "the frame map lists \(String(describing: count)) frames")
      case "frames/":
        let names = try FileManager.default.contentsOfDirectory(atPath: file).sorted()
        #expect(names.count == frames)
        let first = try decodeWithPillow(
          folder.appendingPathComponent("frames").appendingPathComponent(names[0]).path)
        #expect(first.width == 240 && first.height == 240)
      default:
        let decoded = try decodeAnimationWithPillow(file)
        #expect(decoded.frames.count == frames)
        #expect(decoded.width == 240 && decoded.height == 240)
      }
    }
  }

  /// A GIF holds the window's own colours: solid fills, strokes and backgrounds beside its
  /// gradients' (the example's grey track and blue arc came out pink and peach when the
  /// palette held the gradients' colours alone).
  @Test func aGIFHoldsTheWindowsColours() throws {
    try Self.inFolder { folder in
      let gif = folder.appendingPathComponent("rings.gif").path
      let png = folder.appendingPathComponent("rings.png").path
      let program = try UIKitProgram.example()
      let export = try runProcess(
        program, ["--export", gif, "--duration", "0.5", "--fps", "10", "--quiet"])
      try #require(export.status == 0, "\(export.stderr)")
      let snapshot = try runProcess(program, ["--snapshot", png, "--time", "0"])
      try #require(snapshot.status == 0, "\(snapshot.stderr)")
      let frame = try decodeAnimationWithPillow(gif).frames[0]
      let still = try decodeWithPillow(png).rgba
      try #require(frame.count == still.count)
      var off = 0
      for i in stride(from: 0, to: still.count, by: 4)
      where (0..<3).contains(where: { abs(Int(frame[i + $0]) - Int(still[i + $0])) > 24 }) {
        off += 1
      }
      // Dithered edges aside, every pixel within 24 levels: under 0.1%.
      #expect(off * 1000 < still.count / 4, "\(off) of \(still.count / 4) pixels off by over 24")
    }
  }

  /// A pipe takes bytes as they come, before the flash verdict: refused unless
  /// `--allow-flashing`.
  @Test func aPipeIsRefusedUnlessFlashingIsAllowed() throws {
    try Self.inFolder { folder in
      let fifo = folder.appendingPathComponent("pipe.gif").path
      try #require(mkfifo(fifo, 0o600) == 0)
      // A reader drains the pipe, so an export that went ahead would end, not hang.
      let run = try runProcess(
        "/bin/bash",
        [
          "-c",
          "cat \"$0\" > /dev/null & c=$!; \"$1\" --export \"$0\" --duration 1; s=$?; kill -9 $c; exit $s",
          fifo, try Self.chain(),
        ])
      #expect(run.status == 64 && run.stderr.contains("is a pipe or a device"), "\(run.stderr)")
    }
  }

  /// Requests an export cannot honour are usage errors before the program runs: exit 64, the
  /// error on one line, the usage after it, nothing written.
  @Test(arguments: [
    (["--export", "F.svg", "--duration", "1"], "svg describes a ring's animation"),
    (["--export", "F.json", "--duration", "1"], "lottie describes a ring's animation"),
    (["--export", "F.gif"], "'--export' needs '--duration <seconds>'"),
    (["--export", "-", "--duration", "1"], "'--export -' would mix"),
    (["--export", "F.gif", "--duration", "1", "--time", "2"], "'--time' cannot be used"),
    (["--export", "F.gif", "--duration", "1", "--terminal"], "'--terminal' cannot be used"),
    (["--export", "F.gif", "--duration", "1", "--snapshot", "F.png"], "cannot be used together"),
    (["--quality", "50"], "'--quality' sets how '--export' writes"),
    (["--export", "F.mp4", "--duration", "1", "--background", "transparent"], "no alpha"),
    (["--export", "F.gif", "--duration", "1", "--quality", "50"], "only to --format webp"),
    (["--export", "F.gif", "--duration", "1", "--fps", "60"], "at most 50 fps"),
    (["--export", "F.gif", "--duration", "0.001"], "shorter than its shortest frame"),
    (["--export", "F.xyz", "--duration", "1"], "Cannot tell the format of a .xyz file"),
    (["--export", "F.png", "--duration", "1", "--format", "gif"], "Cannot write a .png file"),
    (["--export", "F.apng", "--duration", "1", "--scale", "17"], "--scale"),
  ])
  func badRequestsAreUsageErrors(arguments: [String], message: String) throws {
    try Self.inFolder { folder in
      let file = folder.appendingPathComponent("out").path
      let args = arguments.map { $0.replacingOccurrences(of: "F", with: file) }
      let run = try runProcess(try Self.chain(), args)
      let lines = run.stderr.split(separator: "\n")
      #expect(run.status == 64, "exit 64: \(run.stderr)")
      #expect(lines.count == 3 && lines[0].hasPrefix("Error: "), "\(lines)")
      #expect(run.stderr.contains(message), "says \(message): \(run.stderr)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
  }

  /// A program whose animations end as they begin cannot reach its second frame: one line,
  /// exit 1, nothing left, in about a second rather than forever.
  @Test func aStalledProgramLeavesNothing() throws {
    try Self.inFolder { folder in
      let file = folder.appendingPathComponent("stall.gif").path
      let (run, seconds) = try SnapshotTimeTests.run(
        ["--export", file, "--duration", "1"], environment: ["CHAIN_STALL": "1"])
      #expect(run.status == 1, "exit 1: \(run.stderr)")
      #expect(run.stderr.contains("its animations stopped and restarted"), "\(run.stderr)")
      #expect(run.stderr.split(separator: "\n").count == 1)
      #expect(seconds < 60)
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
  }

  /// The file behaves as `rainbow-ring export`'s: a symlink is followed (its target
  /// written, the link kept), and an existing file's permissions are kept.
  @Test func theFileIsWrittenAsTheToolWritesIt() throws {
    try Self.inFolder { folder in
      let target = folder.appendingPathComponent("target.gif").path
      let link = folder.appendingPathComponent("link.gif").path
      try #require(FileManager.default.createFile(atPath: target, contents: Data("old".utf8)))
      chmod(target, 0o640)
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
      // One period of the chain's 12 steps: a seamless loop (a loop of a few steps flashes
      // at its seam, and is refused).
      let run = try runProcess(
        try Self.chain(), ["--export", link, "--duration", "1.2", "--fps", "10"])
      try #require(run.status == 0, "\(run.stderr)")
      let attributes = try FileManager.default.attributesOfItem(atPath: target)
      #expect((attributes[.posixPermissions] as? Int) == 0o640)
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
      #expect(try decodeAnimationWithPillow(target).frames.count == 12)
    }
  }
}

/// The seed's own program exports the bytes `rainbow-ring export --scene seed` writes: the
/// same frames through the same encoders (skipped, with the reason, without the seed).
@Suite(
  .enabled(
    if: UIKitProgram.seedTestsRun,
    "the user's seed sample is not beside this checkout (../shared/seed or RAINBOW_RING_SEED)")
)
struct SeedProgramExportTests {
  @Test(arguments: [
    (["--duration", "7.3"], "seed.gif"), (["--duration", "0.5", "--scale", "2"], "seed.apng"),
  ])
  func theSeedsExportIsTheEngines(options: [String], name: String) throws {
    try ProgramExportTests.inFolder { folder in
      let program = folder.appendingPathComponent("program-" + name).path
      let engine = folder.appendingPathComponent("engine-" + name).path
      let run = try runProcess(
        try UIKitProgram.seed.get(), ["--export", program, "--quiet"] + options)
      try #require(run.status == 0, "\(run.stderr)")
      let tool = try runProcess(
        try rainbowRingBinary(), ["export", "--scene", "seed", "-o", engine, "--quiet"] + options)
      try #require(tool.status == 0, "\(tool.stderr)")
      let same =
        try Data(contentsOf: URL(fileURLWithPath: program))
        == Data(contentsOf: URL(fileURLWithPath: engine))
      #expect(same, "\(name): the program's file is the engine's, byte for byte")
    }
  }
}

/// A program's export is checked for flashing as its frames are drawn: a window flashing
/// five times a second is not written (exit 64, one line naming WCAG 2.3.1 and
/// `--allow-flashing`, nothing left) unless `--allow-flashing`; a slow pulse is written.
@Suite struct ProgramFlashTests {
  @Test(arguments: ["strobe.gif", "strobe.apng", "strobe.mp4", "frames"])
  func aFlashingWindowIsNotWritten(name: String) throws {
    try ProgramExportTests.inFolder { folder in
      let file = folder.appendingPathComponent(name).path
      let format = name == "frames" ? ["--format", "frames"] : []
      let run = try runProcess(
        try UIKitProgram.program("Strobe"), ["--export", file, "--duration", "2"] + format)
      #expect(run.status == 64, "exit 64: \(run.stderr)")
      let first = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
      #expect(first.contains("flashes 5.0 times a second"), "\(first)")
      #expect(first.contains("WCAG 2.3.1") && first.contains("--allow-flashing"), "\(first)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
  }

  @Test func allowFlashingWritesIt() throws {
    try ProgramExportTests.inFolder { folder in
      let file = folder.appendingPathComponent("strobe.gif").path
      let run = try runProcess(
        try UIKitProgram.program("Strobe"),
        ["--export", file, "--duration", "1", "--allow-flashing", "--quiet"])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(try decodeAnimationWithPillow(file).frames.count == 50)
    }
  }

  /// A pulse every 2 s (one flash in 2 s) passes; a file of 0.2 s fading from black to
  /// white passes when it plays once, and flashes five times a second at its seam when it
  /// loops.
  @Test(arguments: [
    ("2", ["--duration", "4"], true), ("0.4", ["--duration", "0.2", "--loop-count", "1"], true),
    ("0.4", ["--duration", "0.2"], false),
  ])
  func theVerdictFollowsWhatTheFileShows(period: String, options: [String], passes: Bool) throws {
    try ProgramExportTests.inFolder { folder in
      let file = folder.appendingPathComponent("pulse.apng").path
      let run = try runProcess(
        try UIKitProgram.program("Strobe"), ["--export", file, "--quiet"] + options,
        environment: ProcessInfo.processInfo.environment.merging(["STROBE_PERIOD": period]) {
          $1
        })
      #expect(run.status == (passes ? 0 : 64), "\(run.stderr)")
      #expect(FileManager.default.fileExists(atPath: file) == passes)
    }
  }
}
