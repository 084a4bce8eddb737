import RainbowRing

/// How a ring's frames reach a viewer, for `FlashCheck`: which times are shown, at what
/// rate, and for how long.
public enum FlashShowing: Hashable, Sendable {
  /// One still frame (a PNG or a still SVG): nothing can flash.
  case still
  /// Frames on the grid k / `frameRate` (at most 1000) of a clock started at time 0, as a
  /// player or a browser draws them at the display's rate, for `duration` (`nil`: until
  /// stopped).
  case live(frameRate: Double, duration: MediaTime?)
  /// A file's `frameCount` frames filling `duration` (frame i at i x duration / frameCount,
  /// rounded down to the nanosecond, as `ExportTiming` places them), the whole played
  /// `plays` times (0: forever, so the jump from the last frame to the first is shown too).
  /// A format that stores delays in whole ticks (a GIF's centiseconds, 10,000,000
  /// nanoseconds; a WebP's milliseconds) shows each frame from its start rounded to the
  /// nearest `tick` nanoseconds, and loops after the duration so rounded.
  case file(frameCount: Int, duration: MediaTime, plays: Int, tick: Int64 = 1)

  /// The refresh rates a browser or an animation player may draw at, in frames per second
  /// (desktop and laptop panels, phones, gaming monitors).
  public static let displayRates: [Double] = [60, 75, 90, 120, 144, 165, 240]

  /// The showings that stand for `ring` drawn at whatever rate the display has (a browser
  /// drawing an SVG or a page, a Lottie player drawing between frames), each to be checked,
  /// the worst verdict standing: live from time 0, at 60 frames a second, at each display
  /// rate up to the flow's step rate (1 / `stepDuration`: a flicker faster than the frames
  /// is sampled differently by each rate, and one rate may sample it away where another
  /// shows it), and at the step rate itself, on the flow's step boundaries. Between two
  /// boundaries each pixel's colour moves in a straight line (the flow's linear animation),
  /// so frames on the boundaries show every pixel's extremes at once, the most any rate
  /// faster than the steps can show. Only 60 when the colours do not flow.
  public static func displayed(_ ring: RainbowRing) -> [FlashShowing] {
    guard FlashCheck.flowsVisibly(ring) else { return [.live(frameRate: 60, duration: nil)] }
    let stepRate = stepRate(of: ring)
    var rates = displayRates.filter { $0 <= max(60, stepRate * (1 + 1e-6)) }
    if !rates.contains(where: { isRate($0, stepRate) }) { rates.append(stepRate) }
    return rates.map { .live(frameRate: $0, duration: nil) }
  }

  /// Steps of `ring`'s flow a second (1 / `stepDuration`).
  static func stepRate(of ring: RainbowRing) -> Double {
    1e9 / Double(ring.stepDuration.nanoseconds)
  }

  /// Whether `rate` is `stepRate` to within a millionth (0.008333333 s is 120 a second).
  static func isRate(_ rate: Double, _ stepRate: Double) -> Bool {
    abs(rate - stepRate) <= 1e-6 * rate
  }

  /// Whether this is a live showing on `ring`'s step boundaries (of `displayed`), not at a
  /// display's rate.
  public func isOnStepBoundaries(of ring: RainbowRing) -> Bool {
    guard case .live(let rate, _) = self else { return false }
    return !FlashShowing.displayRates.contains(rate)
      && FlashShowing.isRate(rate, FlashShowing.stepRate(of: ring))
  }

  /// A file's played frame `j` (frame `j % frameCount` of pass `j / frameCount`): when it
  /// starts to be shown, in nanoseconds from the start of play, its pass's start plus the
  /// frame's time (i x duration / frameCount), each rounded to the file's tick; `nil` for
  /// other showings.
  func filePlayTime(ofFrame j: Int) -> Int64? {
    guard case .file(let count, let duration, _, let tick) = self else { return nil }
    func rounded(_ ns: Int64) -> Int64 { tick <= 1 ? ns : (ns + tick / 2) / tick * tick }
    let i = Int64(j % count)
    let time = Int64(count).dividingFullWidth(duration.nanoseconds.multipliedFullWidth(by: i))
      .quotient
    return Int64(j / count) * rounded(duration.nanoseconds) + rounded(time)
  }

  /// Frames shown per second (1 for a still frame).
  public var frameRate: Double {
    switch self {
    case .still: 1
    case .live(let rate, _): rate
    case .file(let count, let duration, _, _):
      duration.nanoseconds > 0 ? Double(count) * 1e9 / Double(duration.nanoseconds) : 1
    }
  }
}
