/// Anti-aliased coverage of a shape over a rectangle of device pixels: for each pixel the
/// fraction of its area inside the shape, as 0...255.
///
/// The same coverage is kept two ways: dense row-major `values`, and per row the runs of
/// equal non-zero coverage in increasing x (long runs inside a shape, short ones on its edges).
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
  /// Runs of equal non-zero coverage, row after row; row r's are
  /// `runs[runStarts[r]..<runStarts[r + 1]]`.
  public internal(set) var runs: [CoverageRun]
  public internal(set) var runStarts: [Int]

  init(originX: Int, originY: Int, width: Int, height: Int) {
    self.originX = originX
    self.originY = originY
    self.width = width
    self.height = height
    values = [UInt8](repeating: 0, count: width * height)
    rowSpans = [Range<Int>](repeating: 0..<0, count: height)
    runs = []
    runStarts = [Int](repeating: 0, count: height + 1)
  }

  /// A mask from row-major `values` over the given device rectangle; spans and runs are
  /// derived. Throws when `values.count` is not `width x height`.
  public init(originX: Int, originY: Int, width: Int, height: Int, values: [UInt8]) throws {
    guard width >= 0, height >= 0, values.count == width * height else {
      throw GraphicsError(.invalidSize, "coverage values do not fill a \(width)x\(height) mask")
    }
    self.init(originX: originX, originY: originY, width: width, height: height)
    self.values = values
    for row in 0..<height {
      var x = 0
      while x < width {
        let v = values[row * width + x]
        var end = x + 1
        while end < width && values[row * width + end] == v { end += 1 }
        if v != 0 { runs.append(CoverageRun(start: x, end: end, value: v)) }
        x = end
      }
      runStarts[row + 1] = runs.count
      let rowRuns = runs[runStarts[row]..<runStarts[row + 1]]
      if let first = rowRuns.first, let last = rowRuns.last {
        rowSpans[row] = first.start..<last.end
      }
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

  /// The runs of row `row` (relative to `originY`).
  public func runs(ofRow row: Int) -> ArraySlice<CoverageRun> {
    runs[runStarts[row]..<runStarts[row + 1]]
  }
}

/// Columns `start..<end` (relative to the mask's `originX`) of one row, all with coverage `value`.
public struct CoverageRun: Hashable, Sendable {
  public var start: Int
  public var end: Int
  public var value: UInt8
}
