import RainbowRing
import RingCodecs

/// Animated PNG: frames diffed against the one before and compressed in parallel, chunks
/// written in order by `APNGWriter`.
struct APNGSink: FrameSink {
  struct Worker {
    let renderer: ContentRenderer
    let timing: ExportTiming
    let filtering: PNGEncoder.Filtering
    /// The last frame drawn and its index.
    var last: (index: Int, frame: Pixmap)?
  }

  let makeWorker: @Sendable () throws -> Worker
  private let file: OutputFile
  private var writer: APNGWriter

  init(_ settings: ExportSettings, path: String) throws {
    let (content, flashGuard) = (settings.content, settings.flashGuard)
    let timing = settings.timing
    let (w, h) = content.pixelSize
    file = try OutputFile(path: path)
    writer = try APNGWriter(
      file: file, width: w, height: h, frameCount: timing.frameCount, plays: settings.plays,
      delay: timing.delayFraction())
    // The filtering that compresses the first frame better serves the whole animation.
    let first = try content.makeRenderer().render(at: .zero)
    let filtering: PNGEncoder.Filtering =
      try APNGWriter.encodeFrame(first, previous: nil, filtering: .none).data.count
      <= APNGWriter.encodeFrame(first, previous: nil, filtering: .adaptive).data.count
      ? .none : .adaptive
    makeWorker = {
      Worker(
        renderer: try content.makeRenderer(flashGuard: flashGuard), timing: timing,
        filtering: filtering)
    }
  }

  static func encode(frame i: Int, with worker: inout Worker) throws -> APNGWriter.EncodedFrame {
    let renderer = worker.renderer
    let timing = worker.timing
    // The frame before, kept from the last call when that drew it (always, for a live tree,
    // whose clock cannot go back).
    let previous =
      i == 0
      ? nil
      : worker.last?.index == i - 1
        ? worker.last?.frame : try renderer.render(at: timing.time(ofFrame: i - 1))
    let current = try renderer.render(at: timing.time(ofFrame: i))
    worker.last = (i, current)
    return try APNGWriter.encodeFrame(current, previous: previous, filtering: worker.filtering)
  }

  mutating func write(_ frame: APNGWriter.EncodedFrame, at index: Int) throws {
    try writer.write(frame)
  }

  mutating func finish() throws {
    try writer.finish()
    try file.commit()
  }
}
