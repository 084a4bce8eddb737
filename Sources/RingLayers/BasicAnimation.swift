import RingGraphics

/// What an animation shows outside its active time (`CAMediaTimingFillMode`).
public enum FillMode: String, Hashable, Sendable, CaseIterable {
  /// Nothing: the model value shows before and after.
  case removed
  /// The final value stays after the animation ends.
  case forwards
  /// The initial value shows before the animation begins.
  case backwards
  case both
}

/// Receives an animation's stop; held weakly by the animation, so it cannot form a
/// retain cycle (Core Animation holds its delegate strongly).
public protocol AnimationDelegate: AnyObject {
  /// Called once when `animation` stops: `finished` is true when it ran to its end, false
  /// when it was removed or replaced first.
  func animationDidStop(_ animation: BasicAnimation, finished: Bool)
}

/// Animates one property of a layer from `fromValue` to `toValue` (`CABasicAnimation`).
///
/// Times are in seconds on the animation clock. A `beginTime` of 0 means "when added": the
/// clock's time at the next commit (`AnimationClock.advance(to:)`, or 0 before any).
public struct BasicAnimation {
  /// The property animated: `opacity`, `backgroundColor`, `position` on every layer;
  /// `colors`, `locations`, `startPoint`, `endPoint` on gradient layers; `strokeStart`,
  /// `strokeEnd`, `lineWidth`, `miterLimit`, `strokeColor`, `fillColor` on shape layers.
  public var keyPath: String
  /// The start value; `nil` animates from the layer's model value.
  public var fromValue: AnimatableValue?
  /// The end value; `nil` animates to the layer's model value.
  public var toValue: AnimatableValue?
  /// When the animation starts, in seconds of clock time; 0 means when added.
  public var beginTime: Double = 0
  /// Length of one iteration, in seconds; 0 means Core Animation's default of 0.25 s.
  public var duration: Double = 0
  /// The pacing curve; `nil` is linear.
  public var timingFunction: TimingFunction?
  public var fillMode: FillMode = .removed
  /// Whether the animation leaves its layer when it ends (true by default, as in Core Animation).
  public var isRemovedOnCompletion = true
  /// Number of iterations; 0 means one; `.infinity` repeats forever.
  public var repeatCount: Double = 0
  /// Whether each iteration plays forwards then backwards.
  public var autoreverses = false
  /// Rate of local time relative to clock time; must be positive.
  public var speed: Double = 1
  /// Offset into local time, in seconds.
  public var timeOffset: Double = 0
  /// Told when the animation stops; held weakly.
  public weak var delegate: (any AnimationDelegate)?
  /// Called when the animation stops, after the delegate, with `finished` as for the
  /// delegate. The closure is released when the animation leaves its layer; capture its
  /// owner weakly if the animation is never removed.
  public var onStop: ((_ animation: BasicAnimation, _ finished: Bool) -> Void)?

  public init(keyPath: String) {
    self.keyPath = keyPath
  }

  /// Checks the timing values; throws `AnimationError.invalidTiming` with the offending field.
  func validate() throws {
    func check(_ ok: Bool, _ what: String) throws {
      if !ok { throw RingError(.invalidTiming, what) }
    }
    try check(
      beginTime.isFinite && abs(beginTime) <= MediaTime.maximumSeconds,
      "beginTime must be finite, within 1e9 s")
    try check(
      duration.isFinite && duration >= 0 && duration <= MediaTime.maximumSeconds,
      "duration must be in 0...1e9 s")
    try check(repeatCount >= 0 && !repeatCount.isNaN, "repeatCount must be >= 0")
    try check(speed.isFinite && speed > 0, "speed must be finite and positive")
    try check(
      timeOffset.isFinite && abs(timeOffset) <= MediaTime.maximumSeconds,
      "timeOffset must be finite")
    for value in [fromValue, toValue].compactMap({ $0 }) where !value.isFinite {
      throw RingError(
        .mismatchedValue,
        "\(keyPath) animation values must be finite colours in 0...1 or finite numbers")
    }
  }

  /// Length of one iteration in nanoseconds.
  var iterationNanoseconds: Int64 {
    let d = MediaTime.nanoseconds(duration == 0 ? 0.25 : duration)
    return max(1, d) * (autoreverses ? 2 : 1)
  }

  /// Active length in local nanoseconds, or `nil` when it repeats forever.
  var activeNanoseconds: Int64? {
    let count = repeatCount == 0 ? 1 : repeatCount
    guard count.isFinite else { return nil }
    let total = count * Double(iterationNanoseconds)
    return total >= Double(Int64.max / 4) ? nil : Int64(total.rounded())
  }

  /// Local time in nanoseconds at clock time `time`, for an animation that began at `begin`.
  func localNanoseconds(at time: Int64, begin: Int64) -> Int64 {
    let elapsed = time &- begin
    if speed == 1 && timeOffset == 0 { return elapsed }
    return Int64((Double(elapsed) * speed).rounded()) &+ MediaTime.nanoseconds(timeOffset)
  }

  /// Clock time at which the animation ends, or `nil` when it never ends.
  func endNanoseconds(begin: Int64) -> Int64? {
    guard let active = activeNanoseconds else { return nil }
    if speed == 1 && timeOffset == 0 { return begin &+ active }
    let local = Double(active - MediaTime.nanoseconds(timeOffset)) / speed
    return begin &+ Int64(local.rounded(.up))
  }

  /// The animation's progress at clock time `time` (0 at fromValue, 1 at toValue, eased),
  /// or `nil` when it has no effect then.
  func progress(at time: Int64, begin: Int64) -> Double? {
    let local = localNanoseconds(at: time, begin: begin)
    let iteration = iterationNanoseconds
    let single = autoreverses ? iteration / 2 : iteration
    var inIteration: Int64
    if local < 0 {
      guard fillMode == .backwards || fillMode == .both else { return nil }
      inIteration = 0
    } else if let active = activeNanoseconds, local >= active {
      guard fillMode == .forwards || fillMode == .both else { return nil }
      // The value at the very end of the active time.
      let rem = active % iteration
      inIteration = rem == 0 ? iteration : rem
    } else {
      inIteration = local % iteration
    }
    var f: Double
    if autoreverses && inIteration > single {
      f = Double(iteration - inIteration) / Double(single)
    } else {
      f = Double(inIteration) / Double(single)
    }
    f = min(max(f, 0), 1)
    return (timingFunction ?? .linear).progress(at: f)
  }
}

/// Conversions between seconds and the clock's integer nanoseconds.
///
/// The clock counts whole nanoseconds, so chained animations (each beginning where the last
/// ended) land on exact times, and times a period apart give bit-identical frames.
public enum MediaTime {
  /// The largest time magnitude accepted, in seconds.
  public static let maximumSeconds = 1e9

  /// `seconds` rounded to whole nanoseconds (clamped to +-maximumSeconds).
  @inlinable
  public static func nanoseconds(_ seconds: Double) -> Int64 {
    guard !seconds.isNaN else { return 0 }
    let s = min(max(seconds, -maximumSeconds), maximumSeconds)
    return Int64((s * 1e9).rounded())
  }

  /// `duration` rounded to whole nanoseconds (clamped to +-maximumSeconds). Exact at any
  /// magnitude, where a `Double` of seconds resolves only about 120 ns near 1e9 s.
  public static func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    let limit = Int64(maximumSeconds)
    guard seconds < limit else { return limit * 1_000_000_000 }
    guard seconds >= -limit else { return -limit * 1_000_000_000 }
    let half: Int64 = attoseconds >= 0 ? 500_000_000 : -500_000_000
    return seconds * 1_000_000_000 + (attoseconds + half) / 1_000_000_000
  }

  /// Nanoseconds as seconds.
  @inlinable
  public static func seconds(_ nanoseconds: Int64) -> Double { Double(nanoseconds) / 1e9 }
}
