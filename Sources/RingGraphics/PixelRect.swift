/// A rectangle of device pixels: columns `x..<x + width`, rows `y..<y + height`.
public struct PixelRect: Hashable, Sendable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  public static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

  public var isEmpty: Bool { width == 0 || height == 0 }
}

extension PixelRect {
  /// The smallest rectangle holding both (an empty one adds nothing).
  public func union(_ other: PixelRect) -> PixelRect {
    if other.isEmpty { return self }
    if isEmpty { return other }
    let x0 = min(x, other.x)
    let y0 = min(y, other.y)
    return PixelRect(
      x: x0, y: y0, width: max(x + width, other.x + other.width) - x0,
      height: max(y + height, other.y + other.height) - y0)
  }

  /// The part inside a `width` x `height` device.
  public func clipped(width w: Int, height h: Int) -> PixelRect {
    let x0 = max(x, 0)
    let y0 = max(y, 0)
    let r = PixelRect(x: x0, y: y0, width: min(x + width, w) - x0, height: min(y + height, h) - y0)
    return r.isEmpty ? .empty : r
  }
}

extension CoverageMask {
  /// The device pixels the mask covers (its rectangle; empty when it has no runs).
  public var pixelBounds: PixelRect {
    runs.isEmpty ? .empty : PixelRect(x: originX, y: originY, width: width, height: height)
  }
}
