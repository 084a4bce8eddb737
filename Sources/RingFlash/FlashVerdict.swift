import RainbowRing

/// The result of a `FlashCheck`: the analysis of the frames as seen over the backdrop where
/// they flash most.
public struct FlashVerdict: Hashable, Sendable {
  /// The analysis over `backdrop`: the failing one when one fails, else the one with the
  /// most flashes.
  public let analysis: FlashAnalysis
  /// The colour behind the frames' transparent pixels in `analysis`.
  public let backdrop: RGBAColor
  /// Whether the frames pass over every backdrop checked.
  public var passes: Bool { analysis.passes }

  /// The most flashes a second in any one-second window, general or red, or one pixel's
  /// own (counted up to 6): the rate to quote.
  public var flashesPerSecond: Double {
    max(
      analysis.generalFlashesPerSecond, analysis.redFlashesPerSecond,
      analysis.fastFlashingFieldShare > FlashCounter.fieldShare
        ? analysis.largestPixelFlashesPerSecond : 0)
  }
}

extension FlashVerdict {
  /// The verdict of `counters`, the same frames over `backdrops` (one each): the first that
  /// fails, else the one with the most flashes.
  init(worstOf counters: [FlashCounter], over backdrops: [RGBAColor]) {
    let results = counters.map(\.analysis)
    let rates = results.map {
      max($0.generalFlashesPerSecond, $0.redFlashesPerSecond, $0.fastFlashingFieldShare)
    }
    let worst =
      results.indices.first { !results[$0].passes }
      ?? rates.indices.max { rates[$0] < rates[$1] } ?? 0
    self.init(analysis: results[worst], backdrop: backdrops[worst])
  }
}
