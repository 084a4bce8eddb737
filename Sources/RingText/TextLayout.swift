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
    /// Its underline, strikethrough and background colours, if any.
    public var underline: RGBAColor?
    public var strikethrough: RGBAColor?
    public var background: RGBAColor?
  }

  /// One laid-out line.
  public struct Line: Hashable, Sendable {
    public var fragments: [Fragment]
    /// The line's advance, in points: spaces where it wraps not counted.
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
      // Spaces where a line wraps hang past its end, uncounted; at a paragraph's end they
      // count, as in UIKit (`" ".size(withAttributes:)` is a space's width).
      let wraps = range.hi < range.paragraphEnd || range.replaced != nil
      let letters = range.letters(text)
      var runs = text.shape(
        wraps ? Letters.trimmingTrailingSpace(letters) : letters, direction: range.direction)
      line.width = runs.reduce(0) { $0 + $1.line.width }
      // Justified: every line but a paragraph's last (and a truncated one) is stretched to
      // the box, the extra shared among its spaces.
      if style.alignment == .justified, limit.isFinite, range.hi < range.paragraphEnd,
        range.replaced == nil, line.width < limit
      {
        TextLayout.justify(&runs, by: limit - line.width)
        line.width = runs.reduce(0) { $0 + $1.line.width }
      }
      var x = 0.0
      for i in Letters.visualOrder(runs, paragraph: range.direction) {
        let look = runs[i].look
        line.fragments.append(
          Fragment(
            line: runs[i].line, color: runs[i].color, origin: Point(x: x, y: line.baseline),
            underline: look.underline, strikethrough: look.strikethrough,
            background: look.background))
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
        // A justified line fills the box; its paragraph's last line sits as natural.
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

  /// Widens the spaces of `runs` (U+0020 and no-break spaces) by equal shares of `extra`
  /// points; a line without spaces keeps its width.
  static func justify(
    _ runs: inout [(line: ShapedLine, color: RGBAColor, isNeutral: Bool, look: TextAttributes)],
    by extra: Double
  ) {
    func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\u{A0}" }
    let spaces = runs.reduce(0) { count, run in
      let scalars = Array(run.line.text.unicodeScalars)
      return count + run.line.glyphs.filter { isSpace(scalars[$0.cluster]) }.count
    }
    guard spaces > 0 else { return }
    let share = extra / Double(spaces)
    for i in runs.indices {
      let scalars = Array(runs[i].line.text.unicodeScalars)
      var glyphs = runs[i].line.glyphs
      for j in glyphs.indices where isSpace(scalars[glyphs[j].cluster]) {
        glyphs[j].advance += share
      }
      let l = runs[i].line
      runs[i].line = ShapedLine(
        text: l.text, font: l.font, glyphs: glyphs, direction: l.direction, script: l.script,
        language: l.language)
    }
  }

  /// The glyphs' outlines in points, with the layout's top left at `origin`, one path per
  /// colour in the order the colours first appear: fill each with the non-zero rule, in
  /// order. Backgrounds come first (each the run's advance by its line's height), then the
  /// glyphs, their underlines (at the font's underline position and thickness) and
  /// strikethroughs (at its strikeout's).
  public func fills(at origin: Point = .zero) -> [(path: BezierPath, color: RGBAColor)] {
    var backgrounds: [(path: BezierPath, color: RGBAColor)] = []
    var fills: [(path: BezierPath, color: RGBAColor)] = []
    func add(
      _ path: BezierPath, _ color: RGBAColor, to list: inout [(path: BezierPath, color: RGBAColor)]
    ) {
      if let i = list.firstIndex(where: { $0.color == color }) {
        list[i].path.append(path)
      } else {
        list.append((path, color))
      }
    }
    for line in lines {
      for fragment in line.fragments {
        let x = origin.x + fragment.origin.x
        let baseline = origin.y + fragment.origin.y
        let width = fragment.line.width
        let font = fragment.line.font
        if let color = fragment.background {
          add(
            BezierPath(rect: Rect(x: x, y: origin.y + line.top, width: width, height: line.height)),
            color, to: &backgrounds)
        }
        add(fragment.line.path(at: Point(x: x, y: baseline)), fragment.color, to: &fills)
        if let color = fragment.underline {
          let (position, thickness) = font.underline
          add(
            BezierPath(
              rect: Rect(
                x: x, y: baseline + position - thickness / 2, width: width, height: thickness)),
            color, to: &fills)
        }
        if let color = fragment.strikethrough {
          let (position, thickness) = font.strikeout
          add(
            BezierPath(
              rect: Rect(x: x, y: baseline - position - thickness, width: width, height: thickness)),
            color, to: &fills)
        }
      }
    }
    return backgrounds + fills
  }
}
