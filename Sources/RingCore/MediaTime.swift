/// A time on the animation clock, in whole nanoseconds: the one time type of layers,
/// animations, renderers and exporters.
///
/// Whole nanoseconds make chained animations (each beginning where the last ended) land on
/// exact times, and make times a period apart give bit-identical frames at any distance
/// from zero, where a `Double` of seconds resolves only about 120 ns near 1e9 s. `Double`
/// seconds and `Duration` enter only at the edges (command line, players' clocks).
public struct MediaTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The time, in nanoseconds.
  public var nanoseconds: Int64

  /// The largest time magnitude accepted, in seconds (about 31 years).
  public static let maximumSeconds = 1e9
  /// The largest time magnitude, in nanoseconds.
  public static let limit = Int64(maximumSeconds) * 1_000_000_000

  public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

  public static let zero = MediaTime(nanoseconds: 0)
  public static let maximum = MediaTime(nanoseconds: limit)

  public static func nanoseconds(_ n: Int64) -> MediaTime { MediaTime(nanoseconds: n) }
  public static func milliseconds(_ n: Int64) -> MediaTime { MediaTime(nanoseconds: n * 1_000_000) }

  /// `seconds` rounded to whole nanoseconds, clamped to +-`maximumSeconds`; NaN gives zero.
  public static func seconds(_ seconds: Double) -> MediaTime {
    guard !seconds.isNaN else { return .zero }
    let s = min(max(seconds, -maximumSeconds), maximumSeconds)
    return MediaTime(nanoseconds: Int64((s * 1e9).rounded()))
  }

  /// `duration` rounded to whole nanoseconds, clamped to +-`maximumSeconds`; exact at any
  /// magnitude.
  public init(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    let whole = Int64(MediaTime.maximumSeconds)
    guard seconds < whole else {
      self.init(nanoseconds: MediaTime.limit)
      return
    }
    guard seconds >= -whole else {
      self.init(nanoseconds: -MediaTime.limit)
      return
    }
    let half: Int64 = attoseconds >= 0 ? 500_000_000 : -500_000_000
    self.init(nanoseconds: seconds * 1_000_000_000 + (attoseconds + half) / 1_000_000_000)
  }

  /// The time in seconds (for people and for edges that need a `Double`).
  public var seconds: Double { Double(nanoseconds) / 1e9 }

  /// The time as a `Duration`, exactly.
  public var duration: Duration { .nanoseconds(nanoseconds) }

  public var description: String { "\(seconds) s" }

  /// The time in seconds as exact decimal text, with no trailing zeros: 7300000000 ns is
  /// `7.3`, -1 ns is `-0.000000001`.
  public var decimalText: String {
    let magnitude = nanoseconds.magnitude
    var fraction = String(magnitude % 1_000_000_000)
    fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return (nanoseconds < 0 ? "-" : "") + "\(magnitude / 1_000_000_000)"
      + (fraction.isEmpty ? "" : "." + fraction)
  }

  /// The time written as decimal seconds, `[+-]digits[.digits]`, exact to the nanosecond
  /// (rounded half away from zero beyond it); `nil` for anything else (exponents, spaces)
  /// or more than `maximumSeconds`.
  public init?(decimalText text: some StringProtocol) {
    var rest = Substring(text)
    let negative = rest.first == "-"
    if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
    let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let whole = parts[0]
    let fraction = parts.count > 1 ? parts[1] : ""
    func digits(_ s: Substring) -> Bool { s.allSatisfy { $0.isASCII && $0.isNumber } }
    guard !(whole.isEmpty && fraction.isEmpty), digits(whole), digits(fraction),
      whole.count <= 10, let seconds = Int64(whole.isEmpty ? "0" : whole),
      seconds <= Int64(MediaTime.maximumSeconds)
    else { return nil }
    let padded = Array((fraction + String(repeating: "0", count: 10)).utf8.prefix(10))
    var nanos: Int64 = 0
    for d in padded.prefix(9) { nanos = nanos * 10 + Int64(d - UInt8(ascii: "0")) }
    if padded[9] >= UInt8(ascii: "5") { nanos += 1 }
    let total = seconds * 1_000_000_000 + nanos
    self.init(nanoseconds: negative ? -total : total)
  }

  public static func < (a: MediaTime, b: MediaTime) -> Bool { a.nanoseconds < b.nanoseconds }
  public static func + (a: MediaTime, b: MediaTime) -> MediaTime {
    MediaTime(nanoseconds: a.nanoseconds &+ b.nanoseconds)
  }
  public static func - (a: MediaTime, b: MediaTime) -> MediaTime {
    MediaTime(nanoseconds: a.nanoseconds &- b.nanoseconds)
  }
  public static func += (a: inout MediaTime, b: MediaTime) { a = a + b }
  public static func * (a: MediaTime, n: Int64) -> MediaTime {
    MediaTime(nanoseconds: a.nanoseconds &* n)
  }
}
