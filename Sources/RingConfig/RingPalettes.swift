import RainbowRing
import RingGraphics

/// How a configuration's colours become a ring's: a palette (a colour list, a named one, or
/// the rainbow), blended in its interpolation space.
public enum RingPalettes {
  /// The named palettes `palette` accepts.
  public static var names: [String] { Palette.names }

  /// Ring stops per palette colour when the renderer's sRGB blend cannot draw the palette
  /// itself (another space, or uneven locations): enough that a stop's straight blend stays
  /// within a fraction of a level of the palette's own.
  static func stopsPerColor(_ n: Int) -> Int { max(1, min((512 + n - 1) / n, 65_536 / n)) }

  /// The palette a configuration names: `colors` (with `locations`) if given, else the named
  /// palette, else the rainbow from `rainbow()`; in `interpolation` when given.
  static func palette(
    colors: [RGBAColor]?, locations: [Double]?, name: String?,
    interpolation space: ColorInterpolation?,
    rainbow: () throws -> [RGBAColor]
  ) throws -> Palette {
    if let colors {
      return try located(colors, locations, space ?? .srgb)
    }
    let base: Palette
    if let name, name != "rainbow" {
      guard let named = Palette.named(name) else {
        throw RingError(
          .invalidParameter,
          "palette '\(RingConfiguration.shown(name))' is not one of \(names.joined(separator: ", "))",
          key: "palette")
      }
      base = named
    } else {
      base = try Palette(colors: try rainbow())
    }
    return try located(base.colors, locations ?? base.locations, space ?? base.interpolation)
  }

  /// A palette of `colors` at `locations`, refused with a message that starts with the key
  /// at fault (so that a ring file's place can be put before it).
  static func located(
    _ colors: [RGBAColor], _ locations: [Double]?, _ space: ColorInterpolation
  ) throws -> Palette {
    guard !colors.isEmpty else {
      throw RingError(.invalidParameter, "colors must hold at least one colour", key: "colors")
    }
    if let locations {
      guard locations.count == colors.count else {
        throw RingError(
          .locationCount,
          "locations must hold one position per colour: \(locations.count) for \(colors.count) colours",
          key: "locations")
      }
      guard zip(locations, locations.dropFirst()).allSatisfy({ $0 <= $1 }) else {
        throw RingError(.invalidParameter, "locations must not decrease", key: "locations")
      }
    }
    // Evenly spaced locations are no locations: the renderer spaces stops so itself.
    let even =
      locations.map { l in
        l.indices.allSatisfy {
          abs(l[$0] - (l.count > 1 ? Double($0) / Double(l.count - 1) : 0)) < 1e-12
        }
      } ?? true
    return try Palette(colors: colors, locations: even ? nil : locations, interpolation: space)
  }

  /// The ring's colours for `palette`: its own colours when the renderer blends them as the
  /// palette does (sRGB, evenly spaced), else `stopsPerColor` samples per colour; and how
  /// many ring stops each palette colour became.
  static func ringColors(_ palette: Palette) -> (colors: [RGBAColor], stopsPerColor: Int) {
    let n = palette.colors.count
    if palette.interpolation == .srgb && palette.locations == nil { return (palette.colors, 1) }
    let r = stopsPerColor(n)
    return (palette.sampled(count: n * r), r)
  }
}
