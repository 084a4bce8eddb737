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
  public var scene: RingSceneKind?
  public var size: Double?
  public var ringWidth: Double?
  /// A colour as written (`white`, `#RRGGBB`), printed back as it was given.
  public var background: String?
  public var scale: Double?
  public var stepDuration: Double?
  public var flow: Bool?
  public var hueStep: Double?
  public var saturation: Double?
  public var brightness: Double?
  /// One of `RingPalettes.names`.
  public var palette: String?
  public var colors: [String]?
  public var locations: [Double]?
  public var interpolation: ColorInterpolation?
  public var gradient: GradientKind?
  public var startPoint: [Double]?
  public var endPoint: [Double]?
  public var progress: Double?
  public var startAngle: Double?
  public var direction: RingDirection?
  public var cap: LineCap?
  public var track: String?
  public var trackWidth: Double?
  public var endEffect: RingEndEffect?
  public var progressFrom: Double?
  public var progressDuration: Double?
  public var progressDelay: Double?
  public var timing: RingTiming?
  public var label: String?
  public var labelSize: Double?
  public var labelColor: String?
  public var labelFont: String?

  public init() {}

  /// The keys a configuration holds, in the order they are printed.
  public static let keys = options.map(\.key)

  // MARK: Values and their ranges

  /// A number's accepted range and unit, by key (from `options`).
  public static let ranges: [String: (range: ClosedRange<Double>, unit: String)] =
    Dictionary(uniqueKeysWithValues: options.compactMap { o in o.range.map { (o.key, $0) } })

  /// The names a text field accepts, by key (from `options`): all that its help and
  /// suggestions show.
  public static let choices: [String: [String]] =
    Dictionary(uniqueKeysWithValues: options.compactMap { o in o.names.map { (o.key, $0) } })

  /// Checks a number for `key`; throws `RingError` saying the range.
  public static func check(_ key: String, _ value: Double) throws {
    guard let (range, unit) = ranges[key] else { return }
    guard value.isFinite, range.contains(value) else {
      throw RingError(
        .invalidParameter, "\(key) must be in \(range.plainText)\(unit.isEmpty ? "" : " " + unit)",
        key: key)
    }
  }

  /// Checks a name for `key`; throws `RingError` listing the names (and the nearest one).
  public static func check(_ key: String, _ value: String) throws {
    if case .color? = option(key)?.value {
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

  // MARK: Combining

  /// This configuration with every field `other` sets taken from `other`. The colours
  /// come from one source: `other`'s colour list replaces this one's palette (and its
  /// locations, unless `other` gives some), `other`'s palette this one's colour list and
  /// locations.
  public func overridden(by other: RingConfiguration) -> RingConfiguration {
    var out = self
    for option in Self.options {
      if let given = other.value(of: option) { out.set(option, to: given) }
    }
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
}
