import Foundation
import RainbowRing
@_exported import RingCodecs
import RingFlash

/// What to export: the content, the format, the frames' timing and format options.
public struct ExportSettings: Sendable {
  /// What the frames show: a ring scene or a live layer tree.
  public var content: ExportContent
  public var format: ExportFormat
  public var timing: ExportTiming
  /// How many times the animation plays: 0 forever (GIF, APNG, WebP).
  public var plays: Int = 0
  /// WebP: `nil` for lossless, else lossy quality 0...100.
  public var quality: Int?
  /// MP4 chroma: "yuv420p" (plays everywhere) or "yuv444p" (full-resolution colour).
  public var pixelFormat = "yuv420p"
  /// GIF: the ordered dithering's amplitude relative to the palette's spacing.
  public var ditherStrength = 0.5
  /// Sprite sheet columns; `nil` for a near-square grid.
  public var columns: Int?
  /// Frames into a folder that already holds files: replace the frame files this export
  /// names (and touch nothing else) instead of refusing.
  public var overwrite = false
  /// SVG: how the colours move (the HTML page always uses CSS).
  public var svgMotion = SVGDocument.Motion.smil
  /// SVG: a label as its glyphs' outlines instead of `<text>`.
  public var textAsPaths = false
  /// SVG: gzip the file (`.svgz`).
  public var gzipped = false
  /// Threads rendering and encoding frames.
  public var workers = ProcessInfo.processInfo.activeProcessorCount
  /// A live tree only: count its frames' flashes as they are drawn (`FrameFlashGuard`) and
  /// throw `RingError` (`.flashing`) instead of putting a file that fails WCAG 2.3.1 in
  /// place. A ring's flashes are checked before its export (`flashChecks`).
  public var refusesFlashing = false
  /// The guard counting a live tree's frames during an export (set by `Exporter`).
  var flashGuard: FrameFlashGuard?

  public init(content: ExportContent, format: ExportFormat, timing: ExportTiming) {
    self.content = content
    self.format = format
    self.timing = timing
  }

  /// Settings exporting a ring scene.
  public init(scene: RingScene, format: ExportFormat, timing: ExportTiming) {
    self.init(content: .ring(scene), format: format, timing: timing)
  }

  /// The ring scene, when the content is one: vector files, the flash check and whole
  /// periods need it.
  public var ringScene: RingScene? { content.ring }

  /// The paths of the files an export to `path` writes: the file itself, a sprite sheet's
  /// image, frame map and snippet, or each frame in the folder.
  public func outputFiles(at path: String) -> [String] {
    switch format {
    case .frames:
      let n = timing.frameCount
      let digits = PNGFolderSink.digits(frameCount: n)
      let folder = path.hasSuffix("/") ? path : path + "/"
      return (0..<n).map { folder + PNGFolderSink.name(ofFrame: $0, digits: digits) }
    case .spriteSheet:
      return [path, SpriteSheet.mapPath(forImage: path), SpriteSheet.snippetPath(forImage: path)]
    case .null:
      return []
    default:
      return [path]
    }
  }

  /// The sprite sheet's grid: `columns`, or a near-square one.
  public var sheetGrid: (columns: Int, rows: Int) {
    let n = max(1, timing.frameCount)
    let columns = max(1, self.columns ?? Int(Double(n).squareRoot().rounded(.up)))
    return (columns, (n + columns - 1) / columns)
  }

  /// An upper estimate of the export's peak memory, in bytes, known before anything is
  /// allocated: each worker's renderer (frame, cached plan, the previous frame), the outputs
  /// waiting in the pipeline's window (at most a raw frame each), and a sprite sheet with its
  /// encoded PNG. The ffmpeg child's own memory is not included.
  public var estimatedPeakMemory: Double {
    let (w, h) = content.pixelSize
    let pixels = Double(w) * Double(h)
    let frame = 4 * pixels
    let threads = Double(max(1, min(content.drawsInOrder ? 1 : workers, timing.frameCount)))
    let chunk: Double = format == .gif ? 8 : 1
    let window = max(2, 2 * threads) * chunk
    let output = format == .gif ? 2 * pixels : frame + 4096
    var total = threads * 3 * frame + window * output
    if format == .gif { total += threads * 3 * pixels }
    if format == .spriteSheet {
      let (columns, rows) = sheetGrid
      // The sheet, its straight RGBA rows, the filtered rows and the compressed stream.
      total += 4 * frame * Double(columns) * Double(rows)
    }
    return total
  }
}

/// Writes animations to files, frames streamed through a bounded parallel pipeline: peak
/// memory does not grow with the number of frames (except for a sprite sheet, which is one
/// image holding them all). The target appears only when complete.
public enum Exporter {
  /// Exports to `path` ("-" is standard output for raw frames). `progress` is told each
  /// frame written; `shouldStop` is polled between frames and its error ends the export
  /// (leaving nothing behind).
  public static func export(
    _ settings: ExportSettings, to path: String, progress: (Int, Int) -> Void = { _, _ in },
    shouldStop: () -> Error? = { nil }
  ) throws {
    let n = settings.timing.frameCount
    guard n > 0 else { throw RingError(.invalidSettings, "an export needs at least one frame") }
    try checkMemory(settings)
    if settings.format.isVector {
      try FileWriter.write(vectorFile(settings), to: path)
      progress(n, n)
      return
    }
    var settings = settings
    // A raster file has one showing: its frames at its timing, rounded to its ticks (none
    // for --format null, which shows nothing).
    if settings.refusesFlashing, case .tree(let tree, _, let background) = settings.content,
      let showing = settings.flashShowings.first
    {
      settings.flashGuard = try FrameFlashGuard(
        size: tree.size, background: background, showing: showing,
        look: settings.gifLook, onOffAlpha: settings.format == .gif)
    }
    try run(makeSink(settings, path: path), settings, progress: progress, shouldStop: shouldStop)
  }

  /// Refuses, in one line, an export whose memory cannot be had (`MemoryProbe`), before any
  /// work: for a vector file the text, its pieces while they are joined, its bytes and their
  /// gzip or ZIP; for frames the estimate, the threads' stacks and room for the runtime,
  /// zlib and ffmpeg's pipes. `export` checks it too.
  public static func checkMemory(_ settings: ExportSettings) throws {
    if settings.format.isVector {
      try MemoryProbe.check(
        bytes: 4 * VectorEstimate(settings).bytes + 64 * 1_048_576, for: "this vector file")
    } else {
      try MemoryProbe.check(
        bytes: settings.estimatedPeakMemory * 1.25 + Double(settings.workers + 2) * 4_194_304
          + 64 * 1_048_576,
        for: "this export")
    }
  }

  /// Refuses a scene a vector format cannot draw (see `VectorRing`) before any work; a
  /// vector file holds a ring, not a live tree.
  public static func checkVector(_ settings: ExportSettings) throws {
    guard settings.format.isVector else { return }
    _ = try VectorRing(try ring(of: settings), format: settings.format)
  }

  /// The ring scene a vector file or a flash check needs; throws `RingError`
  /// (`.invalidSettings`) for a live tree.
  static func ring(of settings: ExportSettings) throws(RingError) -> RingScene {
    guard let scene = settings.ringScene else {
      throw RingError(
        .invalidSettings,
        "\(settings.format.rawValue) describes a ring's animation, and a program's window is drawn frame by frame: export it as GIF, APNG, WebP, MP4, WebM, a sprite sheet or PNG frames"
      )
    }
    return scene
  }

  /// The bytes of a vector format's file: one period that loops by itself, whatever the
  /// timing's length (a Lottie animation takes its frame count).
  public static func vectorFile(_ settings: ExportSettings) throws -> [UInt8] {
    let scene = try ring(of: settings)
    switch settings.format {
    case .svg:
      let text = Array(
        try SVGDocument.animated(
          scene, motion: settings.svgMotion, plays: settings.plays,
          textAsPaths: settings.textAsPaths
        ).utf8)
      return settings.gzipped ? try Zlib.compress(text, level: 9, framing: .gzip) : text
    case .lottie:
      return Array(try LottieDocument.json(scene, frameCount: settings.timing.frameCount).utf8)
    case .dotLottie:
      return try LottieDocument.dotLottie(scene, frameCount: settings.timing.frameCount)
    case .html:
      return Array(try HTMLPage.page(scene, plays: settings.plays).utf8)
    default:
      throw RingError(.invalidSettings, "\(settings.format.rawValue) is not a vector format")
    }
  }

  /// The sink for the settings' format, its output open.
  static func makeSink(_ settings: ExportSettings, path: String) throws -> any FrameSink {
    switch settings.format {
    case .apng: try APNGSink(settings, path: path)
    case .gif: try GIFSink(settings, path: path)
    case .webp, .mp4, .webm: try FFmpegSink(settings, path: path)
    case .rgba: try RawFramesSink(settings, path: path)
    case .frames: try PNGFolderSink(settings, path: path)
    case .null: NullSink(settings)
    case .spriteSheet: try SpriteSheetSink(settings, path: path)
    case .svg, .lottie, .dotLottie, .html:
      throw RingError(
        .invalidSettings, "\(settings.format.rawValue) is written whole, not frame by frame")
    }
  }

  /// Drives `sink` through one pipeline: frames encoded on `settings.workers` threads (a
  /// live tree's on the calling thread, in order), written in order, then finished;
  /// cancelled on any failure.
  static func run<Sink: FrameSink>(
    _ sink: Sink, _ settings: ExportSettings, progress: (Int, Int) -> Void,
    shouldStop: () -> Error?
  ) throws {
    var sink = sink
    let n = settings.timing.frameCount
    do {
      try FramePipeline.run(
        count: n, workers: settings.content.drawsInOrder ? 0 : settings.workers,
        chunk: sink.chunk,
        makeWorker: sink.makeWorker,
        produce: { worker, i in try Sink.encode(frame: i, with: &worker) },
        consume: { i, frame in
          try sink.write(frame, at: i)
          progress(i + 1, n)
        }, shouldStop: shouldStop)
      if let verdict = settings.flashGuard?.verdict(), !verdict.passes {
        throw RingError(
          .flashing,
          "the window flashes \(String(format: "%.1f", verdict.flashesPerSecond)) times a second\(verdict.backdrop == .white || settings.content.background.alpha >= 1 ? "" : " over " + FlashCheck.name(ofBackdrop: verdict.backdrop)), over WCAG 2.3.1's limit of 3 (a risk for people with photosensitive epilepsy)"
        )
      }
      try sink.finish()
    } catch {
      sink.cancel()
      throw error
    }
  }
}
