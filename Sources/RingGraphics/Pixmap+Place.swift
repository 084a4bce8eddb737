extension Pixmap {
  /// Copies `source`'s pixels into this pixmap with its top-left corner at (`x`, `y`), in
  /// pixels, replacing what was there (no blending); for sprite sheets.
  ///
  /// `source` must fit: `x`, `y` non-negative, `x + source.width <= width` and
  /// `y + source.height <= height`. O(source's pixel count).
  public mutating func place(_ source: Pixmap, x: Int, y: Int) {
    precondition(
      x >= 0 && y >= 0 && x + source.width <= width && y + source.height <= height,
      "place: a \(source.width)x\(source.height) pixmap at (\(x), \(y)) does not fit in \(width)x\(height)"
    )
    let stride = width
    withUnsafeMutablePixels { dst in
      source.pixels.withUnsafeBufferPointer { src in
        for row in 0..<source.height {
          let d = (y + row) * stride + x
          (dst.baseAddress! + d).update(
            from: src.baseAddress! + row * source.width, count: source.width)
        }
      }
    }
  }
}
