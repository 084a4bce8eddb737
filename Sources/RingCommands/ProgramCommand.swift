import Foundation
import RainbowRing
import RingCommandLine
import RingExport
import RingPlayers
import RingSystem

/// The command line of a program that shows a live layer tree: a UIKit sample built against
/// the compatibility module. It takes `rainbow-ring play`'s options, `--snapshot` and
/// `--export`:
///
///     app                         a window when a display works, else the terminal
///     app --terminal --duration 5
///     app --snapshot frame.png --time 1.25 --scale 2
///     app --export ring.gif --duration 3
///
/// A snapshot is the window's presentation `--time` seconds after launch on a media clock
/// that only the program's own animations move (no wall clock): the same arguments always
/// give the same pixels. An export writes the window's first `--duration` seconds on that
/// clock through `rainbow-ring export`'s exporters, in any raster format, with its options.
/// Exit status as `rainbow-ring play`'s, and 64 for a usage error.
package enum ProgramCommand {
  static let snapshotSpecs = [
    OptionSpec(
      "snapshot", value: "file",
      help: "Write the window at --time as a PNG file ('-' for standard output) and exit.",
      completion: .file),
    OptionSpec(
      "time", value: "seconds",
      help:
        "Seconds after launch, for --snapshot (0 to 1e9): the program's animations run through to then, so a later time takes longer. A time that would take over 1,000,000 animation stops (100,000 s of a chain of 0.1 s steps) is refused unless --no-limits is given; a terminal shows the progress of a long one.",
      default: "0"),
    OptionSpec(
      "screen", value: "WxH", help: "The screen's size in points (UIScreen.main.bounds).",
      default: "375x667"),
  ]

  static let playNames: Set = ["window", "terminal", "fps", "duration", "graphics"]

  /// `rainbow-ring export`'s options that a program's export takes as they are.
  static let exportNames: Set = [
    "loop-count", "exact-fps", "quality", "pixel-format", "columns", "overwrite",
    "quiet",
  ]

  static let exportSpecs =
    [
      OptionSpec(
        "export", value: "file",
        help:
          "Write the window's first --duration seconds (which it needs) to a file and exit: \(ExportOptions.rasterExtensionList), as 'rainbow-ring export' writes them.",
        completion: .file),
      OptionSpec(
        "background", value: "color",
        help:
          "Beneath the window, for --export: transparent, white, black, #RRGGBB or #RRGGBBAA.",
        default: "white for GIF and MP4, transparent otherwise",
        completion: .namedColors),
      OptionSpec(
        "allow-flashing",
        help:
          "Write an --export even when the window flashes more than 3 times a second (WCAG 2.3.1). Without it, the frames are checked as they are drawn, and a file that flashes is not written."
      ),
    ]
    + [
      OptionSpec(
        "format", value: "format",
        help:
          "\(rasterFormats.joined(separator: ", ")): as 'rainbow-ring export' writes them (a sprite sheet is NAME.png with NAME.json and NAME.html; frames a folder of numbered PNGs).",
        default: "from the file's extension", completion: .choices(rasterFormats))
    ] + ExportOptions.specs.filter { exportNames.contains($0.name) }

  static let rasterFormats = ExportFormat.allCases.filter { !$0.isVector }.map(\.rawValue)

  static let specs: [OptionSpec] =
    PlayerPlan.specs.map { spec in
      switch spec.name {
      case "duration":
        OptionSpec(
          "duration", value: "seconds",
          help: "Stop playing after this long; for --export, the file's length.")
      case "fps":
        OptionSpec(
          "fps", value: "n", help: "Frames per second, 1 to 240.",
          default: "60; for --export, 50 for GIF and 60 otherwise")
      default: spec
      }
    }
    + [
      OptionSpec(
        "scale", value: "n",
        help: "Pixels per point: 1 to 4 in a window, 0.25 to 16 for a snapshot or an export.",
        default: "the display's in a window, 1 for a snapshot or an export")
    ] + snapshotSpecs + exportSpecs + [Limits.spec] + OptionSpec.informational

  /// What the program was asked to do.
  enum Task {
    /// Show the window live until it is closed or `--duration` ends.
    case play(scale: Double?)
    /// Write the window at `time` to `output` at `scale`.
    case snapshot(output: String, time: MediaTime, scale: Double)
    /// Write the window's animation to `output` as `format` at `scale` on `background`,
    /// with the export's options in `args`.
    case export(
      output: String, format: ExportFormat, scale: Double, background: RGBAColor,
      args: ParsedArguments)
  }

  /// What a program needs to know as it launches.
  package struct Launch: Sendable {
    /// Pixels per point: the snapshot's, or the window's when `--scale` gave it.
    package var scale: Double?
    /// The screen's size in points when `--screen` gave it.
    package var screenSize: Size?
    /// Whether the program is drawn on its media clock alone, for a snapshot or an export,
    /// rather than played live.
    package var isRecorded: Bool
    /// Whether standard output carries the program's picture (`--snapshot -`): what the
    /// program prints belongs on standard error, to its very end.
    package var picturesStandardOutput = false
  }

  static func command(name: String) -> CommandSpec {
    CommandSpec(
      name: name, abstract: "A UIKit program, running on the RainbowRing engine.",
      overview:
        "Show this UIKit program's key window: in a window when an X display is available, else in the terminal. q or Esc quits. --snapshot writes the window at --time seconds after launch as a PNG file instead, and --export writes its first --duration seconds as an animation.",
      usage:
        "\(name) [--window | --terminal] [<options>] | --snapshot <file> [--time <seconds>] | --export <file> --duration <seconds>",
      options: specs, examples: [])
  }

  struct Parsed {
    var request: Task
    var plan: PlayerPlan
    var screenSize: Size?

    var launch: Launch {
      switch request {
      case .play(let scale): Launch(scale: scale, screenSize: screenSize, isRecorded: false)
      case .snapshot(let output, _, let scale):
        Launch(
          scale: scale, screenSize: screenSize, isRecorded: true,
          picturesStandardOutput: output == "-")
      case .export(_, _, let scale, _, _):
        Launch(scale: scale, screenSize: screenSize, isRecorded: true)
      }
    }
  }

  /// `WxH` in points, each side in 1...10000.
  static func screenSize(_ args: ParsedArguments) throws(RingError) -> Size? {
    guard let text = args["screen"] else { return nil }
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
      (1...10000).contains(w), (1...10000).contains(h)
    else {
      throw RingError.usage(
        "'--screen' takes a size in points as WIDTHxHEIGHT, each 1 to 10000 (375x667), not '\(text)'."
      )
    }
    return Size(width: w, height: h)
  }

  /// The checked request, or `nil` for `--help` and `--version`.
  static func parse(_ arguments: [String]) throws(RingError) -> Request<Parsed> {
    let args = try ParsedArguments.parse(arguments, specs: specs)
    if let asked: Request<Parsed> = args.informational() { return asked }
    var plan = PlayerPlan(limits: Limits.from(args))
    if args.has("export") && args.has("snapshot") {
      throw RingError.usage("The options '--export' and '--snapshot' cannot be used together.")
    }
    if !args.has("export") {
      for name in exportSpecs.map(\.name) where args.has(name) {
        throw RingError.usage("The option '--\(name)' sets how '--export' writes; it needs one.")
      }
    }
    if let output = args["export"] {
      return .run(
        Parsed(
          request: try exportTask(args, output: output), plan: plan,
          screenSize: try screenSize(args)))
    }
    if let output = args["snapshot"] {
      for name in playNames.sorted() where args.has(name) {
        throw RingError.usage("The option '--\(name)' cannot be used with '--snapshot'.")
      }
      guard !output.isEmpty else { throw RingError.usage("'--snapshot' needs a file name.") }
      if output != "-", let ext = OutputExtension.of(output), ext != "png" {
        throw RingError.usage(
          "Cannot write a .\(ext) file: '--snapshot' writes a PNG file (.png, or '-' for standard output)."
        )
      }
      let scale = try OptionValue.number(
        args, "scale", default: 1, range: RingScene.scaleRange, unit: "pixels per point")
      if let text = args["time"],
        !(NumberText.decimal(text).map { (0...MediaTime.maximumSeconds).contains($0) } ?? false)
      {
        throw RingError.usage(
          "'--time' is seconds after launch: 0 or more, up to 1000000000 (about 31 years), not \(text)."
        )
      }
      let time = try OptionValue.time(args)
      return .run(
        Parsed(
          request: .snapshot(output: output, time: time, scale: scale), plan: plan,
          screenSize: try screenSize(args)))
    }
    if args.has("time") {
      throw RingError.usage("'--time' sets the moment of a '--snapshot'; it needs one.")
    }
    try plan.read(args)
    return .run(
      Parsed(request: .play(scale: plan.scale), plan: plan, screenSize: try screenSize(args)))
  }

  /// The checked `--export` of `output`: a raster format, `--duration` given, the options of
  /// other tasks refused. The timing and the file's options are read once the tree is known
  /// (`exportPlan`).
  static func exportTask(_ args: ParsedArguments, output: String) throws(RingError) -> Task {
    for name in ["window", "terminal", "graphics", "time"] where args.has(name) {
      throw RingError.usage("The option '--\(name)' cannot be used with '--export'.")
    }
    guard !output.isEmpty else { throw RingError.usage("'--export' needs a file name.") }
    // --format null writes nothing: '--export -' names no file and mixes nothing.
    guard output != "-" || args["format"] == "null" else {
      throw RingError.usage(
        "'--export' writes a file: standard output is the program's own ('--export -' would mix its output with the frames)."
      )
    }
    let format = try ExportOptions.format(args, output: output)
    // A pipe or a device takes the bytes as they come: the verdict, which comes with the
    // last frame, could not hold them back.
    var status = stat()
    if !args.has("allow-flashing"), format != .frames, stat(output, &status) == 0,
      [S_IFIFO, S_IFCHR, S_IFBLK, S_IFSOCK].contains(status.st_mode & S_IFMT)
    {
      throw RingError.usage(
        "A program's export is checked for flashing as it is drawn, so it is written to a regular file: '\(output)' is a pipe or a device (pass --allow-flashing to write to it unchecked)."
      )
    }
    guard !format.isVector else {
      throw RingError.usage(
        "\(format.rawValue) describes a ring's animation, and a program's window is drawn frame by frame: export \(ExportOptions.rasterExtensionList)."
      )
    }
    guard args.has("duration") else {
      throw RingError.usage(
        "'--export' needs '--duration <seconds>': a program's animations have no period to take as the file's length."
      )
    }
    let scale = try OptionValue.number(
      args, "scale", default: 1, range: RingScene.scaleRange, unit: "pixels per point")
    var background = format == .gif || format == .mp4 ? RGBAColor.white : .clear
    if let text = args["background"] {
      guard let color = RGBAColor(parsing: text) else {
        throw RingError.usage(
          "The value '\(text)' is invalid for '--background': give transparent, white, black, #RRGGBB or #RRGGBBAA."
        )
      }
      background = color
    }
    try ExportOptions.checkBackground(background, format: format, text: args["background"])
    return .export(output: output, format: format, scale: scale, background: background, args: args)
  }

  /// The export of the launched `tree`: its timing and file options from `args`, checked
  /// against the caps and the memory there is.
  static func exportPlan(
    _ tree: any LiveLayerTree, output: String, format: ExportFormat, scale: Double,
    background: RGBAColor, args: ParsedArguments
  ) throws(RingError) -> ExportPlan {
    var (settings, notes) = try ExportOptions.settings(
      for: .tree(tree, scale: scale, background: background), format: format, args,
      output: output)
    try ExportOptions.checkResources(settings, limits: Limits.from(args), output: output)
    settings.refusesFlashing = !args.has("allow-flashing")
    return ExportPlan(
      settings: settings, output: output, quiet: args.has("quiet"), notes: notes)
  }

  /// What a program's entry point lends the command: the process's standard streams are
  /// the entry point's to move (it owns the process, as `UIApplicationMain` does), never
  /// the library's.
  package struct Streams: Sendable {
    /// Moves what the program prints aside while it plays in the terminal: returns the
    /// terminal's descriptor, for the player, and what puts the streams back and writes
    /// what was held; `nil` when nothing is held.
    package var holdForTerminal: @Sendable () -> (terminal: Int32, release: () -> Void)?
    /// Sends what the program prints to standard error while a PNG for standard output is
    /// made; returns what puts it back, or `nil`.
    package var divertOutput: @Sendable () -> (() -> Void)?

    package init(
      holdForTerminal: @escaping @Sendable () -> (terminal: Int32, release: () -> Void)?,
      divertOutput: @escaping @Sendable () -> (() -> Void)?
    ) {
      self.holdForTerminal = holdForTerminal
      self.divertOutput = divertOutput
    }

    /// The streams left where they are.
    package static let unmoved = Streams(holdForTerminal: { nil }, divertOutput: { nil })
  }

  /// Runs the program called `name` (as its usage and errors show it): parses `arguments`,
  /// launches the program with `launch` (only once the arguments are known to be good, so a
  /// usage error runs none of its code), then plays or snapshots the tree it returns, with
  /// its prints moved aside where `streams` lets it. Returns the exit status.
  package static func run(
    _ arguments: [String], name: String, console: Console, streams: Streams = .unmoved,
    launch: (Launch) throws -> any LiveLayerTree
  ) -> Int32 {
    let command = command(name: name)
    func usageError(_ message: String) -> Int32 {
      console.writeErr(
        "\(console.errorLabel) \(RingError.usage(message).message)\nUsage: \(command.usage)\n  See '\(name) --help' for more information.\n"
      )
      return CommandExit.usage
    }
    let parsed: Parsed
    do throws(RingError) {
      switch try parse(arguments) {
      case .help: return CommandExit.printing(command.help, console)
      case .version:
        return CommandExit.printing(
          "\(name) (RainbowRing \(Release.version), UIKit compatibility)\n", console)
      case .run(let p): parsed = p
      }
    } catch {
      return usageError(error.message)
    }
    switch parsed.request {
    case .export(let output, let format, let scale, let background, let args):
      let plan: ExportPlan
      do {
        let tree = try launch(parsed.launch)
        plan = try exportPlan(
          tree, output: output, format: format, scale: scale, background: background,
          args: args)
      } catch let error as RingError where error.code == .usage {
        return usageError(error.message)
      } catch {
        return CommandExit.failure(CommandExit.describe(error), console)
      }
      return ExportOptions.write(
        plan, console: console, isTerminal: console.errorIsTerminal, usageError: usageError)
    case .snapshot(let output, let time, let scale):
      if output == "-" && console.outputIsTerminal {
        return usageError(
          "PNG data not written to a terminal: redirect standard output (--snapshot - > frame.png) or name a file."
        )
      }
      // With the PNG on standard output, what the program prints goes to standard error,
      // when its entry point can send it there.
      var restore = output == "-" ? streams.divertOutput() : nil
      func restoreOutput() {
        restore?()
        restore = nil
      }
      defer { restoreOutput() }
      do {
        let tree = try launch(parsed.launch)
        let png = try PNGEncoder.encode(
          try snapshot(
            tree, at: time, scale: scale, limits: parsed.plan.limits, console: console))
        restoreOutput()
        return try CommandExit.deliver(png, to: output, console: console)
      } catch let error as RingError where error.code == .brokenPipe {
        return 0  // `--snapshot /dev/stdout | head`: the reader left early
      } catch let error as RingError where error.code == .usage {
        return usageError(error.message)
      } catch let error as RingError where error.code == .interrupted {
        return 128 + Termination.pending
      } catch {
        return CommandExit.failure(CommandExit.describe(error), console)
      }
    case .play:
      let venue: PlayerPlan.Venue
      do throws(RingError) {
        // The window's size is checked once the program has made it.
        venue = try parsed.plan.venue(console: console) {}
      } catch {
        return usageError(error.message)
      }
      // In the terminal, what the program prints would land in the picture: it is held
      // until the terminal is restored, when its entry point can hold it.
      var held: (terminal: Int32, release: () -> Void)?
      if case .terminal = venue { held = streams.holdForTerminal() }
      defer { held?.release() }
      let tree: any LiveLayerTree
      do {
        tree = try launch(parsed.launch)
        if case .window = venue { try parsed.plan.checkWindowSize(natural: tree.size) }
      } catch let error as RingError where error.code == .usage {
        return usageError(error.message)
      } catch {
        return CommandExit.failure(CommandExit.describe(error), console)
      }
      return parsed.plan.play(
        .tree(tree), in: venue, title: name, terminal: held?.terminal ?? STDOUT_FILENO,
        console: console)
    }
  }

  /// The tree `time` after launch at `scale`, on a transparent canvas of the tree's size:
  /// the tree's clock is moved to `time` first (every animation that ends before then stops,
  /// in order, and its callbacks run), within `limits.animationStops`, with a progress bar
  /// on `console`'s standard error when that is a terminal and the run takes over 0.5 s.
  static func snapshot(
    _ tree: any LiveLayerTree, at time: MediaTime, scale: Double, limits: Limits,
    console: Console
  ) throws -> Pixmap {
    let size = tree.size
    let (w, h) = RingScene.pixelSize(of: size, scale: scale)
    guard Double(w) * Double(h) <= Double(limits.framePixels) else {
      throw RingError.usage(
        "A \(w)x\(h)-pixel snapshot exceeds the cap of \(limits.framePixels) pixels; lower --scale, or pass --no-limits."
      )
    }
    try simulate(tree, to: time, cap: limits.animationStops, console: console)
    let renderer = try FrameRenderer(
      root: tree.layer(canvas: size, background: .clear, origin: .zero), width: w, height: h,
      scale: scale)
    return renderer.render(at: time)
  }
}

extension ProgramCommand {
  /// Runs `tree`'s clock to `time` through `SnapshotSimulation` with `cap` stops, showing
  /// its progress in program time (milliseconds below 100 s, else seconds) once it has
  /// taken 0.5 s, when standard error is a terminal. A signal's exit ends the bar's line.
  static func simulate(_ tree: any LiveLayerTree, to time: MediaTime, cap: Int, console: Console)
    throws(RingError)
  {
    let seconds = time >= .seconds(100)
    let total = Int(time.nanoseconds / (seconds ? 1_000_000_000 : 1_000_000))
    let bar = ProgressBar(
      label: "running to --time", unit: (seconds ? "s" : "ms", nil), write: console.writeErr)
    var lineEnd: ExitCleanup.Token?
    defer {
      bar.finish()
      if let lineEnd { ExitCleanup.unregister(lineEnd) }
    }
    try SnapshotSimulation(cap: cap).run(tree, to: time) { fraction in
      guard console.errorIsTerminal, bar.elapsed >= 0.5 else { return }
      if lineEnd == nil {
        lineEnd = ExitCleanup.registerTerminal(
          fd: STDERR_FILENO, attributes: nil, reset: Array("\n".utf8))
      }
      bar.update(Int(fraction * Double(total)), total)
    }
  }
}
