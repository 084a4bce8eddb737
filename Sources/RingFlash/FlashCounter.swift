import Foundation
import RainbowRing

/// Counts flashes in a sequence of frames by WCAG 2.x success criterion 2.3.1 (Three Flashes
/// or Below Threshold): the core of `FlashAnalysis`, a pure function of the frames it is
/// given, so it can be tested on synthetic frames without rendering a ring.
///
/// ```swift
/// var counter = try FlashCounter(width: 64, height: 64, frameRate: 60, fieldDiameter: 330)
/// for frame in frames { counter.append(frame) }  // or append(luminance:)
/// let result = counter.analysis
/// ```
///
/// Per frame and pixel it takes the relative luminance and the red measure, and tracks the
/// transitions of each (`TransitionTracker`):
/// - a *general* transition is a change of relative luminance of at least 0.1 between a peak
///   and a valley, whose darker end is below 0.80;
/// - a *red* transition is a change of more than 20 in the red measure
///   `320 x max(0, R - G - B)` (linear R, G, B in [0, 1]), whose redder end is a saturated
///   red, `R / (R + G + B) >= 0.8`. This is the numeric working definition WCAG 2.0 and 2.1
///   give; WCAG 2.2's newer wording (a chromaticity difference of more than 0.2 in CIE 1976
///   UCS) is not implemented.
///
/// The pixels completing a counted transition in the same frame are the frame's flashing
/// area. The transition counts as an *event* when that area exceeds 25% of some 10-degree
/// visual field: the field is a disc `fieldDiameter` pixels across, centred on every pixel
/// in turn (a disc centred off the frame holds no more of it than one centred at the
/// nearest pixel), stood in for by `FieldWindow`'s 16 bands around it (a summed-area table
/// over the frame's marks, built only for frames with marks), their count taken as a share
/// of the disc's area. A flash is two opposing transitions,
/// so the flashes in a one-second window are half the events in it; `analysis` reports the
/// most over every window of events less than one second apart, by the frames' times (given
/// to `append`, or frame k at k / `frameRate`): windows are in time, not in a rounded number
/// of frames, so any rate and uneven frame times (GIF delays) count alike.
///
/// Simplifications, each erring towards reporting more flashing:
/// - "Concurrent" means completing in the same frame; pixels of one field are counted
///   together whether their transitions rise or fall.
/// - Events are counted per frame, not per field: two fields flashing in turn add up.
/// - Half flashes count: 7 transitions in a second are 3.5 flashes, which fails.
/// - The bands hold the whole disc and a little more (up to 10% of its area): what they count is
///   at least what the disc holds, over the disc's area (shares are capped at 1). A square
///   of the disc's area would cut off a ring that fills the field at 3, 6, 9 and 12 o'clock.
///
/// Alongside, regardless of area: the largest frame-to-frame change of any one pixel's
/// relative luminance, the largest share of a field flashing in one frame, the most
/// general flashes of any one pixel in a second (counted up to 6, from its last 12
/// transitions), and the largest share of a field covered by pixels that each flash more
/// than 3 times in some second (general flashes, or red flashes: each kind counted on its
/// own), whenever that second is: the area a looser reading of
/// "concurrently" (flashing in the same stretch of time, not the same frame) would weigh.
///
/// Complexity: O(pixels) per frame, plus O(pixels + window positions) for frames with
/// marks. Memory: about 180 bytes per pixel.
public struct FlashCounter: Sendable {
  /// Frame size, in pixels.
  public let width: Int
  public let height: Int
  /// Frames per second.
  public let frameRate: Double
  /// The 10-degree visual field's diameter, in pixels of the frames.
  public let fieldDiameter: Double
  /// The flashing area a field must exceed for a transition to count: 25% of the field's
  /// disc, in pixels.
  public var areaThreshold: Double { FlashCounter.fieldShare * fieldArea }
  /// The area of the field's disc, in pixels.
  public var fieldArea: Double { Double.pi * fieldDiameter * fieldDiameter / 4 }
  /// The bands standing for the field's disc.
  let window: FieldWindow
  /// The colour behind transparent pixels of appended pixmaps.
  public let backdrop: RGBAColor

  /// The general-flash luminance change, in relative luminance (10% of the maximum, 1.0).
  public static let luminanceChange = 0.1
  /// The darker state of a general flash must have a relative luminance below this.
  public static let darkerStateLimit = 0.8
  /// A red transition changes the red measure by more than this.
  public static let redChange = 20.0
  /// A saturated red has `R / (R + G + B)` at least this (linear values).
  public static let saturatedRedRatio = 0.8
  /// The largest share of a field that may flash concurrently.
  public static let fieldShare = 0.25
  /// The most flashes allowed in any one second.
  public static let flashesPerSecondLimit = 3.0

  private var general: TransitionTracker
  private var red: TransitionTracker
  private var luminance: [Double]
  private var darkEnough: [Bool]
  private var redMeasure: [Double]
  private var saturatedRed: [Bool]
  /// The last frame's pixels (of `append(_:)`), and which pixels the newest frame changed.
  private var previousPixels: [UInt32]
  /// Whether `previousPixels` holds the last frame (it was appended as pixels).
  private var previousPixelsCurrent = false
  private var changed: [UInt8]
  private var marks: [UInt8]
  private var table: [Int32]
  /// Each appended frame's time, in nanoseconds.
  private var frameTimes: [Int64] = []
  /// Frame indices (of the frame ending each change) of general and red events.
  private var generalEvents: [Int] = []
  private var redEvents: [Int] = []
  /// Per pixel, the frame indices of its latest counted general transitions, a
  /// ring of `pixelHistory` entries: for the per-pixel rate, regardless of area.
  private var pixelTimes: [Int32]
  /// The same for its counted red transitions (kept apart: a change from red to black is
  /// both a general and a red transition, one flash of each kind, not two flashes).
  private var redPixelTimes: [Int32]
  /// Per pixel, 1 once it has flashed more than 3 times in some second (general or red
  /// flashes), whatever the area.
  private var fastFlashing: [UInt8]
  private static let pixelHistory = 12
  private var largestPixelTransitions = 0
  private var largestChange = 0.0
  private var largestFieldShare = 0.0
  /// Frames appended so far.
  public private(set) var frameCount = 0

  /// A counter for frames of `width` x `height` pixels shown `frameRate` times a second,
  /// viewed so that a 10-degree field is `fieldDiameter` pixels across; transparent pixels
  /// of appended pixmaps are seen over `backdrop` (made opaque). Throws `RingError` for a
  /// non-positive size or more than `Pixmap.maximumPixelCount` pixels, a frame rate outside
  /// [1, 1000], or a field diameter that is not positive and finite.
  public init(
    width: Int, height: Int, frameRate: Double, fieldDiameter: Double,
    backdrop: RGBAColor = .white
  ) throws {
    guard width > 0, height > 0, width <= Pixmap.maximumPixelCount / height else {
      throw RingError(.invalidParameter, "frame size \(width)x\(height) is not accepted")
    }
    guard frameRate >= 1, frameRate <= 1000 else {
      throw RingError(.invalidParameter, "frame rate \(frameRate) must be in [1, 1000]")
    }
    guard fieldDiameter > 0, fieldDiameter <= 1e7 else {
      throw RingError(
        .invalidParameter, "field diameter \(fieldDiameter) must be in (0, 1e7] pixels")
    }
    self.width = width
    self.height = height
    self.frameRate = frameRate
    self.fieldDiameter = fieldDiameter
    self.backdrop = RGBAColor(unchecked: backdrop.red, backdrop.green, backdrop.blue, 1)
    window = FieldWindow(diameter: fieldDiameter)
    let n = width * height
    general = TransitionTracker(
      pixelCount: n, threshold: FlashCounter.luminanceChange, strict: false,
      qualifyingEnd: .lower)
    red = TransitionTracker(
      pixelCount: n, threshold: FlashCounter.redChange, strict: true, qualifyingEnd: .higher)
    luminance = [Double](repeating: 0, count: n)
    darkEnough = [Bool](repeating: false, count: n)
    redMeasure = [Double](repeating: 0, count: n)
    saturatedRed = [Bool](repeating: false, count: n)
    previousPixels = [UInt32](repeating: 0, count: n)
    changed = [UInt8](repeating: 1, count: n)
    marks = [UInt8](repeating: 0, count: n)
    table = []
    pixelTimes = [Int32](repeating: Int32.min, count: n * FlashCounter.pixelHistory)
    redPixelTimes = pixelTimes
    fastFlashing = [UInt8](repeating: 0, count: n)
  }

  /// The sRGB transfer function undone for each 8-bit value (IEC 61966-2-1, the
  /// 0.04045 break WCAG uses since 2021).
  static let linear: [Double] = (0..<256).map { (c: Int) -> Double in
    let s = Double(c) / 255
    return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
  }

  /// The time of the next frame when none is given: frame k at k / `frameRate`.
  private var nextTime: MediaTime { .seconds(Double(frameCount) / frameRate) }

  /// Adds a frame shown from `time` (by default frame k at k / `frameRate`; times must not
  /// decrease): its premultiplied pixels are composited over `backdrop`, then measured. The
  /// pixmap must be `width` x `height`.
  public mutating func append(_ frame: Pixmap, at time: MediaTime? = nil) {
    precondition(frame.width == width && frame.height == height, "frame size must match")
    frameTimes.append((time ?? nextTime).nanoseconds)
    let first = frameCount == 0
    // A frame equal to the last one completes no transition: only its time counts (a ring
    // holding still, before or after its progress change, at a high display rate).
    if !first, previousPixelsCurrent,
      frame.pixels.withUnsafeBytes({ a in
        self.previousPixels.withUnsafeBytes { b in
          memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
        }
      })
    {
      frameCount += 1
      return
    }
    let back = backdrop.premultipliedRGBA8
    var largest = largestChange
    // Moved out while the measures are borrowed, and back after.
    var previousPixels = self.previousPixels
    self.previousPixels = []
    withMeasures { lum, dark, reds, saturated, changed in
      FlashCounter.linear.withUnsafeBufferPointer { table in
        frame.pixels.withUnsafeBufferPointer { pixels in
          previousPixels.withUnsafeMutableBufferPointer { previous in
            let lin = table.baseAddress!
            let px = pixels.baseAddress!
            let before = previous.baseAddress!
            // Runs of equal pixels (a background) are measured once.
            var last = ~px[0]
            var l = 0.0
            var red = 0.0
            var isSaturated = false
            for i in 0..<pixels.count {
              let v = px[i]
              if v == before[i], !first {
                changed[i] = 0
                continue
              }
              before[i] = v
              changed[i] = 1
              if v != last {
                last = v
                let p = PixelMath.sourceOver(v, back)
                let r = lin[Int(p & 0xFF)]
                let g = lin[Int(p >> 8 & 0xFF)]
                let b = lin[Int(p >> 16 & 0xFF)]
                l = 0.2126 * r + 0.7152 * g + 0.0722 * b
                red = r - g - b > 0 ? 320 * (r - g - b) : 0
                isSaturated = r > 0 && r >= FlashCounter.saturatedRedRatio * (r + g + b)
              }
              let d = l - lum[i]
              if !first, d > largest || -d > largest { largest = abs(d) }
              lum[i] = l
              dark[i] = l < FlashCounter.darkerStateLimit
              reds[i] = red
              saturated[i] = isSaturated
            }
          }
        }
      }
    }
    self.previousPixels = previousPixels
    previousPixelsCurrent = true
    largestChange = largest
    count()
  }

  /// Adds a frame given as relative luminance per pixel, row-major, each in [0, 1], shown
  /// from `time` (as in `append(_:at:)`); such a frame has no red (its red measure is 0).
  public mutating func append(luminance values: [Double], at time: MediaTime? = nil) {
    precondition(values.count == width * height, "one luminance per pixel")
    frameTimes.append((time ?? nextTime).nanoseconds)
    let first = frameCount == 0
    var largest = largestChange
    previousPixelsCurrent = false
    withMeasures { lum, dark, reds, saturated, changed in
      for i in 0..<values.count {
        let l = values[i]
        changed[i] = first || l != lum[i] ? 1 : 0
        if !first { largest = max(largest, abs(l - lum[i])) }
        lum[i] = l
        dark[i] = l < FlashCounter.darkerStateLimit
        reds[i] = 0
        saturated[i] = false
      }
    }
    largestChange = largest
    count()
  }

  /// Calls `body` with the measures of the frame being appended, for reading (they hold the
  /// last frame's) and writing, and the marks to write which pixels changed.
  private mutating func withMeasures(
    _ body: (
      _ luminance: UnsafeMutablePointer<Double>, _ darkEnough: UnsafeMutablePointer<Bool>,
      _ redMeasure: UnsafeMutablePointer<Double>, _ saturatedRed: UnsafeMutablePointer<Bool>,
      _ changed: UnsafeMutablePointer<UInt8>
    ) -> Void
  ) {
    luminance.withUnsafeMutableBufferPointer { l in
      darkEnough.withUnsafeMutableBufferPointer { d in
        redMeasure.withUnsafeMutableBufferPointer { r in
          saturatedRed.withUnsafeMutableBufferPointer { s in
            changed.withUnsafeMutableBufferPointer { c in
              body(l.baseAddress!, d.baseAddress!, r.baseAddress!, s.baseAddress!, c.baseAddress!)
            }
          }
        }
      }
    }
  }

  /// Runs the trackers over the measures of the frame just appended and records its events.
  private mutating func count() {
    let frame = frameCount
    frameCount += 1
    for kind in [FlashKind.general, .red] {
      let marked = marks.withUnsafeMutableBufferPointer { m in
        changed.withUnsafeBufferPointer { c in
          kind == .general
            ? luminance.withUnsafeBufferPointer { values in
              darkEnough.withUnsafeBufferPointer { flags in
                general.step(values: values, flags: flags, changed: c, marks: m)
              }
            }
            : redMeasure.withUnsafeBufferPointer { values in
              saturatedRed.withUnsafeBufferPointer { flags in
                red.step(values: values, flags: flags, changed: c, marks: m)
              }
            }
        }
      }
      guard marked > 0 else { continue }
      recordPixelTimes(frame: frame, kind: kind)
      // No placement holds more than all the marks: when they are no event and no larger
      // share than one already seen, the window need not be placed.
      let most = Double(marked)
      if most <= areaThreshold && most <= largestFieldShare * fieldArea { continue }
      let area = largestWindowSum(total: marked)
      largestFieldShare = max(largestFieldShare, min(1, Double(area) / fieldArea))
      guard Double(area) > areaThreshold else { continue }
      if kind == .general { generalEvents.append(frame) } else { redEvents.append(frame) }
    }
  }

  private enum FlashKind { case general, red }

  /// Notes this frame in the `kind` history of each marked pixel, updates the per-pixel
  /// general rate and flags the pixels that flash (general or red) more than 3 times in a
  /// second.
  private mutating func recordPixelTimes(frame: Int, kind: FlashKind) {
    let h = FlashCounter.pixelHistory
    let second: Int64 = 1_000_000_000
    let limit = Int(2 * FlashCounter.flashesPerSecondLimit)
    let now = Int32(frame)
    let nowTime = frameTimes[frame]
    var most = 0
    var history = kind == .general ? pixelTimes : redPixelTimes
    if kind == .general { pixelTimes = [] } else { redPixelTimes = [] }
    frameTimes.withUnsafeBufferPointer { times in
      marks.withUnsafeBufferPointer { m in
        history.withUnsafeMutableBufferPointer { t in
          fastFlashing.withUnsafeMutableBufferPointer { fast in
            for i in 0..<m.count where m[i] != 0 {
              let row = i * h
              // Replace the oldest entry, then count the entries within the last second.
              var oldest = row
              var within = 1
              for k in row..<row + h {
                if t[k] < t[oldest] { oldest = k }
                if t[k] != Int32.min, nowTime - times[Int(t[k])] < second { within += 1 }
              }
              if t[oldest] != Int32.min, nowTime - times[Int(t[oldest])] < second { within -= 1 }
              t[oldest] = now
              most = max(most, within)
              if within > limit { fast[i] = 1 }
            }
          }
        }
      }
    }
    if kind == .general {
      pixelTimes = history
      largestPixelTransitions = max(largestPixelTransitions, most)
    } else {
      redPixelTimes = history
    }
  }

  /// The most marked pixels in any placement of the field's window.
  private mutating func largestWindowSum(total: Int) -> Int {
    if window.holdsEverything(width: width, height: height) { return total }
    let stride = width + 1
    if table.count != stride * (height + 1) {
      table = [Int32](repeating: 0, count: stride * (height + 1))
    }
    return window.largestSum(of: marks, width: width, table: &table)
  }

  /// The most events less than one second apart, by their frames' times.
  private func mostInOneSecond(_ events: [Int]) -> Int {
    var most = 0
    var first = 0
    for last in events.indices {
      while frameTimes[events[last]] - frameTimes[events[first]] >= 1_000_000_000 { first += 1 }
      most = max(most, last - first + 1)
    }
    return most
  }

  /// The result for the frames appended so far.
  public var analysis: FlashAnalysis {
    var table = [Int32](repeating: 0, count: (width + 1) * (height + 1))
    let fast =
      window.holdsEverything(width: width, height: height)
      ? fastFlashing.reduce(0) { $0 + Int($1) }
      : window.largestSum(of: fastFlashing, width: width, table: &table)
    return FlashAnalysis(
      largestLuminanceChange: largestChange,
      generalFlashesPerSecond: Double(mostInOneSecond(generalEvents)) / 2,
      redFlashesPerSecond: Double(mostInOneSecond(redEvents)) / 2,
      largestFlashingFieldShare: largestFieldShare,
      largestPixelFlashesPerSecond: Double(largestPixelTransitions) / 2,
      fastFlashingFieldShare: min(1, Double(fast) / fieldArea),
      frameCount: frameCount, frameRate: frameRate, fieldDiameter: fieldDiameter,
      duration: Double((frameTimes.last ?? 0) - (frameTimes.first ?? 0)) / 1e9)
  }
}
