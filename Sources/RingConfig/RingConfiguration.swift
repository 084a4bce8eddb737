import Foundation
import RainbowRing
import RingGraphics
import RingLayers

/// Everything that configures a ring and its scene, as one `Codable` value: what a ring file
/// (`--config ring.json`) and a preset hold, what the command line's options set, and what
/// `rainbow-ring config --print` shows. Keys are the command line's option names.
///
/// Every field is optional: `nil` takes the default (see `effective`). Each value is checked
/// when it is set from text or decoded (a number outside its range, an unknown name or a
/// malformed colour is refused with a `RingError` naming the key); `makeRing()` checks what
/// needs several fields at once.
public struct RingConfiguration: Hashable, Sendable {
  public var scene: String?
  public var size: Double?
  public var ringWidth: Double?
  public var background: String?
  public var scale: Double?
  public var stepDuration: Double?
  public var flow: Bool?
  public var hueStep: Double?
  public var saturation: Double?
  public var brightness: Double?
  public var palette: String?
  public var colors: [String]?
  public var locations: [Double]?
  public var interpolation: String?
  public var gradient: String?
  public var startPoint: [Double]?
  public var endPoint: [Double]?
  public var progress: Double?
  public var startAngle: Double?
  public var direction: String?
  public var cap: String?
  public var track: String?
  public var trackWidth: Double?
  public var endEffect: String?
  public var progressFrom: Double?
  public var progressDuration: Double?
  public var progressDelay: Double?
  public var timing: String?

  public init() {}

  enum CodingKeys: String, CodingKey, CaseIterable {
    case scene, size
    case ringWidth = "ring-width"
    case background, scale
    case stepDuration = "step-duration"
    case flow
    case hueStep = "hue-step"
    case saturation, brightness, palette, colors, locations, interpolation, gradient
    case startPoint = "start-point"
    case endPoint = "end-point"
    case progress
    case startAngle = "start-angle"
    case direction, cap, track
    case trackWidth = "track-width"
    case endEffect = "end-effect"
    case progressFrom = "progress-from"
    case progressDuration = "progress-duration"
    case progressDelay = "progress-delay"
    case timing
  }

  /// The keys a configuration holds, in the order they are printed.
  public static let keys = CodingKeys.allCases.map(\.rawValue)

  // MARK: Values and their ranges

  /// A number's accepted range and unit, by key.
  public static let ranges: [String: (range: ClosedRange<Double>, unit: String)] = [
    "size": (1...10000, "points"), "ring-width": (0.01...5000, "points"),
    "scale": (1...4, "pixels per point"), "step-duration": (0.001...3600, "seconds"),
    "hue-step": (0.01...360, "degrees"), "saturation": (0...1, ""), "brightness": (0...1, ""),
    "progress": (0...RingProgress.maximumValue, "turns"),
    "start-angle": (-3600...3600, "degrees"), "track-width": (0.01...5000, "points"),
    "progress-from": (0...RingProgress.maximumValue, "turns"),
    "progress-duration": (0...3600, "seconds"), "progress-delay": (0...3600, "seconds"),
    "locations": (0...1, ""), "start-point": (-1000...1000, ""), "end-point": (-1000...1000, ""),
  ]

  /// The progress animation's named curves (`timing`), in CSS's words for Core Animation's.
  public static let timings: [(name: String, function: TimingFunction)] = [
    ("linear", .linear), ("ease-in", .easeIn), ("ease-out", .easeOut),
    ("ease-in-out", .easeInEaseOut), ("default", .default),
  ]

  /// The names a text field accepts, by key: all that its help and suggestions show.
  public static let choices: [String: [String]] = [
    "scene": ["ring", "seed"],
    "gradient": GradientKind.allCases.map(\.rawValue),
    "direction": RingDirection.allCases.map(\.rawValue),
    "cap": LineCap.allCases.map(\.rawValue),
    "end-effect": RingEndEffect.allCases.map(\.rawValue),
    "timing": timings.map(\.name),
    "palette": RingPalettes.names,
    "interpolation": RingPalettes.interpolations,
  ]

  /// Checks a number for `key`; throws `RingError` saying the range.
  public static func check(_ key: String, _ value: Double) throws {
    guard let (range, unit) = ranges[key] else { return }
    guard value.isFinite, range.contains(value) else {
      throw RingError(
        .invalidParameter, "\(key) must be in \(describe(range))\(unit.isEmpty ? "" : " " + unit)",
        key: key)
    }
  }

  /// Checks a name for `key`; throws `RingError` listing the names (and the nearest one).
  public static func check(_ key: String, _ value: String) throws {
    if ["background", "track"].contains(key) {
      guard RGBAColor(parsing: value) != nil else {
        throw RingError(
          .invalidParameter,
          "\(key) '\(shown(value))' is not a colour: expected transparent, white, black, #RRGGBB or #RRGGBBAA",
          key: key)
      }
      return
    }
    guard let names = choices[key], !names.contains(value) else { return }
    let near = Suggestion.nearest(to: value, among: names).map { "; did you mean '\($0)'?" }
    throw RingError(
      .invalidParameter,
      "\(key) '\(shown(value))' is not one of \(names.joined(separator: ", "))\(near ?? "")",
      key: key)
  }

  /// `text` for a one-line message: hidden characters as escapes (`\n`, `\u{202e}`; see
  /// `VisibleText`), at most 100 characters.
  public static func shown(_ text: String) -> String {
    let cut = String(String.UnicodeScalarView(text.unicodeScalars.prefix(100)))
    return VisibleText.escaped(cut) + (text.unicodeScalars.count > 100 ? "..." : "")
  }

  static func describe(_ r: ClosedRange<Double>) -> String {
    func f(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
    return "\(f(r.lowerBound))...\(f(r.upperBound))"
  }

  // MARK: Combining

  /// This configuration with every field `other` sets taken from `other`. The colours
  /// come from one source: `other`'s colour list replaces this one's palette (and its
  /// locations, unless `other` gives some), `other`'s palette this one's colour list and
  /// locations.
  public func overridden(by other: RingConfiguration) -> RingConfiguration {
    var out = self
    for key in CodingKeys.allCases { out.copy(key, from: other) }
    if other.colors != nil && other.palette == nil {
      out.palette = nil
      out.locations = other.locations
    }
    if other.palette != nil && other.colors == nil {
      out.colors = nil
      out.locations = other.locations
    }
    return out
  }

  private mutating func copy(_ key: CodingKeys, from o: RingConfiguration) {
    switch key {
    case .scene: scene = o.scene ?? scene
    case .size: size = o.size ?? size
    case .ringWidth: ringWidth = o.ringWidth ?? ringWidth
    case .background: background = o.background ?? background
    case .scale: scale = o.scale ?? scale
    case .stepDuration: stepDuration = o.stepDuration ?? stepDuration
    case .flow: flow = o.flow ?? flow
    case .hueStep: hueStep = o.hueStep ?? hueStep
    case .saturation: saturation = o.saturation ?? saturation
    case .brightness: brightness = o.brightness ?? brightness
    case .palette: palette = o.palette ?? palette
    case .colors: colors = o.colors ?? colors
    case .locations: locations = o.locations ?? locations
    case .interpolation: interpolation = o.interpolation ?? interpolation
    case .gradient: gradient = o.gradient ?? gradient
    case .startPoint: startPoint = o.startPoint ?? startPoint
    case .endPoint: endPoint = o.endPoint ?? endPoint
    case .progress: progress = o.progress ?? progress
    case .startAngle: startAngle = o.startAngle ?? startAngle
    case .direction: direction = o.direction ?? direction
    case .cap: cap = o.cap ?? cap
    case .track: track = o.track ?? track
    case .trackWidth: trackWidth = o.trackWidth ?? trackWidth
    case .endEffect: endEffect = o.endEffect ?? endEffect
    case .progressFrom: progressFrom = o.progressFrom ?? progressFrom
    case .progressDuration: progressDuration = o.progressDuration ?? progressDuration
    case .progressDelay: progressDelay = o.progressDelay ?? progressDelay
    case .timing: timing = o.timing ?? timing
    }
  }
}
