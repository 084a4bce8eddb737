import RingGraphics
import Testing

@testable import RingText

/// Breaking text into lines, truncating the last, aligning, falling back to fonts that
/// have a character, and right-to-left paragraphs.
@Suite struct TextLayoutTests {
  let font = try! TextFont.systemFont(size: 17)
  var look: TextAttributes { TextAttributes(font: font, color: .black) }

  /// The text each line shows, its runs joined in visual order.
  func texts(_ layout: TextLayout) -> [String] {
    layout.lines.map { $0.fragments.map(\.line.text).joined() }
  }

  func width(_ text: String) -> Double { font.shape(text).width }

  @Test func linesBreakBetweenWordsToFitTheWidth() {
    let text = "The quick brown fox jumps over the lazy dog"
    let box = width("The quick brown") + 0.5
    let layout = TextLayout(text, attributes: look, width: box)
    #expect(texts(layout) == ["The quick brown", "fox jumps over", "the lazy dog"])
    for line in layout.lines { #expect(line.width <= box, "\(line.width) fits \(box)") }
    #expect(!layout.isTruncated)
    #expect(layout.size.height == 3 * font.lineHeight, "three lines of the font's height")
    #expect(layout.lines[1].top == font.lineHeight)
    #expect(layout.lines[0].baseline == font.ascender, "the first baseline is an ascender down")
  }

  /// Spaces at a paragraph's end count, as UIKit measures them (a label of spaces has a
  /// width); where a line wraps they hang past the line, uncounted.
  @Test(arguments: ["a   ", "   ", " ", "a \nb"])
  func spacesAtAParagraphsEndCount(text: String) {
    let paragraph = String(text.prefix { $0 != "\n" })
    let layout = TextLayout(text, attributes: look)
    #expect(abs(layout.lines[0].width - width(paragraph)) < 1e-9)
    #expect(layout.lines[0].width > width(paragraph.filter { $0 != " " }))
  }

  @Test func spacesWhereALineWrapsDoNotCount() {
    let layout = TextLayout("one   two", attributes: look, width: width("one") + 1)
    #expect(texts(layout) == ["one", "two"])
    #expect(abs(layout.lines[0].width - width("one")) < 1e-9)
  }

  @Test func aLineExactlyAsWideAsTheBoxFits() {
    let layout = TextLayout("one two", attributes: look, width: width("one two"))
    #expect(texts(layout) == ["one two"])
  }

  @Test func lineBreaksInTheTextStartNewLines() {
    let layout = TextLayout("one\n\ntwo\n", attributes: look)
    #expect(texts(layout) == ["one", "", "two"], "an empty line, none after the last break")
  }

  @Test func aWordLongerThanALineBreaksBetweenCharacters() {
    let box = width("mmm") + 0.1
    let layout = TextLayout("mmmmmmmmmm xy", attributes: look, width: box)
    #expect(texts(layout) == ["mmm", "mmm", "mmm", "m xy"])
  }

  @Test func characterWrapBreaksAnywhere() {
    let box = width("one tw") + 0.1
    let layout = TextLayout(
      "one two three", attributes: look, width: box,
      style: TextStyle(lineBreakMode: .characterWrap))
    #expect(texts(layout).first == "one tw")
  }

  @Test(arguments: [LineBreakMode.truncateTail, .truncateHead, .truncateMiddle])
  func oneTruncatedLineKeepsAllThatFitsAboutTheEllipsis(mode: LineBreakMode) throws {
    let text = "The quick brown fox jumps over the lazy dog"
    let box = width("The quick brown…") + 0.5
    let layout = TextLayout(
      text, attributes: look, width: box, style: TextStyle(lineBreakMode: mode, maximumLines: 1))
    let shown = try #require(texts(layout).first)
    #expect(layout.lines.count == 1 && layout.isTruncated)
    #expect(layout.lines[0].width <= box, "fits")
    let parts = shown.split(separator: "…", omittingEmptySubsequences: false).map(String.init)
    #expect(parts.count == 2, "one ellipsis in '\(shown)'")
    #expect(text.hasPrefix(parts[0]) && text.hasSuffix(parts[1]), "'\(shown)' keeps both ends")
    switch mode {
    case .truncateTail: #expect(parts[1].isEmpty && !parts[0].isEmpty)
    case .truncateHead: #expect(parts[0].isEmpty && !parts[1].isEmpty)
    default: #expect(abs(parts[0].count - parts[1].count) <= 2, "the middle goes: '\(shown)'")
    }
    // One more character would not fit.
    let rest = text.dropFirst(parts[0].count)
    let spaces = rest.prefix { $0 == " " }
    let longer =
      switch mode {
      case .truncateHead: "…" + text.suffix(parts[1].count + 1)
      case .truncateTail: parts[0] + spaces + rest.dropFirst(spaces.count).prefix(1) + "…"
      default: ""
      }
    #expect(longer.isEmpty || width(longer) > box, "'\(longer)'")
  }

  @Test(arguments: [
    (LineBreakMode.wordWrap, "The quick brown"),
    (.clip, "The quick brown fox jumps over the lazy dog"),
  ])
  func oneLineThatDoesNotTruncateIsCutOrLeftToClip(mode: LineBreakMode, shown: String) {
    let text = "The quick brown fox jumps over the lazy dog"
    let box = width("The quick brown…") + 0.5
    let layout = TextLayout(
      text, attributes: look, width: box, style: TextStyle(lineBreakMode: mode, maximumLines: 1))
    #expect(texts(layout) == [shown])
    #expect(layout.isTruncated)
  }

  @Test func theLastLineShownIsTruncatedWhenTextFollows() {
    let layout = TextLayout(
      "one two\nthree", attributes: look, width: 1000,
      style: TextStyle(lineBreakMode: .truncateTail, maximumLines: 1))
    #expect(texts(layout) == ["one two…"], "the hidden paragraph is shown to be missing")
  }

  @Test func theHeightLimitsTheLines() {
    let layout = TextLayout(
      "aaa bbb ccc ddd", attributes: look, width: width("bbb…") + 1,
      height: 2.5 * font.lineHeight,
      style: TextStyle(lineBreakMode: .truncateTail))
    #expect(layout.lines.count == 2)
    #expect(texts(layout) == ["aaa", "bbb…"])
  }

  @Test(arguments: [
    (TextAlignment.left, 0.0), (.center, 0.5), (.right, 1.0), (.natural, 0.0),
  ])
  func linesSitAcrossTheBoxAsAligned(alignment: TextAlignment, share: Double) {
    let layout = TextLayout(
      "hi", attributes: look, width: 100, style: TextStyle(alignment: alignment))
    let free = 100 - width("hi")
    #expect(abs(layout.lines[0].fragments[0].origin.x - share * free) < 1e-9)
  }

  @Test func aRightToLeftParagraphStartsAtTheRight() throws {
    let layout = TextLayout("مرحبا بالعالم", attributes: look, width: 300)
    let line = try #require(layout.lines.first)
    #expect(line.fragments.count == 1, "the words and the space between are one run")
    let run = try #require(line.fragments.first)
    #expect(run.line.direction == .rightToLeft)
    #expect(abs(run.origin.x + run.line.width - 300) < 1e-9, "natural is right")
    #expect(run.line.glyphs.last?.cluster == 0, "the first letter at the right")
    #expect(run.line.font.familyName != "Inter", "Inter has no Arabic: a font that has it")
    #expect(run.line.glyphs.allSatisfy { $0.glyph != 0 })
  }

  @Test(arguments: [
    ("Hello مرحبا", ["Hello ", "مرحبا"]),
    ("مرحبا and नमस्ते", ["and ", "नमस्ते", "مرحبا "]),
    ("مرحبا 123 world", ["123 world", "مرحبا "]),
  ])
  func runsShowInTheBidirectionalAlgorithmsOrder(text: String, visual: [String]) {
    let layout = TextLayout(text, attributes: look)
    #expect(texts(layout) == [visual.joined()])
    #expect(layout.lines[0].fragments.map(\.line.text) == visual)
    let xs = layout.lines[0].fragments.map(\.origin.x)
    #expect(xs == xs.sorted(), "fragments left to right")
  }

  @Test func eachColourIsOnePathInTheOrderItFirstAppears() throws {
    let red = TextAttributes(font: font, color: try RGBAColor(red: 1, green: 0, blue: 0))
    let layout = TextLayout([
      TextSpan("75", look), TextSpan("%", red), TextSpan(" done", look),
    ])
    let fills = layout.fills(at: Point(x: 10, y: 20))
    #expect(fills.map(\.color) == [.black, red.color])
    let bounds = try #require(fills.first?.path.controlBounds)
    #expect(bounds.minX >= 10 && bounds.minY >= 20, "placed from the layout's top left")
    #expect(bounds.maxY <= 20 + font.ascender - font.descender)
  }

  @Test func tabularDigitsKeepANumbersWidth() {
    let tabular = TextAttributes(font: font, color: .black, monospacedDigits: true)
    let widths = ["11%", "47%", "88%"].map { TextLayout($0, attributes: tabular).size.width }
    #expect(widths.allSatisfy { abs($0 - widths[0]) < 1e-9 }, "\(widths)")
    let proportional = ["11%", "88%"].map { TextLayout($0, attributes: look).size.width }
    #expect(proportional[0] != proportional[1], "Inter's own digits differ in width")
  }

  @Test func justifiedLinesFillTheBoxButTheLast() {
    let text = "The quick brown fox jumps over the lazy dog"
    let box = width("The quick brown") + 12
    let layout = TextLayout(
      text, attributes: look, width: box, style: TextStyle(alignment: .justified))
    #expect(texts(layout) == ["The quick brown", "fox jumps over", "the lazy dog"])
    for line in layout.lines.dropLast() { #expect(abs(line.width - box) < 1e-9) }
    #expect(abs(layout.lines[2].width - width("the lazy dog")) < 1e-9, "the last is natural")
    #expect(layout.lines[2].fragments[0].origin.x == 0)
    let one = TextLayout(
      "Single", attributes: look, width: 200, style: TextStyle(alignment: .justified))
    #expect(abs(one.lines[0].width - width("Single")) < 1e-9, "no spaces, no stretch")
  }

  @Test func controlCharactersDrawNothingAndATabIsASpace() {
    let layout = TextLayout("a\u{1}b\tc", attributes: look)
    let glyphs = layout.lines[0].fragments.flatMap(\.line.glyphs)
    #expect(glyphs.allSatisfy { font.glyphName($0.glyph) != ".notdef" }, "no missing-glyph box")
    #expect(abs(layout.size.width - width("ab c")) < 1e-9)
  }

  @Test func emptyTextHasNoLines() {
    let layout = TextLayout("", attributes: look, width: 50)
    #expect(layout.lines.isEmpty && layout.size == Size(width: 0, height: 0))
  }
}
