import RingGraphics

/// Text broken into lines and placed, as UIKit lays out a label or a drawn string: lines
/// break between words to fit `width`, at most `style.maximumLines` of them (and as many as
/// `height` holds), the last one truncated or clipped as `style.lineBreakMode` says, each
/// aligned across the width.
///
/// Each line is shaped by HarfBuzz in runs of one look and one direction, placed in the
/// order the Unicode bidirectional algorithm gives runs (a paragraph is right to left when
/// its first strong character is; digits within right-to-left text are not reordered).
/// Characters the font has no glyph for are drawn with an installed font that has one.
/// Coordinates are in points, y down, from the layout's top left; a line is as tall as its
/// tallest font's line height.
public struct TextLayout: Hashable, Sendable {
  /// A run of one look on a line, shaped.
  public struct Fragment: Hashable, Sendable {
    public var line: ShapedLine
    public var color: RGBAColor
    /// Where the run's pen starts on the baseline, in the layout's points.
    public var origin: Point
  }

  /// One laid-out line.
  public struct Line: Hashable, Sendable {
    public var fragments: [Fragment]
    /// The line's advance, trailing spaces not counted, in points.
    public var width: Double
    /// The line's top and its baseline, in the layout's points.
    public var top: Double
    public var baseline: Double
    /// Its height: the largest line height of its fonts, in points.
    public var height: Double
  }

  public let lines: [Line]
  /// The widest line and the lines' total height, in points.
  public let size: Size
  /// Whether some text did not fit and was dropped, truncated or left to clip.
  public let isTruncated: Bool

  /// `text` in one look.
  public init(
    _ text: String, attributes: TextAttributes, width: Double = .infinity,
    height: Double = .infinity, style: TextStyle = TextStyle()
  ) {
    self.init([TextSpan(text, attributes)], width: width, height: height, style: style)
  }

  /// `spans` laid out in a box `width` points wide and `height` points tall (infinite:
  /// unbounded; lines break only at line breaks then).
  public init(
    _ spans: [TextSpan], width: Double = .infinity, height: Double = .infinity,
    style: TextStyle = TextStyle()
  ) {
    let text = Letters(spans)
    let limit = width.isNaN ? Double.infinity : max(0, width)
    var ranges = text.lineRanges(width: limit, mode: style.lineBreakMode)
    var truncated = false

    // How many lines the box holds: the line limit, and those whose bottom is in the height.
    var allowed = style.maximumLines > 0 ? style.maximumLines : Int.max
    if height.isFinite {
      var bottom = 0.0
      var fit = 0
      for range in ranges {
        bottom += text.metrics(range).height
        if fit > 0 && bottom > height + 0.01 { break }
        fit += 1
        bottom += style.lineSpacing
      }
      allowed = min(allowed, max(1, fit))
    }
    if ranges.count > allowed {
      truncated = true
      ranges.removeSubrange(allowed...)
      ranges[allowed - 1].truncate(in: text, width: limit, mode: style.lineBreakMode)
    }

    var lines: [Line] = []
    var top = 0.0
    var widest = 0.0
    for range in ranges {
      let metrics = text.metrics(range)
      var line = Line(
        fragments: [], width: 0, top: top, baseline: top + metrics.ascender,
        height: metrics.height)
      let runs = text.shape(
        Letters.trimmingTrailingSpace(range.letters(text)), direction: range.direction)
      line.width = runs.reduce(0) { $0 + $1.line.width }
      var x = 0.0
      for i in Letters.visualOrder(runs, paragraph: range.direction) {
        line.fragments.append(
          Fragment(
            line: runs[i].line, color: runs[i].color, origin: Point(x: x, y: line.baseline)))
        x += runs[i].line.width
      }
      widest = max(widest, line.width)
      lines.append(line)
      top += metrics.height + style.lineSpacing
    }
    // Each line across the box (the widest line's width when the box is unbounded).
    let box = limit.isFinite ? limit : widest
    for (i, range) in ranges.enumerated() {
      let free = box - lines[i].width
      var alignment = style.alignment
      if alignment == .natural || alignment == .justified {
        alignment = range.direction == .rightToLeft ? .right : .left
      }
      let dx =
        switch alignment {
        case .center: free / 2
        case .right: free
        default: 0.0
        }
      for j in lines[i].fragments.indices { lines[i].fragments[j].origin.x += dx }
    }
    self.lines = lines
    size = Size(width: widest, height: lines.isEmpty ? 0 : top - style.lineSpacing)
    isTruncated = truncated
  }

  /// The glyphs' outlines in points, with the layout's top left at `origin`, one path per
  /// colour in the order the colours first appear: fill each with the non-zero rule.
  public func fills(at origin: Point = .zero) -> [(path: BezierPath, color: RGBAColor)] {
    var fills: [(path: BezierPath, color: RGBAColor)] = []
    for line in lines {
      for fragment in line.fragments {
        let path = fragment.line.path(
          at: Point(x: origin.x + fragment.origin.x, y: origin.y + fragment.origin.y))
        if let i = fills.firstIndex(where: { $0.color == fragment.color }) {
          fills[i].path.append(path)
        } else {
          fills.append((path, fragment.color))
        }
      }
    }
    return fills
  }
}
