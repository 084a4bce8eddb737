import RainbowRing

/// Where `--format null`'s frames go: each is rendered on the workers as for a file (the same
/// renderers, threads and order) and then dropped, as ffmpeg's `-f null` drops them.
struct NullSink: FrameSink {
  let makeWorker: @Sendable () throws -> RenderingWorker

  init(_ settings: ExportSettings) {
    makeWorker = RenderingWorker.maker(settings)
  }

  /// The frame's size: proof it was drawn, and all that is kept of it.
  static func encode(frame index: Int, with worker: inout RenderingWorker) throws -> Int {
    try worker.frame(index).pixels.count
  }

  mutating func write(_ frame: Int, at index: Int) throws {}
  mutating func finish() throws {}
}
