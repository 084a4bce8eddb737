extension Pixmap {
  /// Composites `source` (the same size, scaled by `opacity`, 0...255) onto the pixmap by
  /// `mode`, its alpha the shape: the W3C's group compositing (a Porter-Duff operator
  /// reaches every pixel, as a group's does). `swapsRedAndBlue`: the pixels are BGRA.
  public mutating func composite(
    _ source: Pixmap, opacity: UInt32, mode: BlendMode, swapsRedAndBlue: Bool
  ) {
    guard mode != .normal else { return composite(source, opacity: opacity) }
    precondition(source.width == width && source.height == height, "source size must match")
    let skipsClear = mode.keepsBackdropUnderClear
    pixels.withUnsafeMutableBufferPointer { dst in
      source.pixels.withUnsafeBufferPointer { src in
        for i in 0..<dst.count where src[i] != 0 || !skipsClear {
          let s = opacity == 255 ? src[i] : PixelMath.scale(src[i], by: opacity)
          dst[i] = mode.apply(s, over: dst[i], swapsRedAndBlue: swapsRedAndBlue)
        }
      }
    }
  }

  /// Composites `source` onto the pixmap as Core Graphics draws a shape by `mode`: where
  /// `shape`'s alpha (the geometric coverage, 0...255) is m, the result of `mode` for
  /// `source` (divided by m: its colour with the shape's edge taken out) is mixed with
  /// what is there by m. Nothing changes where the shape does not reach.
  public mutating func composite(
    _ source: Pixmap, shape: Pixmap, mode: BlendMode, swapsRedAndBlue: Bool
  ) {
    precondition(
      source.width == width && source.height == height && shape.width == width
        && shape.height == height, "source and shape sizes must match")
    pixels.withUnsafeMutableBufferPointer { dst in
      source.pixels.withUnsafeBufferPointer { src in
        shape.pixels.withUnsafeBufferPointer { cover in
          for i in 0..<dst.count where cover[i] >> 24 != 0 {
            dst[i] = mode.apply(
              src[i], over: dst[i], shape: Double(cover[i] >> 24) / 255,
              sourceIncludesShape: true, swapsRedAndBlue: swapsRedAndBlue)
          }
        }
      }
    }
  }
}
