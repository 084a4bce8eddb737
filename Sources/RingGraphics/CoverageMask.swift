/// Anti-aliased coverage of a shape over a rectangle of device pixels: for each pixel the
/// fraction of its area inside the shape, as 0...255.
///
/// Coverage is kept as runs: per row, the stretches of equal non-zero coverage in increasing
/// x (long runs inside a shape, short ones along its edges). Memory and the work of every
/// consumer grow with the outline, not with the area.
public struct CoverageMask: Sendable {
  /// The device pixel the mask's columns and rows count from.
  public let originX: Int
  public let originY: Int
  public let width: Int
  public let height: Int
  /// Runs of equal non-zero coverage, row after row; row r's are
  /// `runs[runStarts[r]..<runStarts[r + 1]]`.
  public internal(set) var runs: [CoverageRun]
  public internal(set) var runStarts: [Int]

  init(originX: Int, originY: Int, width: Int, height: Int) {
    self.originX = originX
    self.originY = originY
    self.width = width
    self.height = height
    runs = []
    runStarts = [Int](repeating: 0, count: height + 1)
  }

  /// An empty mask over the given rectangle that takes `other`'s run storage (to be
  /// refilled).
  init(originX: Int, originY: Int, width: Int, height: Int, takingStorageOf other: inout Self) {
    self.originX = originX
    self.originY = originY
    self.width = width
    self.height = height
    runs = []
    runStarts = []
    swap(&runs, &other.runs)
    swap(&runStarts, &other.runStarts)
  }

  /// A mask from row-major `values` over the given device rectangle. Throws when
  /// `values.count` is not `width x height`.
  public init(originX: Int, originY: Int, width: Int, height: Int, values: [UInt8]) throws {
    guard width >= 0, height >= 0, values.count == width * height else {
      throw RingError(.invalidSize, "coverage values do not fill a \(width)x\(height) mask")
    }
    self.init(originX: originX, originY: originY, width: width, height: height)
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
    }
  }

  /// An empty mask (covers nothing).
  public static let empty = CoverageMask(originX: 0, originY: 0, width: 0, height: 0)

  /// The runs of row `row` (counted from `originY`).
  @inlinable
  public func runs(ofRow row: Int) -> ArraySlice<CoverageRun> {
    runs[runStarts[row]..<runStarts[row + 1]]
  }

  /// Coverage at device pixel (x, y); 0 outside the mask.
  public func coverage(x: Int, y: Int) -> UInt8 {
    let lx = x - originX
    let ly = y - originY
    guard lx >= 0, ly >= 0, lx < width, ly < height else { return 0 }
    let row = runs(ofRow: ly)
    var lo = row.startIndex
    var hi = row.endIndex
    while lo < hi {
      let mid = (lo + hi) / 2
      if row[mid].end <= lx { lo = mid + 1 } else { hi = mid }
    }
    return lo < row.endIndex && row[lo].start <= lx ? row[lo].value : 0
  }

  /// The coverage as row-major values over the mask's rectangle.
  public var denseValues: [UInt8] {
    var out = [UInt8](repeating: 0, count: width * height)
    for row in 0..<height {
      for run in runs(ofRow: row) {
        for x in run.start..<run.end { out[row * width + x] = run.value }
      }
    }
    return out
  }

  /// The covered area in pixels (the sum of coverage / 255).
  public var area: Double {
    runs.reduce(0) { $0 + Double($1.end - $1.start) * Double($1.value) } / 255
  }
}

/// Columns `start..<end` (counted from the mask's `originX`) of one row, all with coverage
/// `value`.
public struct CoverageRun: Hashable, Sendable {
  public var start: Int
  public var end: Int
  public var value: UInt8
}
