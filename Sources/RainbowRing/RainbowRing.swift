@_exported import RingGraphics
@_exported import RingLayers

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
  public let size: Size
  /// The stroke width of the ring, in points.
  public let ringWidth: Double
  /// Length of one colour step.
  public let stepDuration: MediaTime
  /// Hue between neighbouring colours, in degrees; hues run 0, step, 2 step, ... up to 360.
  public let hueStep: Double
  public let saturation: Double
  public let brightness: Double
  /// The gradient's geometry in the unit space of the ring's bounds.
  public let gradient: GradientGeometry
  /// The colours at time 0, in gradient order (C0 in the specification).
  public let colors: [RGBAColor]

  /// The largest side accepted, in points.
  public static let maximumSize = 100_000.0

  /// A ring; throws `RingError` for a non-positive or non-finite size, a ring width outside
  /// (0, half the shorter side], a non-positive step duration, a hue step outside (0, 360],
  /// saturation or brightness outside [0, 1], or non-finite gradient points.
  public init(
    size: Size = Size(width: 160, height: 160), ringWidth: Double = 20,
    stepDuration: MediaTime = .milliseconds(100),
    hueStep: Double = 5, saturation: Double = 1, brightness: Double = 1,
    gradient: GradientGeometry = GradientGeometry(
      kind: .axial, startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 1))
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
    guard hueStep >= 0.01, hueStep <= 360 else {
      throw RingError(.invalidParameter, "hue step \(hueStep) must be in [0.01, 360] degrees")
    }
    guard (0...1).contains(saturation), (0...1).contains(brightness) else {
      throw RingError(.invalidParameter, "saturation and brightness must be in 0...1")
    }
    guard
      [gradient.startPoint.x, gradient.startPoint.y, gradient.endPoint.x, gradient.endPoint.y]
        .allSatisfy({ $0.isFinite && abs($0) <= 1e6 })
    else {
      throw RingError(.invalidParameter, "gradient start and end points must be finite")
    }
    self.size = size
    self.ringWidth = ringWidth
    self.stepDuration = stepDuration
    self.hueStep = hueStep
    self.saturation = saturation
    self.brightness = brightness
    self.gradient = gradient
    // The seed's loop: `hue = 0; while hue <= 360 { ...; hue += 5 }`, with hue / 360 in turns.
    var colors: [RGBAColor] = []
    var k = 0
    while Double(k) * hueStep <= 360 {
      colors.append(
        try RGBAColor(
          hue: Double(k) * hueStep / 360, saturation: saturation, brightness: brightness))
      k += 1
    }
    self.colors = colors
    guard stepDuration.nanoseconds <= MediaTime.limit / Int64(colors.count) else {
      throw RingError(
        .invalidParameter,
        "the loop (\(colors.count) colours x \(stepDuration)) must last at most 1e9 seconds")
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
    RainbowRing.cycle(colors, step: stepDuration.nanoseconds, at: time.nanoseconds, into: &out)
  }

  /// The closed form of the seed's chained shifts of `base`, one every `step` nanoseconds,
  /// at `t` nanoseconds.
  static func cycle(_ base: [RGBAColor], step: Int64, at t: Int64, into out: inout [RGBAColor]) {
    let n = base.count
    // Floor division, so negative times continue the loop backwards.
    var k = t / step
    var within = t % step
    if within < 0 {
      k -= 1
      within += step
    }
    let f = Double(within) / Double(step)
    let shift = Int(((k % Int64(n)) + Int64(n)) % Int64(n))
    if out.count != n { out = base.map { $0 } }
    base.withUnsafeBufferPointer { c0 in
      out.withUnsafeMutableBufferPointer { o in
        for i in 0..<n {
          let from = c0[(i - shift + n) % n]
          let to = c0[(i - shift - 1 + 2 * n) % n]
          o[i] = from.interpolated(to: to, fraction: f)
        }
      }
    }
  }

  /// The colours rotated right by one: the seed's `shiftColors`.
  public static func shifted(_ colors: [RGBAColor]) -> [RGBAColor] {
    guard let last = colors.last else { return colors }
    return [last] + colors.dropLast()
  }
}
