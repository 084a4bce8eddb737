import RingGraphics

/// Maps straight 8-bit colours to palette indices with position-stable ordered dithering:
/// a pixel's threshold depends only on its position (an 8 x 8 Bayer matrix), so areas that
/// do not change do not crawl from frame to frame.
public struct GIFQuantizer: Sendable {
  /// Nearest visible palette index for each colour at 6 bits per channel, filled on first
  /// use (0, the transparent index, marks a cell not yet looked up).
  private var nearest: [UInt8]
  private let visible: [(Int32, Int32, Int32, UInt8)]
  /// The matte as a premultiplied pixel and its index, when every dithering offset maps it
  /// to the same entry (then matte pixels skip the lookup).
  private var matte: (pixel: UInt32, index: UInt8)?
  /// Per-position offsets, in 8-bit levels, added before the lookup.
  private let offsets: [Int16]

  static let bayer: [Int] = {
    var m = [0]
    var n = 1
    while n < 8 {
      var next = [Int](repeating: 0, count: 4 * n * n)
      for y in 0..<n {
        for x in 0..<n {
          let v = 4 * m[y * n + x]
          next[y * 2 * n + x] = v
          next[y * 2 * n + x + n] = v + 2
          next[(y + n) * 2 * n + x] = v + 3
          next[(y + n) * 2 * n + x + n] = v + 1
        }
      }
      m = next
      n *= 2
    }
    return m
  }()

  public init(palette: GIFPalette, ditherStrength: Double = 1) {
    nearest = [UInt8](repeating: 0, count: 64 * 64 * 64)
    visible = palette.colors.enumerated().dropFirst().map {
      (Int32($0.element.0), Int32($0.element.1), Int32($0.element.2), UInt8($0.offset))
    }
    let amplitude = palette.spacing * ditherStrength
    offsets = GIFQuantizer.bayer.map { Int16((((Double($0) + 0.5) / 64) - 0.5) * amplitude) }
    if palette.hasMatte {
      let (r, g, b) = palette.colors[1]
      var probe = try? Pixmap(width: 8, height: 8)
      probe?.fill(RGBAColor(unchecked: Double(r) / 255, Double(g) / 255, Double(b) / 255))
      var indices: [UInt8] = []
      if let probe {
        quantize(probe, into: &indices)
        if Set(indices).count == 1, let index = indices.first {
          matte = (probe.pixels[0], index)
        }
      }
    }
  }

  /// The visible palette entry nearest to the centre of 6-bit cell `cell` (weighted RGB
  /// distance).
  private func lookUp(_ cell: Int) -> UInt8 {
    let cr = Int32((cell >> 12) * 4 + 2)
    let cg = Int32((cell >> 6 & 63) * 4 + 2)
    let cb = Int32((cell & 63) * 4 + 2)
    var best = Int32.max
    var index: UInt8 = 1
    for p in visible {
      let dr = cr - p.0
      let dg = cg - p.1
      let db = cb - p.2
      let d = dr * dr * 2 + dg * dg * 4 + db * db * 3
      if d < best {
        best = d
        index = p.3
      }
    }
    return index
  }

  /// Indices for `frame` composited over an opaque matte already (so alpha is 255), or, for
  /// transparent output, with pixels below half alpha made transparent.
  public mutating func quantize(_ frame: Pixmap, into out: inout [UInt8]) {
    let w = frame.width
    if out.count != frame.pixels.count { out = [UInt8](repeating: 0, count: frame.pixels.count) }
    var nearest = self.nearest
    self.nearest = []
    defer { self.nearest = nearest }
    // The matte's pixel, or a value no pixel has (premultiplied alpha 0 with colour).
    let mattePixel = matte?.pixel ?? 0x0000_00FF
    let matteIndex = matte?.index ?? 0
    frame.pixels.withUnsafeBufferPointer { px in
      nearest.withUnsafeMutableBufferPointer { lut in
        offsets.withUnsafeBufferPointer { off in
          out.withUnsafeMutableBufferPointer { o in
            for y in 0..<frame.height {
              let row = y * w
              let orow = (y & 7) << 3
              for x in 0..<w {
                let v = px[row + x]
                if v == mattePixel {
                  o[row + x] = matteIndex
                  continue
                }
                let a = v >> 24
                if a < 128 {
                  o[row + x] = GIFPalette.transparentIndex
                  continue
                }
                var r = Int32(v & 0xFF)
                var g = Int32(v >> 8 & 0xFF)
                var b = Int32(v >> 16 & 0xFF)
                if a != 255 {
                  let a32 = Int32(a)
                  r = (r * 255 + a32 / 2) / a32
                  g = (g * 255 + a32 / 2) / a32
                  b = (b * 255 + a32 / 2) / a32
                }
                let d = Int32(off[orow | (x & 7)])
                r = min(255, max(0, r + d))
                g = min(255, max(0, g + d))
                b = min(255, max(0, b + d))
                let cell = Int((r >> 2) << 12 | (g >> 2) << 6 | (b >> 2))
                var index = lut[cell]
                if index == 0 {
                  index = lookUp(cell)
                  lut[cell] = index
                }
                o[row + x] = index
              }
            }
          }
        }
      }
    }
  }
}
