import RingGraphics

/// A line of text shaped by HarfBuzz: its glyphs in visual order (left to right, also for
/// right-to-left scripts), with advances and offsets in points.
public struct ShapedLine: Hashable, Sendable {
  /// Which way the script runs.
  public enum Direction: Hashable, Sendable {
    case leftToRight
    case rightToLeft
  }

  public let text: String
  public let font: TextFont
  /// The glyphs in visual order, left to right.
  public let glyphs: [ShapedGlyph]
  /// The direction guessed from the text's script.
  public let direction: Direction
  /// The script guessed from the text, as an ISO 15924 tag (`"Latn"`, `"Arab"`, `"Deva"`).
  public let script: String
  /// The language the shaping assumed (BCP 47; the process's locale's).
  public let language: String

  /// The sum of the advances: the line's width in points.
  public var width: Double { glyphs.reduce(0) { $0 + $1.advance } }

  /// The line's outlines in points, y down: one path, to be filled with the non-zero rule,
  /// whose baseline starts (at its left end) at `origin`.
  public func path(at origin: Point = .zero) -> BezierPath {
    var path = BezierPath()
    var x = origin.x
    for glyph in glyphs {
      path.append(
        font.path(
          glyph: glyph.glyph, at: Point(x: x + glyph.offset.x, y: origin.y + glyph.offset.y)))
      x += glyph.advance
    }
    return path
  }
}
