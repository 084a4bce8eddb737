import RainbowRing
import RingGraphics

extension RingConfiguration {
  /// The most colours a `colors` list holds: a ring's limit.
  public static let maximumColors = 65_536

  /// The keys that shape a progress arc: without `progress` nothing would read them.
  public static let progressKeys = [
    "start-angle", "direction", "cap", "track", "track-width", "end-effect", "progress-from",
    "progress-duration", "progress-delay", "timing",
  ]

  /// The keys that style a label: without `label` nothing would read them.
  public static let labelKeys = ["label-size", "label-color", "label-font"]

  /// Whether this configuration sets `key` (one of `keys`).
  public func sets(_ key: String) -> Bool { jsonValue(forKey: key) != nil }

  /// Checks how the fields fit together, once for all sources: the same rules hold for a
  /// command line, a ring file, a preset and any merge of them. Throws `RingError` whose
  /// `key` names the value at fault. When two or more values conflict, that is the one given
  /// by the latest source: `order` ranks each key's source (higher is later: a command line
  /// over a ring file over a preset); a key the configuration sets but `order` omits ranks
  /// 1, and one it does not set (a default) ranks 0. On a tie the constrained value (the
  /// first named below) is at fault; a constrained value left at its default is called so.
  /// - a progress arc's keys (`progressKeys`) without `progress`;
  /// - a label's keys (`labelKeys`) without `label`, and a percent or value label without
  ///   `progress`;
  /// - `ring-width` above half of `size`;
  /// - `track-width` above the ring's diameter at its centre line (`size - ring-width`);
  /// - `colors` of more than `maximumColors`;
  /// - `locations` that do not give one ascending position per colour of the palette (whose
  ///   colours `colors`, `palette` or `hue-step` give).
  ///
  /// `makeRing()` checks this first.
  public func checkFit(order: [String: Int] = [:]) throws(RingError) {
    _ = try fittedPalette(order: order)
  }

  /// Of `constrained` and the keys it is checked against, the one given by the latest
  /// source (`constrained` on a tie): see `checkFit(order:)`.
  func atFault(_ constrained: String, against others: [String], order: [String: Int]) -> String {
    func rank(_ key: String) -> Int { sets(key) ? order[key] ?? 1 : 0 }
    return others.reduce(constrained) { rank($1) > rank($0) ? $1 : $0 }
  }

  /// `key`'s value for a message: `20, the default,` when the configuration leaves it unset.
  func given(_ key: String, _ value: Double) -> String {
    Self.text(value) + (sets(key) ? "" : ", the default,")
  }

  /// `checkFit(order:)`, then the palette the configuration's colours make.
  func fittedPalette(order: [String: Int] = [:]) throws(RingError) -> Palette {
    if progress == nil, let key = Self.progressKeys.first(where: sets) {
      throw RingError(
        .invalidParameter,
        "\(key) shapes a progress arc: it needs progress (turns), as in --progress 0.75 or \"progress\": 0.75 in a ring file",
        key: key)
    }
    if label == nil, let key = Self.labelKeys.first(where: sets) {
      throw RingError(
        .invalidParameter,
        "\(key) styles a label: it needs label (text), as in --label percent or \"label\": \"Done\" in a ring file",
        key: key)
    }
    if progress == nil, let label, label == "percent" || label == "value" {
      throw RingError(
        .invalidParameter,
        "label \(label) shows a progress ring's value: it needs progress (turns), as in --progress 0.75",
        key: "label")
    }
    let e = effective
    let size = e.size!
    let ringWidth = e.ringWidth!
    guard ringWidth <= size / 2 else {
      throw RingError(
        .invalidParameter,
        "ring-width \(given("ring-width", ringWidth)) must be at most half of size (\(Self.text(size / 2)))",
        key: atFault("ring-width", against: ["size"], order: order))
    }
    if let trackWidth = e.trackWidth, trackWidth > size - ringWidth {
      throw RingError(
        .invalidParameter,
        "track-width \(given("track-width", trackWidth)) must be at most \(Self.text(size - ringWidth)) points (the ring's diameter at its centre line: size less ring-width)",
        key: atFault("track-width", against: ["size", "ring-width"], order: order))
    }
    if let colors, colors.count > Self.maximumColors {
      throw RingError(
        .invalidParameter,
        "colors holds at most \(Self.maximumColors) colours, not \(colors.count)", key: "colors")
    }
    do {
      return try makePalette()
    } catch  where error.code == .locationCount {
      let key = atFault("locations", against: ["colors", "palette", "hue-step"], order: order)
      throw RingError(error.code, error.message, key: key)
    }
  }

  /// The palette the configuration's colours make; throws `RingError` naming `colors`,
  /// `locations`, `palette` or `interpolation`.
  func makePalette() throws(RingError) -> Palette {
    let e = effective
    do {
      let parsed = try e.colors.map { list in
        try list.map { text in
          guard let c = RGBAColor(parsing: text) else {
            throw RingError(
              .invalidParameter,
              "colors holds '\(RingConfiguration.shown(text))', which is not a colour: expected #RRGGBB or #RRGGBBAA",
              key: "colors")
          }
          return c
        }
      }
      return try RingPalettes.palette(
        colors: parsed, locations: e.locations, name: e.palette, interpolation: e.interpolation
      ) {
        try RainbowRing(
          hueStep: e.hueStep ?? 5, saturation: e.saturation ?? 1, brightness: e.brightness ?? 1
        )
        .colors
      }
    } catch let error as RingError {
      throw error
    } catch {
      throw RingError(.invalidParameter, "\(error)")
    }
  }
}
