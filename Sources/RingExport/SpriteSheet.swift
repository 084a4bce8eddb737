import Foundation
import RingCore

/// What is written beside a sprite sheet: the JSON frame map and an HTML snippet whose CSS
/// plays the sheet.
///
/// The CSS shows frame k from k / fps seconds on, in its own tile, including the last,
/// partial row, and loops with the export's length. It runs two animations of that length
/// side by side: `background-position-x` steps one frame width per frame (`steps(n,
/// jump-end)` from 0 to -n x width; the sheet repeats across, so -k x width shows column
/// k mod columns), and `background-position-y` holds each row's offset from the time of
/// its first frame (a keyframe per row, `steps(1, jump-end)`). Both start 1 us early
/// (`animation-delay: -0.000001s`) so that a browser's floating-point rounding at exactly
/// k / fps cannot show frame k - 1; a frame's tile is therefore shown 1 us before its time.
/// The x offset reaches n x width pixels: within browsers' layout range (2^25 px) for
/// every sheet the tool writes of frames at least 8 pixels tall (a sheet holds at most
/// 2^28 pixels).
public enum SpriteSheet {
  /// `sheet.png` maps to `sheet.json`.
  public static func mapPath(forImage path: String) -> String {
    companionPath(forImage: path, extension: "json")
  }

  /// `sheet.png` maps to `sheet.html`.
  public static func snippetPath(forImage path: String) -> String {
    companionPath(forImage: path, extension: "html")
  }

  /// `path` with its extension (if any) replaced by `ext`.
  static func companionPath(forImage path: String, extension ext: String) -> String {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path + "." + ext }
    return String(path[..<dot]) + "." + ext
  }

  /// The layout and timing of one sheet.
  struct Layout {
    /// The sheet's file name (no folder), as the map and the CSS refer to it.
    var image: String
    /// One frame, in pixels.
    var frameWidth: Int
    var frameHeight: Int
    var columns: Int
    var rows: Int
    var timing: ExportTiming
    /// How many times it plays; 0 forever.
    var plays: Int

    /// The CSS class: the image's name without extension, reduced to ASCII letters, digits,
    /// `-` and `_`, after `sheet-` when it does not start with a letter.
    var className: String {
      let stem = SpriteSheet.companionPath(forImage: image, extension: "").dropLast()
      let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
      let kept = String(stem.filter { allowed.contains($0) })
      return kept.first.map { $0.isLetter } == true ? kept : "sheet-" + kept
    }
  }

  /// The CSS that plays the sheet on an element of class `layout.className`. After a finite
  /// number of plays it shows the last frame, as a GIF stops on its last frame.
  static func css(_ layout: Layout) -> String {
    let (w, h, c) = (layout.frameWidth, layout.frameHeight, layout.columns)
    let n = layout.timing.frameCount
    let name = layout.className
    let duration = MediaTime.nanoseconds(layout.timing.durationNanoseconds).decimalText + "s"
    let iterations = layout.plays == 0 ? "infinite" : "\(layout.plays)"
    let last = layout.plays == 0 ? "0 0" : "\(-((n - 1) % c) * w)px \(-((n - 1) / c) * h)px"
    var rowKeyframes = (0..<layout.rows).map { r in
      "  \(percent(r * c, of: n)) { background-position-y: \(-r * h)px; }"
    }
    rowKeyframes.append("  100% { background-position-y: \(-(layout.rows - 1) * h)px; }")
    return """
      .\(name) {
        width: \(w)px;
        height: \(h)px;
        background: url("\(urlEncoded(layout.image))") \(last);
        animation: \(name)-x \(duration) steps(\(n), jump-end) -0.000001s \(iterations),
          \(name)-y \(duration) steps(1, jump-end) -0.000001s \(iterations);
      }
      @keyframes \(name)-x {
        from { background-position-x: 0; }
        to { background-position-x: \(-n * w)px; }
      }
      @keyframes \(name)-y {
      \(rowKeyframes.joined(separator: "\n"))
      }

      """
  }

  /// A ready HTML snippet: the CSS in a `<style>` and an element that plays the sheet.
  static func snippet(_ layout: Layout) -> String {
    let n = layout.timing.frameCount
    let plays = layout.plays == 0 ? "looping forever" : "playing \(layout.plays) times"
    return """
      <!-- A sprite sheet played by CSS: \(n) frames of \(layout.frameWidth)x\(layout.frameHeight) px, \
      frame k from k / \(layout.timing.framesPerSecond) s, \(plays). \
      Keep it beside the image. Written by rainbow-ring. -->
      <style>
      \(css(layout))</style>
      <div class="\(layout.className)" role="img" aria-label="Animated rainbow ring"></div>

      """
  }

  /// The frame map: sizes, grid, timing, each frame's rectangle, and the CSS.
  static func map(_ layout: Layout) -> String {
    let (w, h, c) = (layout.frameWidth, layout.frameHeight, layout.columns)
    let timing = layout.timing
    let frames = (0..<timing.frameCount).map { i in
      "    {\"index\": \(i), \"x\": \((i % c) * w), \"y\": \((i / c) * h), \"time\": \(timing.time(ofFrame: i).seconds)}"
    }
    return """
      {
        "image": \(JSONText.quoted(layout.image)),
        "frameWidth": \(w),
        "frameHeight": \(h),
        "columns": \(c),
        "rows": \(layout.rows),
        "frameCount": \(timing.frameCount),
        "framesPerSecond": \(timing.framesPerSecond),
        "duration": \(timing.duration),
        "loop": \(layout.plays == 0 ? "true" : "false"),
        "css": \(JSONText.quoted(css(layout))),
        "frames": [
      \(frames.joined(separator: ",\n"))
        ]
      }

      """
  }

  // MARK: Text

  /// `part / whole` as a CSS percentage, to the double's full precision.
  static func percent(_ part: Int, of whole: Int) -> String {
    "\(Double(part) / Double(whole) * 100)%"
  }

  /// A file name as a relative URL: every byte but ASCII letters, digits and `-._~`
  /// percent-encoded (so `#`, `?`, quotes and spaces stay part of the name).
  static func urlEncoded(_ name: String) -> String {
    let unreserved = Set(
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    return name.utf8.map {
      unreserved.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0)
    }.joined()
  }
}
