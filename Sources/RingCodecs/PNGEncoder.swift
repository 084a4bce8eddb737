import CZlib
import RingGraphics

/// Encodes pixmaps as PNG (8-bit RGBA, straight alpha) over zlib.
///
/// Two row-filter strategies are offered: `adaptive` gives each row the filter (None, Sub,
/// Up, Average, Paeth) whose output has the smallest sum of absolute values (libpng's
/// heuristic); `none` leaves rows unfiltered, which compresses the ring's diagonal
/// gradients better (each row repeats the one above, shifted a pixel, and deflate finds it).
/// `encode` tries both and keeps the smaller file.
public enum PNGEncoder {
  package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// How rows are filtered before compression.
  public enum Filtering: Sendable {
    case none
    case adaptive
  }

  /// zlib settings that suit these images: level 5 with the filtered-data strategy is
  /// within 1 % of level 9's size at a fifth of its time.
  static let level: Int32 = 5
  static let strategy = Z_FILTERED

  /// The PNG file bytes for `pixmap`, with whichever filtering gives the smaller file.
  public static func encode(_ pixmap: Pixmap) throws -> [UInt8] {
    let rgba = pixmap.straightRGBABytes()
    let a = try image(rgba, width: pixmap.width, height: pixmap.height, filtering: .none)
    let b = try image(rgba, width: pixmap.width, height: pixmap.height, filtering: .adaptive)
    return a.count <= b.count ? a : b
  }

  /// The PNG file bytes for `pixmap` with the given filtering.
  public static func encode(_ pixmap: Pixmap, filtering: Filtering) throws -> [UInt8] {
    try image(
      pixmap.straightRGBABytes(), width: pixmap.width, height: pixmap.height, filtering: filtering)
  }

  /// PNG's five row filter types, by their number in the file (each row's first byte).
  package enum RowFilter: UInt8, CaseIterable, Sendable {
    case none = 0
    case sub = 1
    case up = 2
    case average = 3
    case paeth = 4
  }

  /// The PNG file bytes for `pixmap` with every row filtered by `filter`, or with the
  /// adaptive choice per row when `filter` is nil; for tests, which must reach each filter
  /// (`encode` would mostly keep the unfiltered file).
  package static func encode(_ pixmap: Pixmap, forcing filter: RowFilter?) throws -> [UInt8] {
    let rgba = pixmap.straightRGBABytes()
    var out = signature
    appendHeader(width: pixmap.width, height: pixmap.height, to: &out)
    let types = filter.map { $0.rawValue...$0.rawValue } ?? 0...4
    let rows = filteredRows(rgba, width: pixmap.width, height: pixmap.height, types: types)
    appendChunk("IDAT", try Zlib.compress(rows, level: level, strategy: strategy), to: &out)
    appendChunk("IEND", [], to: &out)
    return out
  }

  /// Appends the `IHDR` chunk of a `width` x `height` image (pixels), 8-bit RGBA: the one
  /// header of both PNG and APNG.
  package static func appendHeader(width: Int, height: Int, to out: inout [UInt8]) {
    var ihdr: [UInt8] = []
    ihdr.appendBigEndian(UInt32(width))
    ihdr.appendBigEndian(UInt32(height))
    ihdr += [8, 6, 0, 0, 0]  // depth 8, colour type RGBA, deflate, adaptive filters, no interlace
    appendChunk("IHDR", ihdr, to: &out)
  }

  static func image(_ rgba: [UInt8], width: Int, height: Int, filtering: Filtering) throws
    -> [UInt8]
  {
    var out = signature
    appendHeader(width: width, height: height, to: &out)
    appendChunk(
      "IDAT", try compressedRows(rgba, width: width, height: height, filtering: filtering), to: &out
    )
    appendChunk("IEND", [], to: &out)
    return out
  }

  /// Straight RGBA rows, filtered and deflated: the data of an `IDAT` or `fdAT`.
  package static func compressedRows(_ rgba: [UInt8], width: Int, height: Int, filtering: Filtering)
    throws
    -> [UInt8]
  {
    let rows: [UInt8]
    switch filtering {
    case .adaptive: rows = filteredRows(rgba, width: width, height: height)
    case .none:
      var r = [UInt8](repeating: 0, count: (width * 4 + 1) * height)
      for y in 0..<height {
        r.replaceSubrange(
          (y * (width * 4 + 1) + 1)..<((y + 1) * (width * 4 + 1)),
          with: rgba[(y * width * 4)..<((y + 1) * width * 4)])
      }
      rows = r
    }
    return try Zlib.compress(rows, level: level, strategy: strategy)
  }

  /// `data` as one zlib stream (PNG's settings), for protocols that carry compressed pixels.
  public static func deflate(_ data: [UInt8]) throws -> [UInt8] {
    try Zlib.compress(data, level: level, strategy: strategy)
  }

  package static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
    out.appendBigEndian(UInt32(data.count))
    let typeBytes = Array(type.utf8)
    out += typeBytes
    out += data
    var crc = crc32(0, nil, 0)
    typeBytes.withUnsafeBufferPointer { crc = crc32(crc, $0.baseAddress, uInt($0.count)) }
    data.withUnsafeBufferPointer { crc = crc32(crc, $0.baseAddress, uInt($0.count)) }
    out.appendBigEndian(UInt32(crc))
  }

  /// Rows of 4-byte pixels, each prefixed by its chosen filter type: the one of `types` whose
  /// output scores lowest.
  static func filteredRows(
    _ rgba: [UInt8], width: Int, height: Int, types: ClosedRange<UInt8> = 0...4
  ) -> [UInt8] {
    let stride = width * 4
    var out = [UInt8](repeating: 0, count: (stride + 1) * height)
    var candidate = [UInt8](repeating: 0, count: stride)
    var best = [UInt8](repeating: 0, count: stride)
    rgba.withUnsafeBufferPointer { src in
      for y in 0..<height {
        let row = y * stride
        let prior = y > 0 ? row - stride : -1
        var bestScore = Int.max
        var bestType = types.lowerBound
        for type in types {
          var score = 0
          for i in 0..<stride {
            let x = Int(src[row + i])
            let a = i >= 4 ? Int(src[row + i - 4]) : 0
            let b = prior >= 0 ? Int(src[prior + i]) : 0
            let c = (i >= 4 && prior >= 0) ? Int(src[prior + i - 4]) : 0
            let predicted: Int
            switch type {
            case 0: predicted = 0
            case 1: predicted = a
            case 2: predicted = b
            case 3: predicted = (a + b) / 2
            default:
              let p = a + b - c
              let pa = abs(p - a)
              let pb = abs(p - b)
              let pc = abs(p - c)
              predicted = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
            }
            let v = UInt8(truncatingIfNeeded: x - predicted)
            candidate[i] = v
            score += v < 128 ? Int(v) : 256 - Int(v)
          }
          if score < bestScore {
            bestScore = score
            bestType = type
            swap(&best, &candidate)
          }
        }
        out[y * (stride + 1)] = bestType
        for i in 0..<stride { out[y * (stride + 1) + 1 + i] = best[i] }
      }
    }
    return out
  }
}

extension Array where Element == UInt8 {
  package mutating func appendBigEndian(_ v: UInt32) {
    append(UInt8(v >> 24))
    append(UInt8(v >> 16 & 0xFF))
    append(UInt8(v >> 8 & 0xFF))
    append(UInt8(v & 0xFF))
  }
}
