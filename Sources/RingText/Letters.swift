import RingGraphics

/// Text as layout sees it: characters, each with its look (the font that has its glyph) and
/// its script's direction; what `TextLayout` breaks into lines and shapes.
final class Letters {
  struct Letter {
    var character: Character
    /// Index into `styles`.
    var style: Int
    /// nil for characters of no one script (spaces, digits, punctuation).
    var direction: ShapedLine.Direction?
  }

  /// A look with the font that draws it (the span's, or a fallback for its characters).
  struct Style: Hashable {
    var font: TextFont
    var attributes: TextAttributes
  }

  private(set) var letters: [Letter] = []
  private(set) var styles: [Style] = []
  private var known: [Style: Int] = [:]

  /// Widths can be compared within this much, in points: a line that is exactly as wide as
  /// the box fits.
  static let tolerance = 1e-6

  init(_ spans: [TextSpan]) {
    for span in spans {
      for written in span.text {
        // Control characters draw nothing (fonts map them to the box of a missing glyph);
        // a tab is a space (there are no tab stops).
        let character: Character =
          written == "\t"
          ? " "
          : written.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control })
            && !written.isNewline ? "\u{200B}" : written
        var next = letter(character, attributes: span.attributes)
        // A space between words of a fallback font stays in that font, so that the words
        // and the space shape as one run.
        if character.isWhitespace && !character.isNewline, let previous = letters.last,
          styles[previous.style].attributes == span.attributes,
          styles[previous.style].font.glyph(for: character.unicodeScalars.first!) != nil
        {
          next.style = previous.style
        }
        letters.append(next)
      }
    }
  }

  /// `character` in `attributes`, drawn by a font that has its glyph when the span's has
  /// none.
  func letter(_ character: Character, attributes: TextAttributes) -> Letter {
    let first = character.unicodeScalars.first!
    var font = attributes.font
    if !character.isWhitespace, let covering = font.covering(first) { font = covering }
    let style = Style(font: font, attributes: attributes)
    let index: Int
    if let i = known[style] {
      index = i
    } else {
      index = styles.count
      styles.append(style)
      known[style] = index
    }
    return Letter(character: character, style: index, direction: TextFont.direction(of: first))
  }

  /// One range per line: paragraphs split at line breaks, each broken to `width` points
  /// (between words, or between characters for `.characterWrap`); a text that ends with a
  /// line break has no empty line after it.
  func lineRanges(width: Double, mode: LineBreakMode) -> [LineRange] {
    guard !letters.isEmpty else { return [] }
    var ranges: [LineRange] = []
    var lo = 0
    while true {
      var hi = lo
      while hi < letters.count && !letters[hi].character.isNewline { hi += 1 }
      let direction = letters[lo..<hi].lazy.compactMap(\.direction).first ?? .leftToRight
      let emptyStyle = letters[min(hi, letters.count - 1)].style
      for (a, b) in breaking(lo, hi, width: width, mode: mode, direction: direction) {
        ranges.append(
          LineRange(
            lo: a, hi: b, paragraphEnd: hi, direction: direction, emptyStyle: emptyStyle))
      }
      if hi + 1 >= letters.count { break }
      lo = hi + 1
    }
    return ranges
  }

  /// Where the paragraph `lo..<hi` breaks to fit `width`: greedy, as UIKit breaks lines.
  private func breaking(
    _ lo: Int, _ hi: Int, width: Double, mode: LineBreakMode, direction: ShapedLine.Direction
  ) -> [(Int, Int)] {
    guard width.isFinite, hi > lo else { return [(lo, hi)] }
    let limit = width + Letters.tolerance
    let pieces = mode == .characterWrap ? (lo..<hi).map { ($0, $0 + 1) } : words(lo, hi)
    var lines: [(Int, Int)] = []
    var start = lo
    var used = 0.0
    var count = 0
    for (first, end) in pieces {
      var a = first
      let visible = self.width(a, visibleEnd(a, end), direction)
      if count > 0 && used + visible > limit {
        lines.append((start, a))
        (start, used, count) = (a, 0, 0)
      }
      if count == 0 && visible > limit {
        // A word wider than a line breaks between characters, at least one on each line.
        while a < end {
          var k = a + 1
          while k < end && self.width(a, visibleEnd(a, k + 1), direction) <= limit { k += 1 }
          if k == end { break }
          lines.append((a, k))
          a = k
        }
        (start, used, count) = (a, self.width(a, end, direction), 1)
        continue
      }
      used += self.width(a, end, direction)
      count += 1
    }
    lines.append((start, hi))
    return lines
  }

  /// The paragraph's words, each with the spaces after it: a line may break after spaces,
  /// or after a hyphen inside a word.
  private func words(_ lo: Int, _ hi: Int) -> [(Int, Int)] {
    var pieces: [(Int, Int)] = []
    var start = lo
    for i in lo..<(hi - 1) {
      let c = letters[i].character
      let next = letters[i + 1].character
      let afterSpace = c.isWhitespace && !next.isWhitespace
      let afterHyphen =
        c == "-" && i > start && !letters[i - 1].character.isWhitespace && !next.isWhitespace
      if afterSpace || afterHyphen {
        pieces.append((start, i + 1))
        start = i + 1
      }
    }
    pieces.append((start, hi))
    return pieces
  }

  /// `end` moved back over trailing spaces (not past `start`).
  private func visibleEnd(_ start: Int, _ end: Int) -> Int {
    var e = end
    while e > start && letters[e - 1].character.isWhitespace { e -= 1 }
    return e
  }

  /// The advance of `letters[a..<b]`, shaped, in points.
  func width(_ a: Int, _ b: Int, _ direction: ShapedLine.Direction) -> Double {
    width(Array(letters[a..<b]), direction)
  }

  func width(_ run: [Letter], _ direction: ShapedLine.Direction) -> Double {
    shape(run, direction: direction).reduce(0) { $0 + $1.line.width }
  }

  /// `run` shaped in runs of one look and one direction (characters of no one script join
  /// the run they are in), in logical order.
  func shape(_ run: [Letter], direction paragraph: ShapedLine.Direction) -> [(
    line: ShapedLine, color: RGBAColor, isNeutral: Bool, look: TextAttributes
  )] {
    var runs: [(line: ShapedLine, color: RGBAColor, isNeutral: Bool, look: TextAttributes)] = []
    var i = 0
    while i < run.count {
      let style = run[i].style
      var direction = run[i].direction
      var text = String(run[i].character)
      var j = i + 1
      while j < run.count && run[j].style == style {
        if let d = run[j].direction {
          if direction == nil { direction = d } else if d != direction { break }
        }
        text.append(run[j].character)
        j += 1
      }
      let s = styles[style]
      runs.append(
        (
          s.font.shape(
            text, monospacedDigits: s.attributes.monospacedDigits,
            letterSpacing: s.attributes.letterSpacing, direction: direction ?? paragraph),
          s.attributes.color, direction == nil, s.attributes
        ))
      i = j
    }
    return runs
  }

  /// The order in which `runs` (in logical order) show from left to right: the Unicode
  /// bidirectional algorithm's rule L2 over runs. A run of one script's direction gets
  /// that level (even left to right, odd right to left, above the paragraph's), a neutral
  /// run its neighbours' when they agree, else the paragraph's; then every sequence at a
  /// level or above is reversed, from the highest level down to the lowest odd one.
  static func visualOrder(
    _ runs: [(line: ShapedLine, color: RGBAColor, isNeutral: Bool, look: TextAttributes)],
    paragraph: ShapedLine.Direction
  ) -> [Int] {
    let base = paragraph == .rightToLeft ? 1 : 0
    func strongLevel(_ i: Int) -> Int {
      runs[i].line.direction == .rightToLeft ? (base | 1) : (base + 1) & ~1
    }
    var levels = [Int](repeating: base, count: runs.count)
    for i in runs.indices {
      if !runs[i].isNeutral {
        levels[i] = strongLevel(i)
        continue
      }
      let before = runs[..<i].lastIndex { !$0.isNeutral }.map(strongLevel)
      let after = runs[(i + 1)...].firstIndex { !$0.isNeutral }.map(strongLevel)
      if let before, before == after { levels[i] = before }
    }
    var order = Array(runs.indices)
    let highest = levels.max() ?? 0
    let lowestOdd = levels.filter { $0 % 2 == 1 }.min() ?? (highest + 1)
    var level = highest
    while level >= lowestOdd {
      var i = 0
      while i < order.count {
        guard levels[order[i]] >= level else {
          i += 1
          continue
        }
        var j = i
        while j < order.count && levels[order[j]] >= level { j += 1 }
        order[i..<j].reverse()
        i = j
      }
      level -= 1
    }
    return order
  }

  /// A line's height and its ascender, in points: its fonts' largest.
  func metrics(_ range: LineRange) -> (height: Double, ascender: Double) {
    let run = range.letters(self)
    let fonts = run.isEmpty ? [styles[range.emptyStyle].font] : run.map { styles[$0.style].font }
    return (
      fonts.map(\.lineHeight).max() ?? 0, fonts.map(\.ascender).max() ?? 0
    )
  }

  static func trimmingTrailingSpace(_ run: [Letter]) -> [Letter] {
    var end = run.count
    while end > 0 && run[end - 1].character.isWhitespace { end -= 1 }
    return Array(run[..<end])
  }
}

/// The letters of one line: a range of the text, or what truncation made of it.
struct LineRange {
  var lo: Int
  var hi: Int
  /// Where the line's paragraph ends (its line break not included).
  var paragraphEnd: Int
  var direction: ShapedLine.Direction
  /// The look of an empty line: its line break's.
  var emptyStyle: Int
  /// The letters after truncation, when the line was truncated or clipped.
  var replaced: [Letters.Letter]?

  func letters(_ text: Letters) -> [Letters.Letter] {
    replaced ?? Array(text.letters[lo..<hi])
  }

  /// Makes this, the last line shown, hold the rest of its paragraph as `mode` says: all of
  /// it for `.clip`, cut about "…" to fit `width` for the truncating modes; the wrapping
  /// modes keep the line as it is.
  mutating func truncate(in text: Letters, width: Double, mode: LineBreakMode) {
    let rest = Array(text.letters[lo..<paragraphEnd])
    switch mode {
    case .wordWrap, .characterWrap: return
    case .clip:
      replaced = rest
      return
    case .truncateHead, .truncateTail, .truncateMiddle: break
    }
    let look = text.styles[rest.last?.style ?? emptyStyle].attributes
    let ellipsis = text.letter("\u{2026}", attributes: look)
    func trimmedLeading(_ run: ArraySlice<Letters.Letter>) -> [Letters.Letter] {
      Array(run.drop { $0.character.isWhitespace })
    }
    func candidate(_ n: Int) -> [Letters.Letter] {
      switch mode {
      case .truncateHead: [ellipsis] + trimmedLeading(rest.suffix(n))
      case .truncateMiddle:
        Letters.trimmingTrailingSpace(Array(rest.prefix((n + 1) / 2))) + [ellipsis]
          + trimmedLeading(rest.suffix(n / 2))
      default: Letters.trimmingTrailingSpace(Array(rest.prefix(n))) + [ellipsis]
      }
    }
    func fits(_ run: [Letters.Letter]) -> Bool {
      !width.isFinite
        || text.width(Letters.trimmingTrailingSpace(run), direction) <= width + Letters.tolerance
    }
    // The most letters kept that fit with the ellipsis (widths grow with the letters kept).
    var low = 0
    var high = rest.count
    while low < high {
      let mid = (low + high + 1) / 2
      if fits(candidate(mid)) { low = mid } else { high = mid - 1 }
    }
    replaced = candidate(low)
  }
}
