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
    guard let inverse = transform.inverted(), bounds.width > 0, bounds.height > 0 else { return }
    let iw = 1 / bounds.width
    let ih = 1 / bounds.height
    let w = self.width
    indices.withUnsafeMutableBufferPointer { out in
      for row in 0..<self.height {
        let py = Double(originY + row) + 0.5
        for col in 0..<w {
          let p = inverse.apply(to: Point(x: Double(originX + col) + 0.5, y: py))
          let t = geometry.position(ux: (p.x - bounds.minX) * iw, uy: (p.y - bounds.minY) * ih)
          out[row * w + col] = GradientTable.index(for: t)
        }
      }
    }
  }
}
