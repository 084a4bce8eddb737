/// Anti-aliased coverage of a shape over a rectangle of device pixels: for each pixel the
/// fraction of its area inside the shape, as 0...255.
public struct CoverageMask: Sendable {
  /// The device pixel of the mask's first value.
  public let originX: Int
  public let originY: Int
  public let width: Int
  public let height: Int
  /// Row-major coverage values, 255 = fully inside.
  public internal(set) var values: [UInt8]
  /// For each row, the half-open range of columns (relative to `originX`) with non-zero
  /// coverage; empty when the row has none.
  public internal(set) var rowSpans: [Range<Int>]

  init(originX: Int, originY: Int, width: Int, height: Int) {
    self.originX = originX
    self.originY = originY
    self.width = width
    self.height = height
    values = [UInt8](repeating: 0, count: width * height)
    rowSpans = [Range<Int>](repeating: 0..<0, count: height)
  }

  /// A mask from row-major `values` over the given device rectangle; row spans are derived.
  /// Throws when `values.count` is not `width x height`.
  public init(originX: Int, originY: Int, width: Int, height: Int, values: [UInt8]) throws {
    guard width >= 0, height >= 0, values.count == width * height else {
      throw GraphicsError(.invalidSize, "coverage values do not fill a \(width)x\(height) mask")
    }
    self.originX = originX
    self.originY = originY
    self.width = width
    self.height = height
    self.values = values
    rowSpans = (0..<height).map { row in
      let line = values[(row * width)..<(row * width + width)]
      guard let first = line.firstIndex(where: { $0 != 0 }),
        let last = line.lastIndex(where: { $0 != 0 })
      else { return 0..<0 }
      return (first - row * width)..<(last - row * width + 1)
    }
  }

  /// An empty mask (covers nothing).
  public static let empty = CoverageMask(originX: 0, originY: 0, width: 0, height: 0)

  /// Coverage at device pixel (x, y); 0 outside the mask's rectangle.
  public func coverage(x: Int, y: Int) -> UInt8 {
    let lx = x - originX
    let ly = y - originY
    guard lx >= 0, ly >= 0, lx < width, ly < height else { return 0 }
    return values[ly * width + lx]
  }
}
