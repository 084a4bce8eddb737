import RainbowRing
import RingGraphics

/// A ring option's key as a coding key.
struct RingOptionKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension RingConfiguration: Codable {
  /// Decodes the fields a ring file sets (`options`, in their order), each checked where it
  /// stands: a decoder that reports positions (`StrictJSONDecoder`) puts a refused value's
  /// line and column before the message. `null` is refused like any value of the wrong
  /// type: leaving a key out is how a ring file takes the default.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: RingOptionKey.self)
    self.init()
    for option in Self.options {
      let k = RingOptionKey(stringValue: option.key)
      guard c.contains(k) else { continue }
      let given: RingOption.Given
      switch option.value {
      case .number: given = .number(try c.decode(CheckedNumber.self, forKey: k).value)
      case .flag: given = .flag(try c.decode(Bool.self, forKey: k))
      case .names, .color: given = .text(try c.decode(CheckedName.self, forKey: k).value)
      case .text(let maximumLength):
        let text = try c.decode(String.self, forKey: k)
        if let problem = RingOption.problem(withText: text, maximumLength: maximumLength) {
          throw DecodingError.dataCorruptedError(
            forKey: k, in: c, debugDescription: "\(option.key) \(problem)")
        }
        given = .text(text)
      case .colors:
        let colors = try c.decode([CheckedColor].self, forKey: k).map(\.value)
        try Self.checkColorList(colors, in: c, at: k)
        given = .texts(colors)
      case .numbers(_, let count):
        let v = try c.decode([CheckedNumber].self, forKey: k).map(\.value)
        if let count, v.count != count {
          throw DecodingError.dataCorruptedError(
            forKey: k, in: c, debugDescription: "\(option.key) must be [x, y]: two numbers")
        }
        given = .numbers(v)
      }
      set(option, to: given)
    }
  }

  /// A ring file's colour list: at least one colour, at most `maximumColors`, and the whole
  /// palette (a file that also names a palette or a hue step would have one of them
  /// silently ignored).
  private static func checkColorList(
    _ colors: [String], in c: KeyedDecodingContainer<RingOptionKey>, at k: RingOptionKey
  ) throws {
    if colors.isEmpty {
      throw DecodingError.dataCorruptedError(
        forKey: k, in: c, debugDescription: "colors must hold at least one colour")
    }
    if colors.count > maximumColors {
      throw DecodingError.dataCorruptedError(
        forKey: k, in: c,
        debugDescription: "colors holds at most \(maximumColors) colours, not \(colors.count)")
    }
    for other in ["palette", "hue-step"] {
      let key = RingOptionKey(stringValue: other)
      if c.contains(key) {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: c,
          debugDescription:
            "\(other) has no effect beside colors, which gives every colour: leave one out")
      }
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: RingOptionKey.self)
    for option in Self.options {
      let k = RingOptionKey(stringValue: option.key)
      switch value(of: option) {
      case .number(let v)?: try c.encode(v, forKey: k)
      case .flag(let v)?: try c.encode(v, forKey: k)
      case .text(let v)?: try c.encode(v, forKey: k)
      case .texts(let v)?: try c.encode(v, forKey: k)
      case .numbers(let v)?: try c.encode(v, forKey: k)
      case nil: break
      }
    }
  }
}

/// A number checked against its key's range as it is decoded.
private struct CheckedNumber: Decodable {
  let value: Double
  init(from decoder: any Decoder) throws {
    value = try decoder.singleValueContainer().decode(Double.self)
    // An element of a list is checked against its list's key.
    let key = decoder.codingPath.last { $0.intValue == nil }?.stringValue ?? ""
    try RingConfiguration.check(key, value)
  }
}

/// A name checked against its key's choices (or a colour) as it is decoded.
private struct CheckedName: Decodable {
  let value: String
  init(from decoder: any Decoder) throws {
    value = try decoder.singleValueContainer().decode(String.self)
    try RingConfiguration.check(decoder.codingPath.last?.stringValue ?? "", value)
  }
}

/// A colour of the `colors` list, checked as it is decoded.
private struct CheckedColor: Decodable {
  let value: String
  init(from decoder: any Decoder) throws {
    value = try decoder.singleValueContainer().decode(String.self)
    guard RGBAColor(parsing: value) != nil else {
      throw RingError(
        .invalidParameter,
        "'\(RingConfiguration.shown(value))' is not a colour: expected #RRGGBB or #RRGGBBAA",
        key: "colors")
    }
  }
}

extension RingConfiguration {
  /// The fields this configuration sets as a ring file: a JSON object, one key per line in
  /// the order of `keys`, which `RingFile` reads back to the same configuration.
  public var jsonText: String {
    let lines = Self.options.compactMap { option in
      value(of: option).map { "  \(JSONText.quoted(option.key)): \($0.json)" }
    }
    return lines.isEmpty ? "{}\n" : "{\n" + lines.joined(separator: ",\n") + "\n}\n"
  }

  /// The value this configuration sets for `key` (one of `keys`) as JSON (`0.75`,
  /// `"round"`, `false`), or `nil` when unset.
  public func jsonValue(forKey key: String) -> String? {
    Self.option(key).flatMap { value(of: $0)?.json }
  }
}
