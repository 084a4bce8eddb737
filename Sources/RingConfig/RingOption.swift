import RainbowRing
import RingGraphics

/// One ring option, declared once: its key (the ring file's key and the command line's
/// `--key`), the field of `RingConfiguration` it sets, what its value takes, and how help
/// shows it. `RingConfiguration.options` lists them all: a configuration's decoding,
/// encoding, merging and printing, and the command line's options, help, man page and
/// completions are made from that list.
public struct RingOption: Sendable {
  /// What an option's value takes: the one range or set of names it is checked against.
  public enum Value: Sendable {
    /// A number in the range, with its unit for messages (empty for none).
    case number(ClosedRange<Double>, unit: String)
    /// On or off: `true`/`false` in a ring file, `--key` or `--no-key`.
    case flag
    /// One of the names.
    case names([String])
    /// A colour: transparent, white, black, #RRGGBB or #RRGGBBAA.
    case color
    /// A list of #RRGGBB or #RRGGBBAA colours.
    case colors
    /// A list of numbers in the range: `count` of them (`x,y` for two), or any number.
    case numbers(ClosedRange<Double>, count: Int?)
    /// Any text of 1 to `maximumLength` characters, without control characters.
    case text(maximumLength: Int)
  }

  /// The ring file's key and the command line's option name (`ring-width`).
  public let key: String
  public let value: Value
  /// One sentence or two for help.
  public let help: String
  /// The value's placeholder in help (`points`); `nil` for a flag.
  public let valueName: String?
  /// The default as help shows it.
  public let defaultDescription: String?
  let field: Field

  /// Where an option's value lives in a configuration: its field, by the field's type (an
  /// enum's through its names).
  enum Field: @unchecked Sendable {
    // Unchecked: key paths and the closures below are immutable.
    case number(WritableKeyPath<RingConfiguration, Double?>)
    case flag(WritableKeyPath<RingConfiguration, Bool?>)
    case text(WritableKeyPath<RingConfiguration, String?>)
    case texts(WritableKeyPath<RingConfiguration, [String]?>)
    case numbers(WritableKeyPath<RingConfiguration, [Double]?>)
    case choice(
      get: (RingConfiguration) -> String?, set: (inout RingConfiguration, String?) -> Void)
  }

  /// A number in `range` (`unit` for messages).
  static func number(
    _ key: String, _ field: WritableKeyPath<RingConfiguration, Double?>,
    _ range: ClosedRange<Double>, unit: String = "", value valueName: String, help: String,
    default defaultDescription: String
  ) -> RingOption {
    RingOption(
      key: key, value: .number(range, unit: unit), help: help, valueName: valueName,
      defaultDescription: defaultDescription, field: .number(field))
  }

  /// An enum's case, by its raw value.
  static func choice<E: RawRepresentable & CaseIterable & Sendable>(
    _ key: String, _ field: WritableKeyPath<RingConfiguration, E?>, value valueName: String,
    help: String, default defaultDescription: String
  ) -> RingOption where E.RawValue == String {
    RingOption(
      key: key, value: .names(E.allCases.map(\.rawValue)), help: help, valueName: valueName,
      defaultDescription: defaultDescription,
      field: .choice(
        get: { $0[keyPath: field]?.rawValue },
        set: { c, name in c[keyPath: field] = name.flatMap(E.init(rawValue:)) }))
  }

  /// A colour, kept as written.
  static func color(
    _ key: String, _ field: WritableKeyPath<RingConfiguration, String?>, help: String,
    default defaultDescription: String
  ) -> RingOption {
    RingOption(
      key: key, value: .color, help: help, valueName: "color",
      defaultDescription: defaultDescription, field: .text(field))
  }

  /// The names an option takes, if it takes names.
  public var names: [String]? {
    if case .names(let names) = value { return names }
    return nil
  }

  /// The range a number (or a list of numbers) takes, with its unit.
  public var range: (range: ClosedRange<Double>, unit: String)? {
    switch value {
    case .number(let range, let unit): (range, unit)
    case .numbers(let range, _): (range, "")
    default: nil
    }
  }
}

extension RingConfiguration {
  /// Every ring option, in the order a ring file and `config --print` list them (and help).
  public static let options: [RingOption] = [
    .choice(
      "scene", \.scene, value: "scene",
      help: "ring (the ring alone) or seed (the iPhone's 375x667-point white view, ring at 50,80).",
      default: "ring"),
    .number(
      "size", \.size, 1...10000, unit: "points", value: "points",
      help: "Side of the ring view, in points.", default: "160"),
    .number(
      "ring-width", \.ringWidth, 0.01...5000, unit: "points", value: "points",
      help: "Width of the ring, in points.", default: "20"),
    .color(
      "background", \.background, help: "transparent, white, black, #RRGGBB or #RRGGBBAA.",
      default: "transparent; white for --scene seed"),
    .number(
      "scale", \.scale, 1...4, unit: "pixels per point", value: "n",
      help: "Pixels per point, 1 to 4; fractions allowed.", default: "1"),
    .number(
      "step-duration", \.stepDuration, 0.001...3600, unit: "seconds", value: "seconds",
      help: "Time for the colours to move one stop.", default: "0.1"),
    RingOption(
      key: "flow", value: .flag,
      help: "The colours flow round the ring (--no-flow holds them still).", valueName: nil,
      defaultDescription: "on", field: .flag(\.flow)),
    .number(
      "hue-step", \.hueStep, 0.01...360, unit: "degrees", value: "degrees",
      help: "Hue between neighbouring colours, 0.01 to 360.", default: "5"),
    .number(
      "saturation", \.saturation, 0...1, value: "value", help: "Colour saturation, 0 to 1.",
      default: "1"),
    .number(
      "brightness", \.brightness, 0...1, value: "value", help: "Colour brightness, 0 to 1.",
      default: "1"),
    RingOption(
      key: "palette", value: .names(RingPalettes.names),
      help: "A named palette: \(RingPalettes.names.joined(separator: ", ")).",
      valueName: "name", defaultDescription: "rainbow", field: .text(\.palette)),
    RingOption(
      key: "colors", value: .colors,
      help: "The gradient's colours, comma-separated #RRGGBB or #RRGGBBAA (instead of a palette).",
      valueName: "list", defaultDescription: "the seed's 73 hues", field: .texts(\.colors)),
    RingOption(
      key: "locations", value: .numbers(0...1, count: nil),
      help: "Where the colours sit, comma-separated ascending numbers in 0...1, one per colour.",
      valueName: "list", defaultDescription: "evenly spaced", field: .numbers(\.locations)),
    .choice(
      "interpolation", \.interpolation, value: "space",
      help:
        "Colour space the gradient mixes in: \(ColorInterpolation.allCases.map(\.rawValue).joined(separator: ", ")).",
      default: "srgb, as Core Animation does"),
    .choice(
      "gradient", \.gradient, value: "kind",
      help: "Gradient kind of a full ring: \(listed(GradientKind.self)).", default: "axial"),
    RingOption(
      key: "start-point", value: .numbers(-1000...1000, count: 2),
      help: "Gradient start in the ring's unit square (the centre of a radial or conic one).",
      valueName: "x,y", defaultDescription: "0,0 axial, 0.5,0.5 radial and conic",
      field: .numbers(\.startPoint)),
    RingOption(
      key: "end-point", value: .numbers(-1000...1000, count: 2),
      help:
        "Gradient end in the ring's unit square (a conic one starts towards it; a radial one's radii are its offsets from the start).",
      valueName: "x,y", defaultDescription: "1,1 axial and radial, 1,0.5 conic",
      field: .numbers(\.endPoint)),
    .number(
      "progress", \.progress, 0...RingProgress.maximumValue, unit: "turns", value: "turns",
      help: "Draw a progress arc of this many turns (0 to 100; above 1 it overlaps itself).",
      default: "a full ring"),
    .number(
      "start-angle", \.startAngle, -3600...3600, unit: "degrees", value: "degrees",
      help: "Where the arc starts: 0 at three o'clock, clockwise; -90 is twelve o'clock.",
      default: "-90"),
    .choice(
      "direction", \.direction, value: "way",
      help: "Which way the arc grows: \(listed(RingDirection.self)).", default: "clockwise"),
    .choice(
      "cap", \.cap, value: "shape", help: "The arc's ends: \(listed(LineCap.self)).",
      default: "round"),
    .color("track", \.track, help: "A track under the arc: #RRGGBB or #RRGGBBAA.", default: "none"),
    .number(
      "track-width", \.trackWidth, 0.01...5000, unit: "points", value: "points",
      help: "Width of the track, in points.", default: "the ring width"),
    .choice(
      "end-effect", \.endEffect, value: "kind",
      help: "A mark under the arc's head: \(listed(RingEndEffect.self)).", default: "none"),
    .number(
      "progress-from", \.progressFrom, 0...RingProgress.maximumValue, unit: "turns",
      value: "turns", help: "Animate the progress from this value to --progress.",
      default: "no animation"),
    .number(
      "progress-duration", \.progressDuration, 0...3600, unit: "seconds", value: "seconds",
      help: "Length of the progress animation.", default: "1"),
    .number(
      "progress-delay", \.progressDelay, 0...3600, unit: "seconds", value: "seconds",
      help: "When the progress animation starts.", default: "0"),
    .choice(
      "timing", \.timing, value: "curve",
      help: "The progress animation's curve: \(listed(RingTiming.self)).",
      default: "ease-in-out"),
    RingOption(
      key: "label", value: .text(maximumLength: RingLabel.maximumLength),
      help:
        "Text in the ring's centre: percent (the progress, following its animation), value (the progress in turns) or any other text.",
      valueName: "text", defaultDescription: "none", field: .text(\.label)),
    .number(
      "label-size", \.labelSize, 1...5000, unit: "points", value: "points",
      help: "The label's font size, in points.",
      default: "28% of the ring's inner diameter, smaller for a long text"),
    .color(
      "label-color", \.labelColor, help: "The label's colour: white, black, #RRGGBB or #RRGGBBAA.",
      default: "black, white on a dark background"),
    RingOption(
      key: "label-font", value: .text(maximumLength: 200),
      help: "The label's font family, as fc-list names it.",
      valueName: "family", defaultDescription: "Inter Semi Bold (DejaVu Sans without Inter)",
      field: .text(\.labelFont)),
  ]

  /// `a, b or c`: an enum's names as help lists them.
  static func listed<E: RawRepresentable & CaseIterable>(_: E.Type) -> String
  where E.RawValue == String {
    let names = E.allCases.map(\.rawValue)
    return names.count < 2
      ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
  }

  /// The option whose key is `key`, or `nil`.
  public static func option(_ key: String) -> RingOption? {
    options.first { $0.key == key }
  }

  /// The value this configuration sets for `option`, by kind: what merging, encoding and
  /// printing read.
  func value(of option: RingOption) -> RingOption.Given? {
    switch option.field {
    case .number(let f): self[keyPath: f].map(RingOption.Given.number)
    case .flag(let f): self[keyPath: f].map(RingOption.Given.flag)
    case .text(let f): self[keyPath: f].map(RingOption.Given.text)
    case .texts(let f): self[keyPath: f].map(RingOption.Given.texts)
    case .numbers(let f): self[keyPath: f].map(RingOption.Given.numbers)
    case .choice(let get, _): get(self).map(RingOption.Given.text)
    }
  }

  /// Sets `option` to `given` (a value of its kind, already checked), or clears it.
  public mutating func set(_ option: RingOption, to given: RingOption.Given?) {
    switch (option.field, given) {
    case (.number(let f), .number(let v)?): self[keyPath: f] = v
    case (.number(let f), _): self[keyPath: f] = nil
    case (.flag(let f), .flag(let v)?): self[keyPath: f] = v
    case (.flag(let f), _): self[keyPath: f] = nil
    case (.text(let f), .text(let v)?): self[keyPath: f] = v
    case (.text(let f), _): self[keyPath: f] = nil
    case (.texts(let f), .texts(let v)?): self[keyPath: f] = v
    case (.texts(let f), _): self[keyPath: f] = nil
    case (.numbers(let f), .numbers(let v)?): self[keyPath: f] = v
    case (.numbers(let f), _): self[keyPath: f] = nil
    case (.choice(_, let set), .text(let v)?): set(&self, v)
    case (.choice(_, let set), _): set(&self, nil)
    }
  }
}

extension RingOption {
  /// A value given for an option, by kind (an enum's by its name).
  public enum Given: Hashable, Sendable {
    case number(Double)
    case flag(Bool)
    case text(String)
    case texts([String])
    case numbers([Double])

    /// The value as JSON: `0.75`, `true`, `"round"`, `[0.5, 1]`.
    var json: String {
      switch self {
      case .number(let v): RingConfiguration.text(v)
      case .flag(let v): v ? "true" : "false"
      case .text(let v): JSONText.quoted(v)
      case .texts(let v): "[" + v.map(JSONText.quoted).joined(separator: ", ") + "]"
      case .numbers(let v): "[" + v.map(RingConfiguration.text).joined(separator: ", ") + "]"
      }
    }
  }
}

extension RingOption {
  /// What is wrong with `text` as a free text value, or nil: empty, longer than
  /// `maximumLength` characters, or holding control characters (a label's line breaks are
  /// written `\n` in a ring file).
  public static func problem(withText text: String, maximumLength: Int) -> String? {
    if text.isEmpty { return "must not be empty" }
    if text.count > maximumLength {
      return "has \(text.count) characters; at most \(maximumLength) are allowed"
    }
    if text.unicodeScalars.contains(where: {
      $0.properties.generalCategory == .control && $0 != "\n"
    }) {
      return "must not hold control characters other than line breaks"
    }
    return nil
  }
}
