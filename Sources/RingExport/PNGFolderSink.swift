import RainbowRing
import RingCodecs

/// A folder of numbered PNG frames (`frame_00000.png`, ...), encoded in parallel.
struct PNGFolderSink: FrameSink {
  let makeWorker: @Sendable () throws -> RenderingWorker
  private let folder: OutputFolder
  private let digits: Int

  init(_ settings: ExportSettings, path: String) throws {
    let n = settings.timing.frameCount
    digits = PNGFolderSink.digits(frameCount: n)
    let digits = digits
    folder = try OutputFolder(
      path: path, overwrite: settings.overwrite,
      names: (0..<n).map { PNGFolderSink.name(ofFrame: $0, digits: digits) })
    makeWorker = RenderingWorker.maker(settings)
  }

  /// How many digits the frames' numbers take: at least 5.
  static func digits(frameCount n: Int) -> Int { max(5, String(n - 1).count) }

  /// Frame `i`'s file name, its number padded with zeros to `digits`.
  static func name(ofFrame i: Int, digits: Int) -> String {
    "frame_" + String(repeating: "0", count: max(0, digits - String(i).count)) + String(i)
      + ".png"
  }

  static func encode(frame i: Int, with worker: inout RenderingWorker) throws -> [UInt8] {
    try PNGEncoder.encode(try worker.frame(i))
  }

  mutating func write(_ png: [UInt8], at index: Int) throws {
    try folder.write(png, named: PNGFolderSink.name(ofFrame: index, digits: digits))
  }

  mutating func finish() throws {
    try folder.commit()
  }
}
