import RainbowRing

/// Raw premultiplied RGBA frames, one after another (to a file or standard output).
struct RawFramesSink: FrameSink {
  let makeWorker: @Sendable () throws -> RenderingWorker
  private let file: OutputFile

  init(_ settings: ExportSettings, path: String) throws {
    file = try OutputFile(path: path)
    makeWorker = RenderingWorker.maker(settings)
  }

  static func encode(frame i: Int, with worker: inout RenderingWorker) throws -> Pixmap {
    try worker.frame(i)
  }

  mutating func write(_ frame: Pixmap, at index: Int) throws {
    try frame.pixels.withUnsafeBytes { try file.write($0) }
  }

  mutating func finish() throws {
    try file.commit()
  }
}
