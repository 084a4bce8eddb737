import RainbowRing
import RingCodecs

/// GIF: frames quantized into one palette chosen for the ring, each the rectangle that
/// changed, LZW-compressed in parallel and written in order by `GIFWriter`.
struct GIFSink: FrameSink {
  let chunk = 8
  let makeWorker: @Sendable () throws -> GIFWorker
  private let file: OutputFile
  private var writer: GIFWriter

  /// Refuses a partly transparent background and frames shorter than 2 cs before it opens
  /// the file.
  init(_ settings: ExportSettings, path: String) throws {
    let (content, flashGuard) = (settings.content, settings.flashGuard)
    let timing = settings.timing
    let (w, h) = content.pixelSize
    let background = content.background
    guard background.alpha == 0 || background.alpha == 1 else {
      throw RingError(
        .invalidSettings,
        "GIF has only on/off transparency: use an opaque --background or 'transparent'")
    }
    let palette = settings.gifPalette
    let quantizer = GIFQuantizer(palette: palette, ditherStrength: settings.ditherStrength)
    let delays = timing.centisecondDelays()
    guard delays.allSatisfy({ $0 >= 2 }) else {
      throw RingError(
        .invalidSettings,
        "GIF frames last whole centiseconds, at least 2 (browsers slow shorter ones): use at most 50 fps"
      )
    }
    file = try OutputFile(path: path)
    writer = try GIFWriter(
      file: file, width: w, height: h, palette: palette, plays: settings.plays, delays: delays)
    makeWorker = {
      GIFWorker(
        renderer: try content.makeRenderer(flashGuard: flashGuard), quantizer: quantizer,
        timing: timing,
        width: w, height: h, transparent: background.alpha == 0)
    }
  }

  static func encode(frame i: Int, with worker: inout GIFWorker) throws -> GIFWriter.EncodedFrame {
    try worker.indices(ofFrame: i)
    // Only a transparent output has transparent pixels, and only then can they vanish.
    let transparent = worker.transparent
    let afterClear =
      i == 0 || (transparent && GIFWriter.vanishes(from: worker.previous, to: worker.current))
    let clears =
      transparent && i + 1 < worker.timing.frameCount
      && GIFWriter.vanishes(from: worker.current, to: worker.next)
    return GIFWriter.encodeFrame(
      worker.current, previous: afterClear ? nil : worker.previous, width: worker.width,
      height: worker.height, clearsAfter: clears)
  }

  mutating func write(_ frame: GIFWriter.EncodedFrame, at index: Int) throws {
    try writer.write(frame)
  }

  mutating func finish() throws {
    try writer.finish()
    try file.commit()
  }
}

/// A GIF export thread's state: its renderer and quantizer, and the palette indices of
/// the frames around the one it does (with a transparent background, the next frame's
/// too: pixels that vanish in it change how this one is written). When frames come in
/// order, each is quantized once.
struct GIFWorker {
  let renderer: ContentRenderer
  var quantizer: GIFQuantizer
  let timing: ExportTiming
  /// The frames' size, in pixels.
  let width: Int
  let height: Int
  /// Whether the output is transparent (index 0 shows through).
  let transparent: Bool
  var previous: [UInt8] = []
  var current: [UInt8] = []
  /// Frame i + 1's indices, kept only for a transparent output.
  var next: [UInt8] = []
  var last = -2

  init(
    renderer: ContentRenderer, quantizer: GIFQuantizer, timing: ExportTiming, width: Int,
    height: Int, transparent: Bool
  ) {
    self.renderer = renderer
    self.quantizer = quantizer
    self.timing = timing
    self.width = width
    self.height = height
    self.transparent = transparent
  }

  /// Leaves frame i's indices in `current`, frame i - 1's in `previous` and, for a
  /// transparent output, frame i + 1's in `next`.
  mutating func indices(ofFrame i: Int) throws {
    let ahead = transparent && i + 1 < timing.frameCount
    if last == i - 1 {
      swap(&previous, &current)
      if transparent {
        swap(&current, &next)
      } else {
        quantizer.quantize(try frame(i), into: &current)
      }
    } else {
      if i > 0 { quantizer.quantize(try frame(i - 1), into: &previous) }
      quantizer.quantize(try frame(i), into: &current)
    }
    if ahead { quantizer.quantize(try frame(i + 1), into: &next) }
    last = i
  }

  private func frame(_ i: Int) throws -> Pixmap {
    try renderer.render(at: timing.time(ofFrame: i))
  }
}
