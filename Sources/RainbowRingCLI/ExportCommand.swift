import Foundation
import RainbowRing
import RingExport
import RingFlash
import RingPlayers
import RingSystem

/// `rainbow-ring export`: the animation as a seamless loop in a file.
enum ExportCommand: Subcommand {
  static let specs: [OptionSpec] =
    [
      OptionSpec(
        "output", short: "o", value: "file",
        help:
          "The file to write; the format comes from its extension (\(extensionList)). '-' writes to standard output: raw frames, or with --format a vector file.",
        completion: .file),
      OptionSpec(
        "format", value: "format",
        help:
          "gif, apng, webp, mp4, webm, sprite-sheet (NAME.png plus NAME.json, its frame map, and NAME.html, a snippet that plays it), frames (a folder of numbered PNGs), rgba (raw premultiplied RGBA frames); or vectors that loop by themselves: svg (.svgz gzipped), lottie (Bodymovin JSON), dotlottie, html (a page with the ring, a pause button and a snippet).",
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
      OptionSpec(
        "loop-count", value: "n",
        help:
          "How many times the file plays (GIF, APNG, WebP, SVG, HTML, the sprite sheet's CSS); 0 plays forever.",
        default: "0"),
      OptionSpec(
        "exact-fps",
        help:
          "Keep --fps even when the period is not a whole number of frames (the loop then has a seam).",
        invertible: true),
      OptionSpec(
        "quality", value: "0-100", help: "WebP: lossy at this quality instead of lossless."),
      OptionSpec(
        "pixel-format", value: "format",
        help:
          "MP4 chroma: yuv420p plays everywhere but halves colour resolution (saturated hues reach about 33.5 dB PSNR); yuv444p keeps full colour.",
        default: "yuv420p", completion: .choices(["yuv420p", "yuv444p"])),
      OptionSpec(
        "svg-animation", value: "kind",
        help:
          "SVG: smil (plays everywhere, even in <img>) or css (smaller; holds the first frame still for readers who prefer reduced motion).",
        default: "smil", completion: .choices(SVGDocument.Motion.allCases.map(\.rawValue))),
      OptionSpec(
        "columns", value: "n", help: "Sprite sheet: frames per row.", default: "a square grid"),
      OptionSpec(
        "jobs", value: "n", help: "Threads rendering and encoding frames.", default: "every core"),
      OptionSpec(
        "overwrite",
        help:
          "Frames: write into a folder that already holds files, replacing only the frame files this export names."
      ),
      OptionSpec("quiet", help: "No progress bar, notes or summary.", invertible: true),
    ]
    + RingOptions.specs.filter { $0.name != "time" }.map { spec in
      guard spec.name == "background" else { return spec }
      return OptionSpec(
        "background", value: "color", help: spec.help,
        default: "white for GIF, MP4 and --scene seed; transparent otherwise",
        completion: spec.completion)
    }
    + CommandLineTool.closingSpecs

  static let usage = "rainbow-ring export [<options>] --output <file>"

  /// The formats whose files say how many times they play (`--loop-count`).
  static let loopCountFormats: [ExportFormat] = [.gif, .apng, .webp, .spriteSheet, .svg, .html]

  /// ".gif, .apng or .png, ...": the extensions that name a format, for help and errors.
  static let extensionList = ExportFormat.allCases.compactMap { format in
    ExportFormat(fileName: "x." + (format.extensions?.first ?? "")) == format
      ? format.extensions?.map { "." + $0 }.joined(separator: " or ") : nil
  }.joined(separator: ", ")

  /// The raster formats' extensions, for a program's window: "GIF (.gif), APNG (...), ..."
  static let rasterExtensionList =
    "GIF (.gif), APNG (.apng), WebP (.webp), MP4 (.mp4), WebM (.webm), a sprite sheet (--format sprite-sheet) or PNG frames (--format frames)"

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

  /// Everything an export needs, checked.
  struct Plan {
    var settings: ExportSettings
    var output: String
    var quiet: Bool
    var notes: [String]
  }

  /// The checked plan, or what `--help` or `--version` asks for.
  static func makePlan(_ arguments: [String]) throws(RingError) -> Request<Plan> {
    let args = try ParsedArguments.parse(arguments, specs: specs)
    if let asked: Request<Plan> = args.informational() { return asked }
    guard let output = args["output"], !output.isEmpty else {
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
    let format = try format(args, output: output)
    let opaqueByDefault = format == .gif || format == .mp4
    let scene = try RingOptions.scene(args, defaultBackground: opaqueByDefault ? .white : .clear)
    try checkBackground(
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
    let (settings, timingNotes) = try settings(
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
    try checkResources(settings, args, output: output)
    if guardsFlashing {
      try RingOptions.refuseFlashing(args, playsOnce: loopCountFormats.contains(format)) {
        try settings.flashChecks()
      }
    }
    return Plan(settings: settings, output: output, quiet: args.has("quiet"), notes: notes)
  }

  /// The format an export to `output` writes: `--format`, or the one its extension names
  /// (raw frames for standard output); the options that apply only to other formats and an
  /// extension that names another format are refused.
  static func format(_ args: ParsedArguments, output: String) throws(RingError) -> ExportFormat {
    let format: ExportFormat
    if args.has("format") {
      format = try RingOptions.choice(
        args, "format", ExportFormat.allCases.map { ($0.rawValue, $0) }, default: .gif)
    } else if output == "-" {
      format = .rgba
    } else if let f = ExportFormat(fileName: output) {
      format = f
    } else {
      let ext = OutputExtension.of(output).map { "a .\($0) file" } ?? "a file without extension"
      throw RingError.usage(
        "Cannot tell the format of \(ext): export writes \(extensionList); or pass --format (\(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")))."
      )
    }
    if output == "-" && format != .rgba && !format.isVector {
      throw RingError.usage(
        "Only --format rgba and the vector formats (svg, lottie, dotlottie, html) can be written to standard output ('-o -')."
      )
    }
    let formatOnly: [(option: String, formats: [ExportFormat])] = [
      ("quality", [.webp]), ("pixel-format", [.mp4]), ("columns", [.spriteSheet]),
      ("loop-count", loopCountFormats), ("overwrite", [.frames]),
      ("svg-animation", [.svg]),
    ]
    for (option, formats) in formatOnly where args.has(option) && !formats.contains(format) {
      throw RingError.usage(
        "The option '--\(option)' applies only to --format \(formats.map(\.rawValue).joined(separator: ", ")), not \(format.rawValue)."
      )
    }
    if format == .spriteSheet {
      for (what, companion) in [
        ("frame map", SpriteSheet.mapPath(forImage: output)),
        ("HTML snippet", SpriteSheet.snippetPath(forImage: output)),
      ] where companion == output {
        throw RingError.usage(
          "The sprite sheet's image and its \(what) would both be '\(output)': name the image with another extension (.png)."
        )
      }
    }
    if output != "-", let ext = OutputExtension.of(output), let allowed = format.extensions,
      !allowed.contains(ext)
    {
      throw RingError.usage(
        "Cannot write a .\(ext) file with --format \(format.rawValue): name it \(allowed.map { "." + $0 }.joined(separator: " or "))."
      )
    }
    return format
  }

  /// The settings of an export of `content` as `format` to `output`: the timing the export
  /// module chooses for `--duration`, `--loops`, `--fps` and `--exact-fps` (with its notes
  /// as lines for a person), and the file's options. Errors name the options.
  static func settings(
    for content: ExportContent, format: ExportFormat, _ args: ParsedArguments, output: String
  ) throws(RingError) -> (ExportSettings, notes: [String]) {
    if args.has("duration") && args.has("loops") {
      throw RingError.usage("The options '--duration' and '--loops' cannot be used together.")
    }
    var request = ExportTimingRequest(keepsFrameRate: args.has("exact-fps"))
    if args.has("duration") {
      request.duration = .seconds(
        try RingOptions.number(args, "duration", default: 0, range: 0.001...86400, unit: "seconds"))
    }
    if args.has("loops") {
      request.loops = try RingOptions.integer(args, "loops", default: 1, range: 1...10000)
    }
    request.framesPerSecond = try RingOptions.number(
      args, "fps", default: format.defaultFramesPerSecond, range: 1...240, unit: "frames per second"
    )
    let timing: ExportTiming
    let notes: [String]
    do throws(RingError) {
      let chosen = try ExportTiming.choose(for: content, format: format, request)
      timing = chosen.timing
      notes = chosen.notes.map { note(for: $0, format: format, args: args) }
    } catch {
      switch error.key {
      case "loops", "fps":
        let value = args[error.key!].map { "'\($0)'" } ?? "default"
        throw RingError.usage(
          "The value \(value) is invalid for '--\(error.key!)': \(error.message).")
      case "duration" where content.ring == nil && request.duration == nil:
        throw RingError.usage("Give the export's length with '--duration': \(error.message).")
      default:
        let longer =
          content.ring == nil
          ? "lengthen --duration" : "lengthen --duration (or --loops, --step-duration)"
        throw RingError.usage("\(error.message); \(longer).")
      }
    }
    var settings = ExportSettings(content: content, format: format, timing: timing)
    settings.plays = try RingOptions.integer(args, "loop-count", default: 0, range: 0...65535)
    if args.has("quality") {
      settings.quality = try RingOptions.integer(args, "quality", default: 90, range: 0...100)
    }
    settings.pixelFormat = try RingOptions.choice(
      args, "pixel-format", [("yuv420p", "yuv420p"), ("yuv444p", "yuv444p")], default: "yuv420p")
    if args.has("columns") {
      settings.columns = try RingOptions.integer(args, "columns", default: 1, range: 1...100_000)
      if settings.columns! > timing.frameCount {
        throw RingError.usage(
          "The value '\(args["columns"] ?? "")' is invalid for '--columns': the export has \(timing.frameCount) frames, so at most \(timing.frameCount) columns."
        )
      }
    }
    settings.overwrite = args.has("overwrite")
    settings.svgMotion = try RingOptions.choice(
      args, "svg-animation", SVGDocument.Motion.allCases.map { ($0.rawValue, $0) }, default: .smil)
    settings.gzipped = OutputExtension.of(output) == "svgz"
    if args.has("jobs") {
      settings.workers = try RingOptions.integer(args, "jobs", default: 1, range: 1...64)
    }
    return (settings, notes)
  }

  /// Refuses, before any work, an export past `--no-limits`' caps (`Limits`) or whose
  /// memory cannot be had (a `.resources` error, status 1).
  static func checkResources(_ settings: ExportSettings, _ args: ParsedArguments, output: String)
    throws(RingError)
  {
    try Limits.from(args).check(export: settings, toStandardOutput: output == "-")
    do {
      try Exporter.checkMemory(settings)
    } catch let error as RingError {
      throw error
    } catch {
      throw RingError(.resources, CommandLineTool.describe(error))
    }
  }

  /// A timing note as a line for a person, naming the options that change it.
  static func note(for note: ExportTiming.Note, format: ExportFormat, args: ParsedArguments)
    -> String
  {
    switch note {
    case .notWholePeriods(let period):
      return
        "note: \(args["duration"].flatMap(Double.init) ?? 0) s is not a whole number of \(period.seconds) s periods, so the file will not loop seamlessly"
    case .seamKept(let frames, let duration, let averaged):
      let fps = args["fps"].flatMap(Double.init) ?? format.defaultFramesPerSecond
      return
        "note: keeping \(fps) fps\(averaged ? " on average (GIF delays are whole centiseconds)" : ""): \(frames) frame\(frames == 1 ? "" : "s") last \(duration.seconds) s, so the loop has a seam"
    case .gifFrameLimit(let frames, let duration):
      return String(
        format:
          "note: GIF frames last whole centiseconds, at least 2: writing %d frames (%.3f fps) over %g s",
        frames, Double(frames) / duration.seconds, duration.seconds)
    case .framesSpread(let exact, let frames, let duration):
      let fps = args["fps"].flatMap(Double.init) ?? format.defaultFramesPerSecond
      let seconds = String(format: "%g", duration.seconds)
      return "note: \(seconds) s at " + String(format: "%g fps is %.2f frames; ", fps, exact)
        + "writing \(frames) frame\(frames == 1 ? "" : "s") "
        + String(format: "(%.3f fps)", Double(frames) / duration.seconds)
        + " so that they fill the \(seconds) s exactly"
        + (format.isVector ? "" : " (--exact-fps keeps \(String(format: "%g", fps)) fps)")
    }
  }

  /// A background the format cannot carry is refused before any work, at the ring file's
  /// or preset's place when `source` (`RingOptions.source(of:_:)`) says it came from one.
  static func checkBackground(
    _ background: RGBAColor, format: ExportFormat, text: String?,
    source: (place: String, spelled: String)? = nil
  ) throws(RingError) {
    let reason: String
    if format == .gif && background.alpha > 0 && background.alpha < 1 {
      reason =
        "GIF has only on/off transparency; use an opaque colour (white, #RRGGBB) or 'transparent'."
    } else if format == .mp4 && background.alpha < 1 {
      reason =
        "MP4 has no alpha channel; use --background white or #RRGGBB, or export webm, apng or webp to keep transparency."
    } else {
      return
    }
    if let source {
      throw RingError.usage("\(source.place): \(source.spelled) cannot be written: \(reason)")
    }
    throw RingError.usage(
      "The value '\(text ?? "transparent")' is invalid for '--background': \(reason)")
  }

  /// `wrote ring.gif: 4.8 MB, 365 frames, 7.3 s, in 1.2 s`: what an export made.
  static func summary(of plan: Plan, seconds: Double) -> String {
    let timing = plan.settings.timing
    let frames = "\(timing.frameCount) frame\(timing.frameCount == 1 ? "" : "s")"
    let what =
      plan.settings.format.isVector
      ? "a \(timing.duration) s loop" : "\(frames), \(timing.duration) s"
    let took = "in \(String(format: "%.1f", seconds)) s"
    guard plan.output != "-" else { return "wrote standard output: \(what), \(took)" }
    var size = ""
    if let attributes = try? FileManager.default.attributesOfItem(atPath: plan.output),
      attributes[.type] as? FileAttributeType == .typeRegular,
      let bytes = attributes[.size] as? Int
    {
      size = Self.byteCount(bytes) + ", "
    }
    return "wrote \(VisibleText.escaped(plan.output)): \(size)\(what), \(took)"
  }

  /// Bytes in SI units, as `ls -h --si` and file managers show them: 980 B, 54.1 kB, 4.8 MB.
  static func byteCount(_ bytes: Int) -> String {
    guard bytes >= 1000 else { return "\(bytes) B" }
    let units = ["kB", "MB", "GB", "TB"]
    var value = Double(bytes) / 1000
    var unit = 0
    while value >= 999.95 && unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    return String(format: "%.1f ", value) + units[unit]
  }

  static func perform(_ plan: Plan, console: Console) -> Int32 {
    // Text (SVG, Lottie JSON, HTML) may go to a terminal; binary data may not.
    if plan.output == "-" && console.outputIsTerminal {
      switch plan.settings.format {
      case .dotLottie:
        return usageError(
          "A dotLottie archive not written to a terminal: redirect standard output (-o - > ring.lottie) or name a file with -o.",
          console)
      case .svg, .lottie, .html: break
      default:
        return usageError(
          "Raw RGBA frames not written to a terminal: redirect standard output (-o - > ring.rgba) or pipe it to a program.",
          console)
      }
    }
    var plan = plan
    if let note = reducedMotionNote(MotionPreference.resolve(flag: nil)) { plan.notes.append(note) }
    return write(plan, console: console, isTerminal: console.errorIsTerminal) {
      usageError($0, console)
    }
  }

  /// Writes the planned export with a progress bar on a terminal (`isTerminal`), its notes
  /// and summary unless quiet; a usage error found only as the output opens goes to
  /// `usageError`. Returns the exit status.
  static func write(
    _ plan: Plan, console: Console, isTerminal: Bool, usageError: (String) -> Int32
  ) -> Int32 {
    if !plan.quiet {
      for note in plan.notes { console.writeErr(VisibleText.escaped(note) + "\n") }
    }
    let bar = ProgressBar(
      label: "exporting \(VisibleText.escaped(plan.output))", write: console.writeErr)
    let showProgress = isTerminal && !plan.quiet
    do {
      try Exporter.export(
        plan.settings, to: plan.output,
        progress: { done, total in if showProgress { bar.update(done, total) } },
        shouldStop: { RingError.interruption })
      bar.finish()
      if showProgress {
        console.writeErr(summary(of: plan, seconds: bar.elapsed) + "\n")
      }
      return 0
    } catch {
      bar.finish()
      ExitCleanup.run()
      let s = Termination.pending
      if s != 0 { return 128 + s }
      // A reader that leaves early (`| head`), whatever path leads to the pipe, is not an error.
      if let e = error as? RingError, e.code == .brokenPipe { return 0 }
      if let e = error as? RingError, e.code == .folderNotEmpty || e.code == .outputsCollide {
        return usageError(e.message)
      }
      if let e = error as? RingError, e.code == .flashing {
        return usageError(
          "The export was not written: \(e.message). Slow its animations down, or pass --allow-flashing to write it anyway."
        )
      }
      return CommandLineTool.failure(CommandLineTool.describe(error), console)
    }
  }
}
