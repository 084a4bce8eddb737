import RingGraphics

extension PixelRect {
  /// The smallest rectangle holding every position where `current` and `previous` differ,
  /// or `nil` when they are equal: the region an animation frame must update. Both are
  /// `width` x `height` values in rows (pixels, or palette indices); used by APNG and GIF.
  ///
  /// Each row is scanned from the left to its first difference and from the right to its
  /// last, so an unchanged row costs one pass and a changed one less than two. O(width x
  /// height). Inlinable so that each element type gets a specialised loop.
  @inlinable
  package static func changed<Element: Equatable>(
    _ current: UnsafeBufferPointer<Element>, from previous: UnsafeBufferPointer<Element>,
    width: Int, height: Int
  ) -> PixelRect? {
    precondition(current.count >= width * height && previous.count >= width * height)
    var (x0, y0, x1, y1) = (width, height, 0, 0)
    for y in 0..<height {
      let row = y * width
      var first = 0
      while first < width && current[row + first] == previous[row + first] { first += 1 }
      guard first < width else { continue }
      var last = width - 1
      while current[row + last] == previous[row + last] { last -= 1 }
      x0 = min(x0, first)
      x1 = max(x1, last + 1)
      if y0 > y { y0 = y }
      y1 = y + 1
    }
    guard x1 > x0 else { return nil }
    return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}
