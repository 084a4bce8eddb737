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
  /// Composites `sampler`'s image, each channel multiplied by `tint` (straight colour: its
  /// red, green and blue times its alpha scale the premultiplied channels, its alpha the
  /// alpha), over `region`'s pixels, scaled by its coverage; `additive` adds it instead
  /// (plus-lighter: each channel the sum, at most 255).
  public mutating func fillImage(
    _ region: CoverageMask, sampler: ImageSampler, tint: RGBAColor = .white,
    additive: Bool = false, swapsRedAndBlue: Bool
  ) {
    if tint.alpha <= 0 { return }
    var pixels = self.pixels
    self.pixels = []
    let width = self.width
    // Channel multipliers in 0...256 (256 keeps a channel), red in the low byte; products
    // rounded to nearest.
    func factor(_ v: Double) -> UInt32 { UInt32((min(1, max(0, v)) * 256).rounded()) }
    let a = tint.alpha
    let m = (factor(tint.red * a), factor(tint.green * a), factor(tint.blue * a), factor(a))
    let tinted = m != (256, 256, 256, 256)
    pixels.withUnsafeMutableBufferPointer { dst in
      forEachRun(of: region) { row, x0, x1, value in
        let y = row / width
        for x in x0..<x1 {
          var c = sampler.color(x: x, y: y)
          if tinted {
            let r = ((c & 0xFF) * m.0 + 128) >> 8
            let g = ((c >> 8 & 0xFF) * m.1 + 128) >> 8
            let b = ((c >> 16 & 0xFF) * m.2 + 128) >> 8
            let al = ((c >> 24) * m.3 + 128) >> 8
            c = r | g << 8 | b << 16 | al << 24
          }
          if swapsRedAndBlue { c = PixelMath.swappingRedAndBlue(c) }
          if value != 255 { c = PixelMath.scale(c, by: UInt32(value)) }
          guard c != 0 else { continue }
          if additive {
            let d = dst[row + x]
            var out: UInt32 = 0
            for shift in stride(from: UInt32(0), to: 32, by: 8) {
              out |= min(255, (c >> shift & 0xFF) + (d >> shift & 0xFF)) << shift
            }
            dst[row + x] = out
          } else {
            dst[row + x] = PixelMath.sourceOver(c, dst[row + x])
          }
        }
      }
    }
    self.pixels = pixels
  }
}
