import Testing

@testable import RainbowRing
@testable import RingConfig

/// What a label says at each progress, and the size and colour a configuration gives it.
@Suite struct RingLabelTests {
  func label(_ content: RingLabel.Content) throws -> RingLabel {
    try RingLabel(content, font: TextFont.systemFont(size: 20), color: .black)
  }

  @Test(arguments: [
    (0.0, "0%", "0.00"), (0.29, "29%", "0.29"), (0.999, "99%", "0.99"), (1.0, "100%", "1.00"),
    (2.5, "250%", "2.50"), (-0.1, "0%", "0.00"), (0.07, "7%", "0.07"),
  ])
  func aProgressIsShownInWholeHundredthsRoundedDown(value: Double, percent: String, turns: String)
    throws
  {
    #expect(try label(.percent).text(progress: value) == percent)
    #expect(try label(.value).text(progress: value) == turns)
    #expect(try label(.text("Hi")).text(progress: value) == "Hi")
  }

  /// Without a size, 28% of the hole; a text that would fill more than 80% of it shrinks
  /// to 80%.
  @Test func theDefaultSizeFitsTheHole() throws {
    var config = RingConfiguration()
    config.label = "percent"
    config.progress = 0.5
    let short = try #require(try config.makeRing().label)
    #expect(abs(short.font.size - 0.28 * 120) < 1e-9, "28% of the 120-point hole")
    config.label = "A much longer message"
    config.progress = nil
    let long = try #require(try config.makeRing().label)
    let width = long.placed("A much longer message", in: Size(width: 160, height: 160)).layout
      .size.width
    #expect(abs(width - 0.8 * 120) < 0.01, "shrunk to 80% of the hole: \(width)")
    config.labelSize = 40
    #expect(try config.makeRing().label?.font.size == 40, "a given size is kept")
  }

  @Test(arguments: [
    (nil as String?, RGBAColor.black), ("black", .white), ("#202020", .white),
    ("#FFFFFF", .black), ("#00000040", .black),
  ])
  func theDefaultColourStandsOutFromTheBackground(background: String?, color: RGBAColor) throws {
    var config = RingConfiguration()
    config.label = "Hi"
    config.background = background
    #expect(try config.makeRing().label?.color == color)
  }

  @Test func theLabelIsCentredOnItsCapitals() throws {
    let label = try label(.text("H"))
    let bounds = try #require(label.path("H", in: Size(width: 100, height: 60)).controlBounds)
    #expect(abs(bounds.midX - 50) < 0.5, "across: \(bounds)")
    #expect(abs(bounds.midY - 30) < 0.01, "down, the capital's middle on the centre: \(bounds)")
  }
}
