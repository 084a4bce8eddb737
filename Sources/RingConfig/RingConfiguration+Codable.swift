import RainbowRing
import RingGraphics

extension RingConfiguration: Codable {
  /// Decodes the fields a ring file sets, each checked where it stands: a decoder that
  /// reports positions (`StrictJSONDecoder`) puts a refused value's line and column before
  /// the message. `null` is refused like any value of the wrong type: leaving a key out is
  /// how a ring file takes the default.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    /// The value at `k` when the key is there, `null` included (which `T` refuses).
    func decoded<T: Decodable>(_ type: T.Type, _ k: CodingKeys) throws -> T? {
      c.contains(k) ? try c.decode(T.self, forKey: k) : nil
    }
    func number(_ k: CodingKeys) throws -> Double? {
      try decoded(CheckedNumber.self, k)?.value
    }
    func name(_ k: CodingKeys) throws -> String? {
      try decoded(CheckedName.self, k)?.value
    }
    func numbers(_ k: CodingKeys, count: Int? = nil) throws -> [Double]? {
      guard let v = try decoded([CheckedNumber].self, k)?.map(\.value) else {
        return nil
      }
      if let count, v.count != count {
        throw DecodingError.dataCorruptedError(
          forKey: k, in: c, debugDescription: "\(k.rawValue) must be [x, y]: two numbers")
      }
      return v
    }
    self.init()
    scene = try name(.scene)
    size = try number(.size)
    ringWidth = try number(.ringWidth)
    background = try name(.background)
    scale = try number(.scale)
    stepDuration = try number(.stepDuration)
    flow = try decoded(Bool.self, .flow)
    hueStep = try number(.hueStep)
    saturation = try number(.saturation)
    brightness = try number(.brightness)
    palette = try name(.palette)
    colors = try decoded([CheckedColor].self, .colors)?.map(\.value)
    if colors?.isEmpty == true {
      throw DecodingError.dataCorruptedError(
        forKey: .colors, in: c, debugDescription: "colors must hold at least one colour")
    }
    if let n = colors?.count, n > RingConfiguration.maximumColors {
      throw DecodingError.dataCorruptedError(
        forKey: .colors, in: c,
        debugDescription:
          "colors holds at most \(RingConfiguration.maximumColors) colours, not \(n)")
    }
    // A colour list is the whole palette: a file that also names a palette or a hue step
    // would have one of them silently ignored.
    for other in [CodingKeys.palette, .hueStep] where colors != nil && c.contains(other) {
      throw DecodingError.dataCorruptedError(
        forKey: other, in: c,
        debugDescription:
          "\(other.rawValue) has no effect beside colors, which gives every colour: leave one out")
    }
    locations = try numbers(.locations)
    interpolation = try name(.interpolation)
    gradient = try name(.gradient)
    startPoint = try numbers(.startPoint, count: 2)
    endPoint = try numbers(.endPoint, count: 2)
    progress = try number(.progress)
    startAngle = try number(.startAngle)
    direction = try name(.direction)
    cap = try name(.cap)
    track = try name(.track)
    trackWidth = try number(.trackWidth)
    endEffect = try name(.endEffect)
    progressFrom = try number(.progressFrom)
    progressDuration = try number(.progressDuration)
    progressDelay = try number(.progressDelay)
    timing = try name(.timing)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encodeIfPresent(scene, forKey: .scene)
    try c.encodeIfPresent(size, forKey: .size)
    try c.encodeIfPresent(ringWidth, forKey: .ringWidth)
    try c.encodeIfPresent(background, forKey: .background)
    try c.encodeIfPresent(scale, forKey: .scale)
    try c.encodeIfPresent(stepDuration, forKey: .stepDuration)
    try c.encodeIfPresent(flow, forKey: .flow)
    try c.encodeIfPresent(hueStep, forKey: .hueStep)
    try c.encodeIfPresent(saturation, forKey: .saturation)
    try c.encodeIfPresent(brightness, forKey: .brightness)
    try c.encodeIfPresent(palette, forKey: .palette)
    try c.encodeIfPresent(colors, forKey: .colors)
    try c.encodeIfPresent(locations, forKey: .locations)
    try c.encodeIfPresent(interpolation, forKey: .interpolation)
    try c.encodeIfPresent(gradient, forKey: .gradient)
    try c.encodeIfPresent(startPoint, forKey: .startPoint)
    try c.encodeIfPresent(endPoint, forKey: .endPoint)
    try c.encodeIfPresent(progress, forKey: .progress)
    try c.encodeIfPresent(startAngle, forKey: .startAngle)
    try c.encodeIfPresent(direction, forKey: .direction)
    try c.encodeIfPresent(cap, forKey: .cap)
    try c.encodeIfPresent(track, forKey: .track)
    try c.encodeIfPresent(trackWidth, forKey: .trackWidth)
    try c.encodeIfPresent(endEffect, forKey: .endEffect)
    try c.encodeIfPresent(progressFrom, forKey: .progressFrom)
    try c.encodeIfPresent(progressDuration, forKey: .progressDuration)
    try c.encodeIfPresent(progressDelay, forKey: .progressDelay)
    try c.encodeIfPresent(timing, forKey: .timing)
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
    let lines = CodingKeys.allCases.compactMap { key in
      json(key).map { "  \(JSONText.quoted(key.rawValue)): \($0)" }
    }
    return lines.isEmpty ? "{}\n" : "{\n" + lines.joined(separator: ",\n") + "\n}\n"
  }

  /// The value this configuration sets for `key` (one of `keys`) as JSON (`0.75`,
  /// `"round"`, `false`), or `nil` when unset.
  public func jsonValue(forKey key: String) -> String? {
    CodingKeys(rawValue: key).flatMap(json)
  }

  /// A field's value as JSON, or `nil` when unset.
  private func json(_ key: CodingKeys) -> String? {
    func n(_ v: Double?) -> String? { v.map(RingConfiguration.text) }
    func s(_ v: String?) -> String? { v.map(JSONText.quoted) }
    func list<T>(_ v: [T]?, _ f: (T) -> String) -> String? {
      v.map { "[" + $0.map(f).joined(separator: ", ") + "]" }
    }
    switch key {
    case .scene: return s(scene)
    case .size: return n(size)
    case .ringWidth: return n(ringWidth)
    case .background: return s(background)
    case .scale: return n(scale)
    case .stepDuration: return n(stepDuration)
    case .flow: return flow.map { $0 ? "true" : "false" }
    case .hueStep: return n(hueStep)
    case .saturation: return n(saturation)
    case .brightness: return n(brightness)
    case .palette: return s(palette)
    case .colors: return list(colors, JSONText.quoted)
    case .locations: return list(locations, RingConfiguration.text)
    case .interpolation: return s(interpolation)
    case .gradient: return s(gradient)
    case .startPoint: return list(startPoint, RingConfiguration.text)
    case .endPoint: return list(endPoint, RingConfiguration.text)
    case .progress: return n(progress)
    case .startAngle: return n(startAngle)
    case .direction: return s(direction)
    case .cap: return s(cap)
    case .track: return s(track)
    case .trackWidth: return n(trackWidth)
    case .endEffect: return s(endEffect)
    case .progressFrom: return n(progressFrom)
    case .progressDuration: return n(progressDuration)
    case .progressDelay: return n(progressDelay)
    case .timing: return s(timing)
    }
  }
}
