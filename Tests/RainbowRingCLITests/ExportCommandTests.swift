import Foundation
import RainbowRing
import RingTestSupport
import Testing

@testable import RainbowRingCLI
@testable import RingCommandLine
@testable import RingCommands

@Suite struct ExportCommandTests {
  static let badInputs: [(args: [String], mentions: String)] = [
    (["export", "-o", "DIR/ring.xyz"], "--format"),
    (["export", "-o", "DIR/ring.gif", "--format", "tiff"], "--format"),
    (["export", "-o", "DIR/ring.gif", "--fps", "60"], "--fps"),
    (["export", "-o", "DIR/ring.gif", "--fps", "0"], "--fps"),
    (["export", "-o", "DIR/ring.gif", "--duration", "2", "--loops", "2"], "--loops"),
    (["export", "-o", "DIR/ring.gif", "--loops", "0"], "--loops"),
    (["export", "-o", "DIR/ring.gif", "--loops", "1.5"], "--loops"),
    (["export", "-o", "DIR/ring.gif", "--loop-count", "-1"], "--loop-count"),
    (["export", "-o", "DIR/ring.webp", "--quality", "101"], "--quality"),
    (["export", "-o", "DIR/ring.mp4", "--pixel-format", "rgb24"], "--pixel-format"),
    (["export", "-o", "-", "--format", "gif"], "standard output"),
    (["export", "-o", "DIR/ring.gif", "--time", "1"], "--time"),
    (["export", "-o", "DIR/ring.gif", "--duration", "nan"], "--duration"),
    (["export", "-o", "DIR/ring.gif", "--loops", "10000", "--fps", "50"], "--no-limits"),
    (
      ["export", "-o", "DIR/ring.gif", "--loops", "10000", "--fps", "50", "--no-limits=1"],
      "--no-limits"
    ),
    (
      [
        "export", "-o", "DIR/s.png", "--format", "sprite-sheet", "--size", "1000", "--scale", "4",
        "--duration", "0.25",
      ],
      "GiB of memory"
    ),
    (
      ["export", "-o", "DIR/r.rgba", "--size", "2000", "--scale", "2", "--loops", "3"],
      "GiB of disk"
    ),
    (["export", "-o", "DIR/ring.apng", "--size", "3000", "--scale", "3"], "pixels"),
    (["export", "-o", "DIR/ring.gif", "--jobs", "0"], "--jobs"),
    (
      [
        "export", "-o", "DIR/ring.gif", "--hue-step", "0.01", "--step-duration", "3600", "--loops",
        "10000",
      ], "--loops"
    ),
    (["export", "-o", "DIR/ring.gif", "--columns", "3"], "--columns"),
    (["export"], "--output"),
    (["export", "-o", "DIR/ring.gif", "--no-duration", "2"], "'--no-duration'"),
    (["export", "-o", "DIR/ring.gif", "--no-quiet=yes"], "'--no-quiet'"),
    (["export", "-o", "DIR/ring.gif", "--no-help"], "'--no-help'"),
    (
      ["export", "-o", "DIR/ring.gif", "--fps", "+0x10"], "The value '+0x10' is invalid for '--fps'"
    ),
    (["export", "-o", "DIR/ring.gif", "--loops", "+0x2"], "--loops"),
    (["export", "-o", "DIR/ring.gif", "--duration", "-inf"], "The value '-inf' is invalid"),
    (["export", "-o", "DIR/ring.webp", "--quality", " 80"], "--quality"),
    (["export", "-o", "DIR/ring.gif", "--background", "#FF000080"], "'--background': GIF"),
    (["export", "-o", "DIR/ring.gif", "--background", "#FFFFFFFE"], "'--background': GIF"),
    (["export", "-o", "DIR/ring.mp4", "--background", "transparent"], "'--background': MP4"),
    (["export", "-o", "DIR/ring.mp4", "--background", "#00000080"], "'--background': MP4"),
    (
      ["export", "-o", "DIR/ring.mp4", "--scene", "seed", "--background", "transparent"],
      "'--background': MP4"
    ),
    (["export", "-o", "DIR/ring.gif", "--duration", "0.019"], "--duration"),
    (
      ["export", "-o", "DIR/ring.gif", "--step-duration", "0.001", "--hue-step", "360"],
      "--duration"
    ),
    (
      [
        "export", "-o", "DIR/s.png", "--format", "sprite-sheet", "--duration", "0.1", "--columns",
        "7",
      ],
      "'--columns'"
    ),
    (
      [
        "export", "-o", "DIR/s.png", "--format", "sprite-sheet", "--fps", "240", "--duration",
        "10", "--size", "400", "--columns", "1", "--no-limits",
      ],
      "--scale, --duration or --fps."
    ),
    (["export", "-o", "DIR/ring.svg", "--gradient", "conic"], "export the conic ring as GIF"),
    (["export", "-o", "DIR/ring.svgz", "--gradient", "conic"], "SVG has no conic gradient"),
    (["export", "-o", "DIR/ring.json", "--gradient", "conic"], "Lottie has no conic gradient"),
    (["export", "-o", "DIR/ring.lottie", "--gradient", "conic"], "Lottie has no conic gradient"),
    (["export", "-o", "DIR/ring.html", "--gradient", "conic"], "no conic gradient"),
    (
      ["export", "-o", "DIR/ring.json", "--gradient", "radial", "--end-point", "1,0.8"],
      "radial gradients are circles"
    ),
    (["export", "-o", "DIR/ring.svg", "--duration", "3"], "'--duration' does not apply"),
    (["export", "-o", "DIR/ring.html", "--loops", "2"], "'--loops' does not apply"),
    (["export", "-o", "DIR/ring.svg", "--fps", "30"], "'--fps' does not apply"),
    (["export", "-o", "DIR/ring.json", "--jobs", "2"], "'--jobs' does not apply"),
    (["export", "-o", "DIR/ring.json", "--loop-count", "2"], "'--loop-count' applies only"),
    (
      ["export", "-o", "DIR/ring.json", "--svg-animation", "css"], "'--svg-animation' applies only"
    ),
    (["export", "-o", "DIR/ring.svg", "--svg-animation", "sml"], "Did you mean 'smil'?"),
    (["export", "-o", "DIR/ring.json", "--format", "svg"], "name it .svg or .svgz"),
    (["export", "-o", "-", "--format", "webp"], "vector formats"),
    (
      ["export", "-o", "DIR/ring.gif", "--loops", "10000", "--fps", "50", "--no-no-limits"],
      "Unknown option '--no-no-limits'"
    ),
  ]

  @Test(arguments: badInputs)
  func badExportInputIsAUsageError(args: [String], mentions: String) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let run = Captured(args.map { $0.replacingOccurrences(of: "DIR", with: dir) })
    #expect(run.code == 64, "\(args): exit \(run.code), \(run.err)")
    #expect(run.err.hasPrefix("Error: ") && run.err.contains(mentions), "\(args): \(run.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "\(args): no file")
  }

  /// `usageProblem(in:)` finds the same one-line message as the run, for every row.
  @Test(arguments: badInputs)
  func exportUsageProblemAgreesWithTheRun(args: [String], mentions: String) {
    let real = args.map { $0.replacingOccurrences(of: "DIR", with: "/nonexistent-dir") }
    let run = Captured(real)
    let printed = run.err.split(separator: "\n").first.map { String($0.dropFirst("Error: ".count)) }
    #expect(CommandLineTool.usageProblem(in: real) == printed, "\(args): the same message")
  }

  /// Each cap refuses without the flag and lets the same request through with it.
  @Test(arguments: [
    ["-o", "r.gif", "--loops", "10000", "--fps", "50"],
    [
      "-o", "s.png", "--format", "sprite-sheet", "--size", "1000", "--scale", "4", "--duration",
      "0.25",
    ],
    ["-o", "r.rgba", "--size", "2000", "--scale", "2", "--loops", "3"],
    ["-o", "r.apng", "--size", "3000", "--scale", "3"],
  ])
  func noLimitsLiftsTheCaps(args: [String]) throws {
    #expect(throws: RingError.self, "\(args) is capped") {
      _ = try ExportCommand.makePlan(args)
    }
    let plan = try ExportCommand.makePlan(args + ["--no-limits"]).plan
    #expect(plan != nil, "\(args) with --no-limits is planned")
  }

  @Test func theMemoryEstimateCoversTheSpriteSheet() throws {
    let sheet = try #require(
      try ExportCommand.makePlan(["-o", "s.png", "--format", "sprite-sheet", "--jobs", "2"]).plan)
    let gif = try #require(try ExportCommand.makePlan(["-o", "r.gif", "--jobs", "2"]).plan)
    // 438 frames of 160 x 160 pixels, as a 21 x 21 grid, twice (the sheet and its PNG).
    #expect(sheet.settings.estimatedPeakMemory >= 2 * 21 * 21 * 160 * 160 * 4)
    // Streamed: a few frames per worker and the pipeline's window, not the whole loop.
    #expect(gif.settings.estimatedPeakMemory < 50 * 160 * 160 * 4)
    #expect(gif.settings.estimatedPeakMemory >= 6 * 160 * 160 * 4)
  }

  @Test func aRateThatDoesNotLoopIsAdjustedWithANote() throws {
    let binary = try rainbowRingBinary()
    let run = try runProcess(
      binary, ["export", "-o", "-", "--fps", "24", "--size", "40", "--ring-width", "5"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.count == 175 * 40 * 40 * 4, "175 frames, not 175.2: \(run.stdout.count)")
    #expect(run.stderr.contains("175 frames"), "the note says so: \(run.stderr)")
    let quiet = try runProcess(
      binary, ["export", "-o", "-", "--fps", "24", "--size", "40", "--ring-width", "5", "--quiet"])
    #expect(quiet.stderr.isEmpty, "--quiet silences notes")
    let exact = try runProcess(
      binary,
      [
        "export", "-o", "-", "--fps", "24", "--exact-fps", "--quiet", "--size", "40",
        "--ring-width", "5",
      ])
    #expect(exact.stdout.count == 175 * 40 * 40 * 4 && exact.status == 0, "exact-fps keeps 24 fps")
  }

  @Test func missingFFmpegNamesTheDebianPackage() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let result = try runProcess(
      try rainbowRingBinary(), ["export", "-o", dir + "/ring.mp4", "--fps", "10"],
      environment: ["PATH": "/nonexistent"])
    #expect(result.status == 1, "exit \(result.status)")
    #expect(
      result.stderr.contains("'ffmpeg'") && result.stderr.hasPrefix("Error:"), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "nothing left")
  }

  @Test func ffmpegKilledMidExportFailsCleanly() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var killed: [Int32] = []
    let result = try runProcess(
      try rainbowRingBinary(), ["export", "-o", dir + "/ring.mp4", "--loops", "100", "--quiet"],
      whileRunning: { pid in
        let deadline = Date().addingTimeInterval(30)
        while killed.isEmpty && Date() < deadline {
          killed = childProcesses(of: pid, named: "ffmpeg")
          Thread.sleep(forTimeInterval: 0.05)
        }
        Thread.sleep(forTimeInterval: 0.5)  // well into the stream
        for child in killed { kill(child, SIGKILL) }
      })
    try #require(!killed.isEmpty, "ffmpeg started")
    #expect(result.status == 1 && !result.signalled, "exit \(result.status): \(result.stderr)")
    #expect(
      result.stderr == "Error: cannot write '\(dir)/ring.mp4': ffmpeg was killed by signal 9\n",
      "one clear line: \(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "nothing left")
  }

  /// An ffmpeg that leaves early (a broken build, a missing encoder, a crash at the end) is
  /// stood in by a script first in `PATH`: the real one cannot be made to fail on cue.
  /// (Under ThreadSanitizer, the first two: one stops reading mid-stream, one never reads.)
  static let lyingFFmpegs = [
    ("head -c 100000 > /dev/null; exit 0", "ffmpeg stopped reading its input"),
    ("echo \"Unknown encoder 'libx264'\" >&2; exit 1", "ffmpeg failed: Unknown encoder 'libx264'"),
    ("cat > /dev/null; echo 'Conversion failed!' >&2; exit 1", "ffmpeg failed: Conversion failed!"),
    ("cat > /dev/null; exit 3", "ffmpeg exited with status 3"),
  ]

  @Test(arguments: underThreadSanitizer ? Array(lyingFFmpegs.prefix(2)) : lyingFFmpegs)
  func ffmpegLeavingEarlyFailsCleanly(script: String, error: String) throws {
    let dir = try scratchDirectory()
    let bin = try scratchDirectory()
    defer {
      try? FileManager.default.removeItem(atPath: dir)
      try? FileManager.default.removeItem(atPath: bin)
    }
    try writeExecutableScript(script, to: bin + "/ffmpeg")
    let result = try runProcess(
      try rainbowRingBinary(), ["export", "-o", dir + "/ring.webm", "--quiet"],
      environment: ["PATH": bin + ":/usr/bin:/bin"])
    #expect(result.status == 1, "exit \(result.status): \(result.stderr)")
    #expect(
      result.stderr.hasPrefix("Error: cannot write '\(dir)/ring.webm': " + error),
      "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "nothing left")
  }

  @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
  func aSignalStopsTheExportAndLeavesNothing(signal: Int32, code: Int32) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let result = try runProcess(
      try rainbowRingBinary(),
      ["export", "-o", dir + "/ring.gif", "--loops", "40", "--scale", "4"],
      signal: signal, after: 1.0)
    #expect(result.status == code && !result.signalled, "exit \(result.status): \(result.stderr)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty,
      "no partial or temporary file")
  }

  @Test func anExistingFileIsReplacedOnlyOnSuccess() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/ring.gif"
    try Data("old".utf8).write(to: URL(fileURLWithPath: path))
    let result = try runProcess(
      try rainbowRingBinary(), ["export", "-o", path, "--loops", "40", "--scale", "4"],
      signal: SIGINT, after: 0.8)
    #expect(result.status == 130, "interrupted: \(result.stderr)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old", "the old file survives")
    let run = Captured(["export", "-o", path, "--fps", "10", "--quiet"])
    #expect(run.code == 0, "\(run.err)")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: path)).prefix(6) == Data("GIF89a".utf8), "replaced")
  }

  @Test func aPNGToAClosedPipeExitsQuietly() throws {
    let binary = try rainbowRingBinary()
    let result = try runProcess(
      "/bin/bash",
      [
        "-c",
        "'\(binary)' render --size 1000 --ring-width 100 --scale 2 -o - | head -c 10 > /dev/null; exit ${PIPESTATUS[0]}",
      ])
    #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
    #expect(result.stderr.isEmpty, "no error when the reader leaves: \(result.stderr)")
  }

  @Test func aFullDiskFailsCleanly() throws {
    // A 64 KiB tmpfs fills up long before a 2x GIF is written.
    let dir = try scratchDirectory()
    defer {
      _ = try? runTool("umount", [dir])
      try? FileManager.default.removeItem(atPath: dir)
    }
    _ = try runTool("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir])
    let result = try runProcess(
      try rainbowRingBinary(), ["export", "-o", dir + "/ring.gif", "--scale", "2", "--quiet"])
    #expect(result.status == 1, "exit \(result.status)")
    #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty,
      "nothing left on the full disk")
  }

  @Test func rawFramesToAClosedPipeExitQuietly() throws {
    let binary = try rainbowRingBinary()
    let result = try runProcess(
      "/bin/bash",
      ["-c", "'\(binary)' export -o - --loops 200 | head -c 10 > /dev/null; exit ${PIPESTATUS[0]}"])
    #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
    #expect(result.stderr.isEmpty, "no error when the reader leaves: \(result.stderr)")
  }
}
