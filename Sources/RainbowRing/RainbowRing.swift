@_exported import RingGraphics
@_exported import RingLayers
@_exported import RingText

/// The seed's animated rainbow ring: a gradient of hues masked by a stroked circle, whose
/// colours shift by one stop every `stepDuration` seconds, forever.
///
/// The defaults are the iPhone sample's: 160 x 160 points, ring width 20, 0.1 s steps,
/// hues every 5 degrees (73 colours), saturation and brightness 1, an axial gradient from
/// (0, 0) to (1, 1). A ring is a value; invalid parameters are refused by the initialiser.
///
/// ```swift
/// let ring = try RainbowRing()
/// let frame = try ring.frame(at: .milliseconds(50), scale: 2)  // the iPhone's frame 0.05 s in
/// ```
public struct RainbowRing: Hashable, Sendable {
  /// The ring view's size, in points.
  public internal(set) var size: Size
  /// The stroke width of the ring, in points.
  public internal(set) var ringWidth: Double
  /// Length of one colour step.
  public let stepDuration: MediaTime
  /// Hue between neighbouring colours, in degrees; hues run 0, step, 2 step, ... up to 360.
  /// The rainbow's hue step, saturation and brightness (for a ring of other colours, the
  /// seed's: 5, 1 and 1).
  public private(set) var hueStep: Double
  public private(set) var saturation: Double
  public private(set) var brightness: Double
  /// The gradient's geometry in the unit space of the ring's bounds.
  public let gradient: GradientGeometry
  /// The colours at time 0, in gradient order (C0 in the specification).
  public let colors: [RGBAColor]
  /// A progress arc in place of the full ring, or `nil` for the seed's ring.
  public internal(set) var progress: RingProgress?
  /// Whether the colours flow (one stop every `stepDuration`); when not, the ring's colours
  /// hold still.
  public let flows: Bool
  /// Text in the ring's centre, if any.
  public internal(set) var label: RingLabel?

  /// The largest side accepted, in points.
  public static let maximumSize = 100_000.0

  /// A ring of the seed's rainbow; throws `RingError` for a non-positive or non-finite size, a
  /// ring width outside (0, half the shorter side], a non-positive step duration, a hue step
  /// outside (0, 360], saturation or brightness outside [0, 1], or non-finite gradient points.
  public init(
    size: Size = Size(width: 160, height: 160), ringWidth: Double = 20,
    stepDuration: MediaTime = .milliseconds(100),
    hueStep: Double = 5, saturation: Double = 1, brightness: Double = 1,
    gradient: GradientGeometry = GradientGeometry(
      kind: .axial, startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 1)),
    progress: RingProgress? = nil, flows: Bool = true, label: RingLabel? = nil
  ) throws {
    guard hueStep >= 0.01, hueStep <= 360 else {
      throw RingError(.invalidParameter, "hue step \(hueStep) must be in [0.01, 360] degrees")
    }
    guard (0...1).contains(saturation), (0...1).contains(brightness) else {
      throw RingError(.invalidParameter, "saturation and brightness must be in 0...1")
    }
    // The seed's loop: `hue = 0; while hue <= 360 { ...; hue += 5 }`, with hue / 360 in turns.
    var colors: [RGBAColor] = []
    var k = 0
    while Double(k) * hueStep <= 360 {
      colors.append(
        try RGBAColor(
          hue: Double(k) * hueStep / 360, saturation: saturation, brightness: brightness))
      k += 1
    }
    try self.init(
      size: size, ringWidth: ringWidth, stepDuration: stepDuration, colors: colors,
      gradient: gradient, progress: progress, flows: flows, label: label)
    self.hueStep = hueStep
    self.saturation = saturation
    self.brightness = brightness
  }

  /// A ring of any colours, evenly spaced along the gradient (at least two: one colour is
  /// repeated), flowing one stop every `stepDuration` when `flows`; a full ring masked by the
  /// stroked oval, or a progress arc when `progress` is given. Throws `RingError` as the
  /// rainbow's initialiser does, and for no colours or more than 65,536.
  public init(
    size: Size = Size(width: 160, height: 160), ringWidth: Double = 20,
    stepDuration: MediaTime = .milliseconds(100), colors: [RGBAColor],
    gradient: GradientGeometry = GradientGeometry(
      kind: .axial, startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 1)),
    progress: RingProgress? = nil, flows: Bool = true, label: RingLabel? = nil
  ) throws {
    for side in [size.width, size.height] where !(side > 0 && side <= RainbowRing.maximumSize) {
      throw RingError(
        .invalidParameter, "size \(side) must be in (0, \(Int(RainbowRing.maximumSize))] points")
    }
    let half = min(size.width, size.height) / 2
    guard ringWidth > 0, ringWidth <= half else {
      throw RingError(.invalidParameter, "ring width \(ringWidth) must be in (0, \(half)] points")
    }
    guard stepDuration >= .nanoseconds(1000), stepDuration <= .seconds(1e6) else {
      throw RingError(
        .invalidParameter, "step duration \(stepDuration) must be in [1e-6, 1e6] seconds")
    }
    guard
      [gradient.startPoint.x, gradient.startPoint.y, gradient.endPoint.x, gradient.endPoint.y]
        .allSatisfy({ $0.isFinite && abs($0) <= 1e6 })
    else {
      throw RingError(
        .invalidParameter, "start-point and end-point must be finite, within 1e6 of the ring")
    }
    if let trackWidth = progress?.trackWidth {
      let most = min(size.width, size.height) - ringWidth
      guard trackWidth <= most else {
        throw RingError(
          .invalidParameter,
          "track-width \(trackWidth) must be at most \(most) points (the ring's diameter at its centre line)"
        )
      }
    }
    guard !colors.isEmpty, colors.count <= 65_536 else {
      throw RingError(.invalidParameter, "a ring needs 1 to 65536 colours, got \(colors.count)")
    }
    self.size = size
    self.ringWidth = ringWidth
    self.stepDuration = stepDuration
    self.hueStep = 5
    self.saturation = 1
    self.brightness = 1
    self.gradient = gradient
    self.colors = colors.count == 1 ? colors + colors : colors
    self.progress = progress
    self.flows = flows
    self.label = label
    guard stepDuration.nanoseconds <= MediaTime.limit / Int64(self.colors.count) else {
      throw RingError(
        .invalidParameter,
        "the loop (\(self.colors.count) colours x \(stepDuration)) must last at most 1e9 seconds")
    }
  }

  /// The seed's ring.
  public static let seed = try! RainbowRing()

  /// Time after which the picture repeats: one step per colour.
  public var period: MediaTime { stepDuration * Int64(colors.count) }

  /// The gradient's colours at `time`, in closed form: during step k (time in
  /// [k d, (k + 1) d)) with fraction f, stop i mixes C0[(i - k) mod n] towards
  /// C0[(i - k - 1) mod n] by f. O(n) in the number of colours, O(1) in the time; any
  /// time works, negative times run the loop backwards.
  public func colors(at time: MediaTime) -> [RGBAColor] {
    var out = colors
    colors(at: time, into: &out)
    return out
  }

  /// `colors(at:)` into an existing buffer, without allocating when it holds enough.
  public func colors(at time: MediaTime, into out: inout [RGBAColor]) {
    RainbowRing.cycle(
      colors, step: stepDuration.nanoseconds, at: flows ? time.nanoseconds : 0, into: &out)
  }

  /// The closed form of the seed's chained shifts of `base`, one every `step` nanoseconds,
  /// at `t` nanoseconds.
  static func cycle(_ base: [RGBAColor], step: Int64, at t: Int64, into out: inout [RGBAColor]) {
    let n = base.count
    let flow = ColorFlow(count: n, step: .nanoseconds(step), at: t)
    if out.count != n { out = base.map { $0 } }
    base.withUnsafeBufferPointer { c0 in
      out.withUnsafeMutableBufferPointer { o in
        for i in 0..<n { o[i] = flow.color(i, of: c0) }
      }
    }
  }

  /// The colours rotated right by one: the seed's `shiftColors`.
  public static func shifted(_ colors: [RGBAColor]) -> [RGBAColor] {
    guard let last = colors.last else { return colors }
    return [last] + colors.dropLast()
  }
}

extension RainbowRing {
  /// This ring with its shorter side `side` points and its ring and track widths scaled
  /// alike.
  package func resized(toSide side: Double) throws -> RainbowRing {
    let k = side / min(size.width, size.height)
    var copy = self
    copy.size = Size(width: size.width * k, height: size.height * k)
    copy.ringWidth = ringWidth * k
    if let p = progress {
      copy.progress = try RingProgress(
        value: p.value, startAngle: p.startAngle, direction: p.direction, cap: p.cap,
        track: p.track, trackWidth: p.trackWidth.map { $0 * k }, endEffect: p.endEffect,
        change: p.change)
    }
    copy.label = try label?.scaled(by: k)
    return copy
  }
}

/// The seed's colour flow at one time: during step k, with fraction f through it, stop j
/// mixes C0[(j - k) mod n] towards C0[(j - k - 1) mod n] by f.
struct ColorFlow {
  let shift: Int
  let fraction: Double

  /// The flow of `count` colours moving one stop every `step` at clock time `t` nanoseconds;
  /// floor division, so negative times run the loop backwards.
  init(count n: Int, step: MediaTime, at t: Int64) {
    let step = step.nanoseconds
    var k = t / step
    var within = t % step
    if within < 0 {
      k -= 1
      within += step
    }
    fraction = Double(within) / Double(step)
    shift = Int(((k % Int64(n)) + Int64(n)) % Int64(n))
  }

  @inline(__always)
  func color(_ j: Int, of c0: UnsafeBufferPointer<RGBAColor>) -> RGBAColor {
    let n = c0.count
    let from = c0[(j - shift + n) % n]
    let to = c0[(j - shift - 1 + 2 * n) % n]
    return from.interpolated(to: to, fraction: fraction)
  }
}
