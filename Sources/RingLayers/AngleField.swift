import RingGraphics

/// The device angles of pixels about one point (`GradientSampler.deviceAngles`), each
/// eight-pixel block computed the first time a program needs it and kept while conic
/// gradients are drawn about that point: a spinner's conic gradient, turning about its
/// centre, then costs no angle arithmetic per frame, only the turn added to each angle. The
/// indices are the sampler's, to the bit.
final class AngleField {
  let centre: Point
  let width: Int
  let height: Int
  private let blocksPerRow: Int
  private let values: UnsafeMutablePointer<Float>
  /// Whether each block of eight pixels (row by row) holds its angles.
  private let known: UnsafeMutablePointer<Bool>

  init(centre: Point, width: Int, height: Int) {
    self.centre = centre
    self.width = width
    self.height = height
    blocksPerRow = (width + 7) / 8
    values = .allocate(capacity: max(width * height, 1))
    known = .allocate(capacity: max(blocksPerRow * height, 1))
    known.initialize(repeating: false, count: max(blocksPerRow * height, 1))
  }

  deinit {
    values.deallocate()
    known.deallocate()
  }

  /// The table indices of `sampler` (whose device conic turns about `centre`) at pixels
  /// `x0..<x0 + count` of row `y` (within the device), written to `out`.
  func indices(
    _ sampler: GradientSampler, row y: Int, from x0: Int, count: Int,
    into out: UnsafeMutablePointer<UInt16>
  ) {
    guard count > 0 else { return }
    let row = values + y * width
    for b in (x0 / 8)...((x0 + count - 1) / 8) where !known[y * blocksPerRow + b] {
      GradientSampler.deviceAngles(
        row: y, from: 8 * b, count: min(8, width - 8 * b), about: centre, into: row + 8 * b)
      known[y * blocksPerRow + b] = true
    }
    sampler.conicIndices(angles: row + x0, count: count, into: out)
  }
}
