import Foundation
import RainbowRing
import Testing

@testable import RingFlash

@Suite struct FlashAnalysisTests {
  /// Whether frame `k` of a square wave of `hertz` at `frameRate` is in its second half.
  static func isHigh(_ k: Int, hertz: Double, frameRate: Double = 60) -> Bool {
    Int((Double(k) * 2 * hertz / frameRate).rounded(.down)) % 2 == 1
  }

  /// Counts `seconds` of a `width` x `height` luminance flicker between `low` and `high` at
  /// `hertz`, in the pixels `inside` says flash (the others stay at `low`).
  static func flicker(
    low: Double, high: Double, hertz: Double, seconds: Double = 3, width: Int = 16,
    height: Int = 16, fieldDiameter: Double = 16, inside: (Int, Int) -> Bool = { _, _ in true }
  ) throws -> FlashAnalysis {
    var counter = try FlashCounter(
      width: width, height: height, frameRate: 60, fieldDiameter: fieldDiameter)
    for k in 0...Int(seconds * 60) {
      let v = isHigh(k, hertz: hertz) ? high : low
      var frame = [Double](repeating: low, count: width * height)
      for y in 0..<height {
        for x in 0..<width where inside(x, y) { frame[y * width + x] = v }
      }
      counter.append(luminance: frame)
    }
    return counter.analysis
  }

  /// At 3.5 Hz a second holds 7 transitions: 3.5 flashes, which fails (half flashes count).
  @Test(arguments: [
    (1.0, true), (2.0, true), (3.0, true), (3.5, false), (4.0, false), (5.0, false), (10, false),
  ])
  func fullFrameBlackWhiteFlickerCountsItsRate(hertz: Double, passes: Bool) throws {
    let result = try Self.flicker(low: 0, high: 1, hertz: hertz)
    #expect(result.generalFlashesPerSecond == hertz, "\(hertz) Hz: \(result.summary)")
    #expect(result.passes == passes, "\(hertz) Hz passes \(passes): \(result.summary)")
    #expect(result.redFlashesPerSecond == 0, "no red in grey frames")
    #expect(result.largestLuminanceChange == 1, "black to white")
    #expect(result.largestFlashingFieldShare > 0.25, "the whole field flashes")
  }

  @Test(arguments: [
    (0.3, 0.39, 0.0, "a change of 0.09 is no transition"),
    (0.3, 0.4, 10, "a change of 0.1 is one"),
    (0.8, 1.0, 0, "the darker state must be below 0.8"),
    (0.79, 1.0, 10, "0.79 is below 0.8"),
    (0.05, 0.2, 10, "dark flicker counts"),
  ])
  func luminanceThresholds(low: Double, high: Double, flashes: Double, why: String) throws {
    let result = try Self.flicker(low: low, high: high, hertz: 10)
    #expect(result.generalFlashesPerSecond == flashes, "\(why): \(result.summary)")
  }

  /// A flickering square of `side` pixels in a 100 x 100 frame whose 10-degree field is
  /// 100 pixels across (a disc of 7854 pixels, threshold 1963.5).
  @Test(arguments: [(40, 0.0), (44, 0.0), (45, 10), (60, 10), (100, 10)])
  func onlyLargeEnoughAreasCount(side: Int, flashes: Double) throws {
    let result = try Self.flicker(
      low: 0, high: 1, hertz: 10, seconds: 1.5, width: 100, height: 100, fieldDiameter: 100,
      inside: { x, y in x >= 30 && x < 30 + side && y >= 0 && y < side })
    #expect(
      result.generalFlashesPerSecond == flashes,
      "\(side * side) px against a threshold of 1963.5: \(result.summary)")
    #expect(result.largestPixelFlashesPerSecond == 6, "each pixel flashes 10 times (counted to 6)")
  }

  @Test func aFieldSmallerThanTheFrameIsFoundWherever() throws {
    // A 50 x 50 patch in a 300 x 200 frame: the 100-pixel field sees it wherever it is.
    for x0 in [0, 125, 250] {
      let result = try Self.flicker(
        low: 0, high: 1, hertz: 10, seconds: 1.1, width: 300, height: 200, fieldDiameter: 100,
        inside: { x, y in x >= x0 && x < x0 + 50 && y >= 150 })
      #expect(result.generalFlashesPerSecond == 10, "patch at x \(x0): \(result.summary)")
    }
  }

  /// A thin ring that fills the field is measured whole: a square of the field's area
  /// would cut it off at 3, 6, 9 and 12 o'clock (27% of the field instead of 36%).
  @Test(arguments: [100, 101, 64])
  func aRingFillingTheFieldIsMeasuredWhole(side: Int) throws {
    let r = Double(side) / 2
    let result = try Self.flicker(
      low: 0, high: 1, hertz: 10, seconds: 1.1, width: side, height: side,
      fieldDiameter: Double(side),
      inside: { x, y in
        let (dx, dy) = (Double(x) + 0.5 - r, Double(y) + 0.5 - r)
        let d = (dx * dx + dy * dy).squareRoot()
        return d <= r && d >= 0.8 * r
      })
    #expect(result.largestFlashingFieldShare >= 0.355, "\(result.largestFlashingFieldShare)")
    #expect(result.largestFlashingFieldShare <= 0.36 * 1.07, "\(result.largestFlashingFieldShare)")
    #expect(result.fastFlashingFieldShare >= 0.355, "\(result.fastFlashingFieldShare)")
  }

  /// The window holds every pixel whose centre lies in the field's disc, and at most 10%
  /// more area than the disc (from 48 pixels across).
  @Test(arguments: [1.0, 7.5, 48, 100, 333.3])
  func theFieldsBandsHoldItsDisc(diameter: Double) {
    let window = FieldWindow(diameter: diameter)
    let r = max(0.5, diameter / 2)
    var area = 0
    for band in window.bands {
      area += (band.bottom - band.top) * (2 * band.halfWidth + 1)
      for t in band.top..<band.bottom { #expect(Double(t * t) <= r * r + 1e-9) }
    }
    for t in Int((-r).rounded(.up))...Int(r.rounded(.down)) {
      for s in Int((-r).rounded(.up))...Int(r.rounded(.down)) where Double(t * t + s * s) <= r * r {
        let band = window.bands.first { $0.top <= t && t < $0.bottom }
        #expect(band.map { abs(s) <= $0.halfWidth } == true, "(\(s), \(t)) of \(diameter)")
      }
    }
    if diameter >= 48 { #expect(Double(area) <= 1.1 * Double.pi * r * r, "\(area)") }
  }

  @Test func scatteredFlashingIsMeasuredPerField() throws {
    // Every 5th column flashes: 20% of any window, so no flash counts.
    let result = try Self.flicker(
      low: 0, high: 1, hertz: 10, seconds: 1.1, width: 200, height: 200, fieldDiameter: 100,
      inside: { x, _ in x % 5 == 0 })
    #expect(result.generalFlashesPerSecond == 0, "\(result.summary)")
    #expect(result.largestFlashingFieldShare <= 0.25, "\(result.largestFlashingFieldShare)")
  }

  static func color(_ r: Double, _ g: Double, _ b: Double) -> RGBAColor {
    RGBAColor(unchecked: r, g, b)
  }

  /// Frames alternating between two opaque colours at 5 Hz over 2 seconds.
  @Test(arguments: [
    (color(1, 0, 0), color(0, 0, 0), 5.0, 5.0, "red and black: red and general flashes"),
    (color(1, 0, 0), color(128 / 255, 0, 0), 5, 5, "bright and dark red"),
    (color(1, 0.5, 0.5), color(0, 0, 0), 0, 5, "pink is not a saturated red"),
    (color(0, 1, 0), color(0, 0, 0), 0, 5, "green and black"),
    (color(1, 0, 0), color(0.2, 0, 0.2), 5, 5, "red and dark purple"),
    (color(1, 0, 0), color(1, 0.1, 0), 0, 0, "two reds 20 apart at most"),
  ])
  func redFlashes(
    a: RGBAColor, b: RGBAColor, red: Double, general: Double, why: String
  ) throws {
    var counter = try FlashCounter(width: 8, height: 8, frameRate: 60, fieldDiameter: 8)
    var frame = try Pixmap(width: 8, height: 8)
    for k in 0...120 {
      frame.fill(Self.isHigh(k, hertz: 5) ? a : b)
      counter.append(frame)
    }
    let result = counter.analysis
    #expect(result.redFlashesPerSecond == red, "\(why): \(result.summary)")
    #expect(result.generalFlashesPerSecond == general, "\(why): \(result.summary)")
  }

  /// A red/green pattern moving across the frame: each column swaps at 5 Hz, a frame later
  /// than the one before, so no frame completes red transitions over a quarter of the field,
  /// but every pixel flashes red 5 times a second. Red and this green differ by under 0.1
  /// in luminance: no general flash.
  @Test func movingRedPatternsCountPerPixel() throws {
    var counter = try FlashCounter(width: 16, height: 16, frameRate: 60, fieldDiameter: 16)
    var frame = try Pixmap(width: 16, height: 16)
    let red = Self.color(1, 0, 0)
    let green = Self.color(0, 143 / 255, 0)
    for k in 0...120 {
      frame.withUnsafeMutablePixels { p in
        for i in 0..<256 {
          p[i] = (Self.isHigh(k + i % 16, hertz: 5) ? red : green).premultipliedRGBA8
        }
      }
      counter.append(frame)
    }
    let result = counter.analysis
    #expect(result.redFlashesPerSecond == 0, "no frame flashes a quarter: \(result.summary)")
    #expect(result.generalFlashesPerSecond == 0, "no general flash: \(result.summary)")
    #expect(result.fastFlashingFieldShare > 0.9, "every pixel flashes red: \(result.summary)")
    #expect(!result.passes, "a moving red pattern fails: \(result.summary)")
  }

  /// A one-second window holds every transition less than a second apart, by time: black
  /// and white swapping every frame at 6.25 fps (160 ms frames) makes 7 transitions in
  /// [0.16 s, 1.16 s), 3.5 flashes, which fails; so do GIF delays of 16 and 17 cs in turn.
  @Test(
    arguments: [
      ([Int64](repeating: 160, count: 20), 6.25, "6.25 fps"),
      ((0..<20).map { $0 % 2 == 0 ? 160 : 170 }, 6.06, "delays of 16 and 17 cs"),
    ] as [([Int64], Double, String)])
  func windowsAreInTime(milliseconds: [Int64], frameRate: Double, why: String) throws {
    var counter = try FlashCounter(
      width: 16, height: 16, frameRate: frameRate, fieldDiameter: 16)
    var time: Int64 = 0
    for (k, delay) in milliseconds.enumerated() {
      let v = k % 2 == 0 ? 0.0 : 1.0
      counter.append(luminance: [Double](repeating: v, count: 256), at: .nanoseconds(time))
      time += delay * 1_000_000
    }
    let result = counter.analysis
    #expect(result.generalFlashesPerSecond == 3.5, "\(why): \(result.summary)")
    #expect(result.largestPixelFlashesPerSecond == 3.5, "\(why): per pixel: \(result.summary)")
    // The pixel centres a disc 16 pixels across holds: 197, for 201 square pixels of area.
    #expect(result.fastFlashingFieldShare >= 0.97, "\(why): every pixel: \(result.summary)")
    #expect(!result.passes, "\(why): \(result.summary)")
  }

  @Test func transparentPixelsAreSeenOverWhite() throws {
    var counter = try FlashCounter(width: 4, height: 4, frameRate: 60, fieldDiameter: 4)
    var frame = try Pixmap(width: 4, height: 4)
    for k in 0...120 {
      if Self.isHigh(k, hertz: 5) { frame.fill(.black) } else { frame.clear() }
      counter.append(frame)
    }
    #expect(counter.analysis.generalFlashesPerSecond == 5, "clear is white: black flashes")
    #expect(counter.analysis.largestLuminanceChange == 1, "white to black")
  }

  @Test func fieldGeometry() {
    let d = FlashAnalysis.fieldDiameter(
      viewingDistance: 50, pixelsPerCentimetre: FlashAnalysis.cssPixelsPerCentimetre)
    #expect(abs(d - 330.7) < 0.1, "10 degrees at 50 cm and 96 ppi: \(d) px")
  }

  @Test func seedRingPasses() throws {
    let clock = ContinuousClock()
    var result: FlashAnalysis?
    let elapsed = try clock.measure { result = try FlashAnalysis.analyze(RingScene()) }
    let r = try #require(result)
    print("seed ring, \(elapsed):\n\(r.summary)")
    #expect(r.passes, "\(r.summary)")
    #expect(r.generalFlashesPerSecond == 0 && r.redFlashesPerSecond == 0, "\(r.summary)")
    #expect(r.frameCount == 937, "two periods of 7.3 s and a second at 60 frames per second")
  }

  /// The seed's ring 20 times faster (5 ms steps): each pixel runs through the hues 2.7
  /// times a second, and each run is two flashes between adjacent peaks and valleys (up to
  /// yellow, down through the dip at green, down to blue after the bump at cyan, up to
  /// magenta): 5.5 a second. Only a band of the ring changes at once, but every pixel of the
  /// ring flashes more than 3 times a second, and the ring fills the field at the default
  /// distance: it fails. From 60 cm, on a 96-ppi screen, the ring is a small part of the
  /// field and it passes.
  @Test(arguments: [(nil, false), (60.0, true)] as [(Double?, Bool)])
  func twentyTimesFasterRingFailsWhereItFillsTheField(distance: Double?, passes: Bool) throws {
    let ring = try RainbowRing(stepDuration: .milliseconds(5))
    let r = try FlashAnalysis.analyze(RingScene(ring: ring), viewingDistance: distance)
    #expect(r.passes == passes, "\(r.summary)")
    #expect(r.largestPixelFlashesPerSecond >= 5.5, "2.74 runs through the hues a second")
    #expect(r.largestFlashingFieldShare < 0.25, "a band of the ring at a time")
    #expect((r.fastFlashingFieldShare > 0.25) == !passes, "\(r.summary)")
  }

  /// Where the rainbow starts to fail: two flashes per run through the hues, so more than 3
  /// a second when a run is shorter than 2/3 s (steps under 9.1 ms). Whole transitions are
  /// counted in every one-second window of two seconds: 8 ms steps (6.8 transitions a
  /// second) reach 7 in some window.
  @Test(arguments: [(10, true), (8, false), (7, false)] as [(Int64, Bool)])
  func theRainbowFailsWithStepsOfSevenMilliseconds(milliseconds: Int64, passes: Bool) throws {
    let ring = try RainbowRing(stepDuration: .milliseconds(milliseconds))
    let r = try FlashAnalysis.analyze(RingScene(ring: ring, scale: 0.5))
    #expect(r.passes == passes, "\(milliseconds) ms steps: \(r.summary)")
  }

  /// Rings that flash: large on screen (a full disc seen from close by) and fast, or with
  /// few hues changing in step.
  @Test(arguments: [
    (180.0, 50, 15.0, "red and cyan swapping every 50 ms"),
    (120, 40, 15, "three hues swapping every 40 ms"),
    (5, 2, 25, "the seed's hues 50 times faster"),
  ])
  func fastLargeRingsFail(hueStep: Double, milliseconds: Int64, distance: Double, why: String)
    throws
  {
    let ring = try RainbowRing(
      ringWidth: 80, stepDuration: .milliseconds(milliseconds), hueStep: hueStep)
    let r = try FlashAnalysis.analyze(
      RingScene(ring: ring), duration: .seconds(2), viewingDistance: distance)
    #expect(!r.passes, "\(why): \(r.summary)")
    #expect(r.generalFlashesPerSecond > 3, "\(why): \(r.summary)")
    #expect(r.fastFlashingFieldShare > 0.25, "\(why): \(r.summary)")
  }

  @Test func aLowerScaleGivesTheSameVerdict() throws {
    let ring = try RainbowRing(ringWidth: 80, stepDuration: .milliseconds(50), hueStep: 180)
    let r = try FlashAnalysis.analyze(
      RingScene(ring: ring, scale: 2), duration: .seconds(1.5), scale: 0.5, viewingDistance: 15)
    #expect(!r.passes, "\(r.summary)")
    #expect(abs(r.fieldDiameter - 49.6) < 0.1, "the field in the analysed frames' pixels")
  }

  @Test func invalidInputIsRefused() throws {
    #expect(throws: RingError.self, "frame rate 0") {
      try FlashCounter(width: 4, height: 4, frameRate: 0, fieldDiameter: 4)
    }
    #expect(throws: RingError.self, "no field") {
      try FlashCounter(width: 4, height: 4, frameRate: 60, fieldDiameter: 0)
    }
    #expect(throws: RingError.self, "no pixels") {
      try FlashCounter(width: 0, height: 4, frameRate: 60, fieldDiameter: 4)
    }
    #expect(throws: RingError.self, "negative distance") {
      try FlashAnalysis.analyze(RingScene(), viewingDistance: -1)
    }
  }
}
