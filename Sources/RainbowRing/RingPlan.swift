import RingGraphics
import RingLayers

/// The part of drawing a ring frame that depends only on geometry, built once per scene:
/// which pixels lie wholly inside both the gradient's bounds and the mask (copied from the
/// frame's colours), which lie on an edge (blended over what is beneath), and each one's
/// gradient-table index.
///
/// Per frame only the colour table changes, so a frame costs one table refill for the
/// indices in use and a pass over the ring's pixels: Core Animation's render server caches
/// the same things (the mask's coverage, the gradient's geometry).
struct RingPlan {
  /// A row segment of interior pixels: `count` pixels from frame offset `pixel`, whose
  /// colours start at `source` in the strip (diagonal mode) or in `interiorIndices`.
  struct Run {
    var pixel: Int
    var count: Int
    var source: Int
  }

  var interior: [Run] = []
  /// Diagonal mode: the index of every diagonal x + y from `diagonalBase` on.
  var strip: [UInt16] = []
  var diagonalBase = 0
  var usesStrip = false
  /// Gather mode: the index of every interior pixel, run after run.
  var interiorIndices: [UInt16] = []
  /// A pixel on an edge of the gradient's bounds or of the mask.
  struct Edge {
    var pixel: Int32
    var index: UInt16
    /// Coverage of the gradient's bounds and the mask's alpha here.
    var region: UInt8
    var alpha: UInt8
    /// What lies beneath (the frame without the ring).
    var backdrop: UInt32
  }
  var edges: [Edge] = []
  /// The table indices any pixel uses, ascending.
  var usedIndices: [UInt16] = []
  /// The pixels a frame writes: the bounding box of the interior and the edges.
  var bounds = PixelRect.empty

  /// Builds the plan for a gradient drawn over `region`, masked by `alpha`, with positions
  /// from `sampler`, onto `backdrop` (a frame of the scene without the ring).
  init(region: CoverageMask, alpha: CoverageMask, sampler: GradientSampler, backdrop: Pixmap) {
    let w = backdrop.width
    let h = backdrop.height
    usesStrip = sampler.dependsOnDiagonalOnly
    var used = [Bool](repeating: false, count: GradientTable.resolution)
    var minDiagonal = Int.max
    var maxDiagonal = Int.min
    var pending: [(y: Int, x0: Int, x1: Int)] = []
    func addInterior(y: Int, x0: Int, x1: Int) {
      if usesStrip {
        minDiagonal = min(minDiagonal, x0 + y)
        maxDiagonal = max(maxDiagonal, x1 - 1 + y)
        pending.append((y, x0, x1))
      } else {
        interior.append(Run(pixel: y * w + x0, count: x1 - x0, source: interiorIndices.count))
        for x in x0..<x1 {
          let i = sampler.index(x: x, y: y)
          interiorIndices.append(i)
          used[Int(i)] = true
        }
      }
    }
    backdrop.pixels.withUnsafeBufferPointer { under in
      for y in max(
        region.originY, alpha.originY, 0)..<min(
          region.originY + region.height, alpha.originY + alpha.height, h)
      {
        let rRuns = region.runs(ofRow: y - region.originY)
        let aRuns = alpha.runs(ofRow: y - alpha.originY)
        var i = rRuns.startIndex
        var j = aRuns.startIndex
        while i < rRuns.endIndex && j < aRuns.endIndex {
          let r = rRuns[i]
          let a = aRuns[j]
          let rs = r.start + region.originX
          let re = r.end + region.originX
          let ms = a.start + alpha.originX
          let me = a.end + alpha.originX
          let x0 = max(rs, ms, 0)
          let x1 = min(re, me, w)
          if x1 > x0 {
            if r.value == 255 && a.value == 255 {
              addInterior(y: y, x0: x0, x1: x1)
            } else {
              for x in x0..<x1 {
                let index = sampler.index(x: x, y: y)
                used[Int(index)] = true
                edges.append(
                  Edge(
                    pixel: Int32(y * w + x), index: index, region: r.value, alpha: a.value,
                    backdrop: under[y * w + x]))
              }
            }
          }
          if re <= me { i += 1 } else { j += 1 }
        }
      }
    }
    if usesStrip, minDiagonal <= maxDiagonal {
      diagonalBase = minDiagonal
      strip = (minDiagonal...maxDiagonal).map { sampler.index(x: $0, y: 0) }
      for s in strip { used[Int(s)] = true }
      interior = pending.map {
        Run(pixel: $0.y * w + $0.x0, count: $0.x1 - $0.x0, source: $0.x0 + $0.y - minDiagonal)
      }
    }
    usedIndices = used.indices.filter { used[$0] }.map { UInt16($0) }
    var (x0, y0, x1, y1) = (Int.max, Int.max, Int.min, Int.min)
    func include(_ pixel: Int, _ count: Int) {
      let y = pixel / w
      let x = pixel % w
      x0 = min(x0, x)
      x1 = max(x1, x + count)
      y0 = min(y0, y)
      y1 = max(y1, y + 1)
    }
    for run in interior { include(run.pixel, run.count) }
    for e in edges { include(Int(e.pixel), 1) }
    if x0 <= x1 { bounds = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) }
  }

  /// Draws the ring with `table`'s colours into `frame` (which holds the previous frame of
  /// the same scene, or the backdrop), using `stripColors` as scratch (sized to the strip).
  func draw(table: GradientTable, stripColors: inout [UInt32], into frame: inout Pixmap) {
    frame.withUnsafeMutablePixels { px in
      draw(table: table, stripColors: &stripColors, into: px.baseAddress!)
    }
  }

  /// Draws into pixels laid out like the plan's frame (same width, rows adjacent).
  func draw(
    table: GradientTable, stripColors: inout [UInt32], into base: UnsafeMutablePointer<UInt32>
  ) {
    table.entries.withUnsafeBufferPointer { lut in
      if usesStrip {
        stripColors.withUnsafeMutableBufferPointer { sc in
          strip.withUnsafeBufferPointer { s in
            for k in s.indices { sc[k] = lut[Int(s[k])] }
          }
        }
      }
      do {
        if usesStrip {
          stripColors.withUnsafeBufferPointer { sc in
            for run in interior {
              (base + run.pixel).update(from: sc.baseAddress! + run.source, count: run.count)
            }
          }
        } else {
          interiorIndices.withUnsafeBufferPointer { idx in
            for run in interior {
              for k in 0..<run.count { base[run.pixel + k] = lut[Int(idx[run.source + k])] }
            }
          }
        }
        edges.withUnsafeBufferPointer { edges in
          for e in edges {
            var c = lut[Int(e.index)]
            if e.region != 255 { c = PixelMath.scale(c, by: UInt32(e.region)) }
            if e.alpha != 255 { c = PixelMath.scale(c, by: UInt32(e.alpha)) }
            base[Int(e.pixel)] = PixelMath.sourceOver(c, e.backdrop)
          }
        }
      }
    }
  }
}
