import RingGraphics

/// A PNG file's header (IHDR), refused at construction unless the standard allows it, and
/// the unfiltering of its scanlines into a pixmap.
struct PNGHeader {
  let width: Int
  let height: Int
  let bitDepth: Int
  /// 0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGBA.
  let colorType: Int
  let interlaced: Bool
  /// Samples per pixel.
  let channels: Int

  init(
    width: Int, height: Int, bitDepth: Int, colorType: Int, compression: UInt8, filter: UInt8,
    interlace: UInt8
  ) throws(RingError) {
    guard width > 0, height > 0, width <= PNGDecoder.maximumSide,
      height <= PNGDecoder.maximumSide, width <= Pixmap.maximumPixelCount / height
    else {
      throw PNGDecoder.failure("its size \(width)x\(height) is empty or too large")
    }
    let depths: [Int: [Int]] = [
      0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
    ]
    guard let allowed = depths[colorType], allowed.contains(bitDepth) else {
      throw PNGDecoder.failure("colour type \(colorType) with bit depth \(bitDepth) is not PNG")
    }
    guard compression == 0, filter == 0, interlace <= 1 else {
      throw PNGDecoder.failure("its compression, filter or interlace method is unknown")
    }
    self.width = width
    self.height = height
    self.bitDepth = bitDepth
    self.colorType = colorType
    interlaced = interlace == 1
    channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType]!
  }

  var bitsPerPixel: Int { channels * bitDepth }
  /// Bytes from a pixel to the one before it, for the filters (at least 1).
  var filterStride: Int { max(1, bitsPerPixel / 8) }

  func rowBytes(_ w: Int) -> Int { (w * bitsPerPixel + 7) / 8 }

  /// Adam7's seven passes: (x0, y0, dx, dy); one pass of the whole image when not interlaced.
  var passes: [(x0: Int, y0: Int, dx: Int, dy: Int)] {
    interlaced
      ? [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
        (0, 1, 1, 2),
      ]
      : [(0, 0, 1, 1)]
  }

  func passSize(_ p: (x0: Int, y0: Int, dx: Int, dy: Int)) -> (width: Int, height: Int) {
    ((width - p.x0 + p.dx - 1) / p.dx, (height - p.y0 + p.dy - 1) / p.dy)
  }

  /// The inflated size: each pass's rows, each with its filter byte.
  var inflatedCount: Int {
    passes.reduce(0) { total, p in
      let (w, h) = passSize(p)
      return w == 0 || h == 0 ? total : total + h * (1 + rowBytes(w))
    }
  }

  /// The `tRNS` chunk's values: the transparent grey or RGB sample, or the palette's alphas.
  func transparency(_ data: ArraySlice<UInt8>, paletteCount: Int) throws(RingError) -> [UInt16] {
    let d = Array(data)
    switch colorType {
    case 0 where d.count == 2, 2 where d.count == 6:
      return stride(from: 0, to: d.count, by: 2).map { UInt16(d[$0]) << 8 | UInt16(d[$0 + 1]) }
    case 3 where paletteCount > 0 && d.count <= paletteCount:
      return d.map { UInt16($0) }
    default:
      throw PNGDecoder.failure("its transparency (tRNS) does not fit its colour type")
    }
  }

  /// Unfilters `data` pass by pass and places the pixels.
  func pixmap(_ data: [UInt8], palette: [UInt32], transparent: [UInt16]?) throws(RingError)
    -> Pixmap
  {
    if colorType == 3 && palette.isEmpty { throw PNGDecoder.failure("it has no palette (PLTE)") }
    var palette = palette
    if colorType == 3, let alphas = transparent {
      for (i, a) in alphas.enumerated() {
        palette[i] = PixelMath.scale(palette[i] | 0xFF00_0000, by: UInt32(a))
      }
    }
    var image = try Pixmap.checked(width: width, height: height)
    var offset = 0
    var previous = [UInt8]()
    var current = [UInt8]()
    for pass in passes {
      let (w, h) = passSize(pass)
      guard w > 0, h > 0 else { continue }
      let n = rowBytes(w)
      previous = [UInt8](repeating: 0, count: n)
      current = [UInt8](repeating: 0, count: n)
      for row in 0..<h {
        let filter = data[offset]
        guard filter <= 4 else { throw PNGDecoder.failure("a row has unknown filter \(filter)") }
        for i in 0..<n { current[i] = data[offset + 1 + i] }
        offset += 1 + n
        unfilter(filter, &current, previous)
        let y = pass.y0 + row * pass.dy
        image.withUnsafeMutablePixels { px in
          for col in 0..<w {
            px[y * width + pass.x0 + col * pass.dx] = pixel(
              current, col, palette: palette, transparent: transparent)
          }
        }
        swap(&previous, &current)
      }
    }
    return image
  }

  /// Reverses a row's filter in place, given the row above (zeros for the first).
  func unfilter(_ type: UInt8, _ row: inout [UInt8], _ above: [UInt8]) {
    let s = filterStride
    switch type {
    case 1:
      for i in s..<max(s, row.count) { row[i] &+= row[i - s] }
    case 2:
      for i in row.indices { row[i] &+= above[i] }
    case 3:
      for i in row.indices {
        let left = i >= s ? Int(row[i - s]) : 0
        row[i] &+= UInt8((left + Int(above[i])) / 2)
      }
    case 4:
      for i in row.indices {
        let a = i >= s ? Int(row[i - s]) : 0
        let b = Int(above[i])
        let c = i >= s ? Int(above[i - s]) : 0
        let p = a + b - c
        let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
        row[i] &+= UInt8(pa <= pb && pa <= pc ? a : (pb <= pc ? b : c))
      }
    default:
      break
    }
  }

  /// Sample `k` of pixel `col` of an unfiltered row, at full precision (up to 16 bits).
  @inline(__always)
  func sample(_ row: [UInt8], _ col: Int, _ k: Int) -> UInt16 {
    switch bitDepth {
    case 16:
      let i = 2 * (col * channels + k)
      return UInt16(row[i]) << 8 | UInt16(row[i + 1])
    case 8:
      return UInt16(row[col * channels + k])
    default:
      // 1, 2 and 4 bits: one sample per pixel, packed from the high bits of each byte.
      let bit = col * bitDepth
      let shift = 8 - bitDepth - bit % 8
      return UInt16(row[bit / 8] >> UInt8(shift)) & UInt16((1 << bitDepth) - 1)
    }
  }

  /// A sample scaled to 8 bits, rounded to nearest.
  @inline(__always)
  func eight(_ v: UInt16) -> UInt32 {
    switch bitDepth {
    case 16: return (UInt32(v) * 255 + 32767) / 65535
    case 8: return UInt32(v)
    default: return UInt32(v) * 255 / UInt32((1 << bitDepth) - 1)
    }
  }

  /// Pixel `col` of an unfiltered row, premultiplied and packed.
  func pixel(_ row: [UInt8], _ col: Int, palette: [UInt32], transparent: [UInt16]?) -> UInt32 {
    switch colorType {
    case 3:
      let i = Int(sample(row, col, 0))
      return i < palette.count ? palette[i] : 0xFF00_0000  // out of range: opaque black
    case 0, 4:
      let g = sample(row, col, 0)
      var a: UInt32 = colorType == 4 ? eight(sample(row, col, 1)) : 255
      if colorType == 0, let t = transparent, g == t[0] { a = 0 }
      let v = eight(g)
      return PixelMath.scale(v | v << 8 | v << 16 | 0xFF00_0000, by: a)
    default:
      let r = sample(row, col, 0)
      let g = sample(row, col, 1)
      let b = sample(row, col, 2)
      var a: UInt32 = colorType == 6 ? eight(sample(row, col, 3)) : 255
      if colorType == 2, let t = transparent, r == t[0], g == t[1], b == t[2] { a = 0 }
      return PixelMath.scale(eight(r) | eight(g) << 8 | eight(b) << 16 | 0xFF00_0000, by: a)
    }
  }
}

extension Pixmap {
  /// A transparent pixmap, its failure an image error.
  static func checked(width: Int, height: Int) throws(RingError) -> Pixmap {
    do {
      return try Pixmap(width: width, height: height)
    } catch {
      throw PNGDecoder.failure("its size \(width)x\(height) cannot be allocated")
    }
  }
}
