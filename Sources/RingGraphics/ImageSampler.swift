/// An image's pixels placed on the device: each device pixel's centre mapped back into the
/// image and sampled bilinearly (edges clamped), as Core Animation draws a layer's
/// `contents` with linear filtering.
public struct ImageSampler: Sendable {
  public let image: Pixmap
  /// Device pixels to image pixels.
  @usableFromInline let inverse: Transform2D

  /// Draws `image` so that its pixel rectangle maps onto the device through `transform`
  /// (image pixels to device pixels); `nil` when the transform is singular.
  public init?(image: Pixmap, transform: Transform2D) {
    guard let inverse = transform.inverted() else { return nil }
    self.image = image
    self.inverse = inverse
  }

  /// The premultiplied colour at the centre of device pixel (x, y).
  @inlinable
  public func color(x: Int, y: Int) -> UInt32 {
    sample(inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5)))
  }

  @usableFromInline
  func sample(_ p: Point) -> UInt32 {
    let fx = min(max(p.x - 0.5, 0), Double(image.width - 1))
    let fy = min(max(p.y - 0.5, 0), Double(image.height - 1))
    let x0 = Int(fx)
    let y0 = Int(fy)
    let x1 = min(x0 + 1, image.width - 1)
    let y1 = min(y0 + 1, image.height - 1)
    let tx = fx - Double(x0)
    let ty = fy - Double(y0)
    let w = image.width
    let px = image.pixels
    let a = px[y0 * w + x0]
    let b = px[y0 * w + x1]
    let c = px[y1 * w + x0]
    let d = px[y1 * w + x1]
    var out: UInt32 = 0
    for shift in stride(from: 0, to: 32, by: 8) {
      func ch(_ v: UInt32) -> Double { Double((v >> UInt32(shift)) & 0xFF) }
      let top = ch(a) + (ch(b) - ch(a)) * tx
      let bottom = ch(c) + (ch(d) - ch(c)) * tx
      let v = (top + (bottom - top) * ty).rounded()
      out |= UInt32(min(255, max(0, v))) << UInt32(shift)
    }
    return out
  }
}

extension Pixmap {
  /// Composites `sampler`'s image over `region`'s pixels, scaled by its coverage.
  public mutating func fillImage(
    _ region: CoverageMask, sampler: ImageSampler, swapsRedAndBlue: Bool
  ) {
    var pixels = self.pixels
    self.pixels = []
    let width = self.width
    pixels.withUnsafeMutableBufferPointer { dst in
      forEachRun(of: region) { row, x0, x1, value in
        let y = row / width
        for x in x0..<x1 {
          var c = sampler.color(x: x, y: y)
          if swapsRedAndBlue { c = PixelMath.swappingRedAndBlue(c) }
          if value != 255 { c = PixelMath.scale(c, by: UInt32(value)) }
          if c != 0 { dst[row + x] = PixelMath.sourceOver(c, dst[row + x]) }
        }
      }
    }
    self.pixels = pixels
  }
}
