import RingGraphics

/// One terminal cell drawn from two stacked pixels: `▀` with the top pixel as foreground and
/// the bottom one as background, `▄` when only the bottom pixel has colour, a space when
/// neither has.
///
/// A transparent half is always the terminal's own default background, never its default
/// foreground, so no speck appears where the ring's edge leaves one half empty.
struct HalfBlockCell: Equatable {
  enum Glyph: Equatable {
    case space
    /// `▀`: the foreground is the top half.
    case upperHalf
    /// `▄`: the foreground is the bottom half.
    case lowerHalf

    var utf8: String.UTF8View {
      switch self {
      case .space: " ".utf8
      case .upperHalf: "▀".utf8
      case .lowerHalf: "▄".utf8
      }
    }
  }

  var glyph: Glyph
  /// Opaque colours as 0xBBGGRR, or `nil` for the terminal's default.
  var foreground: UInt32?
  var background: UInt32?

  init(glyph: Glyph, foreground: UInt32?, background: UInt32?) {
    (self.glyph, self.foreground, self.background) = (glyph, foreground, background)
  }

  /// The cell for the premultiplied pixels `top` and `bottom`, partly covered pixels
  /// blended over `terminalBackground` (see `color(of:over:)`).
  init(top: UInt32, bottom: UInt32, over terminalBackground: UInt32?) {
    let t = HalfBlockCell.color(of: top, over: terminalBackground)
    let b = HalfBlockCell.color(of: bottom, over: terminalBackground)
    switch (t, b) {
    case (nil, nil): (glyph, foreground, background) = (.space, nil, nil)
    case (let t?, nil): (glyph, foreground, background) = (.upperHalf, t, nil)
    case (nil, let b?): (glyph, foreground, background) = (.lowerHalf, b, nil)
    case (let t?, let b?): (glyph, foreground, background) = (.upperHalf, t, b)
    }
  }

  /// The least alpha (out of 255) drawn over a known background: fainter pixels differ from
  /// it by at most 6 % and are left to the terminal.
  static let faintestBlended: UInt32 = 16

  /// The least alpha drawn when the background is unknown: coverage rounded to the nearer
  /// of empty or full, so the ring keeps its area without a fringe blended over a guess.
  static let faintestUnblended: UInt32 = 128

  /// A premultiplied pixel as an opaque 0xBBGGRR colour, or `nil` for the terminal's own
  /// background. Over a known `terminalBackground` (an opaque packed pixel) a partly covered
  /// pixel is blended over it; without one it is drawn in its own colour from half coverage
  /// up and left empty below, never blended over black.
  @inline(__always)
  static func color(of v: UInt32, over terminalBackground: UInt32?) -> UInt32? {
    let a = v >> 24
    if a == 255 { return v & 0x00FF_FFFF }
    if let bg = terminalBackground {
      if a < faintestBlended { return nil }
      return PixelMath.sourceOver(v, bg) & 0x00FF_FFFF
    }
    if a < faintestUnblended { return nil }
    let (r, g, b, _) = PixelMath.unpremultiplied(v)
    return UInt32(b) << 16 | UInt32(g) << 8 | UInt32(r)
  }
}
