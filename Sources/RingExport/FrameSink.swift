import RainbowRing

/// Where an export's frames go: one conformer per format (`APNGSink`, `GIFSink`,
/// `FFmpegSink`, `RawFramesSink`, `PNGFolderSink`, `SpriteSheetSink`).
///
/// `Exporter` drives every sink through one `FramePipeline`: each worker thread makes its
/// own `Worker` (with `makeWorker`, on that thread) and encodes the frames it claims with
/// `encode`, in any order and off the calling thread; the calling thread hands the encoded
/// frames to `write` strictly in frame order; then `finish()` completes the output, which
/// appears only then. A sink's initialiser refuses bad settings and opens its output; when
/// anything fails after that, `cancel()` runs and the output is left behind by nobody (the
/// temporary files go with the sink).
protocol FrameSink: SendableMetatype {
  /// One worker thread's state: its renderer and whatever the format encodes with.
  associatedtype Worker
  /// One encoded frame, ready to write.
  associatedtype Frame: Sendable

  /// How many consecutive frames a worker claims at once: more than 1 when encoding a frame
  /// reuses the work done for the one before it.
  var chunk: Int { get }

  /// Makes a worker's state; called once on each worker thread.
  var makeWorker: @Sendable () throws -> Worker { get }

  /// Encodes frame `index` with `worker`, on a worker thread.
  static func encode(frame index: Int, with worker: inout Worker) throws -> Frame

  /// Writes frame `index`; called on the calling thread, in frame order.
  mutating func write(_ frame: Frame, at index: Int) throws

  /// Completes the output after the last frame and puts it in place.
  mutating func finish() throws

  /// Stops what the sink started (a child process) after a failure.
  func cancel()
}

extension FrameSink {
  var chunk: Int { 1 }
  func cancel() {}
}

/// The worker of the sinks that encode each frame on its own: a renderer and the timing
/// that says when frame i is.
struct RenderingWorker {
  let renderer: ContentRenderer
  let timing: ExportTiming

  /// Frame `i`'s pixels.
  func frame(_ i: Int) throws -> Pixmap {
    try renderer.render(at: timing.time(ofFrame: i))
  }

  /// A maker of workers for `settings`, for `FrameSink.makeWorker`.
  static func maker(_ settings: ExportSettings) -> @Sendable () throws -> Self {
    let (content, timing, flashGuard) = (settings.content, settings.timing, settings.flashGuard)
    return {
      RenderingWorker(renderer: try content.makeRenderer(flashGuard: flashGuard), timing: timing)
    }
  }
}
