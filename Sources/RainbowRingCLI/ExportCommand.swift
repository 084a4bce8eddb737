import Foundation
import RainbowRing
import RingCommandLine
import RingCommands
import RingExport
import RingFlash
import RingPlayers
import RingSystem

/// `rainbow-ring export`: the animation as a seamless loop in a file.
enum ExportCommand: Subcommand {
  typealias Plan = ExportPlan

  static let specs: [OptionSpec] =
    [
      OptionSpec(
        "output", short: "o", value: "file",
        help:
          "The file to write; the format comes from its extension (\(ExportOptions.extensionList)). '-' writes to standard output: raw frames, or with --format a vector file.",
        completion: .file),
      OptionSpec(
        "format", value: "format",
        help:
          "gif, apng, webp, mp4, webm, sprite-sheet (NAME.png plus NAME.json, its frame map, and NAME.html, a snippet that plays it), frames (a folder of numbered PNGs), rgba (raw premultiplied RGBA frames); or vectors that loop by themselves: svg (.svgz gzipped), lottie (Bodymovin JSON), dotlottie, html (a page with the ring, a pause button and a snippet); or null (every frame rendered, nothing written, no --output needed: a measure of rendering speed, as ffmpeg's -f null).",
        completion: .choices(ExportFormat.allCases.map(\.rawValue))),
      OptionSpec(
        "fps", value: "n", help: "Frames per second (Lottie: its frame rate).",
        default: "50 for GIF, 60 otherwise"),
      OptionSpec(
        "duration", value: "seconds", help: "Length of the export.",
        default: "one period, 7.3 s for the seed"),
      OptionSpec(
        "loops", value: "n", help: "Length in whole periods (instead of --duration).",
        default: "1, or enough to show a progress change"),
      ExportOptions.spec("loop-count"),
      ExportOptions.spec("exact-fps"),
      ExportOptions.spec("quality"),
      ExportOptions.spec("pixel-format"),
      OptionSpec(
        "svg-animation", value: "kind",
        help:
          "SVG: smil (plays everywhere, even in <img>) or css (smaller; holds the first frame still for readers who prefer reduced motion).",
        default: "smil", completion: .choices(SVGDocument.Motion.allCases.map(\.rawValue))),
      ExportOptions.spec("text-as-paths"),
      ExportOptions.spec("columns"),
      ExportOptions.spec("jobs"),
      ExportOptions.spec("overwrite"),
      ExportOptions.spec("quiet"),
    ]
    + RingOptions.specs.filter { $0.name != "time" }.map { spec in
      guard spec.name == "background" else { return spec }
      return OptionSpec(
        "background", value: "color", help: spec.help,
        default: "white for GIF, MP4 and --scene seed; transparent otherwise",
        completion: spec.completion)
    }
    + CommandLineTool.closingSpecs

  static let usage = "rainbow-ring export [<options>] (--output <file> | --format null)"

  static let command = CommandSpec(
    name: "export",
    abstract: "Export the animation as a seamless loop (GIF, APNG, WebP, MP4, SVG, Lottie, ...).",
    overview:
      "Export the animation as a seamless loop: GIF, APNG, WebP, MP4, WebM, a sprite sheet, PNG frames or raw RGBA; or as a vector file that loops by itself: SVG, Lottie, dotLottie or an HTML page. The background defaults to white for GIF, MP4 and the seed scene, transparent otherwise.",
    usage: usage, options: specs,
    examples: [
      .init(
        summary: "One seamless loop as a GIF, on white at 50 fps:",
        commandLine: "rainbow-ring export -o ring.gif"),
      .init(
        summary: "A transparent animated PNG at 2x that plays three times:",
        commandLine: "rainbow-ring export --scale 2 --loop-count 3 -o ring.apng"),
      .init(
        summary: "Ten loops of the iPhone's whole view as an MP4 with full colour:",
        commandLine:
          "rainbow-ring export --scene seed --loops 10 --pixel-format yuv444p -o seed.mp4"),
      .init(
        summary: "The whole loop as a 54 kB SVG that plays in an <img> tag:",
        commandLine: "rainbow-ring export -o ring.svg"),
      .init(
        summary: "A Lottie animation for lottie-web, lottie-ios or lottie-android, at 2x:",
        commandLine: "rainbow-ring export --scale 2 -o ring.json"),
      .init(
        summary: "How fast frames render, on one core (every frame drawn, nothing written):",
        commandLine: "rainbow-ring export --format null --scale 2 --loops 3 --jobs 1"),
      .init(
        summary: "Raw frames to another program (64x64 pixels, premultiplied RGBA):",
        commandLine: "rainbow-ring export --size 64 --ring-width 8 -o - | wc -c"),
    ])

  /// What an export does with a preference for reduced motion (from the environment or
  /// the desktop): the file holds the whole animation all the same, since its viewers have
  /// their own preference; one line says so, or `nil` when motion is not reduced.
  static func reducedMotionNote(_ motion: MotionPreference) -> String? {
    guard motion.isReduced else { return nil }
    return
      "note: reduced motion is asked for (\(motion.reason)), but an export holds the whole animation; 'rainbow-ring render' writes one still frame, and SVG (--svg-animation css) and HTML exports hold still for viewers who prefer reduced motion"
  }

  /// The checked plan, or what `--help` or `--version` asks for.
  static func makePlan(_ arguments: [String]) throws(RingError) -> Request<Plan> {
    let args = try ParsedArguments.parse(arguments, specs: specs)
    if let asked: Request<Plan> = args.informational() { return asked }
    // --format null writes nothing, so it needs no file (ffmpeg's `-f null -`).
    guard let output = args["output"] ?? (args["format"] == "null" ? "-" : nil), !output.isEmpty
    else {
      throw RingError.usage("Missing expected argument '--output <file>'.")
    }
    return .run(try plan(args, output: output))
  }

  /// The checked plan of parsed arguments writing `output`, refusing a flashing ring unless
  /// `--allow-flashing` when `guardsFlashing` (`check --format` reads its options with
  /// this too, and gives the verdict itself).
  static func plan(_ args: ParsedArguments, output: String, guardsFlashing: Bool = true)
    throws(RingError) -> Plan
  {
    let format = try ExportOptions.format(args, output: output)
    let opaqueByDefault = format == .gif || format == .mp4
    let scene = try RingOptions.scene(args, defaultBackground: opaqueByDefault ? .white : .clear)
    try ExportOptions.checkBackground(
      scene.background, format: format, text: args["background"],
      source: try RingOptions.source(of: "background", args))
    if format.isVector && !scene.ring.flows {
      let source = try RingOptions.source(of: "flow", args)
      throw RingError.usage(
        (source.map { "\($0.place): " } ?? "")
          + "\(format.rawValue) animates the colours' flow, and \(source?.spelled ?? "--no-flow") holds them still: write the still ring with 'rainbow-ring render' (PNG or SVG)."
      )
    }
    if format.isVector {
      let frameOptions =
        ["duration", "loops", "exact-fps", "jobs"]
        + (format == .svg || format == .html ? ["fps"] : [])
      for option in frameOptions where args.has(option) {
        throw RingError.usage(
          "The option '--\(option)' does not apply to --format \(format.rawValue): the file holds one period of \(Double(scene.ring.period.nanoseconds) / 1e9) s and loops by itself\(format == .svg || format == .html ? " (--loop-count sets how many times)" : "")."
        )
      }
    }
    var notes: [String] = []
    if !args.has("format"), format == .apng, OutputExtension.of(output) == "png" {
      notes.append(
        "note: writing an animated PNG (APNG) to the .png file; 'rainbow-ring render' writes one frame"
      )
    }
    let (settings, timingNotes) = try ExportOptions.settings(
      for: .ring(scene), format: format, args, output: output)
    notes += timingNotes
    if format.isVector {
      do {
        try Exporter.checkVector(settings)
      } catch let error as RingError {
        throw RingError.usage(try RingOptions.placed(error, args))
      } catch {
        throw RingError.usage("\(error)")
      }
    }
    try RingOptions.checkOutputs(settings.outputFiles(at: output), keep: args)
    try ExportOptions.checkResources(settings, limits: RingOptions.limits(args), output: output)
    if guardsFlashing {
      try RingOptions.refuseFlashing(
        args, playsOnce: ExportOptions.loopCountFormats.contains(format)
      ) {
        try settings.flashChecks()
      }
    }
    return Plan(settings: settings, output: output, quiet: args.has("quiet"), notes: notes)
  }

  static func perform(_ plan: Plan, console: Console) -> Int32 {
    // Text (SVG, Lottie JSON, HTML) may go to a terminal; binary data may not.
    if plan.output == "-" && console.outputIsTerminal {
      switch plan.settings.format {
      case .dotLottie:
        return usageError(
          "A dotLottie archive not written to a terminal: redirect standard output (-o - > ring.lottie) or name a file with -o.",
          console)
      case .svg, .lottie, .html, .null: break
      default:
        return usageError(
          "Raw RGBA frames not written to a terminal: redirect standard output (-o - > ring.rgba) or pipe it to a program.",
          console)
      }
    }
    var plan = plan
    if let note = reducedMotionNote(MotionPreference.resolve(flag: nil)) { plan.notes.append(note) }
    return ExportOptions.write(plan, console: console, isTerminal: console.errorIsTerminal) {
      usageError($0, console)
    }
  }

}
