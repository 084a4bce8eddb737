import Foundation
import RainbowRing

/// How much a scene flashes, by WCAG 2.x success criterion 2.3.1 (Three Flashes or Below
/// Threshold): content passes when no 10-degree visual field sees more than three general
/// flashes and no more than three red flashes in any one second, counting only flashes
/// whose concurrent area exceeds 25% of the field (0.006 steradians).
///
/// "Concurrent" is read both ways, and content must pass both: flashes completing in the
/// same frame (a flicker), and pixels each flashing more than three times within a second
/// (a moving pattern, such as a fast colour flow, whose bands flash in turn).
///
/// ```swift
/// let result = try FlashAnalysis.analyze(try RingScene())
/// print(result.summary)  // result.passes is true for the seed's ring
/// ```
///
/// `FlashCounter` documents the algorithm and its simplifications; `analyze` samples the
/// scene's frames and feeds them to it.
public struct FlashAnalysis: Hashable, Sendable {
  /// The largest frame-to-frame change in relative luminance (0...1) of any one pixel,
  /// whatever its area: a bound on how strong any flash could be.
  public let largestLuminanceChange: Double
  /// The most general flashes (pairs of opposing transitions of at least 0.1 in relative
  /// luminance, the darker state below 0.8) over a large enough area, in any one second.
  /// Half flashes count: 3.5 means seven transitions.
  public let generalFlashesPerSecond: Double
  /// The most red flashes (pairs of opposing transitions involving a saturated red) over a
  /// large enough area, in any one second.
  public let redFlashesPerSecond: Double
  /// The largest share of a 10-degree field covered by pixels completing a general or red
  /// transition in the same frame (0...1; the threshold is 0.25).
  public let largestFlashingFieldShare: Double
  /// The most general flashes of any one pixel in one second, whatever the area (at most 6):
  /// what the rate would be if the flashing area were large enough.
  public let largestPixelFlashesPerSecond: Double
  /// The largest share of a 10-degree field covered by pixels that each have more than 3
  /// general flashes, or more than 3 red flashes, in some second, not necessarily in step (0...1): the moving-pattern
  /// reading of "concurrent"; over 0.25 fails.
  public let fastFlashingFieldShare: Double
  /// Frames analysed.
  public let frameCount: Int
  /// Frames per second.
  public let frameRate: Double
  /// The 10-degree field's diameter, in pixels of the analysed frames.
  public let fieldDiameter: Double

  /// Whether the scene is below the thresholds: at most 3 general and at most 3 red flashes
  /// in any second.
  public var passes: Bool {
    generalFlashesPerSecond <= FlashCounter.flashesPerSecondLimit
      && redFlashesPerSecond <= FlashCounter.flashesPerSecondLimit
      && fastFlashingFieldShare <= FlashCounter.fieldShare
  }

  /// Seconds of motion analysed: from the first frame's time to the last's.
  public let duration: Double

  /// "937 frames at 60 per second", or "2337 frames sampled" when they are not evenly
  /// `frameRate` apart (a slow flow's steps, `FlashCheck.SparseSampling`).
  var framesText: String {
    let even = Double(max(0, frameCount - 1)) / frameRate
    return abs(even - duration) <= 1 / frameRate
      ? "\(frameCount) frames at \(String(format: "%.0f", frameRate)) per second"
      : "\(frameCount) frames sampled (\(Int(FlashCheck.samplesPerStep)) a step of the flow)"
  }

  /// The result for a person, one finding a line.
  public var summary: String {
    func n(_ v: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", v) }
    let limit = FlashCounter.flashesPerSecondLimit
    func over(_ failed: Bool) -> String { failed ? "  <- over the limit" : "" }
    let pixelRate =
      largestPixelFlashesPerSecond >= 6
      ? "6 or more" : n(largestPixelFlashesPerSecond, 1)
    return """
      Flash analysis (WCAG 2.3.1): \(passes ? "passes" : "FAILS")
        general flashes over a quarter of a field at once: \(n(generalFlashesPerSecond, 1)) \
      per second (limit 3)\(over(generalFlashesPerSecond > limit))
        red flashes over a quarter of a field at once: \(n(redFlashesPerSecond, 1)) per second \
      (limit 3)\(over(redFlashesPerSecond > limit))
        share of a 10-degree field with pixels flashing (general or red) over 3 times in a second: \
      \(n(fastFlashingFieldShare * 100, 1))% (limit 25%)\(over(fastFlashingFieldShare > FlashCounter.fieldShare))
        largest share of a field flashing in the same frame: \
      \(n(largestFlashingFieldShare * 100, 1))%
        one pixel's most general flashes: \(pixelRate) per second
        largest luminance change between frames: \(n(largestLuminanceChange, 3))
        \(framesText) over \(n(duration)) s; \
      10-degree field \(n(fieldDiameter, 0)) px across
      """
  }

  /// The pixels a 10-degree visual field spans, viewed from `viewingDistance` centimetres
  /// on a display of `pixelsPerCentimetre`: `2 d tan(5 degrees)` times the density.
  public static func fieldDiameter(viewingDistance: Double, pixelsPerCentimetre: Double)
    -> Double
  {
    2 * viewingDistance * tan(5 * Double.pi / 180) * pixelsPerCentimetre
  }

  /// The viewing distance, in centimetres, at which `ring` (its shorter side) fills a
  /// 10-degree field on a display of `pointsPerCentimetre`.
  public static func fillingDistance(
    of ring: RainbowRing, pointsPerCentimetre: Double = cssPixelsPerCentimetre
  ) -> Double {
    min(ring.size.width, ring.size.height) / pointsPerCentimetre / (2 * tan(5 * Double.pi / 180))
  }

  /// CSS's reference density, 96 pixels per inch, in pixels per centimetre: the density of
  /// one point per CSS pixel.
  public static let cssPixelsPerCentimetre = 96 / 2.54

  /// Analyses `scene`'s motion as a player shows it: frames sampled `frameRate` times a
  /// second from time 0 over `duration` (by default until the motion provably repeats: the
  /// end of its progress change, then two periods of the flow and a second, see
  /// `FlashCheck`), rendered at `scale` pixels per point (by default the scene's; lower it
  /// for speed), viewed from `viewingDistance` centimetres on a display showing
  /// `pointsPerCentimetre` points per centimetre (96 per inch, CSS's reference pixel, by
  /// default). Transparent pixels are seen over the scene's background, and over white and
  /// over black where it is not opaque: the result is the worse.
  ///
  /// The 10-degree field is then `2 d tan(5 degrees) x density x scale` pixels across. The
  /// default distance is the worst case for a ring that may be shown at any size: the one at
  /// which the ring fills the field (`fillingDistance`; 24 cm for the seed's 160 points).
  /// The ring's motion is a pure function of time, so the frames are exact samples.
  ///
  /// Throws `RingError` for a frame rate outside [1, 1000], a duration outside (0, 3600]
  /// seconds, a viewing distance or density that is not positive and finite, or a scale
  /// outside `RingScene.scaleRange`.
  public static func analyze(
    _ scene: RingScene, frameRate: Double = 60, duration: MediaTime? = nil,
    scale: Double? = nil, viewingDistance: Double? = nil,
    pointsPerCentimetre: Double = cssPixelsPerCentimetre
  ) throws -> FlashAnalysis {
    if let seconds = duration?.seconds, !(seconds > 0 && seconds <= 3600) {
      throw RingError(.invalidParameter, "duration \(seconds) must be in (0, 3600] seconds")
    }
    return try FlashCheck(
      scene, showing: .live(frameRate: frameRate, duration: duration),
      viewingDistance: viewingDistance, pointsPerCentimetre: pointsPerCentimetre,
      analysisScale: scale ?? scene.scale
    ).run().analysis
  }
}
