/// What a frosted layer does to the pixels beneath it, as UIKit's blur effects do: a
/// Gaussian blur of `sigma` points (three box blurs, as Apple's ImageEffects sample makes
/// it), then the saturation scaled by `saturation` (1 keeps it) about Rec. 709 luma.
public struct BackdropFilter: Hashable, Sendable {
  /// The blur's standard deviation, in points.
  public var sigma: Double
  /// The saturation factor: 0 grey, 1 unchanged, 1.8 UIKit's blur effects.
  public var saturation: Double

  public init(sigma: Double, saturation: Double = 1) {
    self.sigma = sigma.isFinite ? max(0, sigma) : 0
    self.saturation = saturation.isFinite ? max(0, saturation) : 1
  }

  /// The filter that leaves the pixels as they are: no blur, the saturation kept.
  public static let identity = BackdropFilter(sigma: 0)

  /// Whether it leaves the pixels as they are (it is then not applied).
  public var isIdentity: Bool { sigma == 0 && saturation == 1 }

  /// The width of each of the three box blurs for a deviation of `sigma` pixels: odd, as
  /// `vImageBoxConvolve` takes it (Apple's ImageEffects sample's formula).
  public static func boxWidth(sigma: Double) -> Int {
    var d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
    if d % 2 == 0 { d += 1 }
    return max(1, d)
  }
}

extension Pixmap {
  /// Filters the pixels beneath `region` by `filter` (its blur `sigma` already in device
  /// pixels): each pixel of the region's box is blurred from the box's own pixels (the edges
  /// repeated beyond it), saturated, and mixed in by the region's coverage times `opacity`
  /// (0...255). `swapsRedAndBlue`: the pixels are BGRA.
  ///
  /// `beneath` holds, outermost first, the pixels of the targets this one will be
  /// composited onto (this pixmap an offscreen group's): what is filtered is then this
  /// pixmap over them, as the glass sees it.
  public mutating func filterBackdrop(
    _ region: CoverageMask, sigma: Double, saturation: Double, opacity: UInt32,
    swapsRedAndBlue: Bool, beneath: [UnsafePointer<UInt32>] = []
  ) {
    let box = region.pixelBounds.clipped(width: width, height: height)
    guard box.width > 0, box.height > 0, opacity > 0 else { return }
    let (bw, bh) = (box.width, box.height)
    // Channels as integers, box-blurred three times along rows, then along columns.
    var channels = [[Int32]](repeating: [Int32](repeating: 0, count: bw * bh), count: 4)
    for y in 0..<bh {
      for x in 0..<bw {
        let i = (box.y + y) * width + box.x + x
        var p = pixels[i]
        if let outermost = beneath.first {
          var under = outermost[i]
          for target in beneath.dropFirst() { under = PixelMath.sourceOver(target[i], under) }
          p = PixelMath.sourceOver(p, under)
        }
        for c in 0..<4 { channels[c][y * bw + x] = Int32((p >> UInt32(8 * c)) & 0xFF) }
      }
    }
    let d = BackdropFilter.boxWidth(sigma: sigma)
    if d > 1 {
      var line = [Int32](repeating: 0, count: max(bw, bh))
      var out = [Int32](repeating: 0, count: max(bw, bh))
      for c in 0..<4 {
        for _ in 0..<3 {
          for y in 0..<bh {
            for x in 0..<bw { line[x] = channels[c][y * bw + x] }
            Self.boxBlur(line, count: bw, width: d, into: &out)
            for x in 0..<bw { channels[c][y * bw + x] = out[x] }
          }
          for x in 0..<bw {
            for y in 0..<bh { line[y] = channels[c][y * bw + x] }
            Self.boxBlur(line, count: bh, width: d, into: &out)
            for y in 0..<bh { channels[c][y * bw + x] = out[y] }
          }
        }
      }
    }
    // Red is the low byte unless swapped.
    let (red, blue) = swapsRedAndBlue ? (2, 0) : (0, 2)
    for row in 0..<region.height {
      let y = region.originY + row
      guard y >= box.y, y < box.y + bh else { continue }
      for run in region.runs(ofRow: row) {
        let m = UInt32(run.value) * opacity
        guard m > 0 else { continue }
        let x0 = max(box.x, region.originX + run.start)
        let x1 = min(box.x + bw, region.originX + run.end)
        guard x0 < x1 else { continue }
        for x in x0..<x1 {
          let k = (y - box.y) * bw + (x - box.x)
          let a = Double(channels[3][k])
          var filtered: UInt32 = UInt32(a) << 24
          let luma =
            0.2126 * Double(channels[red][k]) + 0.7152 * Double(channels[1][k]) + 0.0722
            * Double(channels[blue][k])
          for c in 0..<3 {
            var v = Double(channels[c][k])
            if saturation != 1 { v = min(max(luma + saturation * (v - luma), 0), a) }
            filtered |= UInt32(v.rounded()) << UInt32(8 * c)
          }
          let i = y * width + x
          let t = (m + 127) / 255
          pixels[i] =
            t == 255
            ? filtered
            : PixelMath.scale(pixels[i], by: 255 - t) &+ PixelMath.scale(filtered, by: t)
        }
      }
    }
  }

  /// `count` values of `line` averaged over a window of `width` (odd) centred on each, the
  /// ends repeated beyond the line, rounded to nearest.
  static func boxBlur(_ line: [Int32], count: Int, width: Int, into out: inout [Int32]) {
    let r = width / 2
    func at(_ i: Int) -> Int32 { line[min(max(i, 0), count - 1)] }
    var sum: Int64 = 0
    for i in -r...r { sum += Int64(at(i)) }
    let w = Int64(width)
    for i in 0..<count {
      out[i] = Int32((sum + w / 2) / w)
      sum += Int64(at(i + r + 1)) - Int64(at(i - r))
    }
  }
}
