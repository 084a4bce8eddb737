import Foundation
import RainbowRing
import RingTestSupport
import Testing

@testable import RainbowRingCLI
@testable import RingCommandLine
@testable import RingCommands

/// How the tool behaves towards a person: its version line, suggestions for a slip of the
/// keyboard, colour only where it shows, why the bare command cannot play, output names it
/// cannot honour, binary data kept off the terminal, and help that ends with examples.
@Suite struct CLIMannersTests {
  @Test(arguments: [
    ["--version"], ["render", "--version"], ["export", "--version"], ["play", "--version"],
  ])
  func versionNamesTheTool(args: [String]) {
    let run = Captured(args)
    #expect(run.code == 0 && run.err.isEmpty, "\(args): exit \(run.code) \(run.err)")
    #expect(run.outText == "rainbow-ring 0.1.0\n", "\(args): \(run.outText)")
  }

  static let slips: [(args: [String], line: String)] = [
    (["rendr"], "Error: Unknown subcommand 'rendr'. Did you mean 'render'?"),
    (["exprot", "-o", "x.gif"], "Error: Unknown subcommand 'exprot'. Did you mean 'export'?"),
    (["help", "pley"], "Error: Unknown subcommand 'pley'. Did you mean 'play'?"),
    (["launch"], "Error: Unknown subcommand 'launch'."),
    (["x"], "Error: Unknown subcommand 'x'."),
    (
      ["render", "--backgrond", "white", "-o", "x.png"],
      "Error: Unknown option '--backgrond'. Did you mean '--background'?"
    ),
    (
      ["export", "--qiet", "-o", "x.gif"], "Error: Unknown option '--qiet'. Did you mean '--quiet'?"
    ),
    (
      ["export", "--no-quite", "-o", "x.gif"],
      "Error: Unknown option '--no-quite'. Did you mean '--no-quiet'?"
    ),
    (["--duraton", "2"], "Error: Unknown option '--duraton'. Did you mean '--duration'?"),
    (["render", "--frobnicate", "-o", "x.png"], "Error: Unknown option '--frobnicate'."),
    (["render", "--sz", "2", "-o", "x.png"], "Error: Unknown option '--sz'."),
    (["render", "-x", "-o", "x.png"], "Error: Unknown option '-x'."),
    (
      ["render", "--gradient", "conc", "-o", "x.png"],
      "Error: The value 'conc' is invalid for '--gradient': expected one of axial, radial, conic. Did you mean 'conic'?"
    ),
    // Case, '-', '_' and spaces are ignored before edit distance counts.
    (
      ["render", "--timing", "easeinout", "-o", "x.png"],
      "Error: The value 'easeinout' is invalid for '--timing': expected one of linear, ease-in, ease-out, ease-in-out, default. Did you mean 'ease-in-out'?"
    ),
    (
      ["render", "--timing", "EaseInOut", "-o", "x.png"],
      "Error: The value 'EaseInOut' is invalid for '--timing': expected one of linear, ease-in, ease-out, ease-in-out, default. Did you mean 'ease-in-out'?"
    ),
  ]

  /// A near miss names the nearest spelling; a far one does not guess.
  @Test(arguments: slips)
  func aSlipSuggestsTheNearestName(args: [String], line: String) {
    let run = Captured(args)
    #expect(run.code == 64, "\(args): exit \(run.code)")
    #expect(run.err.split(separator: "\n").first.map(String.init) == line, "\(args): \(run.err)")
  }

  @Test(arguments: [
    ("", "", 0), ("ab", "ba", 1), ("--fsp", "--fps", 1), ("kitten", "sitting", 3),
    ("render", "render", 0), ("", "abc", 3),
  ])
  func editDistanceCountsASwapAsOne(a: String, b: String, distance: Int) {
    #expect(Suggestion.distance(Array(a), Array(b)) == distance, "\(a) -> \(b)")
  }

  @Test(arguments: [
    (true, [String: String](), false), (true, ["TERM": "xterm"], true),
    (true, ["TERM": "xterm", "NO_COLOR": "1"], false),
    (true, ["TERM": "xterm", "NO_COLOR": ""], true),
    (false, ["TERM": "xterm"], false), (true, ["TERM": "dumb"], false),
  ])
  func colourOnlyOnATerminalWithoutNoColor(
    errorIsTerminal: Bool, environment: [String: String], colours: Bool
  ) {
    #expect(
      Console.colorsErrors(errorIsTerminal: errorIsTerminal, environment: environment) == colours,
      "stderr a terminal: \(errorIsTerminal), \(environment)")
  }

  @Test func aColouredErrorIsBoldRedErrorThenPlainText() {
    let run = Captured(["rendr"], colorsErrors: true)
    #expect(
      run.err.hasPrefix("\u{1b}[1;31mError:\u{1b}[0m Unknown subcommand 'rendr'."),
      "\(run.err.debugDescription)")
    #expect(run.err.filter { $0 == "\u{1b}" }.count == 2, "only the label is coloured")
  }

  /// Through a real terminal (util-linux `script`): colour on it, none with NO_COLOR or
  /// when standard error goes to a file.
  @Test(arguments: [
    ("", "", true), ("NO_COLOR=1", "", false), ("NO_COLOR=", "", true),
    ("", "2>\"$D/err\"; cat \"$D/err\"", false),
  ])
  func errorsAreColouredOnlyOnATerminal(environment: String, redirect: String, colours: Bool)
    throws
  {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let command = "env \(environment) '\(try rainbowRingBinary())' rendr \(redirect)"
    let run = try runProcess(
      try requiredTool("script", package: "bsdutils"), ["-qec", command, "/dev/null"],
      environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm", "D": dir])
    let text = String(decoding: run.stdout, as: UTF8.self)
    #expect(text.contains("Unknown subcommand 'rendr'."), "\(command): \(text.debugDescription)")
    #expect(
      text.contains("\u{1b}[1;31mError:\u{1b}[0m") == colours,
      "\(command): \(text.debugDescription)")
    #expect(text.contains("\u{1b}") == colours, "\(command): no other escape")
  }

  /// The bare command says why it cannot play, exit 64: no display (unset or not opening),
  /// and no terminal (standard output or input).
  @Test(arguments: [
    (
      "", "</dev/null >\"$D/out\"",
      "Error: Nowhere to play: no X display (DISPLAY is not set), and standard output is not a terminal."
    ),
    (
      "DISPLAY=:97", "</dev/null >\"$D/out\"",
      "Error: Nowhere to play: cannot open the X display ':97', and standard output is not a terminal."
    ),
    (
      "", "</dev/null",
      "Error: Nowhere to play: no X display (DISPLAY is not set), and standard input is not a terminal (no key could stop it; give --duration)."
    ),
  ])
  func theBareCommandSaysWhyItCannotPlay(environment: String, redirect: String, line: String)
    throws
  {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let command =
      "env -u DISPLAY \(environment) NO_COLOR=1 '\(try rainbowRingBinary())' \(redirect) 2>\"$D/err\"; echo \"EXIT=$?\"; cat \"$D/err\""
    let run = try runProcess(
      try requiredTool("script", package: "bsdutils"), ["-qec", command, "/dev/null"],
      environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm", "D": dir])
    let lines = String(decoding: run.stdout, as: UTF8.self).replacingOccurrences(of: "\r", with: "")
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == "EXIT=64", "exit 64: \(lines)")
    #expect(lines.dropFirst().first == line, "why, on one line: \(lines)")
    #expect(lines.contains("USAGE: rainbow-ring [<subcommand>]"), "then the usage: \(lines)")
  }

  static let outputNames: [(args: [String], line: String)] = [
    (
      ["render", "-o", "x.jpg"],
      "Error: Cannot write a .jpg file: render writes one frame as PNG (.png, or '-' for standard output) or SVG (.svg, .svgz); 'rainbow-ring export' writes the animation (.gif, .apng or .png, .webp, .mp4 or .m4v, .webm, .rgba or .raw, .svg or .svgz, .json, .lottie, .html or .htm)."
    ),
    (
      ["render", "-o", "ring.apng"],
      "Error: Cannot write a .apng file: render writes one frame as PNG"
    ),
    (
      ["export", "-o", "x.jpg"],
      "Error: Cannot tell the format of a .jpg file: export writes .gif, .apng or .png, .webp, .mp4 or .m4v, .webm, .rgba or .raw, .svg or .svgz, .json, .lottie, .html or .htm; or pass --format (gif, apng, webp, mp4, webm, sprite-sheet, frames, rgba, svg, lottie, dotlottie, html)."
    ),
    (["export", "-o", "ring"], "Error: Cannot tell the format of a file without extension:"),
    (
      ["export", "--format", "gif", "-o", "x.mp4"],
      "Error: Cannot write a .mp4 file with --format gif: name it .gif."
    ),
    (
      ["export", "--format", "sprite-sheet", "-o", "x.gif"],
      "Error: Cannot write a .gif file with --format sprite-sheet: name it .png."
    ),
  ]

  /// An extension the command cannot write is a usage error that lists what it can.
  @Test(arguments: outputNames)
  func anExtensionTheCommandCannotWriteIsAUsageError(args: [String], line: String) {
    let run = Captured(args)
    #expect(run.code == 64, "\(args): exit \(run.code)")
    #expect(run.err.hasPrefix(line), "\(args): \(run.err)")
    #expect(run.out.isEmpty, "\(args): nothing written")
  }

  @Test(arguments: [
    ["render", "-o", "RING.PNG"], ["render", "-o", "/dev/null"],
    ["render", "-o", "dir.d/ring.png"],
    ["export", "-o", "x.apng"], ["export", "-o", "x.m4v"],
    ["export", "--format", "rgba", "-o", "x.raw"],
    ["export", "--format", "sprite-sheet", "-o", "sheet.png"],
    ["export", "--format", "frames", "-o", "frames.d"],
    ["export", "--format", "webp", "-o", "/dev/null"],
  ])
  func namesTheCommandWritesAreAccepted(args: [String]) {
    #expect(CommandLineTool.usageProblem(in: args) == nil, "\(args)")
  }

  /// `export -o x.png` writes an animated PNG and says so once; --format apng or --quiet
  /// says nothing.
  @Test(arguments: [
    (["-o", "OUT"], 1), (["--format", "apng", "-o", "OUT"], 0), (["-o", "OUT", "--quiet"], 0),
  ])
  func anAnimatedPNGNamedPngIsNotedOnce(args: [String], notes: Int) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let small = [
      "--size", "20", "--ring-width", "2", "--loops", "1", "--step-duration", "0.01", "--hue-step",
      "60", "--allow-flashing",
    ]
    let run = Captured(["export"] + small + args.map { $0 == "OUT" ? dir + "/ring.png" : $0 })
    #expect(run.code == 0, "exit \(run.code): \(run.err)")
    let note =
      "note: writing an animated PNG (APNG) to the .png file; 'rainbow-ring render' writes one frame"
    #expect(
      run.err.split(separator: "\n").filter { $0 == note }.count == notes,
      "\(args): \(notes) note(s): \(run.err)")
  }

  /// Binary data is not written to a terminal, as gzip refuses: exit 64, one line, no bytes.
  @Test(arguments: [
    (
      ["render", "-o", "-"],
      "Error: PNG data not written to a terminal: redirect standard output (-o - > ring.png) or name a file with -o."
    ),
    (
      ["export", "--size", "20", "--ring-width", "2", "-o", "-"],
      "Error: Raw RGBA frames not written to a terminal: redirect standard output (-o - > ring.rgba) or pipe it to a program."
    ),
  ])
  func binaryOutputToATerminalIsRefused(args: [String], line: String) throws {
    let run = Captured(args, outputIsTerminal: true)
    #expect(run.code == 64, "\(args): exit \(run.code)")
    #expect(run.err.split(separator: "\n").first.map(String.init) == line, "\(args): \(run.err)")
    #expect(run.out.isEmpty, "\(args): no bytes")
    // Through a real terminal, too.
    let real = try runProcess(
      try requiredTool("script", package: "bsdutils"),
      ["-qec", "'\(try rainbowRingBinary())' \(args.joined(separator: " "))", "/dev/null"],
      environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm", "NO_COLOR": "1"])
    let text = String(decoding: real.stdout, as: UTF8.self)
    #expect(real.status == 64, "\(args) on a terminal: exit \(real.status)")
    #expect(text.hasPrefix(line + "\r\n"), "\(args) on a terminal: \(text.debugDescription)")
    #expect(!text.contains("PNG\r\n"), "no PNG signature reached the terminal")
  }

  /// Every subcommand's help ends with EXAMPLES, and every example is a valid command line.
  @Test(arguments: CommandLineTool.commands.map(\.name))
  func helpEndsWithExamplesThatWork(name: String) throws {
    let run = Captured([name, "--help"])
    let sections = run.outText.split(separator: "\n").filter {
      !$0.hasPrefix(" ") && $0.hasSuffix(":")
    }
    #expect(sections.last == "EXAMPLES:", "\(name): sections \(sections)")
    let command = try #require(CommandLineTool.commands.first { $0.name == name })
    #expect(command.examples.count >= 2, "\(name): a few examples")
    for example in command.examples {
      #expect(run.outText.contains("\n    \(example.commandLine)\n"), "\(example.commandLine)")
      #expect(
        CommandLineTool.usageProblem(in: example.arguments) == nil,
        "\(example.commandLine): \(CommandLineTool.usageProblem(in: example.arguments) ?? "")")
      #expect(
        example.arguments.first.map { $0 == name || $0.hasPrefix("-") } ?? true,
        "\(example.commandLine)")
    }
  }

  /// The background each help states is the one each command uses.
  @Test(arguments: [
    (["export", "-o", "x.gif"], RGBAColor.white), (["export", "-o", "x.mp4"], .white),
    (["export", "-o", "x.apng"], .clear), (["export", "-o", "x.webp"], .clear),
    (["export", "--scene", "seed", "-o", "x.webm"], .white), (["render", "-o", "x.png"], .clear),
    (["render", "--scene", "seed", "-o", "x.png"], .white),
  ])
  func theStatedDefaultBackgroundIsTheOneUsed(args: [String], background: RGBAColor) throws {
    let scene =
      args[0] == "export"
      ? try ExportCommand.makePlan(Array(args.dropFirst())).plan?.settings.ringScene
      : try RenderCommand.makePlan(Array(args.dropFirst())).plan?.scene
    #expect(scene?.background == background, "\(args)")
    let help = args[0] == "export" ? ExportCommand.command.help : RenderCommand.command.help
    let stated =
      args[0] == "export"
      ? "(default: white for GIF, MP4 and --scene seed; transparent otherwise)"
      : "(default: transparent; white for --scene seed)"
    #expect(
      help.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        .contains(stated), "\(args[0]) --help states \(stated)")
  }
}
