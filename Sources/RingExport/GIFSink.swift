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
    let scene = settings.scene
    let timing = settings.timing
    let (w, h) = scene.pixelSize
    let background = scene.background
    guard background.alpha == 0 || background.alpha == 1 else {
      throw RingError(
        .invalidSettings,
        "GIF has only on/off transparency: use an opaque --background or 'transparent'")
    }
    let palette = GIFPalette(
      colors: scene.ring.colors, matte: background.alpha == 1 ? background : nil,
      accents: scene.ring.accentColors)
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
        renderer: try FrameRenderer(scene: scene), quantizer: quantizer, timing: timing,
        width: w, height: h)
    }
  }

  static func encode(frame i: Int, with worker: inout GIFWorker) throws -> GIFWriter.EncodedFrame {
    worker.indices(ofFrame: i)
    return GIFWriter.encodeFrame(
      worker.current, previous: i == 0 ? nil : worker.previous, width: worker.width,
      height: worker.height)
  }

  mutating func write(_ frame: GIFWriter.EncodedFrame, at index: Int) throws {
    try writer.write(frame)
  }

  mutating func finish() throws {
    try writer.finish()
    try file.commit()
  }
}

/// A GIF export thread's state: its renderer and quantizer, and the palette indices of the
/// frame it did last, which are the next frame's "previous" when frames come in order.
struct GIFWorker {
  let renderer: FrameRenderer
  var quantizer: GIFQuantizer
  let timing: ExportTiming
  /// The frames' size, in pixels.
  let width: Int
  let height: Int
  var previous: [UInt8] = []
  var current: [UInt8] = []
  var last = -2

  init(
    renderer: FrameRenderer, quantizer: GIFQuantizer, timing: ExportTiming, width: Int,
    height: Int
  ) {
    self.renderer = renderer
    self.quantizer = quantizer
    self.timing = timing
    self.width = width
    self.height = height
  }

  /// Leaves frame i's indices in `current` and frame i - 1's in `previous`.
  mutating func indices(ofFrame i: Int) {
    if last == i - 1 {
      swap(&previous, &current)
    } else if i > 0 {
      quantizer.quantize(renderer.render(at: timing.time(ofFrame: i - 1)), into: &previous)
    }
    quantizer.quantize(renderer.render(at: timing.time(ofFrame: i)), into: &current)
    last = i
  }
}
