import Foundation
import RainbowRing
import RingCodecs

/// One PNG with every frame in a grid, and its JSON frame map beside it (`SpriteSheet`).
/// The sheet is the one output whose memory grows with the number of frames.
struct SpriteSheetSink: FrameSink {
  let makeWorker: @Sendable () throws -> RenderingWorker
  private let path: String
  private let settings: ExportSettings
  private let png: OutputFile
  private let json: OutputFile
  private var sheet: Pixmap

  /// Refuses a sheet over `Pixmap.maximumPixelCount` and a path with no place for the map
  /// beside it (a descriptor, or the map being the image) before it opens either file.
  init(_ settings: ExportSettings, path: String) throws {
    let (w, h) = settings.scene.pixelSize
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
    self.path = path
    self.settings = settings
    png = try OutputFile(path: path)
    json = try OutputFile(path: mapPath)
    sheet = try Pixmap(width: w * columns, height: h * rows)
    makeWorker = RenderingWorker.maker(scene: settings.scene, timing: settings.timing)
  }

  static func encode(frame i: Int, with worker: inout RenderingWorker) -> Pixmap {
    worker.frame(i)
  }

  mutating func write(_ frame: Pixmap, at i: Int) throws {
    let columns = settings.sheetGrid.columns
    sheet.place(frame, x: (i % columns) * frame.width, y: (i / columns) * frame.height)
  }

  mutating func finish() throws {
    let (w, h) = settings.scene.pixelSize
    let (columns, rows) = settings.sheetGrid
    try png.write(try PNGEncoder.encode(sheet))
    try json.write(
      Array(
        SpriteSheet.map(
          image: URL(fileURLWithPath: path).lastPathComponent, frameWidth: w, frameHeight: h,
          columns: columns, rows: rows, timing: settings.timing, plays: settings.plays
        ).utf8))
    try png.commit()
    try json.commit()
  }
}
