import RingGraphics
import RingLayers

/// Which way a progress ring's arc grows from its start angle, as seen on screen.
public enum RingDirection: String, Hashable, Sendable, CaseIterable, Codable {
  case clockwise
  case counterclockwise
}

/// What marks the head of a progress ring's arc.
public enum RingEndEffect: String, Hashable, Sendable, CaseIterable, Codable {
  case none
  /// A soft dark shadow beneath the end cap, falling on the ring (the overlap above 100 %).
  case shadow
  /// A soft halo of the end cap's colour around it.
  case glow
}

/// A ring drawn as a progress arc instead of the seed's full ring: the arc's length, where it
/// starts, which way it runs, its caps, the track beneath it and the mark at its head.
///
/// The gradient follows the arc: it is a conic gradient turned to the start angle, one turn
/// of the palette from the start round to the start again, so the arc at progress p shows
/// the palette's first p of its length. A cap takes the colour of its own end of the arc, so
/// there is no seam at the start. Above 1 the arc overlaps itself: the ring is full and the
/// palette turns with the head, whose cap (with the end effect beneath it) lies over the
/// start of the arc.
///
/// Progress rings are circles: in a non-square ring view the circle fits the shorter side.
public struct RingProgress: Hashable, Sendable {
  /// The arc's length in turns: 0 shows only the track, 1 a full ring, more overlaps.
  public let value: Double
  /// Where the arc starts, in degrees: 0 at three o'clock, growing clockwise on screen (so
  /// -90 is twelve o'clock).
  public let startAngle: Double
  public let direction: RingDirection
  /// The shape of the arc's two ends.
  public let cap: LineCap
  /// The track drawn under the whole ring; `.clear` draws none.
  public let track: RGBAColor
  /// The track's width, in points; `nil` is the ring width.
  public let trackWidth: Double?
  public let endEffect: RingEndEffect
  /// An animated change of `value`, or `nil` when the progress holds still.
  public let change: ProgressChange?

  /// The largest progress accepted, in turns.
  public static let maximumValue = 100.0

  /// A progress arc; throws `RingError` for a value outside 0...100 turns, a non-finite start
  /// angle, a negative or non-finite track width, or a change that starts outside 0...100.
  public init(
    value: Double, startAngle: Double = -90, direction: RingDirection = .clockwise,
    cap: LineCap = .round, track: RGBAColor = .clear, trackWidth: Double? = nil,
    endEffect: RingEndEffect = .none, change: ProgressChange? = nil
  ) throws {
    for v in [value, change?.from].compactMap({ $0 })
    where !(v >= 0 && v <= RingProgress.maximumValue) {
      throw RingError(
        .invalidParameter,
        "progress \(v) must be in 0...\(Int(RingProgress.maximumValue)) turns")
    }
    guard startAngle.isFinite, abs(startAngle) <= 1e6 else {
      throw RingError(
        .invalidParameter, "start angle \(startAngle) must be a finite number of degrees")
    }
    if let trackWidth, !(trackWidth > 0 && trackWidth <= RainbowRing.maximumSize) {
      throw RingError(.invalidParameter, "track width \(trackWidth) must be positive points")
    }
    self.value = value
    self.startAngle = startAngle
    self.direction = direction
    self.cap = cap
    self.track = track
    self.trackWidth = trackWidth
    self.endEffect = endEffect
    self.change = change
  }

  /// This arc with `value` changed to `to`, animated from `change.from`.
  public func changing(to value: Double, change: ProgressChange?) throws -> RingProgress {
    try RingProgress(
      value: value, startAngle: startAngle, direction: direction, cap: cap, track: track,
      trackWidth: trackWidth, endEffect: endEffect, change: change)
  }

  /// The progress shown at clock time `time`, in turns.
  public func value(at time: MediaTime) -> Double {
    guard let change else { return value }
    return change.value(at: time, to: value)
  }
}

/// An animated change of a progress ring's value: from `from` to the ring's value over
/// `duration`, beginning at clock time `beginTime`, eased by `timing`. Before it begins the
/// ring shows `from`; after it ends, the ring's value.
public struct ProgressChange: Hashable, Sendable {
  /// The progress at the start, in turns.
  public let from: Double
  public let beginTime: MediaTime
  public let duration: MediaTime
  public let timing: TimingFunction

  /// A change; throws `RingError` for a negative or over-long duration.
  public init(
    from: Double, beginTime: MediaTime = .zero, duration: MediaTime,
    timing: TimingFunction = .easeInEaseOut
  ) throws {
    guard duration >= .zero, duration <= .seconds(1e6) else {
      throw RingError(
        .invalidParameter, "progress duration \(duration) must be in [0, 1e6] seconds")
    }
    guard abs(beginTime.nanoseconds) <= MediaTime.limit / 2 else {
      throw RingError(.invalidParameter, "progress begin time \(beginTime) is out of range")
    }
    self.from = from
    self.beginTime = beginTime
    self.duration = duration
    self.timing = timing
  }

  /// The clock time the change ends.
  public var endTime: MediaTime { beginTime + duration }

  /// The value at `time` of a change ending at `to`.
  public func value(at time: MediaTime, to: Double) -> Double {
    guard time < endTime else { return to }
    guard time > beginTime else { return from }
    let f = Double(time.nanoseconds - beginTime.nanoseconds) / Double(duration.nanoseconds)
    let eased = timing.progress(at: f)
    return from + (to - from) * eased
  }
}

extension RainbowRing {
  /// Colours a frame shows besides the ring's own and their blends with the background: a
  /// progress ring's track, and for a shadow the ring's colours darkened beneath it (for
  /// palettes of formats with few colours, such as GIF's). Alpha is kept: composite over
  /// the background.
  public var accentColors: [RGBAColor] {
    guard let progress else { return [] }
    var out: [RGBAColor] = []
    if progress.track.alpha > 0 { out.append(progress.track) }
    if progress.endEffect == .shadow {
      for level in [0.3, 0.55] {
        for k in 0..<8 {
          let c = colors[k * (colors.count - 1) / 7]
          out.append(c.interpolated(to: .black, fraction: level))
        }
      }
    }
    return out
  }
}
