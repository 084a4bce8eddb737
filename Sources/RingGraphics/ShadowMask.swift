import Foundation

/// A shadow's alpha: a shape's coverage blurred by a Gaussian of standard deviation
/// `sigma` device pixels (three box blurs, whose sizes follow Kovesi's "fast almost-Gaussian
/// filtering"), over the whole device.
public struct ShadowMask: Sendable {
  public let width: Int
  public let height: Int
  /// Alpha in [0, 1], row-major.
  public private(set) var alpha: [Float]

  /// The blurred alpha of `source`'s pixels (premultiplied packed; alpha in the top byte).
  public init(alphaOf source: Pixmap, sigma: Double) {
    width = source.width
    height = source.height
    alpha = source.pixels.map { Float($0 >> 24) / 255 }
    blur(sigma)
  }

  /// The blurred coverage of `mask` over a `width` x `height` device.
  public init(coverage mask: CoverageMask, width: Int, height: Int, sigma: Double) {
    self.width = width
    self.height = height
    alpha = [Float](repeating: 0, count: width * height)
    for row in 0..<mask.height {
      let y = mask.originY + row
      guard y >= 0, y < height else { continue }
      for run in mask.runs(ofRow: row) {
        let x0 = max(0, mask.originX + run.start)
        let x1 = min(width, mask.originX + run.end)
        guard x1 > x0 else { continue }
        for x in x0..<x1 { alpha[y * width + x] = Float(run.value) / 255 }
      }
    }
    blur(sigma)
  }

  /// Box widths (odd) whose three passes approximate a Gaussian of `sigma`.
  static func boxes(_ sigma: Double) -> [Int] {
    let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
    var lower = Int(ideal.rounded(.down))
    if lower % 2 == 0 { lower -= 1 }
    let upper = lower + 2
    let l = Double(lower)
    let m = ((12 * sigma * sigma - 3 * l * l - 12 * l - 9) / (-4 * l - 4)).rounded()
    return (0..<3).map { Double($0) < m ? lower : upper }
  }

  private mutating func blur(_ sigma: Double) {
    guard sigma > 0.01, sigma.isFinite, width > 0, height > 0 else { return }
    var scratch = [Float](repeating: 0, count: alpha.count)
    for box in ShadowMask.boxes(sigma) where box > 1 {
      let r = (box - 1) / 2
      ShadowMask.pass(
        &alpha, into: &scratch, count: height, length: width, stride: 1, rowStride: width, radius: r
      )
      ShadowMask.pass(
        &scratch, into: &alpha, count: width, length: height, stride: width, rowStride: 1, radius: r
      )
    }
  }

  /// One box pass of `radius` along lines of `length` (elements `stride` apart; lines
  /// `rowStride` apart), edges treated as clear.
  private static func pass(
    _ src: inout [Float], into dst: inout [Float], count: Int, length: Int, stride: Int,
    rowStride: Int, radius r: Int
  ) {
    let scale = 1 / Float(2 * r + 1)
    src.withUnsafeBufferPointer { s in
      dst.withUnsafeMutableBufferPointer { d in
        for line in 0..<count {
          let base = line * rowStride
          var sum: Float = 0
          for i in 0..<min(r, length) { sum += s[base + i * stride] }
          for i in 0..<length {
            if i + r < length { sum += s[base + (i + r) * stride] }
            if i - r - 1 >= 0 { sum -= s[base + (i - r - 1) * stride] }
            d[base + i * stride] = max(0, sum * scale)
          }
        }
      }
    }
  }
}

extension Pixmap {
  /// Composites `color` (premultiplied packed) scaled by `shadow`'s alpha, moved by (dx, dy)
  /// whole pixels, over the pixmap.
  public mutating func composite(_ shadow: ShadowMask, color: UInt32, dx: Int, dy: Int) {
    precondition(shadow.width == width && shadow.height == height, "shadow size must match")
    let width = self.width
    pixels.withUnsafeMutableBufferPointer { dst in
      shadow.alpha.withUnsafeBufferPointer { a in
        let (y0, y1) = (max(0, dy), min(height, height + dy))
        let (x0, x1) = (max(0, dx), min(width, width + dx))
        guard y0 < y1, x0 < x1 else { return }
        for y in y0..<y1 {
          let sy = y - dy
          for x in x0..<x1 {
            let v = a[sy * width + x - dx]
            guard v > 0 else { continue }
            let c = PixelMath.scale(color, by: UInt32(min(255, (v * 255).rounded())))
            dst[y * width + x] = PixelMath.sourceOver(c, dst[y * width + x])
          }
        }
      }
    }
  }
}
