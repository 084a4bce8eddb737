import Foundation
import RainbowRing
import RingTestSupport
import Testing

@testable import RainbowRingCLI
@testable import RingCommandLine
@testable import RingCommands

/// Runs the tool in-process and captures what it writes.
final class Captured {
  var out: [UInt8] = []
  var err = ""
  var code: Int32 = -1
  var outText: String { String(decoding: out, as: UTF8.self) }

  /// Runs `args`; the flags say which streams the console reports as terminals.
  init(
    _ args: [String], outputIsTerminal: Bool = false, inputIsTerminal: Bool = false,
    colorsErrors: Bool = false
  ) {
    let console = Console(
      writeOut: { self.out += $0 }, writeErr: { self.err += $0 },
      outputIsTerminal: outputIsTerminal, inputIsTerminal: inputIsTerminal,
      colorsErrors: colorsErrors)
    code = CommandLineTool.run(args, console: console)
  }
}

func scratchDirectory() throws -> String {
  let dir = FileManager.default.temporaryDirectory
    .appendingPathComponent("rainbow-ring-tests-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  return dir
}

@Suite struct CLITests {
  @Test func renderHelpIsPinned() {
    let run = Captured(["render", "--help"])
    #expect(run.code == 0, "help exits 0")
    #expect(run.err.isEmpty, "help writes nothing to stderr")
    #expect(
      run.outText == """
        OVERVIEW: Render one frame of the ring to a PNG file: exactly what the iPhone shows at that time. An .svg or .svgz file gets the frame as vectors (axial and radial gradients).

        USAGE: rainbow-ring render [<options>] --output <file>

        OPTIONS:
          --time <seconds>        Time since the ring appeared, in seconds. (default: 0)
          --scene <scene>         ring (the ring alone) or seed (the iPhone's
                                  375x667-point white view, ring at 50,80). (default:
                                  ring)
          --size <points>         Side of the ring view, in points. (default: 160)
          --ring-width <points>   Width of the ring, in points. (default: 20)
          --background <color>    transparent, white, black, #RRGGBB or #RRGGBBAA.
                                  (default: transparent; white for --scene seed)
          --scale <n>             Pixels per point, 1 to 4; fractions allowed. (default:
                                  1)
          --step-duration <seconds>
                                  Time for the colours to move one stop. (default: 0.1)
          --[no-]flow             The colours flow round the ring (--no-flow holds them
                                  still). (default: on)
          --hue-step <degrees>    Hue between neighbouring colours, 0.01 to 360.
                                  (default: 5)
          --saturation <value>    Colour saturation, 0 to 1. (default: 1)
          --brightness <value>    Colour brightness, 0 to 1. (default: 1)
          --palette <name>        A named palette: rainbow, activity, activity-exercise,
                                  activity-stand, viridis, magma, oklch-rainbow.
                                  (default: rainbow)
          --colors <list>         The gradient's colours, comma-separated #RRGGBB or
                                  #RRGGBBAA (instead of a palette). (default: the seed's
                                  73 hues)
          --locations <list>      Where the colours sit, comma-separated ascending
                                  numbers in 0...1, one per colour. (default: evenly
                                  spaced)
          --interpolation <space>
                                  Colour space the gradient mixes in: srgb, srgb-linear,
                                  oklab, oklch, oklch-longer. (default: srgb, as Core
                                  Animation does)
          --gradient <kind>       Gradient kind of a full ring: axial, radial or conic.
                                  (default: axial)
          --start-point <x,y>     Gradient start in the ring's unit square (the centre
                                  of a radial or conic one). (default: 0,0 axial,
                                  0.5,0.5 radial and conic)
          --end-point <x,y>       Gradient end in the ring's unit square (a conic one
                                  starts towards it; a radial one's radii are its
                                  offsets from the start). (default: 1,1 axial and
                                  radial, 1,0.5 conic)
          --progress <turns>      Draw a progress arc of this many turns (0 to 100;
                                  above 1 it overlaps itself). (default: a full ring)
          --start-angle <degrees>
                                  Where the arc starts: 0 at three o'clock, clockwise;
                                  -90 is twelve o'clock. (default: -90)
          --direction <way>       Which way the arc grows: clockwise or
                                  counterclockwise. (default: clockwise)
          --cap <shape>           The arc's ends: butt, round or square. (default:
                                  round)
          --track <color>         A track under the arc: #RRGGBB or #RRGGBBAA. (default:
                                  none)
          --track-width <points>  Width of the track, in points. (default: the ring
                                  width)
          --end-effect <kind>     A mark under the arc's head: none, shadow or glow.
                                  (default: none)
          --progress-from <turns>
                                  Animate the progress from this value to --progress.
                                  (default: no animation)
          --progress-duration <seconds>
                                  Length of the progress animation. (default: 1)
          --progress-delay <seconds>
                                  When the progress animation starts. (default: 0)
          --timing <curve>        The progress animation's curve: linear, ease-in,
                                  ease-out, ease-in-out or default. (default:
                                  ease-in-out)
          --label <text>          Text in the ring's centre: percent (the progress,
                                  following its animation), value (the progress in
                                  turns) or any other text. (default: none)
          --label-size <points>   The label's font size, in points. (default: 28% of the
                                  ring's inner diameter, smaller for a long text)
          --label-color <color>   The label's colour: white, black, #RRGGBB or
                                  #RRGGBBAA. (default: black, white on a dark
                                  background)
          --label-font <family>   The label's font family, as fc-list names it.
                                  (default: Inter Semi Bold (DejaVu Sans without Inter))
          --allow-flashing        Accept a ring that flashes more than 3 times a second
                                  (WCAG 2.3.1; see 'rainbow-ring check').
          --config <file>         Read options from a JSON ring file ('-' reads standard
                                  input); options on the command line override it.
          --preset <name>         Start from a named ring: seed, activity, progress,
                                  viridis, magma, oklch.
          -o, --output <file>     The PNG file to write, or an SVG file (.svg, .svgz)
                                  for the frame as vectors; '-' writes a PNG to standard
                                  output.
          --text-as-paths         SVG: the label as its glyphs' outlines (the same
                                  everywhere, no font needed) instead of <text>.
          --no-limits             Lift the caps on frame size (67,108,864 pixels), frame
                                  count (100,000), estimated memory (4 GiB), raw output
                                  (16 GiB), a vector file's gradient stops (1,000) and
                                  text (64 MiB), and the flash check's work (600,000,000
                                  pixels).
          --version               Show the version.
          -h, --help              Show help information.

        EXAMPLES:
          The frame an iPhone shows 0.05 s after the ring appears, at 2x:
            rainbow-ring render --time 0.05 --scale 2 -o ring.png

          The seed's whole 375x667-point view on white, at 3x:
            rainbow-ring render --scene seed --scale 3 -o seed.png

          A conic ring on black, through standard output:
            rainbow-ring render --gradient conic --background black -o - > conic.png

        """, "render --help text")
  }

  @Test func rootHelpIsPinned() {
    let run = Captured(["--help"])
    #expect(run.code == 0)
    let expected = """
      OVERVIEW: Render the seed's animated rainbow ring.

      USAGE: rainbow-ring [<subcommand>]

      OPTIONS:
        --version               Show the version.
        -h, --help              Show help information.

      SUBCOMMANDS:
        play                    Play the animation live in a window or the terminal
                                (the default).
        render                  Render one frame of the ring to a PNG (or SVG) file.
        export                  Export the animation as a seamless loop (GIF, APNG,
                                WebP, MP4, SVG, Lottie, ...).
        check                   Check the ring's flashing against WCAG 2.3.1.
        config                  Print the effective configuration as a ring file.

        See 'rainbow-ring help <subcommand>' for detailed help.

      """
    #expect(run.outText == expected, "root --help text")
  }

  @Test(arguments: [["--version"], ["render", "--version"]])
  func versionGoesToStdout(args: [String]) {
    let run = Captured(args)
    #expect(run.code == 0 && run.outText == "rainbow-ring \(CommandLineTool.version)\n", "\(args)")
  }

  static let badInputs: [(args: [String], mentions: String)] = [
    (["render", "--size", "-5", "-o", "OUT"], "--size"),
    (["render", "--size", "0", "-o", "OUT"], "--size"),
    (["render", "--scale", "0", "-o", "OUT"], "--scale"),
    (["render", "--scale", "99", "-o", "OUT"], "--scale"),
    (["render", "--time", "nan", "-o", "OUT"], "--time"),
    (["render", "--time", "inf", "-o", "OUT"], "--time"),
    (["render", "--time", "1e10", "-o", "OUT"], "--time"),
    (["render", "--time", "3s", "-o", "OUT"], "--time"),
    (["render", "--time", "0x10", "-o", "OUT"], "--time"),
    (["render", "--frobnicate", "-o", "OUT"], "--frobnicate"),
    (["render", "-x", "-o", "OUT"], "-x"),
    (["render", "--time", "1", "--time", "2", "-o", "OUT"], "--time"),
    (["render", "--no-time", "1", "-o", "OUT"], "'--no-time'"),
    (["render", "--size", "+inf", "-o", "OUT"], "The value '+inf' is invalid for '--size'"),
    (["render", "--size", "-nan", "-o", "OUT"], "The value '-nan' is invalid for '--size'"),
    (["render", "--time", "-inf", "-o", "OUT"], "The value '-inf' is invalid for '--time'"),
    (["render", "--time", "+nan", "-o", "OUT"], "The value '+nan' is invalid for '--time'"),
    (["render", "--scale", " 2", "-o", "OUT"], "--scale"),
    (["render", "--size", "1_0", "-o", "OUT"], "--size"),
    (["render", "--start-point", "-inf,0", "-o", "OUT"], "--start-point"),
    (["render", "--end-point", "0,+0x1", "-o", "OUT"], "--end-point"),
    (["render", "--size", "9000", "--no-no-limits", "-o", "OUT"], "'--no-no-limits'"),
    (["render", "--time"], "--time"),
    (["render"], "--output"),
    (["render", "--background", "purple", "-o", "OUT"], "--background"),
    (["render", "--background", "#12345", "-o", "OUT"], "--background"),
    (["render", "--gradient", "diamond", "-o", "OUT"], "--gradient"),
    (["render", "--start-point", "0", "-o", "OUT"], "--start-point"),
    (["render", "--start-point", "a,b", "-o", "OUT"], "--start-point"),
    (["render", "--ring-width", "100", "-o", "OUT"], "--ring-width"),
    (["render", "--ring-width", "0", "-o", "OUT"], "--ring-width"),
    (["render", "--hue-step", "0", "-o", "OUT"], "--hue-step"),
    (["render", "--saturation", "1.5", "-o", "OUT"], "--saturation"),
    (["render", "--brightness", "-0.1", "-o", "OUT"], "--brightness"),
    (["render", "--step-duration", "0", "-o", "OUT"], "--step-duration"),
    (["render", "--scene", "moon", "-o", "OUT"], "--scene"),
    (["render", "--help=yes"], "--help"),
    (["render", "stray", "-o", "OUT"], "stray"),
    (["launch"], "launch"),
    (["render", "--size", "9000", "--scale", "1", "-o", "OUT"], "--no-limits"),
    (["render", "--background", "red\nblue\u{1B}[2J", "-o", "OUT"], "'red\\nblue\\u{1b}[2J'"),
    (["ren\tder"], "'ren\\tder'"),
    (["render", "--size", "3000", "--scale", "4", "--ring-width", "100", "-o", "OUT"], "pixels"),
    (["render", "--size", "10000", "--scale", "4", "--no-limits", "-o", "OUT"], "pixels"),
  ]

  @Test(arguments: badInputs)
  func badInputIsAUsageErrorAndWritesNothing(args: [String], mentions: String) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/ring.png"
    let run = Captured(args.map { $0 == "OUT" ? out : $0 })
    #expect(run.code == 64, "\(args): exit \(run.code)")
    #expect(run.err.hasPrefix("Error: ") && run.err.contains(mentions), "\(args): \(run.err)")
    // One line of error (an argument's newline is escaped, not printed), then the usage.
    let lines = run.err.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.count > 1 && lines[1].hasPrefix("Usage: rainbow-ring"),
      "\(args): one error line, then the usage: \(run.err.debugDescription)")
    #expect(run.out.isEmpty, "\(args): nothing on stdout")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "\(args): no file left")
  }

  /// `usageProblem(in:)`, the check without the run, finds the same error as running.
  @Test(arguments: badInputs)
  func usageProblemAgreesWithTheRun(args: [String], mentions: String) throws {
    let run = Captured(args.map { $0 == "OUT" ? "/nonexistent/ring.png" : $0 })
    let printed = run.err.split(separator: "\n").first.map { String($0.dropFirst("Error: ".count)) }
    try #require(printed != nil, "\(args): the run prints an error")
    #expect(
      CommandLineTool.usageProblem(in: args) == printed, "\(args): the same one-line message")
  }

  @Test(arguments: [
    [], ["--help"], ["help", "play"], ["render", "-o", "x.png", "--time", "-3.5"],
    ["export", "-o", "x.webp", "--quality", "80"], ["--duration", "2", "--scene", "seed"],
    ["render", "-o", "x.png", "--hue-step", "0.01"],
    ["render", "-o", "x.png", "--hue-step", "360"],
    ["render", "-o", "x.png", "--start-point", "-1,0.5", "--end-point", "-.5,-2"],
  ])
  func usageProblemPassesValidArguments(args: [String]) {
    #expect(CommandLineTool.usageProblem(in: args) == nil, "\(args)")
  }

  @Test(arguments: ["/nonexistent-dir/ring.png", "/proc/ring.png", "DIR"])
  func unwritableOutputFailsWithExit1AndLeavesNothing(path: String) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let target = path == "DIR" ? dir : path
    let run = Captured(["render", "-o", target])
    #expect(run.code == 1, "\(path): exit \(run.code)")
    #expect(run.err.hasPrefix("Error: cannot write"), "\(path): \(run.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "no temporary left")
  }

  @Test func rendersAPNGThatPillowDecodesToTheFrame() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/ring.png"
    let run = Captured(["render", "--time", "0.05", "--scale", "2", "-o", out])
    #expect(run.code == 0, "exit \(run.code): \(run.err)")
    let decoded = try decodeWithPillow(out)
    #expect(decoded.width == 320 && decoded.height == 320, "320x320 at scale 2")
    let frame = try RainbowRing.seed.frame(at: .milliseconds(50), scale: 2).straightRGBABytes()
    let differing = zip(decoded.rgba, frame).filter { $0 != $1 }.count
    #expect(
      decoded.rgba.count == frame.count && differing == 0,
      "the PNG holds the frame at 0.05 s, scale 2: \(differing) bytes differ")
    let stdoutRun = Captured(["render", "--time", "0.05", "--scale", "2", "-o", "-"])
    #expect(
      stdoutRun.out == Array(try Data(contentsOf: URL(fileURLWithPath: out))),
      "'-o -' writes the same bytes to stdout")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir) == ["ring.png"], "only the PNG")
  }

  /// `--time` is read to the nanosecond: far and negative times land on the same phase.
  @Test(arguments: ["999999992.75", "-4.55", "+2.75", "2.750000000499"])
  func farAndNegativeTimesAreExact(time: String) throws {
    let near = Captured(["render", "--time", "2.75", "-o", "-"])
    let run = Captured(["render", "--time", time, "-o", "-"])
    #expect(run.code == 0 && !run.out.isEmpty, "\(time): \(run.err)")
    #expect(run.out == near.out, "--time \(time) renders the frame at 2.75 s")
  }

  @Test func optionSpellingsAreEquivalent() throws {
    let a = Captured(["render", "--time=0.3", "--scale=1.5", "-o", "-"])
    let b = Captured(["render", "--time", "0.3", "--scale", "1.5", "--output=-"])
    let c = Captured(["render", "-o-", "--scale", "1.5", "--time", "0.3"])
    #expect(a.code == 0 && a.out == b.out && b.out == c.out, "same frame whatever the spelling")
  }
}
