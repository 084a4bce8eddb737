/// Where two images of one size differ by more than a per-channel tolerance: how many
/// pixels, the largest channel delta and where, and a picture of it. Two fully transparent
/// pixels are equal whatever colour bytes they hold.
public struct ImageDifference: CustomStringConvertible, Sendable {
  public let expected: RGBAImage
  public let actual: RGBAImage
  /// The largest channel delta that still counts as equal (0: exact).
  public let tolerance: Int
  /// Pixels with a channel delta above `tolerance`.
  public private(set) var differing = 0
  /// The largest channel delta over the image, and the first pixel that has it.
  public private(set) var largestDelta = 0
  public private(set) var at = (x: 0, y: 0)
  private var differs: [Bool]

  /// The difference of two images; the sizes must match.
  public init(expected: RGBAImage, actual: RGBAImage, tolerance: Int = 0) {
    precondition(
      expected.width == actual.width && expected.height == actual.height, "sizes must match")
    self.expected = expected
    self.actual = actual
    self.tolerance = tolerance
    differs = [Bool](repeating: false, count: expected.width * expected.height)
    guard expected.bytes != actual.bytes else { return }
    let e = expected.bytes
    let a = actual.bytes
    for i in differs.indices {
      let p = 4 * i
      if e[p + 3] == 0 && a[p + 3] == 0 { continue }
      var delta = 0
      for c in p..<(p + 4) { delta = max(delta, abs(Int(e[c]) - Int(a[c]))) }
      if delta > largestDelta {
        largestDelta = delta
        at = (i % expected.width, i / expected.width)
      }
      if delta > tolerance {
        differs[i] = true
        differing += 1
      }
    }
  }

  public var description: String {
    let e = expected.pixel(x: at.x, y: at.y)
    let a = actual.pixel(x: at.x, y: at.y)
    return
      "\(differing) of \(differs.count) pixels differ by more than \(tolerance); largest"
      + " channel delta \(largestDelta) at (\(at.x), \(at.y)): expected RGBA"
      + " (\(e.red), \(e.green), \(e.blue), \(e.alpha)), actual"
      + " (\(a.red), \(a.green), \(a.blue), \(a.alpha))"
  }

  /// An opaque picture of the difference: pixels that differ in red, the rest the expected
  /// image faded to a quarter of its contrast over white.
  public func image() -> RGBAImage {
    var out = [UInt8](repeating: 255, count: expected.bytes.count)
    for i in differs.indices {
      if differs[i] {
        out[4 * i + 1] = 0
        out[4 * i + 2] = 0
        continue
      }
      let alpha = Int(expected.bytes[4 * i + 3])
      for c in 0..<3 {
        let over = (Int(expected.bytes[4 * i + c]) * alpha + 255 * (255 - alpha) + 127) / 255
        out[4 * i + c] = UInt8(255 - (255 - over) / 4)
      }
    }
    // Sizes match by construction, so this cannot throw.
    return try! RGBAImage(width: expected.width, height: expected.height, bytes: out)
  }
}
