import Foundation

/// Scan conversion with exact-area anti-aliasing.
///
/// Each edge adds, per pixel row it crosses, the signed area it leaves to its right to the
/// cells it touches; a running sum along the row then gives each pixel the integral of the
/// winding number over its area. Rows are swept through the touched cells only, so the cost
/// grows with the outline's length, not with the area; coverage between touched cells is
/// constant. Where the winding number is 0 or +-1 (no overlaps
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
    var storage = CoverageMask.empty
    let outline = outlines(of: path, style: nil, tolerance: tolerance(path, nil, transform))
    return coverage(
      of: outline, transform: transform, rule: rule, width: width, height: height,
      scratch: RasterScratch(), reusing: &storage)
  }

  /// The coverage of the stroke of `path` with `style`, mapped through `transform`.
  public static func stroke(
    _ path: BezierPath, style: StrokeStyle, transform: Transform2D, width: Int, height: Int
  ) -> CoverageMask {
    var storage = CoverageMask.empty
    let outline = outlines(of: path, style: style, tolerance: tolerance(path, style, transform))
    return coverage(
      of: outline, transform: transform, rule: .nonZero, width: width, height: height,
      scratch: RasterScratch(), reusing: &storage)
  }

  /// The flattening tolerance, in the path's units, for drawing `path` (its stroke with
  /// `style`, or its fill for `nil`) through `transform`: `tolerance` device pixels.
  public static func tolerance(_ path: BezierPath, _ style: StrokeStyle?, _ transform: Transform2D)
    -> Double
  {
    let margin = style.map { s in s.clamped.lineWidth / 2 * max(s.clamped.miterLimit, 1.5) } ?? 0
    return tolerance / flatteningScale(transform, path, margin: margin)
  }

  /// The closed polygons, in the path's units, whose fill draws `path` (its stroke with
  /// `style`, or the path itself for `nil`), curves flattened to within `tolerance`. They
  /// hold while the path and style do, whatever the transform: a turning or moving shape
  /// keeps its outline and is only mapped and scan-converted each frame.
  public static func outlines(of path: BezierPath, style: StrokeStyle?, tolerance: Double)
    -> Contours
  {
    var out = Contours()
    outlines(
      of: FlattenedPath(path, tolerance: tolerance), style: style, into: &out,
      scratch: RasterScratch())
    return out
  }

  /// `outlines(of:style:tolerance:)` of a path flattened once, into `out` (emptied first),
  /// using `scratch`'s storage: a stroke whose ends or width change each frame is outlined
  /// again without flattening its path again or allocating (unless it dashes).
  public static func outlines(
    of path: FlattenedPath, style: StrokeStyle?, into out: inout Contours, scratch: RasterScratch
  ) {
    guard let style else {
      out.removeAll()
      for line in path.lines {
        for p in line.points { out.append(p) }
        out.closePolygon()
      }
      return
    }
    Stroker(style: style.clamped, tolerance: path.tolerance).outlines(
      of: path.lines, into: &out, scratch: scratch.stroke)
  }

  /// The coverage of `outline` (closed polygons in points) mapped through `transform` and
  /// filled with `rule`, over the device rectangle `0..<width x 0..<height`, using
  /// `scratch`'s storage and taking the mask's from `storage` (a mask no longer needed):
  /// no allocation once they have grown.
  public static func coverage(
    of outline: Contours, transform: Transform2D, rule: FillRule, width: Int, height: Int,
    scratch: RasterScratch, reusing storage: inout CoverageMask
  ) -> CoverageMask {
    var device = Contours()
    swap(&device, &scratch.device)
    defer { swap(&device, &scratch.device) }
    project(outline, transform, into: &device)
    return coverage(
      of: device, rule: rule, width: width, height: height, scratch: scratch, storage: &storage)
  }

  /// How much `transform` magnifies lengths at most where `path` (grown by `margin` points)
  /// lies: the flattening tolerance in points is `tolerance` over it. Rounded to 32
  /// significant bits, so that a turning transform, whose scale wobbles in the last bits,
  /// keeps one tolerance (and one outline).
  private static func flatteningScale(_ transform: Transform2D, _ path: BezierPath, margin: Double)
    -> Double
  {
    let scale =
      if !transform.isAffine, let r = path.controlBounds {
        transform.maximumScale(over: r.insetBy(dx: -margin, dy: -margin))
      } else {
        transform.maximumScale
      }
    let low: UInt64 = 1 << 20
    let bits = (max(scale, 1e-9).bitPattern + low / 2) & ~(low - 1)
    return Double(bitPattern: bits)
  }

  /// Polygons in points mapped to device pixels, into `out` (emptied first). In
  /// perspective, each is first cut to where it lies in front of the viewer (`w` at least
  /// 1e-6), as the projection of a layer turned away beyond the eye is not drawn.
  static func project(_ polygons: Contours, _ t: Transform2D, into out: inout Contours) {
    out.removeAll()
    let near = 1e-6
    for k in 0..<polygons.count {
      let polygon = polygons.polygon(k)
      if t.isAffine {
        for p in polygon { out.append(t.apply(to: p)) }
      } else if var prev = polygon.last {
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
      }
      out.closePolygon()
    }
  }

  /// The coverage of closed polygons given in device pixels.
  static func coverage(
    of contours: Contours, rule: FillRule, width: Int, height: Int, scratch: RasterScratch,
    storage: inout CoverageMask
  ) -> CoverageMask {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for p in contours.points where p.isFinite {
      minX = min(minX, p.x)
      minY = min(minY, p.y)
      maxX = max(maxX, p.x)
      maxY = max(maxY, p.y)
    }
    guard minX.isFinite, width > 0, height > 0 else { return .empty }
    // Clamped into the device before converting: finite points may lie beyond Int's range.
    func pixel(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, -1), Double(limit) + 1)) }
    let x0 = max(0, pixel(minX.rounded(.down), width))
    let y0 = max(0, pixel(minY.rounded(.down), height))
    let x1 = min(width, pixel(maxX.rounded(.up), width))
    let y1 = min(height, pixel(maxY.rounded(.up), height))
    guard x1 > x0, y1 > y0 else { return .empty }
    var mask = CoverageMask(
      originX: x0, originY: y0, width: x1 - x0, height: y1 - y0, takingStorageOf: &storage)
    var acc = Accumulator(width: x1 - x0, height: y1 - y0, scratch: scratch)
    let ox = Double(x0)
    let oy = Double(y0)
    for k in 0..<contours.count {
      let c = contours.polygon(k)
      guard c.count > 1, var prev = c.last else { continue }
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

/// A path flattened to polylines within `tolerance` (in its units): what its fill's and its
/// strokes' outlines are made from, kept while the path and the tolerance hold.
public struct FlattenedPath: Sendable {
  private(set) var lines: [Polyline] = []
  public private(set) var tolerance: Double = 0
  /// Polylines kept for the next refill.
  private var spare: [Polyline] = []

  public init() {}

  public init(_ path: BezierPath, tolerance: Double) {
    refill(path, tolerance: tolerance)
  }

  /// Becomes `path` flattened within `tolerance`, in the storage it holds.
  public mutating func refill(_ path: BezierPath, tolerance: Double) {
    path.flatten(tolerance: tolerance, into: &lines, spare: &spare)
    self.tolerance = tolerance
  }
}

/// Reusable storage for scan conversion: the edges of the shape being drawn, and a band of
/// signed-area cells with one bit per cell saying whether an edge touched it. Kept by
/// whoever rasterizes often (a renderer's coverage cache), so that once it has grown, a
/// shape that changes every frame rasterizes without allocating. The band holds at most
/// `bandCells` cells (256 KB, cache-sized), whatever the mask's size; every cell and
/// bit is zero again after each use.
public final class RasterScratch {
  /// The most cells a band holds.
  let bandCells: Int
  fileprivate var cells: UnsafeMutablePointer<Float>
  fileprivate var cellCapacity = 0
  fileprivate var bits: UnsafeMutablePointer<UInt64>
  fileprivate var bitCapacity = 0
  /// Polygons mapped to the device.
  fileprivate var device = Contours()
  fileprivate var edges: [Accumulator.Edge] = []
  fileprivate var order: [Int32] = []
  fileprivate var bandStarts: [Int] = []
  fileprivate var active: [Int32] = []
  fileprivate var merged: [Int32] = []
  /// The stroker's storage.
  let stroke = StrokeScratch()

  public convenience init() { self.init(bandCells: 1 << 16) }

  /// Scratch whose bands hold at most `bandCells` cells (at least a row's).
  init(bandCells: Int) {
    self.bandCells = bandCells
    cells = .allocate(capacity: 1)
    bits = .allocate(capacity: 1)
  }

  deinit {
    cells.deallocate()
    bits.deallocate()
  }

  /// Grows the band (zeroed) to hold `cellCount` cells and `wordCount` bit words.
  fileprivate func reserve(cells cellCount: Int, words wordCount: Int) {
    if cellCount > cellCapacity {
      cells.deallocate()
      cellCapacity = max(cellCount, 2 * cellCapacity)
      cells = .allocate(capacity: cellCapacity)
      cells.initialize(repeating: 0, count: cellCapacity)
    }
    if wordCount > bitCapacity {
      bits.deallocate()
      bitCapacity = max(wordCount, 2 * bitCapacity)
      bits = .allocate(capacity: bitCapacity)
      bits.initialize(repeating: 0, count: bitCapacity)
    }
  }
}

/// The signed-area accumulation behind `Rasterizer`. Edges are collected first, then the
/// mask is swept in bands of rows: each band's cells sum the contributions of the edges
/// that cross it (in the order the edges were added), and a running sum of the cells along
/// each row is the coverage. Rows are swept through their touched bits, so the cost grows
/// with the outline, not with the area; nothing is sorted but the edges, by band, in one
/// counting pass.
struct Accumulator {
  /// An edge within `0...width` horizontally, from its top to its bottom, `dir` +1 when it
  /// was drawn downwards.
  struct Edge {
    var top: Point
    var bottom: Point
    var dir: Double
  }

  let width: Int
  let height: Int
  /// Cells per row: columns `0...width + 1` (edges at the right border add there).
  private let stride: Int
  private let wordsPerRow: Int
  /// Rows per band: a power of two (`1 << bandShift`), so a row's band is a shift away.
  private let bandRows: Int
  private let bandShift: Int
  private let cells: UnsafeMutablePointer<Float>
  private let bits: UnsafeMutablePointer<UInt64>
  private let scratch: RasterScratch
  /// The scratch's edge list, held while edges are added (given back by `resolve`).
  private var edges: [Edge] = []

  init(width: Int, height: Int, scratch: RasterScratch) {
    self.width = width
    self.height = height
    stride = width + 2
    wordsPerRow = (stride + 63) / 64
    // The most rows the band holds, rounded down to a power of two. Banding does not change
    // a bit of the result: every cell sums its edges' contributions in the order they were
    // added, whatever band it lies in.
    bandShift = Int.bitWidth - 1 - max(1, scratch.bandCells / stride).leadingZeroBitCount
    bandRows = 1 << bandShift
    let rows = min(height, bandRows)
    scratch.reserve(cells: stride * rows, words: wordsPerRow * rows)
    cells = scratch.cells
    bits = scratch.bits
    self.scratch = scratch
    swap(&edges, &scratch.edges)
    edges.removeAll(keepingCapacity: true)
  }

  /// Adds the edge from `a` to `b` (pixel coordinates relative to the mask).
  mutating func addLine(_ a: Point, _ b: Point) {
    guard a.y != b.y else { return }
    let w = Double(width)
    // Most edges lie inside: nothing to split (what the general path gives them).
    if a.x >= 0, b.x >= 0, a.x < w, b.x < w {
      addClipped(a, b)
      return
    }
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

  /// Keeps an edge that lies within `0...width` horizontally, if it crosses the mask's rows.
  private mutating func addClipped(_ a: Point, _ b: Point) {
    guard a.y != b.y else { return }
    let (top, bottom) = b.y > a.y ? (a, b) : (b, a)
    guard min(bottom.y, Double(height)) > max(top.y, 0) else { return }
    edges.append(Edge(top: top, bottom: bottom, dir: b.y > a.y ? 1 : -1))
  }

  /// `Int(v.rounded(.down))` for |v| < 2^62, without calling the C library (the baseline
  /// x86-64 has no rounding instruction).
  @inline(__always)
  private func floorInt(_ v: Double) -> Int {
    let i = Int(v)
    return Double(i) > v ? i - 1 : i
  }

  /// `Int(v.rounded(.up))` for |v| < 2^62, likewise.
  @inline(__always)
  private func ceilInt(_ v: Double) -> Int {
    let i = Int(v)
    return Double(i) < v ? i + 1 : i
  }

  /// The band holding an edge's first row.
  private func band(of e: Edge) -> Int { Int(max(e.top.y, 0)) >> bandShift }

  /// Adds the part of `e` within rows `r0..<r1` (the band starting at `r0`).
  @inline(__always)
  private func add(_ e: Edge, rows r0: Int, _ r1: Int) {
    let top = e.top
    let bottom = e.bottom
    let yStart = max(top.y, Double(r0))
    let yEnd = min(bottom.y, Double(r1))
    guard yEnd > yStart else { return }
    let dxdy = (bottom.x - top.x) / (bottom.y - top.y)
    var row = floorInt(yStart)
    guard dxdy.isFinite else {
      // A rise too small for its slope (a subnormal height): one piece in its first row,
      // whose area is as small as the rise.
      addRowPiece(row: row - r0, xa: top.x, xb: bottom.x, dy: (yEnd - yStart) * e.dir)
      return
    }
    var y = yStart
    while y < yEnd, row < r1 {
      let yNext = min(Double(row + 1), yEnd)
      let xa = top.x + (y - top.y) * dxdy
      let xb = top.x + (yNext - top.y) * dxdy
      addRowPiece(row: row - r0, xa: xa, xb: xb, dy: (yNext - y) * e.dir)
      y = yNext
      row += 1
    }
  }

  /// Adds `delta` to a cell of the band. An edge's x, interpolated between rows, may round
  /// a hair outside `0...width`: such a column adds to the nearest one inside, which the
  /// running sum reaches with the same total.
  @inline(__always)
  private func add(row: Int, column: Int, _ delta: Double) {
    let column = min(max(column, 0), width + 1)
    cells[row * stride + column] += Float(delta)
    bits[row * wordsPerRow + column >> 6] |= 1 &<< UInt64(column & 63)
  }

  /// Adds the piece of an edge inside one row of the band: from x `xa` to `xb` over signed
  /// height `dy`.
  private func addRowPiece(row: Int, xa: Double, xb: Double, dy: Double) {
    let x0 = min(xa, xb)
    let x1 = max(xa, xb)
    let i0 = floorInt(x0)
    if x1 <= Double(i0 + 1) {
      // Within one column: the area right of the edge inside the pixel.
      let frac = (x0 + x1) / 2 - Double(i0)
      add(row: row, column: i0, dy * (1 - frac))
      add(row: row, column: i0 + 1, dy * frac)
      return
    }
    // Across several columns: coverage of column i is k times (the edge's x-length left of i
    // plus the integral of (i + 1 - x) over its part inside column i).
    let i1 = ceilInt(x1) - 1
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

  /// Sweeps the edges band by band into runs of equal coverage, leaving every cell and bit
  /// of the scratch zero and its storage with it. Reuses `mask`'s run storage when it holds
  /// its own.
  mutating func resolve(into mask: inout CoverageMask, rule: FillRule) {
    var order: [Int32] = []
    var bandStarts: [Int] = []
    var active: [Int32] = []
    var merged: [Int32] = []
    swap(&order, &scratch.order)
    swap(&bandStarts, &scratch.bandStarts)
    swap(&active, &scratch.active)
    swap(&merged, &scratch.merged)
    defer {
      swap(&order, &scratch.order)
      swap(&bandStarts, &scratch.bandStarts)
      swap(&active, &scratch.active)
      swap(&merged, &scratch.merged)
      swap(&edges, &scratch.edges)
    }
    var builder = RunBuilder(height: height, reusing: &mask)
    let bands = (height + bandRows - 1) >> bandShift
    if bands == 1 {
      for e in edges { add(e, rows: 0, height) }
      sweep(rows: 0, height, into: &builder, rule: rule)
      builder.finish(into: &mask)
      return
    }
    // The edges by the band of their first row, in the order they were added.
    bandStarts.removeAll(keepingCapacity: true)
    bandStarts.append(contentsOf: repeatElement(0, count: bands + 1))
    for e in edges { bandStarts[band(of: e) + 1] += 1 }
    for b in 0..<bands { bandStarts[b + 1] += bandStarts[b] }
    order.removeAll(keepingCapacity: true)
    order.append(contentsOf: repeatElement(0, count: edges.count))
    for (i, e) in edges.enumerated() {
      let b = band(of: e)
      order[bandStarts[b]] = Int32(i)
      bandStarts[b] += 1
    }
    for b in Swift.stride(from: bands, to: 0, by: -1) { bandStarts[b] = bandStarts[b - 1] }
    bandStarts[0] = 0
    active.removeAll(keepingCapacity: true)
    for b in 0..<bands {
      let r0 = b * bandRows
      let r1 = min(r0 + bandRows, height)
      // The edges crossing this band, in the order they were added: those carried from
      // the bands above merged with those starting here.
      merged.removeAll(keepingCapacity: true)
      var i = 0
      var j = bandStarts[b]
      let jEnd = bandStarts[b + 1]
      while i < active.count || j < jEnd {
        if j == jEnd || (i < active.count && active[i] < order[j]) {
          merged.append(active[i])
          i += 1
        } else {
          merged.append(order[j])
          j += 1
        }
      }
      active.removeAll(keepingCapacity: true)
      for k in merged {
        let e = edges[Int(k)]
        add(e, rows: r0, r1)
        if e.bottom.y > Double(r1) { active.append(k) }
      }
      sweep(rows: r0, r1, into: &builder, rule: rule)
    }
    builder.finish(into: &mask)
  }

  /// Sums the cells of rows `r0..<r1` (the band) into runs, clearing them.
  private func sweep(rows r0: Int, _ r1: Int, into builder: inout RunBuilder, rule: FillRule) {
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
    let w = width
    for row in r0..<r1 {
      builder.startRow(row)
      let rowCells = cells + (row - r0) * stride
      let rowBits = bits + (row - r0) * wordsPerRow
      var sum: Float = 0
      // The coverage from `x` on, until the next touched cell: `level(sum)`, computed once
      // per touched cell.
      var current: UInt8 = 0
      var x = 0
      for word in 0..<wordsPerRow {
        var set = rowBits[word]
        guard set != 0 else { continue }
        rowBits[word] = 0
        while set != 0 {
          let cx = word << 6 + set.trailingZeroBitCount
          set &= set &- 1
          let delta = rowCells[cx]
          rowCells[cx] = 0
          guard cx < w else { continue }
          builder.emit(x, cx, current)
          sum += delta
          current = level(sum)
          builder.emit(cx, cx + 1, current)
          x = cx + 1
        }
      }
      builder.emit(x, w, current)
    }
  }
}

/// Collects a mask's runs row by row, merging equal neighbours: the run being grown is kept
/// aside (not read back from the array) and appended when the next one differs.
struct RunBuilder {
  var runs: [CoverageRun]
  var runStarts: [Int]
  /// The run being grown; value 0 is none.
  private var open = CoverageRun(start: 0, end: 0, value: 0)

  /// A builder that takes over `mask`'s storage (emptied, its capacity kept).
  init(height: Int, reusing mask: inout CoverageMask) {
    runs = []
    runStarts = []
    swap(&runs, &mask.runs)
    swap(&runStarts, &mask.runStarts)
    runs.removeAll(keepingCapacity: true)
    runStarts.removeAll(keepingCapacity: true)
    runStarts.append(contentsOf: repeatElement(0, count: height + 1))
  }

  /// Appends the run being grown, if any.
  @inline(__always)
  private mutating func close() {
    if open.value != 0 { runs.append(open) }
    open.value = 0
  }

  mutating func startRow(_ row: Int) {
    close()
    runStarts[row] = runs.count
  }

  @inline(__always)
  mutating func emit(_ start: Int, _ end: Int, _ value: UInt8) {
    guard end > start, value != 0 else { return }
    if open.end == start, open.value == value {
      open.end = end
    } else {
      close()
      open = CoverageRun(start: start, end: end, value: value)
    }
  }

  /// Ends the last row and gives the runs to `mask`.
  mutating func finish(into mask: inout CoverageMask) {
    close()
    runStarts[runStarts.count - 1] = runs.count
    swap(&runs, &mask.runs)
    swap(&runStarts, &mask.runStarts)
  }
}
