import Foundation

/// The JSON frame map written beside a sprite sheet.
public enum SpriteSheet {
  /// `sheet.png` maps to `sheet.json`.
  public static func mapPath(forImage path: String) -> String {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path + ".json" }
    return String(path[..<dot]) + ".json"
  }

  /// The frame map: sizes, grid, timing, each frame's rectangle, and CSS that plays it with
  /// `steps()`.
  static func map(
    image: String, frameWidth: Int, frameHeight: Int, columns: Int, rows: Int,
    timing: ExportTiming, plays: Int
  ) -> String {
    let n = timing.frameCount
    let frames = (0..<n).map { i in
      "    {\"index\": \(i), \"x\": \((i % columns) * frameWidth), \"y\": \((i / columns) * frameHeight), \"time\": \(timing.time(ofFrame: i).seconds)}"
    }
    let duration = timing.duration
    let iterations = plays == 0 ? "infinite" : "\(plays)"
    // One row of keyframes per sheet row: x steps through the columns, y jumps per row.
    var keyframes: [String] = []
    for r in 0..<rows {
      let start = Double(r * columns) / Double(n) * 100
      let end = min(Double((r + 1) * columns), Double(n)) / Double(n) * 100
      keyframes.append(
        String(format: "%.4f%% { background-position: 0 -%dpx; }", start, r * frameHeight))
      let stepsInRow = min(columns, n - r * columns)
      keyframes.append(
        String(
          format: "%.4f%% { background-position: -%dpx -%dpx; }", end - 0.0001,
          stepsInRow * frameWidth, r * frameHeight))
    }
    let css =
      ".ring { width: \(frameWidth)px; height: \(frameHeight)px; background: url(\(image)); "
      + "animation: ring \(duration)s steps(\(columns), jump-none) \(iterations); } "
      + "@keyframes ring { \(keyframes.joined(separator: " ")) }"
    return """
      {
        "image": "\(image)",
        "frameWidth": \(frameWidth),
        "frameHeight": \(frameHeight),
        "columns": \(columns),
        "rows": \(rows),
        "frameCount": \(n),
        "framesPerSecond": \(timing.framesPerSecond),
        "duration": \(duration),
        "loop": \(plays == 0 ? "true" : "false"),
        "css": "\(css)",
        "frames": [
      \(frames.joined(separator: ",\n"))
        ]
      }

      """
  }
}
