import RainbowRing

/// Finds the transitions of one quantity per pixel (relative luminance, or the red measure):
/// the changes between adjacent peaks and valleys of its plot against time, as WCAG 2.x
/// defines a transition.
///
/// Transitions run between *adjacent* peaks and valleys, as WCAG words it: a reversal of
/// `reversal` or more (a tenth of `threshold`, above 8-bit rounding noise) ends a move, even
/// when the move back does not itself qualify (the rainbow's dip from yellow to green and rise
/// to cyan splits its fall from yellow to blue into two transitions). A transition is
/// *counted* (once) in the first frame where it spans at least `threshold` (more than, when
/// `strict`) and its end states qualify: for the general flash, the darker end's flag says
/// "relative luminance below 0.80"; for the red flash, the redder end's flag says "saturated
/// red". A transition that keeps growing after it was counted is not counted again.
///
/// The first move of each pixel is not counted: the first frame is where the plot starts,
/// not a known peak or valley (a move under way when the recording begins would otherwise
/// count as a whole transition). Every move after a confirmed reversal counts.
///
/// Each pixel's state is a few bytes; `step` visits every pixel once per frame and does not
/// allocate.
struct TransitionTracker {
  /// Which end of a transition must carry the flag for the transition to count.
  enum QualifyingEnd { case lower, higher }

  struct PixelState {
    /// Where the current move started; before the first move, the lowest value seen.
    var base = 0.0
    /// The running extreme of the current move; before the first move, the highest value
    /// seen.
    var extreme = 0.0
    var baseFlag = false
    var extremeFlag = false
    /// +1 rising, -1 falling, 0 before the first move.
    var direction: Int8 = 0
    /// Whether the current move was already counted.
    var counted = false
    /// Whether any frame has been seen.
    var started = false
  }

  let threshold: Double
  let strict: Bool
  let qualifyingEnd: QualifyingEnd
  private var states: [PixelState]

  init(pixelCount: Int, threshold: Double, strict: Bool, qualifyingEnd: QualifyingEnd) {
    self.threshold = threshold
    self.strict = strict
    self.qualifyingEnd = qualifyingEnd
    states = [PixelState](repeating: PixelState(), count: pixelCount)
  }

  /// Takes one frame's values and flags (one per pixel) and writes into `marks` 1 for each
  /// pixel that completes a counted transition in this frame, else 0. Returns how many did.
  /// Pixels whose `changed` is 0 are skipped: a value seen again in the next frame changes
  /// nothing (its state already took it in), so a still background costs little.
  mutating func step(
    values: UnsafeBufferPointer<Double>, flags: UnsafeBufferPointer<Bool>,
    changed: UnsafeBufferPointer<UInt8>, marks: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    // `d >= limit` is "reaches the threshold" (exceeds it, when strict); a move back of
    // `reversal` ends a move.
    let limit = strict ? threshold.nextUp : threshold
    let reversal = threshold / 10
    let lowerEnd = qualifyingEnd == .lower
    var count = 0
    states.withUnsafeMutableBufferPointer { buffer in
      let s = buffer.baseAddress!
      let values = values.baseAddress!
      let flags = flags.baseAddress!
      let marks = marks.baseAddress!
      let changed = changed.baseAddress!
      for i in 0..<buffer.count {
        marks[i] = 0
        if changed[i] == 0 { continue }
        let v = values[i]
        let f = flags[i]
        var p = s[i]
        switch p.direction {
        case 0:
          if !p.started {
            p = PixelState(
              base: v, extreme: v, baseFlag: f, extremeFlag: f, direction: 0, counted: false,
              started: true)
          } else {
            if v < p.base {
              p.base = v
              p.baseFlag = f
            }
            if v > p.extreme {
              p.extreme = v
              p.extremeFlag = f
            }
            if v - p.base >= reversal {
              // Rising from the lowest value seen; not counted (see above).
              p.extreme = v
              p.extremeFlag = f
              p.direction = 1
              p.counted = true
            } else if p.extreme - v >= reversal {
              // Falling from the highest value seen; not counted.
              p.base = p.extreme
              p.baseFlag = p.extremeFlag
              p.extreme = v
              p.extremeFlag = f
              p.direction = -1
              p.counted = true
            }
          }
          s[i] = p
          continue
        case 1:
          if v > p.extreme {
            p.extreme = v
            p.extremeFlag = f
          } else if p.extreme - v >= reversal {
            p.base = p.extreme
            p.baseFlag = p.extremeFlag
            p.extreme = v
            p.extremeFlag = f
            p.direction = -1
            p.counted = false
          }
        default:
          if v < p.extreme {
            p.extreme = v
            p.extremeFlag = f
          } else if v - p.extreme >= reversal {
            p.base = p.extreme
            p.baseFlag = p.extremeFlag
            p.extreme = v
            p.extremeFlag = f
            p.direction = 1
            p.counted = false
          }
        }
        if !p.counted {
          let rising = p.direction > 0
          let span = rising ? p.extreme - p.base : p.base - p.extreme
          // The lower end of a rising move is its base; of a falling move, its extreme.
          let flag = (lowerEnd == rising) ? p.baseFlag : p.extremeFlag
          if span >= limit, flag {
            p.counted = true
            marks[i] = 1
            count += 1
          }
        }
        s[i] = p
      }
    }
    return count
  }
}
