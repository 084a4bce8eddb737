import RingGraphics

/// One glyph of a shaped line: which glyph, which characters it shows, and where it goes.
public struct ShapedGlyph: Hashable, Sendable {
  /// The glyph's id in the font.
  public var glyph: UInt32
  /// Which characters this glyph shows: the index, in the text's Unicode scalars, of the
  /// first of them (HarfBuzz's cluster, as `hb-shape` prints it; the glyphs of a conjunct
  /// share one, and a ligature's characters all belong to its one glyph).
  public var cluster: Int
  /// How far the pen moves after this glyph, in points (letter spacing included).
  public var advance: Double
  /// Where the glyph is drawn relative to the pen, in points, y down (marks sit above or
  /// below their base through it).
  public var offset: Point

  public init(glyph: UInt32, cluster: Int, advance: Double, offset: Point) {
    self.glyph = glyph
    self.cluster = cluster
    self.advance = advance
    self.offset = offset
  }
}
