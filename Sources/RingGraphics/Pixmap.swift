/// A bitmap of premultiplied RGBA pixels, 8 bits per channel; a `Pixmap` of zero size cannot
/// exist.
///
/// Pixels are stored row-major as `UInt32` values packed little-endian: red in the low byte,
/// then green, blue and alpha, so the memory order is R, G, B, A.
public struct Pixmap: Hashable, Sendable {
  /// Width and height, in pixels.
  public let width: Int
  public let height: Int
  /// Row-major packed pixels.
  public internal(set) var pixels: [UInt32]

  /// The largest pixel count a pixmap accepts (2^28, a 16384 x 16384 bitmap: 1 GiB).
  public static let maximumPixelCount = 1 << 28

  /// A transparent pixmap; throws unless both sides are positive and the pixel count is at
  /// most `maximumPixelCount`.
  public init(width: Int, height: Int) throws {
    guard width > 0, height > 0 else {
      throw RingError(.invalidSize, "pixmap size \(width)x\(height) must be positive")
    }
    guard width <= Pixmap.maximumPixelCount / height else {
      throw RingError(
        .invalidSize,
        "pixmap size \(width)x\(height) exceeds \(Pixmap.maximumPixelCount) pixels")
    }
    self.width = width
    self.height = height
    pixels = [UInt32](repeating: 0, count: width * height)
  }

  /// The premultiplied pixel at (x, y) as (red, green, blue, alpha).
  public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    let v = pixels[y * width + x]
    return (UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24))
  }

  /// Calls `body` with the packed pixels for reading and writing in place; the buffer's size
  /// cannot change.
  public mutating func withUnsafeMutablePixels<R>(
    _ body: (UnsafeMutableBufferPointer<UInt32>) throws -> R
  ) rethrows -> R {
    try pixels.withUnsafeMutableBufferPointer { try body($0) }
  }

  /// Sets every pixel to `color`.
  public mutating func fill(_ color: RGBAColor) {
    let v = color.premultipliedRGBA8
    pixels.withUnsafeMutableBufferPointer { p in
      p.update(repeating: v)
    }
  }

  /// Un-premultiplied RGBA bytes, row-major (R, G, B, A per pixel), as image files store them.
  public func straightRGBABytes() -> [UInt8] {
    var out = [UInt8](repeating: 0, count: width * height * 4)
    out.withUnsafeMutableBufferPointer { o in
      pixels.withUnsafeBufferPointer { src in
        for i in 0..<src.count {
          let (r, g, b, a) = PixelMath.unpremultiplied(src[i])
          o[4 * i] = r
          o[4 * i + 1] = g
          o[4 * i + 2] = b
          o[4 * i + 3] = a
        }
      }
    }
    return out
  }
}

/// 8-bit pixel arithmetic on packed premultiplied pixels.
public enum PixelMath {
  /// `p` with its red and blue channels swapped (RGBA to BGRA and back).
  @inlinable
  public static func swappingRedAndBlue(_ p: UInt32) -> UInt32 {
    (p & 0xFF00_FF00) | (p & 0xFF) << 16 | (p >> 16) & 0xFF
  }

  /// Each channel of `p` times `a / 255`, rounded to nearest (exact for all inputs).
  @inlinable @inline(__always)
  public static func scale(_ p: UInt32, by a: UInt32) -> UInt32 {
    var rb = (p & 0x00FF_00FF) &* a &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ga = ((p >> 8) & 0x00FF_00FF) &* a &+ 0x0080_0080
    ga = (ga &+ ((ga >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return rb | ga
  }

  /// A premultiplied packed pixel as straight 8-bit (red, green, blue, alpha), each colour
  /// component rounded to nearest; fully transparent pixels are all zero.
  @inlinable @inline(__always)
  public static func unpremultiplied(_ v: UInt32) -> (UInt8, UInt8, UInt8, UInt8) {
    let a = v >> 24
    if a == 255 { return (UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), 255) }
    if a == 0 { return (0, 0, 0, 0) }
    @inline(__always) func un(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
    return (un(v & 0xFF), un(v >> 8 & 0xFF), un(v >> 16 & 0xFF), UInt8(a))
  }

  /// `src` over `dst` (premultiplied source-over).
  @inlinable @inline(__always)
  public static func sourceOver(_ src: UInt32, _ dst: UInt32) -> UInt32 {
    let sa = src >> 24
    if sa == 255 { return src }
    if sa == 0 { return dst }
    return src &+ scale(dst, by: 255 - sa)
  }
}

extension Pixmap {
  /// Visits the runs of `mask` clipped to the pixmap: (row offset of the device row, first
  /// device x, end device x, coverage).
  @inline(__always)
  func forEachRun(
    of mask: CoverageMask, _ body: (_ rowOffset: Int, _ x0: Int, _ x1: Int, _ value: UInt8) -> Void
  ) {
    for row in 0..<mask.height {
      let y = mask.originY + row
      guard y >= 0, y < height else { continue }
      for run in mask.runs(ofRow: row) {
        let x0 = max(mask.originX + run.start, 0)
        let x1 = min(mask.originX + run.end, width)
        if x1 > x0 { body(y * width, x0, x1, run.value) }
      }
    }
  }

  /// Composites `color` (premultiplied packed) scaled by `mask`'s coverage over the pixmap.
  public mutating func fill(_ mask: CoverageMask, color: UInt32) {
    guard color >> 24 != 0 else { return }
    var pixels = self.pixels
    self.pixels = []
    pixels.withUnsafeMutableBufferPointer { dst in
      forEachRun(of: mask) { row, x0, x1, value in
        let c = PixelMath.scale(color, by: UInt32(value))
        for x in x0..<x1 { dst[row + x] = PixelMath.sourceOver(c, dst[row + x]) }
      }
    }
    self.pixels = pixels
  }

  /// Composites a gradient: each pixel of `region` takes `table`'s entry at the position
  /// `sampler` gives it, scaled by `region`'s coverage.
  public mutating func fillGradient(
    _ region: CoverageMask, sampler: GradientSampler, table: GradientTable
  ) {
    var pixels = self.pixels
    self.pixels = []
    pixels.withUnsafeMutableBufferPointer { dst in
      table.entries.withUnsafeBufferPointer { lut in
        forEachRun(of: region) { row, x0, x1, value in
          let y = row / width
          for x in x0..<x1 {
            let c = PixelMath.scale(lut[Int(sampler.index(x: x, y: y))], by: UInt32(value))
            dst[row + x] = PixelMath.sourceOver(c, dst[row + x])
          }
        }
      }
    }
    self.pixels = pixels
  }

  /// Composites a gradient masked by `mask`: the same arithmetic as drawing the gradient
  /// into a clear offscreen, multiplying it by the mask's alpha and compositing the result,
  /// in one pass.
  public mutating func fillGradient(
    _ region: CoverageMask, sampler: GradientSampler, table: GradientTable, mask: CoverageMask
  ) {
    var pixels = self.pixels
    self.pixels = []
    pixels.withUnsafeMutableBufferPointer { dst in
      table.entries.withUnsafeBufferPointer { lut in
        forEachRun(of: region) { row, x0, x1, rc in
          let y = row / width
          let maskRow = y - mask.originY
          guard maskRow >= 0, maskRow < mask.height else { return }
          for run in mask.runs(ofRow: maskRow) {
            let a0 = max(x0, mask.originX + run.start)
            let a1 = min(x1, mask.originX + run.end)
            guard a1 > a0 else { continue }
            for x in a0..<a1 {
              var c = lut[Int(sampler.index(x: x, y: y))]
              if rc != 255 { c = PixelMath.scale(c, by: UInt32(rc)) }
              if run.value != 255 { c = PixelMath.scale(c, by: UInt32(run.value)) }
              if c != 0 { dst[row + x] = PixelMath.sourceOver(c, dst[row + x]) }
            }
          }
        }
      }
    }
    self.pixels = pixels
  }

  /// Multiplies every pixel by `mask`'s alpha at the same place (0 where `mask` is clear).
  public mutating func multiply(byAlphaOf mask: Pixmap) {
    precondition(mask.width == width && mask.height == height, "mask size must match")
    pixels.withUnsafeMutableBufferPointer { dst in
      mask.pixels.withUnsafeBufferPointer { m in
        for i in 0..<dst.count {
          dst[i] = PixelMath.scale(dst[i], by: m[i] >> 24)
        }
      }
    }
  }

  /// Multiplies every pixel by `mask`'s coverage at the same place (0 outside it): a clip.
  public mutating func multiply(byCoverage mask: CoverageMask) {
    let width = self.width
    pixels.withUnsafeMutableBufferPointer { dst in
      for y in 0..<height {
        let row = y - mask.originY
        guard row >= 0, row < mask.height else {
          dst[(y * width)..<(y * width + width)].update(repeating: 0)
          continue
        }
        var x = 0
        for run in mask.runs(ofRow: row) {
          let x0 = max(0, min(width, mask.originX + run.start))
          let x1 = max(0, min(width, mask.originX + run.end))
          if x0 > x { dst[(y * width + x)..<(y * width + x0)].update(repeating: 0) }
          if run.value != 255 {
            for i in (y * width + x0)..<(y * width + x1) {
              dst[i] = PixelMath.scale(dst[i], by: UInt32(run.value))
            }
          }
          x = max(x, x1)
        }
        if x < width { dst[(y * width + x)..<(y * width + width)].update(repeating: 0) }
      }
    }
  }

  /// Composites `source` scaled by `opacity` (0...255) over the pixmap.
  public mutating func composite(_ source: Pixmap, opacity: UInt32) {
    precondition(source.width == width && source.height == height, "source size must match")
    pixels.withUnsafeMutableBufferPointer { dst in
      source.pixels.withUnsafeBufferPointer { src in
        for i in 0..<dst.count where src[i] != 0 {
          let s = opacity == 255 ? src[i] : PixelMath.scale(src[i], by: opacity)
          dst[i] = PixelMath.sourceOver(s, dst[i])
        }
      }
    }
  }

  /// Swaps the red and blue channels of every pixel (RGBA to BGRA and back).
  public mutating func swapRedAndBlue() {
    pixels.withUnsafeMutableBufferPointer { p in
      for i in p.indices {
        p[i] = PixelMath.swappingRedAndBlue(p[i])
      }
    }
  }

  /// Sets every pixel to transparent.
  public mutating func clear() {
    pixels.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
  }
}
