/// Each device pixel's gradient-table index over a rectangle of pixels: the part of gradient
/// shading that changes only with geometry (bounds, start and end points, kind, scale).
public struct GradientPositionMap: Sendable {
  public let originX: Int
  public let originY: Int
  public let width: Int
  public let height: Int
  /// Row-major `GradientTable` indices, sampled at pixel centres.
  public private(set) var indices: [UInt16]

  /// Positions of `geometry` on a layer with `bounds` (points), placed on the device by
  /// `transform` (layer points to device pixels), over the device rectangle given.
  public init(
    geometry: GradientGeometry, bounds: Rect, transform: Transform2D,
    originX: Int, originY: Int, width: Int, height: Int
  ) {
    self.originX = originX
    self.originY = originY
    self.width = max(0, width)
    self.height = max(0, height)
    indices = [UInt16](repeating: 0, count: self.width * self.height)
    let sampler = GradientSampler(geometry: geometry, bounds: bounds, transform: transform)
    let w = self.width
    indices.withUnsafeMutableBufferPointer { out in
      for row in 0..<self.height {
        for col in 0..<w {
          out[row * w + col] = sampler.index(x: originX + col, y: originY + row)
        }
      }
    }
  }
}
