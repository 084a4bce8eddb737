/// Colour stops along [0, 1] and the space they are blended in: the colours of a ring, by
/// value.
///
/// A palette is a gradient without geometry. `color(at:)` reads it from 0 to 1;
/// `cyclicColor(at:)` reads it as a loop, for colours that flow round a ring forever;
/// `sampled(count:)` turns a palette blended in another space than `.srgb` into many sRGB
/// stops that the renderer can blend itself. `Palette.named(_:)` gives the built-in ones.
///
/// ```swift
/// let palette = try Palette(colors: [.black, .white], interpolation: .oklab)
/// let stops = palette.sampled(count: 64)  // for a Gradient's colors
/// ```
public struct Palette: Hashable, Sendable {
  /// The colours, at least one (one is a solid ring).
  public let colors: [RGBAColor]
  /// The stop positions in [0, 1], one per colour and non-decreasing (equal neighbours make a
  /// hard edge); `nil` spaces the colours evenly, colour k of n at k / (n - 1).
  public let locations: [Double]?
  /// The space neighbouring colours are blended in.
  public let interpolation: ColorInterpolation

  /// A palette; throws `RingError` (`.invalidGradient`) for no colours, a number of locations
  /// other than of colours, or locations that are not non-decreasing values in [0, 1], and
  /// (`.invalidColor`) for a colour component outside [0, 1].
  public init(
    colors: [RGBAColor], locations: [Double]? = nil, interpolation: ColorInterpolation = .srgb
  ) throws {
    guard !colors.isEmpty else {
      throw RingError(.invalidGradient, "a palette needs at least one colour")
    }
    for c in colors {
      guard [c.red, c.green, c.blue, c.alpha].allSatisfy({ $0 >= 0 && $0 <= 1 }) else {
        throw RingError(.invalidColor, "palette colour \(c) has a component outside 0...1")
      }
    }
    if let locations {
      guard locations.count == colors.count else {
        throw RingError(
          .invalidGradient,
          "\(locations.count) locations for \(colors.count) colours; give one per colour")
      }
      guard locations.allSatisfy({ $0 >= 0 && $0 <= 1 }),
        zip(locations, locations.dropFirst()).allSatisfy({ $0 <= $1 })
      else {
        throw RingError(.invalidGradient, "locations must be non-decreasing values in 0...1")
      }
    }
    self.init(unchecked: colors, locations: locations, interpolation: interpolation)
  }

  init(unchecked colors: [RGBAColor], locations: [Double]?, interpolation: ColorInterpolation) {
    self.colors = colors
    self.locations = locations
    self.interpolation = interpolation
  }

  /// The colour at `position` in [0, 1] (clamped; NaN reads as 0): between two stops the
  /// neighbours blended in `interpolation`, before the first stop the first colour, after the
  /// last the last. With `.srgb` this is exactly `Gradient.color(at:)` for the same stops.
  public func color(at position: Double) -> RGBAColor {
    color(at: position > 0 ? min(position, 1) : 0, cyclic: false)
  }

  /// The colour at `position` with the palette read as a loop of period 1: `position` is
  /// taken modulo 1 (any finite value; others read as 0), so the colours flow round a ring
  /// forever.
  ///
  /// The loop is the stops at their positions plus one more segment, from the last colour
  /// back to the first, over the gap from the last position to 1 + the first. The positions:
  /// - given `locations`, those (the gap is the caller's: a zero gap between different end
  ///   colours is a hard edge at 0);
  /// - otherwise, for a closed palette (first colour equal to the last, as `rainbow`), k /
  ///   (n - 1) as in `color(at:)`: the gap is empty and the seam joins equal colours, so the
  ///   loop is `color(at:)` repeated;
  /// - otherwise k / n: the colours evenly round the loop, the last blending back into the
  ///   first over the final 1 / n, so the loop is continuous.
  public func cyclicColor(at position: Double) -> RGBAColor {
    guard position.isFinite else { return color(at: 0, cyclic: true) }
    var t = position - position.rounded(.down)
    if t >= 1 { t = 0 }  // a tiny negative position rounds up to 1
    return color(at: t, cyclic: true)
  }

  /// `count` colours evenly spaced from 0 to 1 inclusive (`color(at: k / (count - 1))`; one
  /// colour is `color(at: 0)`, none for a count below 1): stops for a renderer that blends in
  /// device sRGB. Between samples the renderer's straight sRGB blend departs from this
  /// palette's own by at most the change over 1 / (count - 1) of the palette.
  public func sampled(count: Int) -> [RGBAColor] {
    guard count > 0 else { return [] }
    guard count > 1 else { return [color(at: 0)] }
    let last = Double(count - 1)
    return (0..<count).map { color(at: Double($0) / last) }
  }

  /// Whether the palette ends on its first colour, so that its loop without locations keeps
  /// the positions k / (n - 1) rather than k / n.
  private var closesOnItself: Bool { colors.first == colors.last }

  /// Stop `k`'s position; for the loop without locations of an open palette, k / n.
  private func stop(_ k: Int, cyclic: Bool) -> Double {
    if let locations { return locations[k] }
    let n = colors.count
    if cyclic && !closesOnItself { return Double(k) / Double(n) }
    return n > 1 ? Double(k) / Double(n - 1) : 0
  }

  /// The colour at `t` in [0, 1]: the search of `GradientTable.color(at:colors:locations:)`
  /// (same stops, same segment, same fraction), then the loop's wrap segment when `cyclic`.
  private func color(at t: Double, cyclic: Bool) -> RGBAColor {
    let n = colors.count
    guard n > 1 else { return colors[0] }
    let first = stop(0, cyclic: cyclic)
    let last = stop(n - 1, cyclic: cyclic)
    if cyclic && (t < first || t > last) {
      // The wrap segment, from the last stop to the first one a period later.
      let gap = 1 + first - last
      let f = ((t < first ? t + 1 : t) - last) / gap
      return colors[n - 1].interpolated(to: colors[0], fraction: f, in: interpolation)
    }
    if t <= first { return colors[0] }
    if t >= last { return colors[n - 1] }
    // The last stop in 0...n-2 at or before t (positions are non-decreasing).
    var low = 0
    var high = n - 2
    while low < high {
      let mid = (low + high + 1) / 2
      if stop(mid, cyclic: cyclic) <= t { low = mid } else { high = mid - 1 }
    }
    let p0 = stop(low, cyclic: cyclic)
    let p1 = stop(low + 1, cyclic: cyclic)
    guard p1 > p0 else { return colors[low + 1] }
    return colors[low].interpolated(
      to: colors[low + 1], fraction: (t - p0) / (p1 - p0), in: interpolation)
  }
}

// MARK: - Named palettes

extension Palette {
  /// The built-in palettes' names, in the order a user would browse them.
  public static let names: [String] = [
    "rainbow", "activity", "activity-exercise", "activity-stand", "viridis", "magma",
    "oklch-rainbow",
  ]

  /// The built-in palette called `name` (any letter case), or `nil`:
  /// - `rainbow`: the seed's ring, hues 0, 5, ..., 360 degrees at full saturation and
  ///   brightness (`RGBAColor(hue:saturation:brightness:)`), 73 colours, `.srgb`;
  /// - `activity`, `activity-exercise`, `activity-stand`: two-colour gradients in the style of
  ///   the Apple Watch activity rings: red to pink (#E2003C to #FF4FA0), green to
  ///   yellow-green (#3EDA00 to #B8FF1E), cyan to blue (#1EEAEF to #0A84FF), `.srgb`; values
  ///   chosen by eye, not Apple's;
  /// - `viridis`, `magma`: matplotlib's colour maps (CC0), 52 stops from their 256-entry
  ///   tables, `.srgb`; between stops at most 0.0026 (0.67 of an 8-bit level) from the
  ///   table;
  /// - `oklch-rainbow`: a hue loop at constant OKLCH lightness 0.75 and chroma 0.12 (inside
  ///   sRGB at every hue: the smallest sRGB chroma limit at that lightness is 0.1275, near
  ///   hue 200), stops at hues 0, 90, 180, 270 and 0 again blended in `.oklch`. Pre-sample it
  ///   (`sampled(count:)`) to draw it with the renderer's sRGB blend.
  public static func named(_ name: String) -> Palette? {
    switch name.lowercased() {
    case "rainbow": return rainbow
    case "activity": return activity
    case "activity-exercise": return activityExercise
    case "activity-stand": return activityStand
    case "viridis": return Palette(unchecked: viridisStops, locations: nil, interpolation: .srgb)
    case "magma": return Palette(unchecked: magmaStops, locations: nil, interpolation: .srgb)
    case "oklch-rainbow": return oklchRainbow
    default: return nil
    }
  }

  private static let rainbow = Palette(
    unchecked: (0...72).map {
      try! RGBAColor(hue: Double($0 * 5) / 360, saturation: 1, brightness: 1)
    }, locations: nil, interpolation: .srgb)

  private static func hex(_ text: String) -> RGBAColor { RGBAColor(parsing: text)! }

  private static let activity = Palette(
    unchecked: [hex("#E2003C"), hex("#FF4FA0")], locations: nil, interpolation: .srgb)
  private static let activityExercise = Palette(
    unchecked: [hex("#3EDA00"), hex("#B8FF1E")], locations: nil, interpolation: .srgb)
  private static let activityStand = Palette(
    unchecked: [hex("#1EEAEF"), hex("#0A84FF")], locations: nil, interpolation: .srgb)

  /// OKLCH lightness and chroma of `oklch-rainbow`.
  static let oklchRainbowLightness = 0.75
  static let oklchRainbowChroma = 0.12

  private static let oklchRainbow: Palette = {
    let quarter = [0.0, 90, 180, 270].map { hue -> RGBAColor in
      let lch = SIMD3(oklchRainbowLightness, oklchRainbowChroma, hue)
      let linear = ColorInterpolation.linearSRGB(
        fromOKLab: ColorInterpolation.oklab(fromOKLCH: lch))
      return RGBAColor(
        unchecked: ColorInterpolation.sRGBFromLinear(linear.x),
        ColorInterpolation.sRGBFromLinear(linear.y), ColorInterpolation.sRGBFromLinear(linear.z))
    }
    // The first colour again, bit for bit, so the palette closes on itself.
    return Palette(unchecked: quarter + [quarter[0]], locations: nil, interpolation: .oklch)
  }()

  /// matplotlib's `_viridis_data` (lib/matplotlib/_cm_listed.py, CC0), every fifth of its 256
  /// entries (0, 5, ..., 255), so stop k sits at entry 5k's position 5k / 255.
  static let viridisStops: [RGBAColor] = [
    RGBAColor(unchecked: 0.267004, 0.004874, 0.329415),  // 0
    RGBAColor(unchecked: 0.273809, 0.031497, 0.358853),  // 5
    RGBAColor(unchecked: 0.278791, 0.062145, 0.386592),  // 10
    RGBAColor(unchecked: 0.281924, 0.089666, 0.412415),  // 15
    RGBAColor(unchecked: 0.283197, 0.115680, 0.436115),  // 20
    RGBAColor(unchecked: 0.282623, 0.140926, 0.457517),  // 25
    RGBAColor(unchecked: 0.280255, 0.165693, 0.476498),  // 30
    RGBAColor(unchecked: 0.276194, 0.190074, 0.493001),  // 35
    RGBAColor(unchecked: 0.270595, 0.214069, 0.507052),  // 40
    RGBAColor(unchecked: 0.263663, 0.237631, 0.518762),  // 45
    RGBAColor(unchecked: 0.255645, 0.260703, 0.528312),  // 50
    RGBAColor(unchecked: 0.246811, 0.283237, 0.535941),  // 55
    RGBAColor(unchecked: 0.237441, 0.305202, 0.541921),  // 60
    RGBAColor(unchecked: 0.227802, 0.326594, 0.546532),  // 65
    RGBAColor(unchecked: 0.218130, 0.347432, 0.550038),  // 70
    RGBAColor(unchecked: 0.208623, 0.367752, 0.552675),  // 75
    RGBAColor(unchecked: 0.199430, 0.387607, 0.554642),  // 80
    RGBAColor(unchecked: 0.190631, 0.407061, 0.556089),  // 85
    RGBAColor(unchecked: 0.182256, 0.426184, 0.557120),  // 90
    RGBAColor(unchecked: 0.174274, 0.445044, 0.557792),  // 95
    RGBAColor(unchecked: 0.166617, 0.463708, 0.558119),  // 100
    RGBAColor(unchecked: 0.159194, 0.482237, 0.558073),  // 105
    RGBAColor(unchecked: 0.151918, 0.500685, 0.557587),  // 110
    RGBAColor(unchecked: 0.144759, 0.519093, 0.556572),  // 115
    RGBAColor(unchecked: 0.137770, 0.537492, 0.554906),  // 120
    RGBAColor(unchecked: 0.131172, 0.555899, 0.552459),  // 125
    RGBAColor(unchecked: 0.125394, 0.574318, 0.549086),  // 130
    RGBAColor(unchecked: 0.121148, 0.592739, 0.544641),  // 135
    RGBAColor(unchecked: 0.119423, 0.611141, 0.538982),  // 140
    RGBAColor(unchecked: 0.121380, 0.629492, 0.531973),  // 145
    RGBAColor(unchecked: 0.128087, 0.647749, 0.523491),  // 150
    RGBAColor(unchecked: 0.140210, 0.665859, 0.513427),  // 155
    RGBAColor(unchecked: 0.157851, 0.683765, 0.501686),  // 160
    RGBAColor(unchecked: 0.180653, 0.701402, 0.488189),  // 165
    RGBAColor(unchecked: 0.208030, 0.718701, 0.472873),  // 170
    RGBAColor(unchecked: 0.239374, 0.735588, 0.455688),  // 175
    RGBAColor(unchecked: 0.274149, 0.751988, 0.436601),  // 180
    RGBAColor(unchecked: 0.311925, 0.767822, 0.415586),  // 185
    RGBAColor(unchecked: 0.352360, 0.783011, 0.392636),  // 190
    RGBAColor(unchecked: 0.395174, 0.797475, 0.367757),  // 195
    RGBAColor(unchecked: 0.440137, 0.811138, 0.340967),  // 200
    RGBAColor(unchecked: 0.487026, 0.823929, 0.312321),  // 205
    RGBAColor(unchecked: 0.535621, 0.835785, 0.281908),  // 210
    RGBAColor(unchecked: 0.585678, 0.846661, 0.249897),  // 215
    RGBAColor(unchecked: 0.636902, 0.856542, 0.216620),  // 220
    RGBAColor(unchecked: 0.688944, 0.865448, 0.182725),  // 225
    RGBAColor(unchecked: 0.741388, 0.873449, 0.149561),  // 230
    RGBAColor(unchecked: 0.793760, 0.880678, 0.120005),  // 235
    RGBAColor(unchecked: 0.845561, 0.887322, 0.099702),  // 240
    RGBAColor(unchecked: 0.896320, 0.893616, 0.096335),  // 245
    RGBAColor(unchecked: 0.945636, 0.899815, 0.112838),  // 250
    RGBAColor(unchecked: 0.993248, 0.906157, 0.143936),  // 255
  ]

  /// matplotlib's `_magma_data` (lib/matplotlib/_cm_listed.py, CC0), every fifth of its 256
  /// entries (0, 5, ..., 255), so stop k sits at entry 5k's position 5k / 255.
  static let magmaStops: [RGBAColor] = [
    RGBAColor(unchecked: 0.001462, 0.000466, 0.013866),  // 0
    RGBAColor(unchecked: 0.007588, 0.006356, 0.044973),  // 5
    RGBAColor(unchecked: 0.018815, 0.016026, 0.084584),  // 10
    RGBAColor(unchecked: 0.035520, 0.028397, 0.125209),  // 15
    RGBAColor(unchecked: 0.056615, 0.042160, 0.167446),  // 20
    RGBAColor(unchecked: 0.078815, 0.054184, 0.211667),  // 25
    RGBAColor(unchecked: 0.102815, 0.063010, 0.257854),  // 30
    RGBAColor(unchecked: 0.129380, 0.067935, 0.305443),  // 35
    RGBAColor(unchecked: 0.159018, 0.068354, 0.352688),  // 40
    RGBAColor(unchecked: 0.191460, 0.064818, 0.396152),  // 45
    RGBAColor(unchecked: 0.225302, 0.060445, 0.431742),  // 50
    RGBAColor(unchecked: 0.258857, 0.059706, 0.457710),  // 55
    RGBAColor(unchecked: 0.291366, 0.064553, 0.475462),  // 60
    RGBAColor(unchecked: 0.322899, 0.073782, 0.487408),  // 65
    RGBAColor(unchecked: 0.353773, 0.085373, 0.495501),  // 70
    RGBAColor(unchecked: 0.384299, 0.097855, 0.501002),  // 75
    RGBAColor(unchecked: 0.414709, 0.110431, 0.504662),  // 80
    RGBAColor(unchecked: 0.445163, 0.122724, 0.506901),  // 85
    RGBAColor(unchecked: 0.475780, 0.134577, 0.507921),  // 90
    RGBAColor(unchecked: 0.506629, 0.145958, 0.507806),  // 95
    RGBAColor(unchecked: 0.537755, 0.156894, 0.506551),  // 100
    RGBAColor(unchecked: 0.569172, 0.167454, 0.504105),  // 105
    RGBAColor(unchecked: 0.600868, 0.177743, 0.500394),  // 110
    RGBAColor(unchecked: 0.632805, 0.187893, 0.495332),  // 115
    RGBAColor(unchecked: 0.664915, 0.198075, 0.488836),  // 120
    RGBAColor(unchecked: 0.697098, 0.208501, 0.480835),  // 125
    RGBAColor(unchecked: 0.729216, 0.219437, 0.471279),  // 130
    RGBAColor(unchecked: 0.761077, 0.231214, 0.460162),  // 135
    RGBAColor(unchecked: 0.792427, 0.244242, 0.447543),  // 140
    RGBAColor(unchecked: 0.822926, 0.259016, 0.433573),  // 145
    RGBAColor(unchecked: 0.852126, 0.276106, 0.418573),  // 150
    RGBAColor(unchecked: 0.879464, 0.296125, 0.403118),  // 155
    RGBAColor(unchecked: 0.904281, 0.319610, 0.388137),  // 160
    RGBAColor(unchecked: 0.925937, 0.346844, 0.374959),  // 165
    RGBAColor(unchecked: 0.944006, 0.377643, 0.365136),  // 170
    RGBAColor(unchecked: 0.958464, 0.411324, 0.360014),  // 175
    RGBAColor(unchecked: 0.969680, 0.446936, 0.360311),  // 180
    RGBAColor(unchecked: 0.978210, 0.483612, 0.366025),  // 185
    RGBAColor(unchecked: 0.984622, 0.520713, 0.376698),  // 190
    RGBAColor(unchecked: 0.989363, 0.557873, 0.391671),  // 195
    RGBAColor(unchecked: 0.992785, 0.594891, 0.410283),  // 200
    RGBAColor(unchecked: 0.995122, 0.631696, 0.431951),  // 205
    RGBAColor(unchecked: 0.996580, 0.668256, 0.456192),  // 210
    RGBAColor(unchecked: 0.997254, 0.704611, 0.482635),  // 215
    RGBAColor(unchecked: 0.997285, 0.740772, 0.510983),  // 220
    RGBAColor(unchecked: 0.996727, 0.776795, 0.541039),  // 225
    RGBAColor(unchecked: 0.995680, 0.812706, 0.572645),  // 230
    RGBAColor(unchecked: 0.994222, 0.848540, 0.605696),  // 235
    RGBAColor(unchecked: 0.992440, 0.884330, 0.640099),  // 240
    RGBAColor(unchecked: 0.990570, 0.920049, 0.675675),  // 245
    RGBAColor(unchecked: 0.988717, 0.955742, 0.712242),  // 250
    RGBAColor(unchecked: 0.987053, 0.991438, 0.749504),  // 255
  ]
}
