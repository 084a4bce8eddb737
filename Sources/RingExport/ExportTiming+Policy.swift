import RainbowRing

/// What a person asks of an export's timing: a frame rate, and a length in seconds or in
/// periods. `ExportTiming.choose(for:format:_:)` makes it exact.
public struct ExportTimingRequest: Hashable, Sendable {
  /// Frames per second; `nil` is the format's default (`defaultFramesPerSecond`).
  public var framesPerSecond: Double?
  /// The length; `nil` is whole periods (see `loops`).
  public var duration: MediaTime?
  /// How many periods; `nil` is one, or as many as show a progress change to its end.
  public var loops: Int?
  /// Keep `framesPerSecond` when the length is not a whole number of frames (the loop then
  /// has a seam), instead of spreading the frames to fill it exactly.
  public var keepsFrameRate = false

  public init(
    framesPerSecond: Double? = nil, duration: MediaTime? = nil, loops: Int? = nil,
    keepsFrameRate: Bool = false
  ) {
    self.framesPerSecond = framesPerSecond
    self.duration = duration
    self.loops = loops
    self.keepsFrameRate = keepsFrameRate
  }
}

extension ExportTiming {
  /// What a person should know about a chosen timing.
  public enum Note: Hashable, Sendable {
    /// The length asked is not a whole number of periods: the file does not loop
    /// seamlessly.
    case notWholePeriods(period: MediaTime)
    /// The frame rate kept (`keepsFrameRate`): `frames` frames last `duration`, and the loop
    /// has a seam; `averaged` when GIF's whole centiseconds make the rate an average.
    case seamKept(frames: Int, duration: MediaTime, averaged: Bool)
    /// A GIF's frames last whole centiseconds, at least 2: `frames` frames over `duration`.
    case gifFrameLimit(frames: Int, duration: MediaTime)
    /// `exact` frames do not fill the length: `frames` frames fill it exactly.
    case framesSpread(exact: Double, frames: Int, duration: MediaTime)
  }

  /// The export module's timing policy for `scene` written as `format`:
  /// - the length is `request.duration`, else whole periods: `request.loops` of them, else
  ///   one or as many as show a progress change to its end (with the colours still, the
  ///   change and half a second after it);
  /// - frames are spread to fill the length exactly, unless `keepsFrameRate`;
  /// - a GIF's frames last whole centiseconds, at least 2 (at most 50 fps);
  /// - an SVG or a page has no frames (its browser draws them): one.
  ///
  /// Throws `RingError` (`.invalidSettings`, with the request's field as its key: `loops`,
  /// `fps` or `duration`) for a length past 1e9 s, more than 50 fps for a GIF, or a GIF
  /// shorter than one frame.
  public static func choose(
    for scene: RingScene, format: ExportFormat, _ request: ExportTimingRequest
  ) throws(RingError) -> (timing: ExportTiming, notes: [Note]) {
    let ring = scene.ring
    var periodNs = ring.period.nanoseconds
    var notes: [Note] = []
    var durationNs: Int64
    if let duration = request.duration {
      durationNs = duration.nanoseconds
      if durationNs % periodNs != 0 {
        notes.append(.notWholePeriods(period: .nanoseconds(periodNs)))
      }
    } else {
      let changeEnd = ring.progress?.change?.endTime.nanoseconds ?? 0
      let covering = Int(min(10000, max(1, (changeEnd + periodNs - 1) / periodNs)))
      if ring.progress?.change != nil && !ring.flows && request.loops == nil {
        periodNs = changeEnd + 500_000_000
      }
      let loops = request.loops ?? (ring.flows ? covering : 1)
      let (total, overflow) = periodNs.multipliedReportingOverflow(by: Int64(loops))
      // Periods can be long (a hue step of 0.01 at an hour a step is 4 years): the length
      // stays where times are exact.
      guard !overflow, total <= MediaTime.limit else {
        throw RingError(
          .invalidSettings,
          "\(loops) periods of \(Double(periodNs) / 1e9) s exceed 1e9 seconds", key: "loops")
      }
      durationNs = total
    }
    return try frames(over: durationNs, format: format, request, notes: notes)
  }

  /// The timing policy for `content`: a ring's (`choose(for:format:_:)` above), or a live
  /// tree's, whose length must be `request.duration` (a program's animations have no period
  /// to take whole). Throws `RingError` with the key `duration` or `loops` when a tree's
  /// request has no length or asks for periods.
  public static func choose(
    for content: ExportContent, format: ExportFormat, _ request: ExportTimingRequest
  ) throws(RingError) -> (timing: ExportTiming, notes: [Note]) {
    if let scene = content.ring { return try choose(for: scene, format: format, request) }
    guard request.loops == nil else {
      throw RingError(
        .invalidSettings,
        "a program's animations have no period to count, so its length is given in seconds",
        key: "loops")
    }
    guard let duration = request.duration else {
      throw RingError(
        .invalidSettings, "a program's window has no period to take as its length",
        key: "duration")
    }
    return try frames(over: duration.nanoseconds, format: format, request, notes: [])
  }

  /// Frames for a length of `durationNs`: spread to fill it exactly unless
  /// `keepsFrameRate`; a GIF's in whole centiseconds, at least 2; one for an SVG or a page.
  static func frames(
    over durationNs: Int64, format: ExportFormat, _ request: ExportTimingRequest,
    notes: [Note]
  ) throws(RingError) -> (timing: ExportTiming, notes: [Note]) {
    var durationNs = durationNs
    var notes = notes
    let fps = request.framesPerSecond ?? format.defaultFramesPerSecond
    if format == .gif && fps > 50 {
      throw RingError(
        .invalidSettings,
        "GIF frames last whole centiseconds, at least 2, so at most 50 fps", key: "fps")
    }
    let framed = format != .svg && format != .html
    let exact = Double(durationNs) / 1e9 * fps
    var frames = framed ? max(1, Int(exact.rounded())) : 1
    let closes = !framed || abs(exact - exact.rounded()) <= 1e-6
    if !closes && request.keepsFrameRate {
      frames = max(1, Int(exact.rounded(.down)))
      durationNs = Int64((Double(frames) / fps * 1e9).rounded())
      notes.append(
        .seamKept(
          frames: frames, duration: .nanoseconds(durationNs),
          averaged: format == .gif && (100 / fps).rounded() != 100 / fps))
    }
    if format == .gif {
      let most = Int(durationNs / 20_000_000)
      guard most >= 1 else {
        throw RingError(
          .invalidSettings,
          "A GIF of \(Double(durationNs) / 1e9) s is shorter than its shortest frame (0.02 s)",
          key: "duration")
      }
      if frames > most {
        frames = most
        notes.append(.gifFrameLimit(frames: frames, duration: .nanoseconds(durationNs)))
        return (ExportTiming(frameCount: frames, durationNanoseconds: durationNs), notes)
      }
    }
    if !closes && !request.keepsFrameRate {
      notes.append(.framesSpread(exact: exact, frames: frames, duration: .nanoseconds(durationNs)))
    }
    return (ExportTiming(frameCount: frames, durationNanoseconds: durationNs), notes)
  }
}
