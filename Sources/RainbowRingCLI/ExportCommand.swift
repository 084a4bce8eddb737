import Foundation
import RainbowRing
import RingExport
import RingFlash
import RingPlayers
import RingSystem

/// `rainbow-ring export`: the animation as a seamless loop in a file.
enum ExportCommand {
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

  /// The extensions each format writes; the first is the one to suggest. Frames go into a
  /// folder, named as the user likes.
  static func extensions(of format: ExportFormat) -> [String]? {
    switch format {
    case .gif: ["gif"]
    case .apng: ["apng", "png"]
    case .webp: ["webp"]
    case .mp4: ["mp4", "m4v"]
    case .webm: ["webm"]
    case .rgba: ["rgba", "raw"]
    case .spriteSheet: ["png"]
    case .frames: nil
    case .svg: ["svg", "svgz"]
    case .lottie: ["json"]
    case .dotLottie: ["lottie"]
    case .html: ["html", "htm"]
    }
  }

  /// ".gif, .apng or .png, ...": the extensions that name a format, for help and errors.
  static let extensionList = ExportFormat.allCases.compactMap { format in
    ExportFormat(fileName: "x." + (extensions(of: format)?.first ?? "")) == format
      ? extensions(of: format)?.map { "." + $0 }.joined(separator: " or ") : nil
  }.joined(separator: ", ")

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

  static var help: String { command.help }

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

  /// The checked plan of parsed arguments writing `output` (`check --format` reads its
  /// options with this too).
  static func plan(_ args: ParsedArguments, output: String) throws(RingError) -> Plan {
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
      ("loop-count", [.gif, .apng, .webp, .spriteSheet, .svg, .html]), ("overwrite", [.frames]),
      ("svg-animation", [.svg]),
    ]
    for (option, formats) in formatOnly where args.has(option) && !formats.contains(format) {
      throw RingError.usage(
        "The option '--\(option)' applies only to --format \(formats.map(\.rawValue).joined(separator: ", ")), not \(format.rawValue)."
      )
    }
    try RingOptions.checkOutputs(
      format == .spriteSheet
        ? [
          output, SpriteSheet.mapPath(forImage: output), SpriteSheet.snippetPath(forImage: output),
        ]
        : [output], keep: args)
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
    if output != "-", let ext = OutputExtension.of(output), let allowed = extensions(of: format),
      !allowed.contains(ext)
    {
      throw RingError.usage(
        "Cannot write a .\(ext) file with --format \(format.rawValue): name it \(allowed.map { "." + $0 }.joined(separator: " or "))."
      )
    }
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
    if args.has("duration") && args.has("loops") {
      throw RingError.usage("The options '--duration' and '--loops' cannot be used together.")
    }
    var periodNs = scene.ring.period.nanoseconds
    var notes: [String] = []
    if !args.has("format"), format == .apng, OutputExtension.of(output) == "png" {
      notes.append(
        "note: writing an animated PNG (APNG) to the .png file; 'rainbow-ring render' writes one frame"
      )
    }
    var durationNs: Int64
    if args.has("duration") {
      let d = try RingOptions.number(
        args, "duration", default: 0, range: 0.001...86400, unit: "seconds")
      durationNs = MediaTime.seconds(d).nanoseconds
      if durationNs % periodNs != 0 {
        notes.append(
          "note: \(d) s is not a whole number of \(Double(periodNs) / 1e9) s periods, so the file will not loop seamlessly"
        )
      }
    } else {
      // By default one period, or enough whole periods to show a progress change to its
      // end; still colours show the change and half a second of its end.
      let changeEnd = scene.ring.progress?.change?.endTime.nanoseconds ?? 0
      let covering = Int(min(10000, max(1, (changeEnd + periodNs - 1) / periodNs)))
      if scene.ring.progress?.change != nil && !scene.ring.flows && !args.has("loops") {
        periodNs = changeEnd + 500_000_000
      }
      let loops = try RingOptions.integer(
        args, "loops", default: scene.ring.flows ? covering : 1, range: 1...10000)
      let (total, overflow) = periodNs.multipliedReportingOverflow(by: Int64(loops))
      // Periods can be long (--hue-step 0.01 --step-duration 3600 is 4 years): cap the
      // length where times are exact.
      guard !overflow, total <= MediaTime.limit else {
        throw RingError.usage(
          "The value '\(loops)' is invalid for '--loops': \(loops) periods of \(Double(periodNs) / 1e9) s exceed 1e9 seconds."
        )
      }
      durationNs = total
    }
    let fps = try RingOptions.number(
      args, "fps", default: format.defaultFramesPerSecond, range: 1...240, unit: "frames per second"
    )
    if format == .gif && fps > 50 {
      throw RingError.usage(
        "The value '\(args["fps"] ?? "")' is invalid for '--fps': GIF frames last whole centiseconds, at least 2, so at most 50 fps."
      )
    }
    // An SVG or a page has no frames: its browser draws each one when it shows it.
    let framed = format != .svg && format != .html
    let exact = Double(durationNs) / 1e9 * fps
    var frames = framed ? max(1, Int(exact.rounded())) : 1
    let closes = !framed || abs(exact - exact.rounded()) <= 1e-6
    if !closes && args.has("exact-fps") {
      frames = max(1, Int(exact.rounded(.down)))
      durationNs = Int64((Double(frames) / fps * 1e9).rounded())
      let average =
        format == .gif && (100 / fps).rounded() != 100 / fps
        ? " on average (GIF delays are whole centiseconds)" : ""
      notes.append(
        "note: keeping \(fps) fps\(average): \(frames) frame\(frames == 1 ? "" : "s") last \(Double(durationNs) / 1e9) s, so the loop has a seam"
      )
    }
    let gifMost = format == .gif ? try gifFrameLimit(durationNs) : Int.max
    if frames > gifMost {
      frames = gifMost
      notes.append(
        String(
          format:
            "note: GIF frames last whole centiseconds, at least 2: writing %d frames (%.3f fps) over %g s",
          frames, Double(frames) * 1e9 / Double(durationNs), Double(durationNs) / 1e9))
    } else if !closes && !args.has("exact-fps") {
      let seconds = String(format: "%g", Double(durationNs) / 1e9)
      notes.append(
        "note: \(seconds) s at " + String(format: "%g fps is %.2f frames; ", fps, exact)
          + "writing \(frames) frame\(frames == 1 ? "" : "s") "
          + String(format: "(%.3f fps)", Double(frames) * 1e9 / Double(durationNs))
          + " so that they fill the \(seconds) s exactly"
          + (format.isVector ? "" : " (--exact-fps keeps \(String(format: "%g", fps)) fps)")
      )
    }
    var settings = ExportSettings(
      scene: scene, format: format,
      timing: ExportTiming(frameCount: frames, durationNanoseconds: durationNs))
    settings.plays = try RingOptions.integer(args, "loop-count", default: 0, range: 0...65535)
    if args.has("quality") {
      settings.quality = try RingOptions.integer(args, "quality", default: 90, range: 0...100)
    }
    settings.pixelFormat = try RingOptions.choice(
      args, "pixel-format", [("yuv420p", "yuv420p"), ("yuv444p", "yuv444p")], default: "yuv420p")
    if args.has("columns") {
      settings.columns = try RingOptions.integer(args, "columns", default: 1, range: 1...100_000)
    }
    settings.overwrite = args.has("overwrite")
    settings.svgMotion = try RingOptions.choice(
      args, "svg-animation", SVGDocument.Motion.allCases.map { ($0.rawValue, $0) }, default: .smil)
    settings.gzipped = OutputExtension.of(output) == "svgz"
    if format.isVector {
      do {
        try Exporter.checkVector(settings)
      } catch let error as RingError {
        throw RingError.usage(try RingOptions.placed(error, args))
      } catch {
        throw RingError.usage("\(error)")
      }
    }
    if let columns = settings.columns, columns > frames {
      throw RingError.usage(
        "The value '\(args["columns"] ?? "")' is invalid for '--columns': the export has \(frames) frames, so at most \(frames) columns."
      )
    }
    if args.has("jobs") {
      settings.workers = try RingOptions.integer(args, "jobs", default: 1, range: 1...64)
    }
    try Limits.from(args).check(export: settings, toStandardOutput: output == "-")
    // The cheap refusals first: memory that cannot be had (a `.resources` error, status 1),
    // before the flash check's work.
    do {
      try Exporter.checkMemory(settings)
    } catch let error as RingError {
      throw error
    } catch {
      throw RingError(.resources, CommandLineTool.describe(error))
    }
    try RingOptions.refuseFlashing(args) { try settings.flashChecks() }
    return Plan(settings: settings, output: output, quiet: args.has("quiet"), notes: notes)
  }

  /// The most frames a GIF of `durationNs` can hold, each lasting whole centiseconds and at
  /// least 2 (browsers slow shorter delays): one per 2 cs of the length, so frame starts are
  /// at least 2 cs apart and stay so when rounded to centiseconds.
  static func gifFrameLimit(_ durationNs: Int64) throws(RingError) -> Int {
    let most = Int(durationNs / 20_000_000)
    guard most >= 1 else {
      throw RingError.usage(
        "A GIF of \(Double(durationNs) / 1e9) s is shorter than its shortest frame (0.02 s); lengthen --duration (or --loops, --step-duration)."
      )
    }
    return most
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
    return "wrote \(TerminalText.escaped(plan.output)): \(size)\(what), \(took)"
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

  static func run(_ arguments: [String], console: Console, isTerminal: Bool) -> Int32 {
    let plan: Plan
    do throws(RingError) {
      switch try makePlan(arguments) {
      case .help: return CommandLineTool.printing(help, console)
      case .version: return CommandLineTool.printing(CommandLineTool.versionLine, console)
      case .run(let p): plan = p
      }
      // Text (SVG, Lottie JSON, HTML) may go to a terminal; binary data may not.
      if plan.output == "-" && console.outputIsTerminal {
        switch plan.settings.format {
        case .dotLottie:
          throw RingError.usage(
            "A dotLottie archive not written to a terminal: redirect standard output (-o - > ring.lottie) or name a file with -o."
          )
        case .svg, .lottie, .html: break
        default:
          throw RingError.usage(
            "Raw RGBA frames not written to a terminal: redirect standard output (-o - > ring.rgba) or pipe it to a program."
          )
        }
      }
    } catch  where error.code == .resources {
      return CommandLineTool.failure(error.message, console)
    } catch {
      return CommandLineTool.usageError(error.message, usage: usage, helpFor: "export", console)
    }
    if !plan.quiet {
      for note in plan.notes { console.writeErr(TerminalText.escaped(note) + "\n") }
      if let note = reducedMotionNote(MotionPreference.resolve(flag: nil)) {
        console.writeErr(note + "\n")
      }
    }
    let bar = ProgressBar(
      label: "exporting \(TerminalText.escaped(plan.output))", write: console.writeErr)
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
        return CommandLineTool.usageError(e.message, usage: usage, helpFor: "export", console)
      }
      return CommandLineTool.failure(CommandLineTool.describe(error), console)
    }
  }
}
