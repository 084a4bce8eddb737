import RingGraphics
import Testing

@testable import RingPlayers

@Suite struct HalfBlockCellTests {
  /// Premultiplied packed pixels (red in the low byte).
  static let red: UInt32 = 0xFF00_00FF
  static let blue: UInt32 = 0xFFFF_0000
  static let clear: UInt32 = 0
  /// Blue at 50 % coverage, premultiplied.
  static let halfBlue: UInt32 = 0x8080_0000
  /// Blue at 25 % coverage.
  static let quarterBlue: UInt32 = 0x4040_0000
  /// Blue at 3 % coverage.
  static let faintBlue: UInt32 = 0x0808_0000
  static let cream = TerminalBackground(red: 253, green: 246, blue: 227).pixel

  /// Whichever half has colour is the foreground; an empty half is the default background,
  /// never the default foreground (the speck).
  @Test(arguments: [
    (clear, clear, nil as UInt32?, HalfBlockCell.Glyph.space, nil as UInt32?, nil as UInt32?),
    (red, clear, nil, .upperHalf, 0x0000FF as UInt32?, nil as UInt32?),
    (clear, red, nil, .lowerHalf, 0x0000FF as UInt32?, nil as UInt32?),
    (red, blue, nil, .upperHalf, 0x0000FF as UInt32?, 0xFF0000 as UInt32?),
    (faintBlue, red, nil, .lowerHalf, 0x0000FF as UInt32?, nil as UInt32?),
    (faintBlue, red, cream, .lowerHalf, 0x0000FF as UInt32?, nil as UInt32?),
    (quarterBlue, red, nil, .lowerHalf, 0x0000FF as UInt32?, nil as UInt32?),
    (red, quarterBlue, nil, .upperHalf, 0x0000FF as UInt32?, nil as UInt32?),
  ])
  func emptyHalvesAreTheTerminalsBackground(
    top: UInt32, bottom: UInt32, over: UInt32?, glyph: HalfBlockCell.Glyph, fg: UInt32?,
    bg: UInt32?
  ) {
    let cell = HalfBlockCell(top: top, bottom: bottom, over: over)
    #expect(
      cell == HalfBlockCell(glyph: glyph, foreground: fg, background: bg),
      "top \(String(top, radix: 16)), bottom \(String(bottom, radix: 16)) gives \(cell)")
  }

  /// Over a known background a partly covered pixel is the blend; without one it is its own
  /// colour from half coverage up (never darkened towards black) and empty below.
  @Test(arguments: [
    (halfBlue, cream as UInt32?, 0xF17B7E as UInt32?),
    (quarterBlue, cream, 0xEAB8BE as UInt32?),
    (faintBlue, cream, nil as UInt32?),
    (halfBlue, nil, 0xFF0000 as UInt32?),
    (quarterBlue, nil, nil as UInt32?),
    (blue, cream, 0xFF0000 as UInt32?),
    (clear, cream, nil as UInt32?),
  ])
  func partlyCoveredPixels(pixel: UInt32, over: UInt32?, expected: UInt32?) {
    let color = HalfBlockCell.color(of: pixel, over: over)
    #expect(
      color == expected,
      "\(String(pixel, radix: 16)) over \(over.map { String($0, radix: 16) } ?? "nothing"): \(color.map { String($0, radix: 16) } ?? "empty")"
    )
  }
}
