import Foundation
import RingTestSupport
import Testing

/// The sprite sheet's HTML snippet, played by a real browser: headless Chromium (Debian
/// package `chromium`) loads it, every copy of the element has its CSS animations paused and
/// seeked to one time, and one screenshot shows them all. Each copy must show the sheet's
/// tile of the frame due at that time.
@Suite struct SpriteSheetPlaybackTests {
  /// 23 frames at 10 fps in 5 columns: 5 rows, the last holding 3 frames. Small frames
  /// (24 x 24 px) on white, so a screenshot's pixel is the sheet's pixel.
  static let (fps, frameCount, columns, side) = (10, 23, 5, 24)

  /// Largest per-channel difference allowed between a shown tile and the sheet's: Chromium
  /// draws an unscaled, untagged PNG as it is, so this only absorbs a colour-managed
  /// screen.
  static let tolerance = 2

  /// The times seeked to, in milliseconds: each frame's start (k / fps), its middle, 1 ms
  /// before its end, and its start in the second loop.
  static var times: [Int] {
    let period = frameCount * 1000 / fps
    return (0..<frameCount).flatMap { k -> [Int] in
      let start = k * 1000 / fps
      return [start, start + 500 / fps, start + 1000 / fps - 1, period + start]
    }
  }

  @Test func everyFrameShowsItsOwnTileAtItsTime() throws {
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("ring-sheet-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let (fps, n, columns, side) = (Self.fps, Self.frameCount, Self.columns, Self.side)
    let export = try runProcess(
      try rainbowRingBinary(),
      [
        "export", "--format", "sprite-sheet", "-o", dir + "/ring.png", "--fps", "\(fps)",
        "--duration", "\(Double(n) / Double(fps))", "--columns", "\(columns)", "--size",
        "\(side)", "--ring-width", "6", "--background", "white", "--quiet",
      ])
    try #require(export.status == 0, "export failed: \(export.stderr)")
    let snippet = try String(contentsOfFile: dir + "/ring.html", encoding: .utf8)

    // The snippet as written, then a script that copies its element once per time, pauses
    // each copy's animations and seeks them.
    let times = Self.times
    let perRow = 10
    let page =
      snippet + """
        <script>
        const times = [\(times.map(String.init).joined(separator: ","))];
        const element = document.querySelector('.ring');
        const grid = document.createElement('div');
        grid.style.cssText = 'display: grid; grid-template-columns: repeat(\(perRow), \(side)px)';
        for (const t of times) grid.appendChild(element.cloneNode());
        element.remove();
        document.body.style.margin = '0';
        document.body.appendChild(grid);
        [...grid.children].forEach((cell, i) => {
          for (const animation of cell.getAnimations()) {
            animation.pause();
            animation.currentTime = times[i];
          }
        });
        </script>
        """
    try page.write(toFile: dir + "/page.html", atomically: true, encoding: .utf8)
    let rows = (times.count + perRow - 1) / perRow
    let started = Date()
    _ = try runTool(
      "chromium",
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
        "--user-data-dir=\(dir)/profile", "--force-device-scale-factor=1",
        "--window-size=\(perRow * side),\(rows * side)", "--virtual-time-budget=5000",
        "--screenshot=\(dir)/shot.png", "file://\(dir)/page.html",
      ])
    let seconds = Date().timeIntervalSince(started)

    let shot = try decodeWithPillow(dir + "/shot.png")
    let sheet = try decodeWithPillow(dir + "/ring.png")
    func tile(_ image: (width: Int, height: Int, rgba: [UInt8]), x: Int, y: Int) -> [UInt8] {
      var pixels: [UInt8] = []
      for row in y..<y + side {
        let start = (row * image.width + x) * 4
        pixels += image.rgba[start..<start + side * 4]
      }
      return pixels
    }
    func largestDelta(_ a: [UInt8], _ b: [UInt8]) -> Int {
      zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }
    let tiles = (0..<n).map { tile(sheet, x: ($0 % columns) * side, y: ($0 / columns) * side) }
    // The test can tell frames apart: any two tiles differ by far more than the tolerance.
    let closest = (0..<n).flatMap { a in (a + 1..<n).map { largestDelta(tiles[a], tiles[$0]) } }
      .min()!
    try #require(closest > 4 * Self.tolerance, "two tiles differ by only \(closest)")

    var wrong: [String] = []
    for (i, t) in times.enumerated() {
      let due = t * fps / 1000 % n
      let shown = tile(shot, x: (i % perRow) * side, y: (i / perRow) * side)
      let deltas = tiles.map { largestDelta(shown, $0) }
      if deltas[due] > Self.tolerance {
        let nearest = deltas.indices.min { deltas[$0] < deltas[$1] }!
        wrong.append("\(t) ms: frame \(due) due, tile \(nearest) shown (delta \(deltas[nearest]))")
      }
    }
    print(
      "sprite sheet in Chromium: \(times.count - wrong.count) of \(times.count) times show the due tile; Chromium took \(String(format: "%.2f", seconds)) s"
    )
    #expect(
      wrong.isEmpty,
      "\(wrong.count) of \(times.count) times show the wrong tile (tolerance \(Self.tolerance)): \(wrong.prefix(8).joined(separator: "; "))"
    )
  }
}
