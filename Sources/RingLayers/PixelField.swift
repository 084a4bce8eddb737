import RingGraphics

/// Per-pixel values over the device, each eight-pixel block computed the first time a
/// program needs it and kept while they hold: the two caches a gradient under a moving mask
/// draws from (`IndexField`, `AngleField`).
final class PixelField<Value> {
  let width: Int
  let height: Int
  /// Words of `known` per row: one bit per block of eight pixels.
  private let wordsPerRow: Int
  private let values: UnsafeMutablePointer<Value>
  /// Whether each block of eight pixels holds its values, a bit per block, row by row (a
  /// pointer, not an array: a class's array is checked for exclusive access at every
  /// write). A row's stretch is checked a word, 64 blocks, at a time.
  private let known: UnsafeMutablePointer<UInt64>
  /// Writes the values of pixels `x0..<x0 + count` of row `y` to the pointer.
  private let compute: (_ y: Int, _ x0: Int, _ count: Int, UnsafeMutablePointer<Value>) -> Void

  init(
    width: Int, height: Int,
    compute: @escaping (_ y: Int, _ x0: Int, _ count: Int, UnsafeMutablePointer<Value>) -> Void
  ) {
    self.width = width
    self.height = height
    self.compute = compute
    wordsPerRow = ((width + 7) / 8 + 63) / 64
    values = .allocate(capacity: max(width * height, 1))
    known = .allocate(capacity: max(wordsPerRow * height, 1))
    known.initialize(repeating: 0, count: max(wordsPerRow * height, 1))
  }

  deinit {
    values.deallocate()
    known.deallocate()
  }

  /// The first value (of pixel (0, 0)): values are laid out row by row, `width` to a row.
  /// Only values that `row` has returned are computed.
  var start: UnsafePointer<Value> { UnsafePointer(values) }

  /// The values of pixels `x0..<x0 + count` of row `y` (within the device), computed where
  /// they are not yet.
  func row(_ y: Int, from x0: Int, count: Int) -> UnsafePointer<Value> {
    let row = values + y * width
    guard count > 0 else { return UnsafePointer(row + x0) }
    let bits = known + y * wordsPerRow
    let first = x0 / 8
    let last = (x0 + count - 1) / 8
    for word in (first >> 6)...(last >> 6) {
      // The blocks of the stretch in this word, and those of them not yet known.
      let lo = max(first - word << 6, 0)
      let hi = min(last - word << 6, 63)
      let inStretch = (UInt64.max &>> UInt64(63 - hi + lo)) &<< UInt64(lo)
      var missing = inStretch & ~bits[word]
      guard missing != 0 else { continue }
      bits[word] |= missing
      while missing != 0 {
        let b = word << 6 + missing.trailingZeroBitCount
        missing &= missing &- 1
        compute(y, 8 * b, min(8, width - 8 * b), row + 8 * b)
      }
    }
    return UnsafePointer(row + x0)
  }
}

/// A non-axial gradient's table indices over the device, kept while the gradient keeps its
/// geometry and place: a still conic or radial gradient under a moving mask (a progress arc
/// growing) then costs no gradient arithmetic per frame. The values are
/// `GradientSampler`'s, to the bit (its eight-lane and one-lane arithmetic agree).
typealias IndexField = PixelField<UInt16>

extension PixelField where Value == UInt16 {
  convenience init(sampler: GradientSampler, width: Int, height: Int) {
    self.init(width: width, height: height) { y, x0, count, out in
      sampler.indices(row: y, from: x0, count: count, into: out)
    }
  }

  /// The indices of pixels `x0..<x0 + count` of row `y` (within the device), written to `out`.
  func indices(row y: Int, from x0: Int, count: Int, into out: UnsafeMutablePointer<UInt16>) {
    guard count > 0 else { return }
    out.update(from: row(y, from: x0, count: count), count: count)
  }
}

/// The device angles of pixels about one point (`GradientSampler.deviceAngles`), kept while
/// conic gradients are drawn about it: a spinner's conic gradient, turning about its
/// centre, then costs no angle arithmetic per frame, only the turn added to each angle. The
/// indices are the sampler's, to the bit.
typealias AngleField = PixelField<Float>

extension PixelField where Value == Float {
  convenience init(centre: Point, width: Int, height: Int) {
    self.init(width: width, height: height) { y, x0, count, out in
      GradientSampler.deviceAngles(row: y, from: x0, count: count, about: centre, into: out)
    }
  }

  /// The table indices of `sampler` (whose device conic turns about this field's point) at
  /// pixels `x0..<x0 + count` of row `y` (within the device), written to `out`.
  func indices(
    _ sampler: GradientSampler, row y: Int, from x0: Int, count: Int,
    into out: UnsafeMutablePointer<UInt16>
  ) {
    guard count > 0 else { return }
    sampler.conicIndices(angles: row(y, from: x0, count: count), count: count, into: out)
  }
}
