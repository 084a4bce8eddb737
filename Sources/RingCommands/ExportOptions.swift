import Foundation
import RainbowRing
import RingCommandLine
import RingExport
import RingFlash
import RingSystem

/// Everything an export needs, checked.
package struct ExportPlan {
  package var settings: ExportSettings
  package var output: String
  package var quiet: Bool
  package var notes: [String]

  package init(settings: ExportSettings, output: String, quiet: Bool, notes: [String]) {
    self.settings = settings
    self.output = output
    self.quiet = quiet
    self.notes = notes
  }
}

/// The command line of an export of any content: the options every export takes, the
/// format an output names, the timing and file options read into settings, the caps, and
/// the write with its progress, notes and summary.
package enum ExportOptions {
  /// The options every export takes, as `rainbow-ring export` declares them.
  package static let specs: [OptionSpec] = [
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
      "columns", value: "n", help: "Sprite sheet: frames per row.", default: "a square grid"),
    OptionSpec(
      "jobs", value: "n", help: "Threads rendering and encoding frames.", default: "every core"),
    OptionSpec(
      "overwrite",
      help:
        "Frames: write into a folder that already holds files, replacing only the frame files this export names."
    ),
    OptionSpec("quiet", help: "No progress bar, notes or summary.", invertible: true),
    OptionSpec(
      "text-as-paths",
      help:
        "SVG: the label as its glyphs' outlines (the same everywhere, no font needed) instead of <text>."
    ),
  ]

  /// The shared option named `name`.
  package static func spec(_ name: String) -> OptionSpec {
    specs.first { $0.name == name }!
  }

  /// The formats whose files say how many times they play (`--loop-count`).
  package static let loopCountFormats: [ExportFormat] = [
    .gif, .apng, .webp, .spriteSheet, .svg, .html,
  ]

  /// ".gif, .apng or .png, ...": the extensions that name a format, for help and errors.
  package static let extensionList = ExportFormat.allCases.compactMap { format in
    ExportFormat(fileName: "x." + (format.extensions?.first ?? "")) == format
      ? format.extensions?.map { "." + $0 }.joined(separator: " or ") : nil
  }.joined(separator: ", ")

  /// The raster formats' extensions, for a program's window: "GIF (.gif), APNG (...), ..."
  package static let rasterExtensionList =
    "GIF (.gif), APNG (.apng), WebP (.webp), MP4 (.mp4), WebM (.webm), a sprite sheet (--format sprite-sheet), PNG frames (--format frames) or raw RGBA frames (.rgba)"

  /// The format an export to `output` writes: `--format`, or the one its extension names
  /// (raw frames for standard output); the options that apply only to other formats and an
  /// extension that names another format are refused.
  package static func format(_ args: ParsedArguments, output: String) throws(RingError)
    -> ExportFormat
  {
    let format: ExportFormat
    if args.has("format") {
      format = try OptionValue.choice(
        args, "format", ExportFormat.allCases.map { ($0.rawValue, $0) }, default: .gif)
    } else if output == "-" {
      format = .rgba
    } else if let f = ExportFormat(fileName: output) {
      format = f
    } else {
      let ext = OutputExtension.of(output).map { "a .\($0) file" } ?? "a file without extension"
      throw RingError.usage(
        "Cannot tell the format of \(ext): export writes \(extensionList); or pass --format (\(ExportFormat.allCases.filter { $0 != .null }.map(\.rawValue).joined(separator: ", ")))."
      )
    }
    if format == .null && !output.isEmpty && output != "-" {
      throw RingError.usage(
        "--format null writes nothing: leave out the file name, or give '-' (as ffmpeg's -f null -)."
      )
    }
    if output == "-" && format != .rgba && format != .null && !format.isVector {
      throw RingError.usage(
        "Only --format rgba and the vector formats (svg, lottie, dotlottie, html) can be written to standard output ('-o -')."
      )
    }
    let formatOnly: [(option: String, formats: [ExportFormat])] = [
      ("quality", [.webp]), ("pixel-format", [.mp4]), ("columns", [.spriteSheet]),
      ("loop-count", loopCountFormats), ("overwrite", [.frames]),
      ("svg-animation", [.svg]), ("text-as-paths", [.svg]),
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
    if output != "-", format != .null, let ext = OutputExtension.of(output),
      let allowed = format.extensions,
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
  package static func settings(
    for content: ExportContent, format: ExportFormat, _ args: ParsedArguments, output: String
  ) throws(RingError) -> (ExportSettings, notes: [String]) {
    if args.has("duration") && args.has("loops") {
      throw RingError.usage("The options '--duration' and '--loops' cannot be used together.")
    }
    var request = ExportTimingRequest(keepsFrameRate: args.has("exact-fps"))
    if args.has("duration") {
      request.duration = .seconds(
        try OptionValue.number(args, "duration", default: 0, range: 0.001...86400, unit: "seconds"))
    }
    if args.has("loops") {
      request.loops = try OptionValue.integer(args, "loops", default: 1, range: 1...10000)
    }
    request.framesPerSecond = try OptionValue.number(
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
    settings.plays = try OptionValue.integer(args, "loop-count", default: 0, range: 0...65535)
    if args.has("quality") {
      settings.quality = try OptionValue.integer(args, "quality", default: 90, range: 0...100)
    }
    settings.pixelFormat = try OptionValue.choice(
      args, "pixel-format", [("yuv420p", "yuv420p"), ("yuv444p", "yuv444p")], default: "yuv420p")
    if args.has("columns") {
      settings.columns = try OptionValue.integer(args, "columns", default: 1, range: 1...100_000)
      if settings.columns! > timing.frameCount {
        throw RingError.usage(
          "The value '\(args["columns"] ?? "")' is invalid for '--columns': the export has \(timing.frameCount) frames, so at most \(timing.frameCount) columns."
        )
      }
    }
    settings.overwrite = args.has("overwrite")
    settings.textAsPaths = args.has("text-as-paths")
    settings.svgMotion = try OptionValue.choice(
      args, "svg-animation", SVGDocument.Motion.allCases.map { ($0.rawValue, $0) }, default: .smil)
    settings.gzipped = OutputExtension.of(output) == "svgz"
    if args.has("jobs") {
      settings.workers = try OptionValue.integer(args, "jobs", default: 1, range: 1...64)
    }
    return (settings, notes)
  }

  /// Refuses, before any work, an export past `limits` (`--no-limits` lifts them) or whose
  /// memory cannot be had (a `.resources` error, status 1).
  package static func checkResources(
    _ settings: ExportSettings, limits: Limits, output: String
  )
    throws(RingError)
  {
    try limits.check(export: settings, toStandardOutput: output == "-")
    do {
      try Exporter.checkMemory(settings)
    } catch let error as RingError {
      throw error
    } catch {
      throw RingError(.resources, CommandExit.describe(error))
    }
  }

  /// A timing note as a line for a person, naming the options that change it.
  package static func note(for note: ExportTiming.Note, format: ExportFormat, args: ParsedArguments)
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
  /// or preset's place when `source` says it came from one.
  package static func checkBackground(
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
  package static func summary(of plan: ExportPlan, seconds: Double) -> String {
    let timing = plan.settings.timing
    if plan.settings.format == .null {
      let rate = seconds > 0 ? String(format: "%.0f", Double(timing.frameCount) / seconds) : "-"
      let s = plan.settings
      let threads = s.content.drawsInOrder ? 1 : max(1, min(s.workers, timing.frameCount))
      return
        "rendered \(timing.frameCount) frame\(timing.frameCount == 1 ? "" : "s") (\(timing.duration) s) in \(String(format: "%.2f", seconds)) s: \(rate) frames per second on \(threads) thread\(threads == 1 ? "" : "s"), wrote nothing"
    }
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
  package static func byteCount(_ bytes: Int) -> String {
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

  /// Writes the planned export with a progress bar on a terminal (`isTerminal`), its notes
  /// and summary unless quiet; a usage error found only as the output opens goes to
  /// `usageError`. Returns the exit status.
  package static func write(
    _ plan: ExportPlan, console: Console, isTerminal: Bool, usageError: (String) -> Int32
  ) -> Int32 {
    if !plan.quiet {
      for note in plan.notes { console.writeErr(VisibleText.escaped(note) + "\n") }
    }
    let bar = ProgressBar(
      label: plan.settings.format == .null
        ? "rendering" : "exporting \(VisibleText.escaped(plan.output))",
      write: console.writeErr)
    let showProgress = isTerminal && !plan.quiet
    do {
      try Exporter.export(
        plan.settings, to: plan.output,
        progress: { done, total in if showProgress { bar.update(done, total) } },
        shouldStop: { RingError.interruption })
      bar.finish()
      // --format null's summary is its result: said even when standard error is no terminal.
      if showProgress || (plan.settings.format == .null && !plan.quiet) {
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
      return CommandExit.failure(CommandExit.describe(error), console)
    }
  }
}
