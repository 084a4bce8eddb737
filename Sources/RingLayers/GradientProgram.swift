import RingGraphics

/// The geometry-only part of drawing a gradient under an optional static mask, compiled
/// once: which pixels lie wholly inside both the gradient's bounds and the mask (their
/// colours copied from the table), which lie on an edge (blended over what is beneath), and
/// each one's table index. Per frame only the colour table changes, so a frame costs one
/// table refill for the indices in use and a pass over the covered pixels: Core Animation's
/// render server caches the same things (the mask's coverage, the gradient's geometry).
struct GradientProgram {
  /// A row segment of interior pixels: `count` pixels from frame offset `pixel`, whose
  /// indices start at `source` in the strip (diagonal mode), in `interiorIndices`, or in
  /// `gathered`, the kept index field, read where it lies.
  struct Run {
    var pixel: Int
    var count: Int
    var source: Int
  }

  var interior: [Run] = []
  /// Diagonal mode: the index of every diagonal x + y from the smallest used on.
  var strip: [UInt16] = []
  var usesStrip = false
  /// Gather mode: the index of every interior pixel, run after run (none when `gathered`
  /// holds them).
  var interiorIndices: [UInt16] = []
  /// Gather mode with a kept index field of the device's size: the interior runs' indices
  /// are the field's own (computed at compile, never changed), so none is copied.
  private var gathered: IndexField?
  /// A pixel on an edge of the gradient's bounds or of the mask.
  struct Edge {
    var pixel: Int32
    var index: UInt16
    /// Coverage of the gradient's bounds and the mask's alpha here.
    var region: UInt8
    var alpha: UInt8
  }
  var edges: [Edge] = []
  /// The table indices any pixel uses, ascending.
  var usedIndices: [UInt16] = []
  /// The pixels the program writes: the bounding box of the interior and the edges.
  var bounds = PixelRect.empty
  /// Scratch for the strip's colours (sized to the strip).
  private var stripColors: [UInt32] = []
  /// What lies beneath each edge pixel in a kept backdrop (read once per backdrop, not
  /// scattered over a large frame every frame), and that backdrop's stamp (-1: none).
  private var edgeUnder: [UInt32] = []
  private var edgeUnderStamp = -1

  /// Scratch kept from compile to compile: which table entries the pixels use, the
  /// interior segments waiting for the strip, one row's segments, one row's indices.
  private var usedScratch: [Bool] = []
  private var pending: [(y: Int, x0: Int, x1: Int)] = []
  private var segments: [(x0: Int, x1: Int, region: UInt8, alpha: UInt8)] = []
  private var rowScratch: [UInt16] = []

  /// An empty program (draws nothing) whose storage a `compile` fills.
  init() {}

  /// Compiles a gradient drawn over `region`, masked by `alpha` (none: unmasked), with
  /// positions from `sampler` (or their values kept in `field`, or its device angles kept in
  /// `angles`), on a `width` x `height` device, into this program's storage: once it has
  /// grown to the largest shape, a shape that changes every frame compiles without
  /// allocating.
  mutating func compile(
    region: CoverageMask, alpha: CoverageMask?, sampler: GradientSampler,
    field: IndexField? = nil, angles: AngleField? = nil, width w: Int, height h: Int
  ) {
    usesStrip = sampler.dependsOnDiagonalOnly
    gathered = !usesStrip && angles == nil && field?.width == w && field?.height == h ? field : nil
    let gathered = self.gathered
    // A program reading a kept field (a conic or radial gradient under a moving mask) or
    // kept angles (a turning conic) counts every table entry as used: its shape changes
    // every frame, its entries hardly (a conic's are all of them), and filling them all
    // costs less than finding them pixel by pixel.
    let usesEveryEntry = gathered != nil || angles != nil
    interior.removeAll(keepingCapacity: true)
    strip.removeAll(keepingCapacity: true)
    interiorIndices.removeAll(keepingCapacity: true)
    edges.removeAll(keepingCapacity: true)
    usedIndices.removeAll(keepingCapacity: true)
    bounds = .empty
    edgeUnderStamp = -1
    if usedScratch.count != GradientTable.resolution {
      usedScratch = [Bool](repeating: false, count: GradientTable.resolution)
    }
    if rowScratch.count < max(w, 1) {
      rowScratch = [UInt16](repeating: 0, count: max(w, 1))
    }
    // The scratch arrays as locals for the loops below (swapped back at the end).
    var used: [Bool] = []
    var rowBuffer: [UInt16] = []
    var pending: [(y: Int, x0: Int, x1: Int)] = []
    var segments: [(x0: Int, x1: Int, region: UInt8, alpha: UInt8)] = []
    swap(&used, &usedScratch)
    swap(&rowBuffer, &rowScratch)
    swap(&pending, &self.pending)
    swap(&segments, &self.segments)
    pending.removeAll(keepingCapacity: true)
    var minDiagonal = Int.max
    var maxDiagonal = Int.min
    let y0 = max(region.originY, alpha?.originY ?? Int.min, 0)
    let y1 = min(region.originY + region.height, alpha.map { $0.originY + $0.height } ?? Int.max, h)
    // A row's indices, by device column, fetched once per stretch of adjoining segments
    // (a ring's row is two stretches however many coverage runs it has).
    // The runs read through buffers: a row's slice of an array would retain it, twice a row.
    let alphaRuns = alpha?.runs ?? []
    rowBuffer.withUnsafeMutableBufferPointer { rowBuffer in
      used.withUnsafeMutableBufferPointer { usedBuffer in
        let rowIndices = rowBuffer.baseAddress!
        let isUsed = usedBuffer.baseAddress!
        region.runs.withUnsafeBufferPointer { regionRuns in
          alphaRuns.withUnsafeBufferPointer { alphaRuns in
            for y in y0..<max(y0, y1) {
              // The row's segments: columns x0..<x1 with the region's and the mask's coverage.
              segments.removeAll(keepingCapacity: true)
              let rRow = y - region.originY
              let rRuns = regionRuns[region.runStarts[rRow]..<region.runStarts[rRow + 1]]
              if let alpha {
                let aRow = y - alpha.originY
                let aRuns = alphaRuns[alpha.runStarts[aRow]..<alpha.runStarts[aRow + 1]]
                var i = rRuns.startIndex
                var j = aRuns.startIndex
                while i < rRuns.endIndex && j < aRuns.endIndex {
                  let r = rRuns[i]
                  let a = aRuns[j]
                  let re = r.end + region.originX
                  let me = a.end + alpha.originX
                  let x0 = max(r.start + region.originX, a.start + alpha.originX, 0)
                  let x1 = min(re, me, w)
                  if x1 > x0 { segments.append((x0, x1, r.value, a.value)) }
                  if re <= me { i += 1 } else { j += 1 }
                }
              } else {
                for r in rRuns {
                  let x0 = max(r.start + region.originX, 0)
                  let x1 = min(r.end + region.originX, w)
                  if x1 > x0 { segments.append((x0, x1, r.value, 255)) }
                }
              }
              // Interior runs and edge pixels. The diagonal strip gives interior pixels their
              // indices; only edges need their own.
              var k = 0
              while k < segments.count {
                var e = k
                if !usesStrip {
                  while e + 1 < segments.count && segments[e + 1].x0 == segments[e].x1 { e += 1 }
                }
                let fetchFrom = segments[k].x0
                let fetchTo = segments[e].x1
                // The row's indices by device column: the kept field's row where it lies, else
                // fetched into the row buffer.
                var rowSource = UnsafePointer(rowIndices)
                if !usesStrip {
                  if let gathered {
                    rowSource =
                      gathered.row(y, from: fetchFrom, count: fetchTo - fetchFrom) - fetchFrom
                  } else if let angles {
                    angles.indices(
                      sampler, row: y, from: fetchFrom, count: fetchTo - fetchFrom,
                      into: rowIndices + fetchFrom)
                  } else if let field {
                    field.indices(
                      row: y, from: fetchFrom, count: fetchTo - fetchFrom,
                      into: rowIndices + fetchFrom)
                  } else {
                    sampler.indices(
                      row: y, from: fetchFrom, count: fetchTo - fetchFrom,
                      into: rowIndices + fetchFrom)
                  }
                  if !usesEveryEntry {
                    for x in fetchFrom..<fetchTo { isUsed[Int(rowSource[x])] = true }
                  }
                }
                for q in k...e {
                  let s = segments[q]
                  if s.region == 255 && s.alpha == 255 {
                    if usesStrip {
                      minDiagonal = min(minDiagonal, s.x0 + y)
                      maxDiagonal = max(maxDiagonal, s.x1 - 1 + y)
                      pending.append((y, s.x0, s.x1))
                    } else if gathered != nil {
                      interior.append(
                        Run(pixel: y * w + s.x0, count: s.x1 - s.x0, source: y * w + s.x0))
                    } else {
                      interior.append(
                        Run(pixel: y * w + s.x0, count: s.x1 - s.x0, source: interiorIndices.count))
                      interiorIndices.append(
                        contentsOf: UnsafeBufferPointer(
                          start: rowIndices + s.x0, count: s.x1 - s.x0))
                    }
                    continue
                  }
                  if usesStrip {
                    sampler.indices(row: y, from: s.x0, count: s.x1 - s.x0, into: rowIndices + s.x0)
                    for x in s.x0..<s.x1 { isUsed[Int(rowIndices[x])] = true }
                  }
                  for x in s.x0..<s.x1 {
                    edges.append(
                      Edge(
                        pixel: Int32(y * w + x), index: rowSource[x], region: s.region,
                        alpha: s.alpha)
                    )
                  }
                }
                k = e + 1
              }
            }
          }
        }
        if usesStrip, minDiagonal <= maxDiagonal {
          for d in minDiagonal...maxDiagonal {
            let index = sampler.index(x: d, y: 0)
            strip.append(index)
            isUsed[Int(index)] = true
          }
          for p in pending {
            interior.append(
              Run(pixel: p.y * w + p.x0, count: p.x1 - p.x0, source: p.x0 + p.y - minDiagonal))
          }
        }
        // The used entries in order, written in place (an append checks the array's
        // uniqueness every time), each flag cleared for the next compile.
        if usesEveryEntry {
          for i in 0..<usedBuffer.count { isUsed[i] = true }
        }
        var count = 0
        for i in 0..<usedBuffer.count where isUsed[i] { count += 1 }
        usedIndices.append(contentsOf: repeatElement(0, count: count))
        usedIndices.withUnsafeMutableBufferPointer { out in
          var k = 0
          for i in 0..<usedBuffer.count where isUsed[i] {
            out[k] = UInt16(i)
            k += 1
            isUsed[i] = false
          }
        }
      }
    }
    swap(&used, &usedScratch)
    swap(&rowBuffer, &rowScratch)
    swap(&pending, &self.pending)
    swap(&segments, &self.segments)
    if stripColors.count != strip.count {
      stripColors = [UInt32](repeating: 0, count: strip.count)
    }
    var (bx0, by0, bx1, by1) = (Int.max, Int.max, Int.min, Int.min)
    func include(_ pixel: Int, _ count: Int) {
      let y = pixel / w
      let x = pixel % w
      bx0 = min(bx0, x)
      bx1 = max(bx1, x + count)
      by0 = min(by0, y)
      by1 = max(by1, y + 1)
    }
    for run in interior { include(run.pixel, run.count) }
    for e in edges { include(Int(e.pixel), 1) }
    if bx0 <= bx1 { bounds = PixelRect(x: bx0, y: by0, width: bx1 - bx0, height: by1 - by0) }
  }

  /// Calls `body` with where the interior runs' `source` offsets count from (in gather
  /// mode): the kept field, or `interiorIndices`.
  private func withInteriorIndices(_ body: (UnsafePointer<UInt16>) -> Void) {
    if let gathered {
      body(gathered.start)
    } else {
      interiorIndices.withUnsafeBufferPointer {
        body($0.baseAddress ?? UnsafePointer(bitPattern: 2)!)
      }
    }
  }

  /// Appends the pixels the program writes to `spans`, as (frame offset, count) spans in
  /// ascending order, adjoining ones joined: its interior runs and edges, merged (each is
  /// in frame order already).
  func appendFootprint(to spans: inout [(pixel: Int, count: Int)]) {
    var i = interior.startIndex
    var j = edges.startIndex
    while i < interior.endIndex || j < edges.endIndex {
      let takesRun =
        j == edges.endIndex
        || (i < interior.endIndex && interior[i].pixel < Int(edges[j].pixel))
      let span: (pixel: Int, count: Int)
      if takesRun {
        span = (interior[i].pixel, interior[i].count)
        i += 1
      } else {
        span = (Int(edges[j].pixel), 1)
        j += 1
      }
      if let last = spans.last, last.pixel + last.count == span.pixel {
        spans[spans.count - 1].count += span.count
      } else {
        spans.append(span)
      }
    }
  }

  /// Whether every entry the program uses is opaque (so interior pixels are copied).
  func usesOpaqueEntries(of table: GradientTable) -> Bool {
    table.entries.withUnsafeBufferPointer { lut in
      usedIndices.allSatisfy { lut[Int($0)] >> 24 == 255 }
    }
  }

  /// Draws with `table`'s colours at `opacity` (0...255) into pixels laid out `width` per
  /// row: each pixel becomes its colour over the pixel at the same offset of `under`, which
  /// may be the target itself (drawing over what it holds) or a frame of what lies beneath;
  /// `nil` when what lies beneath is clear.
  /// `opaque` says whether `usesOpaqueEntries(of: table)`. `underStamp`, when given, says
  /// that `under` is a kept backdrop whose pixels are the same whenever the stamp is.
  mutating func draw(
    table: GradientTable, opaque: Bool, opacity: UInt32, into base: UnsafeMutablePointer<UInt32>,
    under: UnsafePointer<UInt32>?, underStamp: Int? = nil
  ) {
    let copies = opacity == 255 && opaque
    table.entries.withUnsafeBufferPointer { lut in
      if usesStrip {
        stripColors.withUnsafeMutableBufferPointer { sc in
          strip.withUnsafeBufferPointer { s in
            for k in s.indices { sc[k] = lut[Int(s[k])] }
          }
        }
      }
      if copies && usesStrip {
        stripColors.withUnsafeBufferPointer { sc in
          for run in interior {
            (base + run.pixel).update(from: sc.baseAddress! + run.source, count: run.count)
          }
        }
      } else if copies {
        withInteriorIndices { idx in
          let table = lut.baseAddress!
          for run in interior {
            var out = base + run.pixel
            var from = idx + run.source
            let end = from + run.count
            // Eight at a time: the indices loaded and the colours stored as one vector each.
            while end - from >= 8 {
              let i = UnsafeRawPointer(from).loadUnaligned(as: SIMD8<UInt16>.self)
              let c = SIMD8(
                table[Int(i[0])], table[Int(i[1])], table[Int(i[2])], table[Int(i[3])],
                table[Int(i[4])], table[Int(i[5])], table[Int(i[6])], table[Int(i[7])])
              UnsafeMutableRawPointer(out).storeBytes(of: c, as: SIMD8<UInt32>.self)
              out += 8
              from += 8
            }
            while from < end {
              out.pointee = table[Int(from.pointee)]
              out += 1
              from += 1
            }
          }
        }
      } else {
        stripColors.withUnsafeBufferPointer { sc in
          withInteriorIndices { idx in
            for run in interior {
              for k in 0..<run.count {
                var c = usesStrip ? sc[run.source + k] : lut[Int(idx[run.source + k])]
                if opacity != 255 { c = PixelMath.scale(c, by: opacity) }
                base[run.pixel + k] = under.map { PixelMath.sourceOver(c, $0[run.pixel + k]) } ?? c
              }
            }
          }
        }
      }
      if let stamp = underStamp, let under, stamp != edgeUnderStamp {
        if edgeUnder.count != edges.count {
          edgeUnder = [UInt32](repeating: 0, count: edges.count)
        }
        for (i, e) in edges.enumerated() { edgeUnder[i] = under[Int(e.pixel)] }
        edgeUnderStamp = stamp
      }
      let kept = underStamp != nil && under != nil
      edges.withUnsafeBufferPointer { edges in
        edgeUnder.withUnsafeBufferPointer { below in
          for (i, e) in edges.enumerated() {
            var c = lut[Int(e.index)]
            if e.region != 255 { c = PixelMath.scale(c, by: UInt32(e.region)) }
            if e.alpha != 255 { c = PixelMath.scale(c, by: UInt32(e.alpha)) }
            if opacity != 255 { c = PixelMath.scale(c, by: opacity) }
            if kept {
              base[Int(e.pixel)] = PixelMath.sourceOver(c, below[i])
            } else {
              base[Int(e.pixel)] = under.map { PixelMath.sourceOver(c, $0[Int(e.pixel)]) } ?? c
            }
          }
        }
      }
    }
  }
}
