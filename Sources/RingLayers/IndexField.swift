import RingGraphics

/// A non-axial gradient's table indices over the device, each eight-pixel block computed
/// the first time a program needs it and kept while the gradient keeps its geometry and
/// place: a still conic or radial gradient under a moving mask (a progress arc growing)
/// then costs no gradient arithmetic per frame. The values are `GradientSampler`'s, to the
/// bit (its eight-lane and one-lane arithmetic agree).
final class IndexField {
  let sampler: GradientSampler
  let width: Int
  let height: Int
  private let blocksPerRow: Int
  private let values: UnsafeMutablePointer<UInt16>
  /// Whether each block of eight pixels (row by row) holds its values (a pointer, not an
  /// array: a class's array is checked for exclusive access at every write).
  private let known: UnsafeMutablePointer<Bool>

  init(sampler: GradientSampler, width: Int, height: Int) {
    self.sampler = sampler
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

  /// The indices of pixels `x0..<x0 + count` of row `y` (within the device), written to `out`.
  func indices(row y: Int, from x0: Int, count: Int, into out: UnsafeMutablePointer<UInt16>) {
    guard count > 0 else { return }
    let row = values + y * width
    for b in (x0 / 8)...((x0 + count - 1) / 8) where !known[y * blocksPerRow + b] {
      sampler.indices(row: y, from: 8 * b, count: min(8, width - 8 * b), into: row + 8 * b)
      known[y * blocksPerRow + b] = true
    }
    out.update(from: row + x0, count: count)
  }
}
