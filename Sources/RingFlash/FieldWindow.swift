/// A 10-degree field's disc as 16 horizontal bands of whole pixels around it, centred on a
/// pixel: each band as wide as the disc is anywhere within it, so the bands hold every
/// pixel whose centre lies in the disc, and up to 10% more area than the disc (from 48
/// pixels across; 6% from the bands, the rest from whole pixels).
struct FieldWindow: Sendable {
  /// One band: rows `top..<bottom` and columns `-halfWidth...halfWidth` from the centre
  /// pixel.
  struct Band: Sendable {
    let top: Int
    let bottom: Int
    let halfWidth: Int
  }

  let bands: [Band]
  /// The disc's radius, in pixels.
  let radius: Double
  /// The bands' extent from the centre pixel: rows `top..<bottom`, columns
  /// `-halfWidth...halfWidth`.
  let bounds: Band

  /// The bands around a disc `diameter` pixels across.
  init(diameter: Double, count: Int = 16) {
    let r = max(0.5, diameter / 2)
    radius = r
    var bands: [Band] = []
    var nextRow = Int((-r).rounded(.up))
    let lastRow = Int(r.rounded(.down))
    for b in 0..<count where nextRow <= lastRow {
      let low = -r + 2 * r * Double(b) / Double(count)
      let high = -r + 2 * r * Double(b + 1) / Double(count)
      let bottom = b == count - 1 ? lastRow + 1 : max(nextRow, Int(high.rounded(.up)))
      guard bottom > nextRow else { continue }
      // The band's widest point: the centre row if it holds it, else its edge nearest.
      let nearest = low <= 0 && high >= 0 ? 0 : min(abs(low), abs(high))
      let half = Int((r * r - nearest * nearest).squareRoot().rounded(.down))
      bands.append(Band(top: nextRow, bottom: bottom, halfWidth: half))
      nextRow = bottom
    }
    self.bands = bands
    bounds = Band(
      top: bands.first?.top ?? 0, bottom: bands.last?.bottom ?? 1,
      halfWidth: bands.map(\.halfWidth).max() ?? 0)
  }

  /// Whether the disc centred on the frame's middle pixel holds every pixel's centre: then
  /// every placement is at most the whole frame's count.
  func holdsEverything(width: Int, height: Int) -> Bool {
    let dx = Double(width) / 2
    let dy = Double(height) / 2
    return (dx * dx + dy * dy).squareRoot() <= radius
  }

  /// The most 1s of `mask` (`width` pixels a row) under the bands centred on any of its
  /// pixels, the bands clipped to the frame, using `table` (at least (width + 1) x
  /// (height + 1) entries) as the summed-area table.
  func largestSum(of mask: [UInt8], width w: Int, table: inout [Int32]) -> Int {
    let h = mask.count / w
    let stride = w + 1
    var best: Int32 = 0
    mask.withUnsafeBufferPointer { m in
      table.withUnsafeMutableBufferPointer { t in
        for y in 0..<h {
          var rowSum: Int32 = 0
          for x in 0..<w {
            rowSum += Int32(m[y * w + x])
            t[(y + 1) * stride + x + 1] = t[y * stride + x + 1] + rowSum
          }
        }
        let total = t[h * stride + w]
        // The marks in the band's rectangle around (cx, cy), clipped to the frame.
        func count(_ band: Band, _ cx: Int, _ cy: Int) -> Int32 {
          let y0 = max(0, cy + band.top)
          let y1 = min(h, cy + band.bottom)
          let x0 = max(0, cx - band.halfWidth)
          let x1 = min(w, cx + band.halfWidth + 1)
          guard y1 > y0, x1 > x0 else { return 0 }
          return t[y1 * stride + x1] - t[y0 * stride + x1] - t[y1 * stride + x0]
            + t[y0 * stride + x0]
        }
        bands.withUnsafeBufferPointer { bands in
          func sum(_ cx: Int, _ cy: Int) -> Int32 {
            var sum: Int32 = 0
            for band in bands { sum += count(band, cx, cy) }
            return sum
          }
          // The bands lie within their bounds: a placement whose bounds hold no more than
          // the best so far cannot beat it. The placement whose bounds hold the most is
          // counted first, so that few others need to be.
          var (most, at) = (Int32(-1), (0, 0))
          for cy in 0..<h {
            for cx in 0..<w {
              let bound = count(bounds, cx, cy)
              if bound > most { (most, at) = (bound, (cx, cy)) }
            }
          }
          best = sum(at.0, at.1)
          for cy in 0..<h where best < total {
            for cx in 0..<w where count(bounds, cx, cy) > best {
              best = max(best, sum(cx, cy))
            }
          }
        }
      }
    }
    return Int(best)
  }
}
