import RingGraphics

/// What an animation shows outside its active time (`CAMediaTimingFillMode`).
public enum FillMode: String, Hashable, Sendable, CaseIterable {
  /// Nothing: the model value shows before and after.
  case removed
  /// The final value stays after the animation ends (when it is not removed on completion).
  case forwards
  /// The initial value shows before the animation begins.
  case backwards
  case both
}

/// Where an animation is at a moment: how far through its current pass, eased.
public struct AnimationPhase: Hashable, Sendable {
  /// Eased progress: 0 at the start value, 1 at the end value.
  public var fraction: Double
  /// Eased time into the pass, in nanoseconds (exact when the timing is linear).
  public var elapsed: Int64
  /// Length of one pass (one direction of an autoreversing iteration), in nanoseconds.
  public var length: Int64
  /// How many whole iterations came before this one (0 in the first, and before the start).
  public var iteration: Int = 0

  public init(fraction: Double, elapsed: Int64, length: Int64, iteration: Int = 0) {
    (self.fraction, self.elapsed, self.length, self.iteration) =
      (fraction, elapsed, length, iteration)
  }
}

/// When and how fast an animation runs (`CAMediaTiming`), resolved on whole nanoseconds.
public struct AnimationTiming: Hashable, Sendable {
  /// When the animation starts on the clock; zero means when added (at the clock's next
  /// commit, or zero before any).
  public var beginTime: MediaTime = .zero
  /// Length of one iteration; zero means Core Animation's default of 0.25 s.
  public var duration: MediaTime = .zero
  /// The pacing curve; `nil` is linear.
  public var timingFunction: TimingFunction?
  public var fillMode: FillMode = .removed
  /// Whether the animation leaves its layer when it ends (true by default, as in Core
  /// Animation); a removed animation shows nothing after its end, whatever its fill mode.
  public var isRemovedOnCompletion = true
  /// Number of iterations; 0 means one; `.infinity` repeats forever.
  public var repeatCount: Double = 0
  /// Whether each iteration plays forwards then backwards.
  public var autoreverses = false
  /// Rate of local time relative to clock time; 0 holds the animation at `timeOffset`
  /// (paused), forever; below 0 it runs backwards from `timeOffset` and ends at its start.
  public var speed: Double = 1
  /// Offset into local time.
  public var timeOffset: MediaTime = .zero

  public init() {}

  /// Checks the values; throws `RingError` (`.invalidTiming`) naming the offending field.
  func validate() throws {
    func check(_ ok: Bool, _ what: String) throws {
      if !ok { throw RingError(.invalidTiming, what) }
    }
    try check(abs(beginTime.nanoseconds) <= MediaTime.limit, "beginTime must be within 1e9 s")
    try check(
      duration.nanoseconds >= 0 && duration.nanoseconds <= MediaTime.limit,
      "duration must be in 0...1e9 s")
    try check(repeatCount >= 0 && !repeatCount.isNaN, "repeatCount must be >= 0")
    try check(speed.isFinite, "speed must be finite")
    try check(abs(timeOffset.nanoseconds) <= MediaTime.limit, "timeOffset must be within 1e9 s")
  }

  /// Length of one iteration in nanoseconds (both directions when autoreversing).
  var iteration: Int64 {
    let d = duration == .zero ? 250_000_000 : duration.nanoseconds
    return max(1, d) * (autoreverses ? 2 : 1)
  }

  /// Active length in local nanoseconds, or `nil` when it repeats forever.
  var active: Int64? {
    let count = repeatCount == 0 ? 1 : repeatCount
    guard count.isFinite else { return nil }
    let total = count * Double(iteration)
    return total >= Double(Int64.max / 4) ? nil : Int64(total.rounded())
  }

  /// Local time in nanoseconds at clock time `time`, for an animation that began at `begin`.
  func local(at time: Int64, begin: Int64) -> Int64 {
    let elapsed = time &- begin
    if speed == 1 && timeOffset == .zero { return elapsed }
    return Int64((Double(elapsed) * speed).rounded()) &+ timeOffset.nanoseconds
  }

  /// Clock time at which the animation ends, or `nil` when it never ends.
  func end(begin: Int64) -> Int64? {
    if speed < 0 {
      // Backwards: local time reaches 0, the start, `timeOffset / -speed` after `begin`.
      let back = Double(timeOffset.nanoseconds) / -speed
      return begin &+ Int64(max(0, back).rounded(.up))
    }
    guard let active, speed > 0 else { return nil }
    if speed == 1 && timeOffset == .zero { return begin &+ active }
    let local = Double(active - timeOffset.nanoseconds) / speed
    return begin &+ Int64(local.rounded(.up))
  }

  /// Where the animation is at clock time `time` when it began at `begin`, or `nil` when it
  /// has no effect then (before its start without a backwards fill, after its end without a
  /// forwards fill or when removed on completion). `endInclusive`: at exactly the end of its
  /// active time it shows its end value whatever its fill, as a group's child does when the
  /// group holds its own end.
  public func phase(at time: Int64, begin: Int64, endInclusive: Bool = false) -> AnimationPhase? {
    let local = local(at: time, begin: begin)
    let iteration = iteration
    let single = autoreverses ? iteration / 2 : iteration
    var inIteration: Int64
    var index: Int64 = 0
    if local < 0 {
      guard fillMode == .backwards || fillMode == .both else { return nil }
      inIteration = 0
    } else if let active, local >= active {
      let held = !isRemovedOnCompletion && (fillMode == .forwards || fillMode == .both)
      guard held || endInclusive && local == active else { return nil }
      // The value at the very end of the active time.
      let rem = active % iteration
      inIteration = rem == 0 ? iteration : rem
      index = rem == 0 ? max(0, active / iteration - 1) : active / iteration
    } else {
      inIteration = local % iteration
      index = local / iteration
    }
    var elapsed = inIteration
    if autoreverses && inIteration > single { elapsed = iteration - inIteration }
    elapsed = min(max(elapsed, 0), single)
    let linear = Double(elapsed) / Double(single)
    let n = Int(clamping: index)
    guard let curve = timingFunction, curve != .linear else {
      return AnimationPhase(fraction: linear, elapsed: elapsed, length: single, iteration: n)
    }
    let eased = curve.progress(at: linear)
    return AnimationPhase(
      fraction: eased, elapsed: Int64((eased * Double(single)).rounded()), length: single,
      iteration: n)
  }
}
