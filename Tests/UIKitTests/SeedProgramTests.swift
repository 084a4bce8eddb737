import Foundation
import RingTestSupport
import Testing

/// The seed's own UIKit code, compiled unchanged at test time against the `UIKit` product,
/// shows exactly what the engine renders. The seed stays outside the repository: without it
/// beside the checkout these tests are skipped, with the reason (CI has it and runs them).
@Suite(
  .enabled(
    if: UIKitProgram.seedTestsRun,
    "the user's seed sample is not beside this checkout (../shared/seed or RAINBOW_RING_SEED)")
)
struct SeedProgramTests {
  static func renderer() throws -> String { try rainbowRingBinary() }

  /// Snapshot and `rainbow-ring render --scene seed` at the same time and scale: the same
  /// PNG bytes (so the same pixels; Pillow says how far apart when not).
  @Test(
    arguments: [
      ("0", 1), ("0.05", 2), ("0.1", 1), ("0.123456789", 3), ("0.35", 2), ("7.3", 1),
      ("7.35", 2), ("14.65", 3), ("36.55", 1), ("123.456", 2),
    ])
  func snapshotEqualsTheEngine(time: String, scale: Int) throws {
    let program = try UIKitProgram.seed.get()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seed-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let shot = folder.appendingPathComponent("snapshot.png").path
    let engine = folder.appendingPathComponent("engine.png").path
    let run = try runProcess(
      program, ["--snapshot", shot, "--time", time, "--scale", "\(scale)"])
    #expect(run.status == 0, "snapshot exits 0: \(run.stderr)")
    #expect(run.stderr.isEmpty, "and says nothing: \(run.stderr)")
    let render = try runProcess(
      try Self.renderer(),
      ["render", "--scene", "seed", "--time", time, "--scale", "\(scale)", "-o", engine])
    try #require(render.status == 0, "\(render.stderr)")
    let a = try Data(contentsOf: URL(fileURLWithPath: shot))
    let b = try Data(contentsOf: URL(fileURLWithPath: engine))
    if a != b {
      let (sa, sb) = (try decodeWithPillow(shot), try decodeWithPillow(engine))
      var worst = 0
      var differing = 0
      for i in 0..<min(sa.rgba.count, sb.rgba.count) where sa.rgba[i] != sb.rgba[i] {
        differing += 1
        worst = max(worst, abs(Int(sa.rgba[i]) - Int(sb.rgba[i])))
      }
      Issue.record(
        "t=\(time) s, \(scale)x: \(sa.width)x\(sa.height) vs \(sb.width)x\(sb.height), \(differing) components differ, by up to \(worst)"
      )
    }
  }

  /// Two runs at a moment mid-step, many loops in, give the same bytes: the clock is the
  /// program's own, not the wall's.
  @Test func snapshotsAreDeterministic() throws {
    let program = try UIKitProgram.seed.get()
    let one = try runProcess(program, ["--snapshot", "-", "--time", "73.049"])
    let two = try runProcess(program, ["--snapshot", "-", "--time", "73.049"])
    #expect(one.status == 0 && two.status == 0, "\(one.stderr) \(two.stderr)")
    #expect(!one.stdout.isEmpty && one.stdout == two.stdout)
    #expect(one.stdout.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
  }

  /// `--screen` sets `UIScreen.main.bounds`, so the window's size.
  @Test func theScreenSizeIsAnOption() throws {
    let program = try UIKitProgram.seed.get()
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("screen-\(UUID()).png")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try runProcess(program, ["--snapshot", path, "--screen", "414x896", "--scale", "2"])
    #expect(run.status == 0, "\(run.stderr)")
    let image = try decodeWithPillow(path)
    #expect(image.width == 828 && image.height == 1792)
  }

  /// Bad arguments: exit 64, one error line, the usage, and no file and no launch.
  @Test(
    arguments: [
      (["--bogus"], "Unknown option '--bogus'"),
      (["--snapshot", "OUT.gif"], "writes a PNG file"),
      (["--snapshot", "OUT.png", "--window"], "'--window' cannot be used with '--snapshot'"),
      (["--snapshot", "OUT.png", "--scale", "0"], "scale"),
      (["--time", "1"], "'--time'"),
      (["--snapshot", "OUT.png", "--time", "-1"], "0 or more"),
      (["--snapshot", "OUT.png", "--screen", "0x10"], "'--screen'"),
      (["--window", "--terminal"], "cannot be used together"),
      (["--fps", "0"], "fps"),
    ])
  func badArgumentsAreUsageErrors(arguments: [String], message: String) throws {
    let program = try UIKitProgram.seed.get()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("OUT").path
    let run = try runProcess(
      program, arguments.map { $0.replacingOccurrences(of: "OUT", with: out) },
      environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color"])
    #expect(run.status == 64, "\(arguments): \(run.stderr)")
    let lines = run.stderr.split(separator: "\n")
    #expect(
      lines.first?.hasPrefix("Error: ") == true && lines.first!.contains(message), "\(run.stderr)")
    #expect(run.stderr.contains("Usage: SeedApp"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  /// Nowhere to play (no display, not a terminal) says why, exit 64.
  @Test func nowhereToPlayIsAUsageError() throws {
    let run = try runProcess(
      try UIKitProgram.seed.get(), ["--duration", "1"], environment: ["PATH": "/usr/bin:/bin"])
    #expect(run.status == 64)
    #expect(run.stderr.contains("Nowhere to play"), "\(run.stderr)")
  }

  /// In a terminal (tmux): the ring in 24-bit half-blocks, then exit 0 after --duration.
  @Test func playsInATerminal() throws {
    let run = try TerminalRun(program: try UIKitProgram.seed.get(), seconds: 4)
    #expect(
      run.frame.contains("▀") || run.frame.contains("▄"), "half-blocks drawn:\n\(run.frame)")
    #expect(run.frame.contains("38;2;"), "in 24-bit colour")
    #expect(run.status == "0", "exit 0 after --duration")
  }
  /// On an X display: a window named after the program shows the white view with the
  /// moving rainbow ring at (50, 80); q closes it, exit 0.
  @Test func playsInAWindow() throws {
    let program = try UIKitProgram.seed.get()
    let x = try VirtualDisplay()
    let player = Process()
    player.executableURL = URL(fileURLWithPath: program)
    player.arguments = ["--scale", "1", "--duration", "60"]
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = x.name
    player.environment = env
    player.standardError = FileHandle.nullDevice
    try player.run()
    defer { if player.isRunning { kill(player.processIdentifier, SIGKILL) } }
    var id = ""
    let deadline = Date().addingTimeInterval(30)
    while id.isEmpty && Date() < deadline && player.isRunning {
      Thread.sleep(forTimeInterval: 0.2)
      id =
        (try? runTool("env", ["DISPLAY=\(x.name)", "xdotool", "search", "--name", "SeedApp"]))
        .flatMap {
          String(decoding: $0, as: UTF8.self).split(separator: "\n").first.map(String.init)
        }
        ?? ""
    }
    try #require(!id.isEmpty, "a window named SeedApp appears")
    Thread.sleep(forTimeInterval: 1)
    let first = try x.screenshot(width: 375, height: 667)
    Thread.sleep(forTimeInterval: 0.5)
    let second = try x.screenshot(width: 375, height: 667)
    func pixel(_ shot: [UInt8], _ px: Int, _ py: Int) -> [Int] {
      let i = (py * 375 + px) * 4
      return [Int(shot[i]), Int(shot[i + 1]), Int(shot[i + 2])]
    }
    // White away from the ring; saturated colour in the middle of the ring's band
    // (radius 70 around (130, 160)); the band moves between the two shots.
    #expect(pixel(first, 10, 10) == [255, 255, 255])
    #expect(pixel(first, 130, 160) == [255, 255, 255], "the ring's hole is white")
    var moved = 0
    for k in 0..<36 {
      let a = Double(k) * .pi / 18
      let (px, py) = (130 + Int(70 * cos(a)), 160 + Int(70 * sin(a)))
      let c = pixel(first, px, py)
      #expect(c.max()! >= 245 && c.min()! <= 10, "saturated rainbow at (\(px), \(py)): \(c)")
      if c != pixel(second, px, py) { moved += 1 }
    }
    #expect(moved >= 18, "the colours flow: \(moved) of 36 points changed in 0.5 s")
    _ = try runTool(
      "env", ["DISPLAY=\(x.name)", "xdotool", "windowfocus", "--sync", id, "key", "q"])
    let end = Date().addingTimeInterval(10)
    while player.isRunning && Date() < end { Thread.sleep(forTimeInterval: 0.05) }
    #expect(!player.isRunning && player.terminationStatus == 0, "q closes it, exit 0")
  }
}

/// UIKit code in the style of tutorials (Tests/UIKitTests/Samples) and the seed with a
/// classic main.swift, built against the product at test time.
@Suite struct SampleProgramTests {
  func snapshot(_ program: String, at time: Double) throws -> (
    width: Int, height: Int, rgba: [UInt8]
  ) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sample-\(UUID())")
      .path  // no extension: written as PNG, as `render -o` does
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try runProcess(
      try UIKitProgram.program(program), ["--snapshot", path, "--time", "\(time)"])
    try #require(run.status == 0, "\(run.stderr)")
    return try decodeWithPillow(path)
  }

  /// What a program prints while it plays in the terminal is shown after, not in the
  /// picture.
  @Test func printsWaitForTheTerminalPlayerToEnd() throws {
    let run = try TerminalRun(program: try UIKitProgram.program("Samples"), seconds: 3)
    #expect(run.frame.contains("▀") || run.frame.contains("▄"), "\(run.frame)")
    #expect(!run.frame.contains("The cards appeared."), "nothing printed over the picture")
    #expect(run.after.contains("The cards appeared."), "\(run.after)")
    #expect(run.status == "0")
  }

  /// With the snapshot on standard output, what the program prints goes to standard error,
  /// what it prints as it terminates too: the file is the PNG, nothing after it.
  @Test func printsStayOutOfASnapshotOnStandardOutput() throws {
    let run = try runProcess(
      try UIKitProgram.program("Samples"), ["--snapshot", "-", "--time", "1"])
    #expect(run.status == 0)
    #expect(run.stdout.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    #expect(run.stderr.contains("The cards appeared."), "\(run.stderr)")
    #expect(run.stderr.contains("The cards are put away."), "\(run.stderr)")
    let text = String(decoding: run.stdout, as: UTF8.self)
    #expect(!text.contains("appeared") && !text.contains("put away"))
    #expect(
      run.stdout.suffix(8) == Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]),
      "ends with IEND")
  }

  /// A program that crashes while it plays in the terminal: the terminal is restored, and
  /// what it printed and the crash's own message are shown after, not lost.
  @Test func aCrashInTheTerminalShowsWhatWasHeld() throws {
    let run = try TerminalRun(
      program: try UIKitProgram.program("Strobe"), seconds: 5, environment: "STROBE_CRASH=1")
    #expect(run.after.contains("before the crash"), "\(run.after)")
    #expect(run.after.contains("strobe crashed on purpose"), "\(run.after)")
    #expect(run.status != nil && run.status != "0")
  }

  /// `UIApplicationMain` in main.swift runs the same program as `@main`.
  @Test(
    .enabled(
      if: UIKitProgram.seedTestsRun,
      "the user's seed sample is not beside this checkout (../shared/seed or RAINBOW_RING_SEED)")
  )
  func aClassicMainRunsTheSameProgram() throws {
    let a = try runProcess(
      try UIKitProgram.program("ClassicApp"), ["--snapshot", "-", "--time", "2.345"])
    let b = try runProcess(
      try UIKitProgram.program("SeedApp"), ["--snapshot", "-", "--time", "2.345"])
    #expect(a.status == 0, "\(a.stderr)")
    #expect(!a.stdout.isEmpty && a.stdout == b.stdout)
  }

  /// Changes in viewDidAppear animate (after the first commit); a view animation's delay,
  /// repeat and autoreverse; a layer subclass's own initialisers and layoutSublayers; a
  /// view's draw(_:).
  @Test(
    arguments: [
      (0.25, 0.0, 0.5), (0.75, 0.25, 0.5), (1.0, 0.5, 1.0), (1.6, 1.0, 0.2), (3.1, 1.0, 0.8),
    ])
  func tutorialSamplesShowWhatIOSShows(time: Double, card: Double, pulse: Double) throws {
    let image = try snapshot("Samples", at: time)
    func pixel(_ x: Int, _ y: Int) -> [Double] {
      let i = (y * image.width + x) * 4
      return (0..<3).map { Double(image.rgba[i + $0]) }
    }
    // systemBlue (0, 122, 255) over white at the card's alpha.
    let blue = [0.0, 122, 255].map { 255 + ($0 - 255) * card }
    for (got, want) in zip(pixel(100, 100), blue) {
      #expect(abs(got - want) <= 1.5, "t = \(time): card \(pixel(100, 100)) vs \(blue)")
    }
    // Red over white at the pulse's alpha: 1 -> 0 -> 1 each second, linearly.
    let green = 255 * (1 - pulse)
    #expect(abs(pixel(260, 100)[1] - green) <= 1.5, "t = \(time): pulse \(pixel(260, 100))")
    #expect(pixel(260, 100)[0] == 255)
    // The ring layer's stroke, laid out to its bounds: magenta on its left edge.
    #expect(pixel(45, 260) == [255, 0, 255], "ring at t = \(time)")
    #expect(pixel(100, 260) == [255, 255, 255])
    // The pie view's draw(_:): an orange quarter disc below right of its centre (280, 260),
    // white elsewhere, a black line along its left edge.
    #expect(pixel(305, 285) == [255, 128, 0], "drawn wedge at t = \(time)")
    #expect(pixel(255, 235) == [255, 255, 255])
    #expect(pixel(220, 230) == [0, 0, 0])
  }
}

/// A program played in a private tmux server's 100 x 40 pane: a frame while it plays, the
/// pane after it ends and its exit status.
struct TerminalRun {
  var frame = ""
  var after = ""
  var status: String?

  /// `program` played in a tmux terminal for `seconds`, with `environment` (`NAME=value`
  /// words) added to its own.
  init(program: String, seconds: Int, environment: String = "") throws {
    let socket = "uikit-\(UUID().uuidString.prefix(8))"
    func tmux(_ args: [String]) -> String {
      let out = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID())")
        .path
      defer { try? FileManager.default.removeItem(atPath: out) }
      let quoted = (["tmux", "-L", socket] + args).map {
        "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
      }
      _ = system(quoted.joined(separator: " ") + " > '\(out)' 2>&1 < /dev/null")
      return (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
    }
    let statusFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "st-\(UUID())"
    ).path
    defer {
      _ = tmux(["kill-server"])
      try? FileManager.default.removeItem(atPath: statusFile)
    }
    _ = tmux([
      "-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "40",
      "env -u DISPLAY -u NO_COLOR -u KITTY_WINDOW_ID -u TERM_PROGRAM TERM=xterm-256color"
        + " COLORTERM=truecolor \(environment) \(program) --terminal --duration \(seconds);"
        + " echo $? > \(statusFile); sleep 30",
    ])
    // A crash's backtrace is symbolicated before the program ends, which on a loaded machine
    // (the whole suite running) can take tens of seconds: the wait ends as soon as it has.
    let deadline = Date().addingTimeInterval(120)
    // Until a frame shows, or the program has ended (one that crashes early may end before
    // a capture sees its first frame, on a loaded machine).
    while Date() < deadline && !FileManager.default.fileExists(atPath: statusFile) {
      Thread.sleep(forTimeInterval: 0.5)
      frame = tmux(["capture-pane", "-e", "-p"])
      if frame.contains("▀") || frame.contains("▄") { break }
    }
    while Date() < deadline && !FileManager.default.fileExists(atPath: statusFile) {
      Thread.sleep(forTimeInterval: 0.2)
    }
    Thread.sleep(forTimeInterval: 0.3)
    after = tmux(["capture-pane", "-p"])
    status = (try? String(contentsOfFile: statusFile, encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
