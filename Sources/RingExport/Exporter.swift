import Foundation
import RainbowRing
@_exported import RingCodecs

/// What to export: the scene, the format, the frames' timing and format options.
public struct ExportSettings: Sendable {
  public var scene: RingScene
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
  /// Threads rendering and encoding frames.
  public var workers = ProcessInfo.processInfo.activeProcessorCount

  public init(scene: RingScene, format: ExportFormat, timing: ExportTiming) {
    self.scene = scene
    self.format = format
    self.timing = timing
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
    let (w, h) = scene.pixelSize
    let pixels = Double(w) * Double(h)
    let frame = 4 * pixels
    let threads = Double(max(1, min(workers, timing.frameCount)))
    let chunk: Double = format == .gif ? 8 : 1
    let window = max(2, 2 * threads) * chunk
    let output = format == .gif ? 2 * pixels : frame + 4096
    var total = threads * 3 * frame + window * output
    if format == .gif { total += threads * 2 * pixels }
    if format == .spriteSheet {
      let (columns, rows) = sheetGrid
      total += 2 * frame * Double(columns) * Double(rows)
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
    let (w, h) = settings.scene.pixelSize
    let n = settings.timing.frameCount
    guard n > 0 else { throw RingError(.invalidSettings, "an export needs at least one frame") }
    // The estimate, the threads' stacks and room for the runtime, zlib and ffmpeg's pipes.
    try MemoryProbe.check(
      bytes: settings.estimatedPeakMemory * 1.25 + Double(settings.workers + 2) * 4_194_304
        + 64 * 1_048_576,
      for: "this export")
    let scene = settings.scene
    let timing = settings.timing
    let workers = settings.workers
    switch settings.format {
    case .apng:
      let file = try OutputFile(path: path)
      var writer = try APNGWriter(
        file: file, width: w, height: h, frameCount: n, plays: settings.plays,
        delay: timing.delayFraction())
      // The filtering that compresses the first frame better serves the whole animation.
      let first = try FrameRenderer(scene: scene).render(at: 0)
      let filtering: PNGEncoder.Filtering =
        try APNGWriter.encodeFrame(first, previous: nil, filtering: .none).data.count
        <= APNGWriter.encodeFrame(first, previous: nil, filtering: .adaptive).data.count
        ? .none : .adaptive
      try FramePipeline.run(
        count: n, workers: workers,
        makeWorker: { try FrameRenderer(scene: scene) },
        produce: { renderer, i in
          let previous = i == 0 ? nil : renderer.render(at: timing.time(ofFrame: i - 1))
          let current = renderer.render(at: timing.time(ofFrame: i))
          return try APNGWriter.encodeFrame(current, previous: previous, filtering: filtering)
        },
        consume: { i, frame in
          try writer.write(frame)
          progress(i + 1, n)
        }, shouldStop: shouldStop)
      try writer.finish()
      try file.commit()

    case .gif:
      let background = scene.background
      guard background.alpha == 0 || background.alpha == 1 else {
        throw RingError(
          .invalidSettings,
          "GIF has only on/off transparency: use an opaque --background or 'transparent'")
      }
      let palette = GIFPalette(
        colors: scene.ring.colors, matte: background.alpha == 1 ? background : nil)
      let quantizer = GIFQuantizer(palette: palette, ditherStrength: settings.ditherStrength)
      let delays = timing.centisecondDelays()
      guard delays.allSatisfy({ $0 >= 2 }) else {
        throw RingError(
          .invalidSettings,
          "GIF frames last whole centiseconds, at least 2 (browsers slow shorter ones): use at most 50 fps"
        )
      }
      let file = try OutputFile(path: path)
      var writer = try GIFWriter(
        file: file, width: w, height: h, palette: palette, plays: settings.plays, delays: delays)
      try FramePipeline.run(
        count: n, workers: workers, chunk: 8,
        makeWorker: { GIFWorker(renderer: try FrameRenderer(scene: scene), quantizer: quantizer) },
        produce: { worker, i in
          worker.indices(ofFrame: i, timing: timing)
          return GIFWriter.encodeFrame(
            worker.current, previous: i == 0 ? nil : worker.previous, width: w, height: h)
        },
        consume: { i, frame in
          try writer.write(frame)
          progress(i + 1, n)
        }, shouldStop: shouldStop)
      try writer.finish()
      try file.commit()

    case .webp, .mp4, .webm:
      let file = try OutputFile(path: path)
      let output = try file.pathForAnotherProcess()
      let encoder = try FFmpegEncoder(
        width: w, height: h, frameRate: frameRate(timing), frameCount: n, duration: timing.duration,
        arguments: ffmpegArguments(settings, width: w, height: h), outputPath: output,
        userPath: path)
      do {
        try FramePipeline.run(
          count: n, workers: workers,
          makeWorker: { try FrameRenderer(scene: scene) },
          produce: { renderer, i in renderer.render(at: timing.time(ofFrame: i)) },
          consume: { i, frame in
            try encoder.write(frame)
            progress(i + 1, n)
          }, shouldStop: shouldStop)
        try encoder.finish()
      } catch {
        encoder.cancel()
        throw error
      }
      try file.commit()

    case .rgba:
      let file = try OutputFile(path: path)
      try FramePipeline.run(
        count: n, workers: workers,
        makeWorker: { try FrameRenderer(scene: scene) },
        produce: { renderer, i in renderer.render(at: timing.time(ofFrame: i)) },
        consume: { i, frame in
          try frame.pixels.withUnsafeBytes { try file.write($0) }
          progress(i + 1, n)
        }, shouldStop: shouldStop)
      try file.commit()

    case .frames:
      let digits = max(5, String(n - 1).count)
      func name(_ i: Int) -> String {
        "frame_" + String(repeating: "0", count: max(0, digits - String(i).count)) + String(i)
          + ".png"
      }
      let folder = try OutputFolder(
        path: path, overwrite: settings.overwrite, names: (0..<n).map(name))
      try FramePipeline.run(
        count: n, workers: workers,
        makeWorker: { try FrameRenderer(scene: scene) },
        produce: { renderer, i in
          try PNGEncoder.encode(renderer.render(at: timing.time(ofFrame: i)))
        },
        consume: { i, png in
          try folder.write(png, named: name(i))
          progress(i + 1, n)
        }, shouldStop: shouldStop)
      try folder.commit()

    case .spriteSheet:
      let (columns, rows) = settings.sheetGrid
      guard w * columns <= Pixmap.maximumPixelCount / max(1, h * rows) else {
        throw RingError(
          .invalidSettings,
          "a \(columns)x\(rows) sheet of \(w)x\(h) frames exceeds \(Pixmap.maximumPixelCount) pixels"
        )
      }
      let mapPath = SpriteSheet.mapPath(forImage: path)
      guard !OutputFile.isWrittenThrough(path) else {
        throw RingError(
          .outputsCollide,
          "a sprite sheet needs a file to write: its frame map goes beside it as '\(mapPath)', which '\(path)' has no place for"
        )
      }
      guard !OutputFile.sameFile(path, mapPath) else {
        throw RingError(
          .outputsCollide,
          "the sprite sheet '\(path)' and its frame map '\(mapPath)' are the same file")
      }
      let png = try OutputFile(path: path)
      let json = try OutputFile(path: mapPath)
      var sheet = try Pixmap(width: w * columns, height: h * rows)
      try FramePipeline.run(
        count: n, workers: workers,
        makeWorker: { try FrameRenderer(scene: scene) },
        produce: { renderer, i in renderer.render(at: timing.time(ofFrame: i)) },
        consume: { i, frame in
          sheet.place(frame, x: (i % columns) * w, y: (i / columns) * h)
          progress(i + 1, n)
        }, shouldStop: shouldStop)
      try png.write(try PNGEncoder.encode(sheet))
      try json.write(
        Array(
          SpriteSheet.map(
            image: URL(fileURLWithPath: path).lastPathComponent, frameWidth: w, frameHeight: h,
            columns: columns, rows: rows, timing: timing, plays: settings.plays
          ).utf8))
      try png.commit()
      try json.commit()
    }
  }

  /// The exact frame rate as ffmpeg reads it: frames per second as a reduced fraction.
  static func frameRate(_ timing: ExportTiming) -> String {
    var num = Int64(timing.frameCount) * 1_000_000_000
    var den = timing.durationNanoseconds
    var (a, b) = (num, den)
    while b != 0 { (a, b) = (b, a % b) }
    num /= a
    den /= a
    return den == 1 ? "\(num)" : "\(num)/\(den)"
  }

  /// ffmpeg's codec and format options (the output path follows them).
  static func ffmpegArguments(_ s: ExportSettings, width: Int, height: Int) -> [String] {
    switch s.format {
    case .mp4:
      var args = ["-c:v", "libx264", "-preset", "medium", "-crf", "16", "-pix_fmt", s.pixelFormat]
      if s.pixelFormat == "yuv420p" && (width % 2 != 0 || height % 2 != 0) {
        // 4:2:0 needs even sides: pad the last column or row with the background.
        let bg = s.scene.background
        let hex = String(
          format: "0x%02X%02X%02X", Int(bg.red * 255 + 0.5), Int(bg.green * 255 + 0.5),
          Int(bg.blue * 255 + 0.5))
        args += ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0:color=\(hex)"]
      }
      return args + ["-movflags", "+faststart", "-f", "mp4"]
    case .webm:
      return [
        "-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-b:v", "0", "-crf", "24", "-row-mt", "1",
        "-auto-alt-ref", "0", "-f", "webm",
      ]
    default:
      // Lossless needs ffmpeg to pass BGRA through; its default would be 4:2:0.
      let quality =
        s.quality.map { ["-quality", "\($0)", "-pix_fmt", "yuva420p"] }
        ?? ["-lossless", "1", "-pix_fmt", "bgra"]
      // Compression level 1 of 6: lossless files within a few % of the default's size in
      // less than half its time.
      return ["-c:v", "libwebp_anim", "-compression_level", "1"] + quality + [
        "-loop", "\(s.plays)", "-f", "webp",
      ]
    }
  }
}

/// A GIF export thread's state: its renderer and quantizer, and the palette indices of the
/// frame it did last, which are the next frame's "previous" when frames come in order.
struct GIFWorker {
  let renderer: FrameRenderer
  var quantizer: GIFQuantizer
  var previous: [UInt8] = []
  var current: [UInt8] = []
  var last = -2

  init(renderer: FrameRenderer, quantizer: GIFQuantizer) {
    self.renderer = renderer
    self.quantizer = quantizer
  }

  /// Leaves frame i's indices in `current` and frame i - 1's in `previous`.
  mutating func indices(ofFrame i: Int, timing: ExportTiming) {
    if last == i - 1 {
      swap(&previous, &current)
    } else if i > 0 {
      quantizer.quantize(renderer.render(at: timing.time(ofFrame: i - 1)), into: &previous)
    }
    quantizer.quantize(renderer.render(at: timing.time(ofFrame: i)), into: &current)
    last = i
  }
}
