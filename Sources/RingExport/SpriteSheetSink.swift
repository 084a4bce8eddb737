import Foundation
import RainbowRing
import RingCodecs

/// One PNG with every frame in a grid, and beside it its JSON frame map and an HTML snippet
/// that plays it (`SpriteSheet`). The three files are staged together and put in place only
/// once all are written. The sheet is the one output whose memory grows with the number of
/// frames.
struct SpriteSheetSink: FrameSink {
  let makeWorker: @Sendable () throws -> RenderingWorker
  private let path: String
  private let settings: ExportSettings
  private let png: OutputFile
  private let json: OutputFile
  private let html: OutputFile
  private var sheet: Pixmap

  /// Refuses a sheet over `Pixmap.maximumPixelCount` and a path with no place for the map
  /// and the snippet beside it (a descriptor, or a companion being the image or each other)
  /// before it opens any file.
  init(_ settings: ExportSettings, path: String) throws {
    let (w, h) = settings.content.pixelSize
    let (columns, rows) = settings.sheetGrid
    guard w * columns <= Pixmap.maximumPixelCount / max(1, h * rows) else {
      throw RingError(
        .invalidSettings,
        "a \(columns)x\(rows) sheet of \(w)x\(h) frames exceeds \(Pixmap.maximumPixelCount) pixels"
      )
    }
    let mapPath = SpriteSheet.mapPath(forImage: path)
    let snippetPath = SpriteSheet.snippetPath(forImage: path)
    guard !OutputFile.isWrittenThrough(path) else {
      throw RingError(
        .outputsCollide,
        "a sprite sheet needs a file to write: its frame map goes beside it as '\(mapPath)', which '\(path)' has no place for"
      )
    }
    let outputs = [("sprite sheet", path), ("frame map", mapPath), ("HTML snippet", snippetPath)]
    for (a, b) in [(0, 1), (0, 2), (1, 2)] where OutputFile.sameFile(outputs[a].1, outputs[b].1) {
      throw RingError(
        .outputsCollide,
        "the \(outputs[a].0) '\(outputs[a].1)' and \(a == 0 ? "its" : "the") \(outputs[b].0) '\(outputs[b].1)' are the same file"
      )
    }
    self.path = path
    self.settings = settings
    png = try OutputFile(path: path)
    json = try OutputFile(path: mapPath)
    html = try OutputFile(path: snippetPath)
    sheet = try Pixmap(width: w * columns, height: h * rows)
    makeWorker = RenderingWorker.maker(settings)
  }

  static func encode(frame i: Int, with worker: inout RenderingWorker) throws -> Pixmap {
    try worker.frame(i)
  }

  mutating func write(_ frame: Pixmap, at i: Int) throws {
    let columns = settings.sheetGrid.columns
    sheet.place(frame, x: (i % columns) * frame.width, y: (i / columns) * frame.height)
  }

  mutating func finish() throws {
    let (w, h) = settings.content.pixelSize
    let (columns, rows) = settings.sheetGrid
    let layout = SpriteSheet.Layout(
      image: URL(fileURLWithPath: path).lastPathComponent, frameWidth: w, frameHeight: h,
      columns: columns, rows: rows, timing: settings.timing, plays: settings.plays)
    try png.write(try PNGEncoder.encode(sheet))
    try json.write(Array(SpriteSheet.map(layout).utf8))
    try html.write(Array(SpriteSheet.snippet(layout).utf8))
    try png.commit()
    try json.commit()
    try html.commit()
  }
}
