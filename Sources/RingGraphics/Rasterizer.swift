import Foundation

/// Scan conversion with exact-area anti-aliasing.
///
/// Each edge adds, per pixel row it crosses, the signed area it leaves to its right as
/// sparse cell deltas; a running sum along the row then gives each pixel the integral of the
/// winding number over its area. Only cells an edge touches are stored, so the cost grows
/// with the outline's length, not with the area; coverage between touched cells is constant. Where the winding number is 0 or +-1 (no overlaps
/// inside a pixel) the result is the exact area inside the shape; the only error is float
/// rounding (below 1e-4). Curves are flattened first, so the shape is exact to within the
/// flattening tolerance (0.002 px: at most 0.002 of a pixel's area).
public enum Rasterizer {
  /// Flattening tolerance, in device pixels.
  public static let tolerance = 0.002

  /// The coverage of `path` filled with `rule`, mapped through `transform` (points to device
  /// pixels), over the device rectangle `0..<width x 0..<height`.
  public static func fill(
    _ path: BezierPath, rule: FillRule = .nonZero, transform: Transform2D, width: Int, height: Int
  ) -> CoverageMask {
    let scale = flatteningScale(transform, path, margin: 0)
    let lines = path.flattened(tolerance: tolerance / scale).map(\.points)
    return coverage(of: project(lines, transform), rule: rule, width: width, height: height)
  }

  /// The coverage of the stroke of `path` with `style`, mapped through `transform`.
  public static func stroke(
    _ path: BezierPath, style: StrokeStyle, transform: Transform2D, width: Int, height: Int
  ) -> CoverageMask {
    let style = style.clamped
    let margin = style.lineWidth / 2 * max(style.miterLimit, 1.5)
    let scale = flatteningScale(transform, path, margin: margin)
    let outlines = Stroker(style: style, tolerance: tolerance / scale).outlines(of: path)
    return coverage(
      of: project(outlines, transform), rule: .nonZero, width: width, height: height)
  }

  /// How much `transform` magnifies lengths at most where `path` (grown by `margin` points)
  /// lies: the flattening tolerance in points is `tolerance` over it.
  private static func flatteningScale(_ transform: Transform2D, _ path: BezierPath, margin: Double)
    -> Double
  {
    guard !transform.isAffine, let r = path.controlBounds else {
      return max(transform.maximumScale, 1e-9)
    }
    return max(transform.maximumScale(over: r.insetBy(dx: -margin, dy: -margin)), 1e-9)
  }

  /// Polygons in points mapped to device pixels. In perspective, each is first cut to where
  /// it lies in front of the viewer (`w` at least 1e-6), as the projection of a layer
  /// turned away beyond the eye is not drawn.
  static func project(_ polygons: [[Point]], _ t: Transform2D) -> [[Point]] {
    if t.isAffine { return polygons.map { $0.map(t.apply(to:)) } }
    let near = 1e-6
    return polygons.map { polygon in
      var out: [Point] = []
      out.reserveCapacity(polygon.count + 2)
      guard var prev = polygon.last else { return out }
      var wPrev = t.w(at: prev)
      for p in polygon {
        let w = t.w(at: p)
        if (w >= near) != (wPrev >= near) {
          // The edge crosses the near plane: add the crossing.
          let f = (near - wPrev) / (w - wPrev)
          out.append(t.apply(to: prev.interpolated(to: p, fraction: f)))
        }
        if w >= near { out.append(t.apply(to: p)) }
        prev = p
        wPrev = w
      }
      return out
    }
  }

  /// The coverage of closed polygons given in device pixels.
  static func coverage(of contours: [[Point]], rule: FillRule, width: Int, height: Int)
    -> CoverageMask
  {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for c in contours {
      for p in c where p.isFinite {
        minX = min(minX, p.x)
        minY = min(minY, p.y)
        maxX = max(maxX, p.x)
        maxY = max(maxY, p.y)
      }
    }
    guard minX.isFinite, width > 0, height > 0 else { return .empty }
    // Clamped into the device before converting: finite points may lie beyond Int's range.
    func pixel(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, -1), Double(limit) + 1)) }
    let x0 = max(0, pixel(minX.rounded(.down), width))
    let y0 = max(0, pixel(minY.rounded(.down), height))
    let x1 = min(width, pixel(maxX.rounded(.up), width))
    let y1 = min(height, pixel(maxY.rounded(.up), height))
    guard x1 > x0, y1 > y0 else { return .empty }
    var mask = CoverageMask(originX: x0, originY: y0, width: x1 - x0, height: y1 - y0)
    var acc = Accumulator(width: x1 - x0, height: y1 - y0)
    let ox = Double(x0)
    let oy = Double(y0)
    for c in contours where c.count > 1 {
      var prev = c[c.count - 1]
      for p in c {
        guard p.isFinite, prev.isFinite else {
          prev = p
          continue
        }
        acc.addLine(
          Point(x: prev.x - ox, y: prev.y - oy), Point(x: p.x - ox, y: p.y - oy))
        prev = p
      }
    }
    acc.resolve(into: &mask, rule: rule)
    return mask
  }
}

/// The sparse signed-area accumulation behind `Rasterizer`: a list of (row, column, delta)
/// cell contributions whose running sum along each row is the coverage.
struct Accumulator {
  let width: Int
  let height: Int
  /// One cell's contribution.
  struct Cell {
    var row: Int32
    var column: Int32
    var delta: Float
  }
  private var cells: [Cell] = []
  /// A cell's contribution once sorted into its row.
  struct ColumnDelta {
    var column: Int32
    var delta: Float
  }

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    // About four cells per row an edge crosses; a ring's two circles cross each row 4 times.
    cells.reserveCapacity(16 * (height + 1))
  }

  @inline(__always)
  private mutating func add(row: Int, column: Int, _ delta: Double) {
    cells.append(Cell(row: Int32(row), column: Int32(column), delta: Float(delta)))
  }

  /// Adds the edge from `a` to `b` (pixel coordinates relative to the mask).
  mutating func addLine(_ a: Point, _ b: Point) {
    guard a.y != b.y else { return }
    let w = Double(width)
    // Split where the edge crosses x = 0 and x = width; parts left of 0 act as vertical
    // edges at 0, parts right of width do not touch the mask.
    var t0 = 0.0
    var t1 = 1.0
    let dx = b.x - a.x
    var cuts = (2.0, 2.0)
    if dx != 0 {
      let c0 = (0 - a.x) / dx
      let c1 = (w - a.x) / dx
      cuts = (min(c0, c1), max(c0, c1))
    }
    for k in 0..<3 {
      let cut = k == 0 ? cuts.0 : (k == 1 ? cuts.1 : 1.0)
      guard cut > t0 && cut <= 1 else { continue }
      t1 = cut
      let p = a.interpolated(to: b, fraction: t0)
      let q = t1 == 1 ? b : a.interpolated(to: b, fraction: t1)
      let mid = (p.x + q.x) / 2
      if mid <= 0 {
        addClipped(Point(x: 0, y: p.y), Point(x: 0, y: q.y))
      } else if mid < w {
        addClipped(
          Point(x: min(max(p.x, 0), w), y: p.y), Point(x: min(max(q.x, 0), w), y: q.y))
      }
      t0 = t1
    }
  }

  /// Adds an edge that lies within `0...width` horizontally.
  private mutating func addClipped(_ a: Point, _ b: Point) {
    guard a.y != b.y else { return }
    let dir: Double = b.y > a.y ? 1 : -1
    let (top, bottom) = b.y > a.y ? (a, b) : (b, a)
    let yStart = max(top.y, 0)
    let yEnd = min(bottom.y, Double(height))
    guard yEnd > yStart else { return }
    let dxdy = (bottom.x - top.x) / (bottom.y - top.y)
    var row = Int(yStart.rounded(.down))
    var y = yStart
    while y < yEnd, row < height {
      let yNext = min(Double(row + 1), yEnd)
      let xa = top.x + (y - top.y) * dxdy
      let xb = top.x + (yNext - top.y) * dxdy
      addRowPiece(row: row, xa: xa, xb: xb, dy: (yNext - y) * dir)
      y = yNext
      row += 1
    }
  }

  /// Adds the piece of an edge inside one row: from x `xa` to `xb` over signed height `dy`.
  private mutating func addRowPiece(row: Int, xa: Double, xb: Double, dy: Double) {
    let x0 = min(xa, xb)
    let x1 = max(xa, xb)
    let i0 = Int(x0.rounded(.down))
    if x1 <= Double(i0 + 1) {
      // Within one column: the area right of the edge inside the pixel.
      let frac = (x0 + x1) / 2 - Double(i0)
      add(row: row, column: i0, dy * (1 - frac))
      add(row: row, column: i0 + 1, dy * frac)
      return
    }
    // Across several columns: coverage of column i is k times (the edge's x-length left of i
    // plus the integral of (i + 1 - x) over its part inside column i).
    let i1 = Int(x1.rounded(.up)) - 1
    let k = dy / (x1 - x0)
    var previous = 0.0
    for i in i0...i1 {
      let left = Double(i)
      let lo = max(x0, left)
      let hi = min(x1, left + 1)
      let before = max(0, min(x1, left) - x0)
      let inside = (left + 1) * (hi - lo) - (hi * hi - lo * lo) / 2
      let cov = k * (before + inside)
      add(row: row, column: i, cov - previous)
      previous = cov
    }
    add(row: row, column: i1 + 1, dy - previous)
  }

  /// Sums the contributions along each row into runs of equal coverage.
  func resolve(into mask: inout CoverageMask, rule: FillRule) {
    let evenOdd = rule == .evenOdd
    @inline(__always) func level(_ sum: Float) -> UInt8 {
      var c = abs(sum)
      if evenOdd {
        c = c - 2 * (c / 2).rounded(.down)
        if c > 1 { c = 2 - c }
      } else if c > 1 {
        c = 1
      }
      return UInt8(c * 255 + 0.5)
    }
    // Counting sort of the contributions by row (stable), as (column, delta) pairs.
    var rowStart = [Int](repeating: 0, count: height + 1)
    for c in cells { rowStart[Int(c.row) + 1] += 1 }
    for r in 0..<height { rowStart[r + 1] += rowStart[r] }
    var sorted = [ColumnDelta](repeating: ColumnDelta(column: 0, delta: 0), count: cells.count)
    var fill = rowStart
    for c in cells {
      let r = Int(c.row)
      sorted[fill[r]] = ColumnDelta(column: c.column, delta: c.delta)
      fill[r] += 1
    }
    var builder = RunBuilder(height: height, capacity: cells.count)
    let w = width
    sorted.withUnsafeMutableBufferPointer { cell in
      for row in 0..<height {
        builder.startRow(row)
        let lo = rowStart[row]
        let hi = rowStart[row + 1]
        // Sort this row's contributions by column (rows hold few, so insertion sort).
        if hi - lo > 48 {
          cell[lo..<hi].sort { $0.column < $1.column }
        } else if hi - lo > 1 {
          for i in (lo + 1)..<hi {
            let item = cell[i]
            var j = i - 1
            while j >= lo && cell[j].column > item.column {
              cell[j + 1] = cell[j]
              j -= 1
            }
            cell[j + 1] = item
          }
        }
        var sum: Float = 0
        var x = 0
        var k = lo
        while k < hi {
          let cx = Int(cell[k].column)
          if cx >= w { break }
          builder.emit(x, cx, level(sum))
          while k < hi && Int(cell[k].column) == cx {
            sum += cell[k].delta
            k += 1
          }
          builder.emit(cx, cx + 1, level(sum))
          x = cx + 1
        }
        builder.emit(x, w, level(sum))
      }
    }
    builder.finish()
    mask.runs = builder.runs
    mask.runStarts = builder.runStarts
  }
}

/// Collects a mask's runs row by row, merging equal neighbours.
struct RunBuilder {
  var runs: [CoverageRun] = []
  var runStarts: [Int]
  private var rowFirstRun = 0

  init(height: Int, capacity: Int) {
    runStarts = [Int](repeating: 0, count: height + 1)
    runs.reserveCapacity(capacity)
  }

  mutating func startRow(_ row: Int) {
    runStarts[row] = runs.count
    rowFirstRun = runs.count
  }

  @inline(__always)
  mutating func emit(_ start: Int, _ end: Int, _ value: UInt8) {
    guard end > start, value != 0 else { return }
    let n = runs.count
    if n > rowFirstRun, runs[n - 1].end == start, runs[n - 1].value == value {
      runs[n - 1].end = end
    } else {
      runs.append(CoverageRun(start: start, end: end, value: value))
    }
  }

  mutating func finish() {
    runStarts[runStarts.count - 1] = runs.count
  }
}
