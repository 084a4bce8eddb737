import RingGraphics

/// The palette names and interpolation spaces a configuration accepts (temporary: the
/// rainbow only, until palettes land).
public enum RingPalettes {
  public static let names = ["rainbow"]
  public static let interpolations = ["srgb"]

  /// The ring colours for `colors` (or the named palette) in `interpolation`, and how many
  /// ring stops each palette colour became.
  static func ringColors(
    colors: [RGBAColor]?, locations: [Double]?, palette: String?, interpolation: String?,
    rainbow: () throws -> [RGBAColor]
  ) throws -> (colors: [RGBAColor], stopsPerColor: Int) {
    if let colors { return (colors, 1) }
    return (try rainbow(), 1)
  }
}
