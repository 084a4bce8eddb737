import CZlib
import RingGraphics

/// Decodes PNG files (ISO/IEC 15948) into pixmaps: every colour type and bit depth the
/// standard allows, palettes and `tRNS` transparency, and Adam7 interlacing.
///
/// Colours are taken as sRGB (gamma, chromaticity and ICC chunks are read past); 16-bit
/// samples are rounded to 8 bits. Each chunk's CRC is checked and the image data must
/// inflate to exactly the scanlines the header promises. A damaged or unsupported file is a
/// `RingError` that says what is wrong; nothing is half-decoded.
public enum PNGDecoder {
  /// The largest image decoded: the pixmap's own limit on pixels, and 65,535 per side.
  public static let maximumSide = 65_535

  /// The pixmap that PNG file `bytes` holds (premultiplied, as every `Pixmap`).
  public static func decode(_ bytes: [UInt8]) throws(RingError) -> Pixmap {
    var reader = ChunkReader(bytes: bytes)
    let header = try reader.header()
    var palette: [UInt32] = []
    var transparent: [UInt16]?
    var compressed: [UInt8] = []
    var sawData = false
    var dataEnded = false
    while true {
      let chunk = try reader.next()
      switch chunk.type {
      case "IEND":
        guard sawData else { throw failure("it has no image data (IDAT)") }
        let scanlines = try inflate(compressed, count: header.inflatedCount)
        return try header.pixmap(
          scanlines, palette: palette, transparent: transparent)
      case "PLTE":
        guard !sawData, palette.isEmpty, chunk.data.count % 3 == 0,
          (1...256).contains(chunk.data.count / 3)
        else { throw failure("its palette (PLTE) is malformed") }
        let d = Array(chunk.data)
        palette = stride(from: 0, to: d.count, by: 3).map { i in
          UInt32(d[i]) | UInt32(d[i + 1]) << 8 | UInt32(d[i + 2]) << 16 | 0xFF00_0000
        }
      case "tRNS":
        guard !sawData else { throw failure("its transparency (tRNS) follows the image data") }
        transparent = try header.transparency(chunk.data, paletteCount: palette.count)
      case "IDAT":
        guard !dataEnded else { throw failure("its image data (IDAT) is not contiguous") }
        sawData = true
        compressed += chunk.data
      default:
        if sawData { dataEnded = true }
        // Ancillary chunks (lower-case first letter) are skipped; a critical one we do not
        // know means the image cannot be drawn right.
        guard chunk.isAncillary else {
          throw failure("it has a critical chunk this decoder does not know (\(chunk.type))")
        }
      }
    }
  }

  static func failure(_ what: String) -> RingError {
    RingError(.invalidImage, "not a PNG image this program can read: \(what)")
  }

  /// Inflates zlib data to exactly `count` bytes.
  static func inflate(_ data: [UInt8], count: Int) throws(RingError) -> [UInt8] {
    // Deflate expands at most 1,032 times: a short file cannot make a large image, so it is
    // refused before the large buffer is allocated.
    guard count <= 1_040 * data.count + 64 else {
      throw failure("its image data is shorter than its size says")
    }
    // One byte past the promised size tells a longer stream from an exact one.
    var out = [UInt8](repeating: 0, count: count + 1)
    var length = uLongf(count + 1)
    let status = out.withUnsafeMutableBufferPointer { dest in
      data.withUnsafeBufferPointer { source in
        uncompress(dest.baseAddress!, &length, source.baseAddress, uLong(source.count))
      }
    }
    switch status {
    case Z_OK where Int(length) == count:
      out.removeLast()
      return out
    case Z_OK where Int(length) > count, Z_BUF_ERROR where Int(length) > count:
      throw failure("its image data is longer than its size says")
    case Z_OK, Z_BUF_ERROR:
      throw failure("its image data is shorter than its size says")
    default:
      throw failure("its image data does not inflate (zlib error \(status))")
    }
  }
}

extension RingError.Code {
  /// An image file is damaged or of a kind that cannot be read.
  public static let invalidImage = Self(name: "invalidImage")
}

/// Reads a PNG file's chunks in order, checking lengths and CRCs.
struct ChunkReader {
  let bytes: [UInt8]
  var offset = 8

  struct Chunk {
    var type: String
    var data: ArraySlice<UInt8>
    var isAncillary: Bool
  }

  func u32(_ at: Int) -> UInt32 {
    UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8
      | UInt32(bytes[at + 3])
  }

  mutating func next() throws(RingError) -> Chunk {
    guard offset + 12 <= bytes.count else {
      throw PNGDecoder.failure("it ends before its last chunk (IEND)")
    }
    let length = Int(u32(offset))
    guard length <= Int(Int32.max), offset + 12 + length <= bytes.count else {
      throw PNGDecoder.failure("a chunk runs past the end of the file")
    }
    let typeBytes = bytes[offset + 4..<offset + 8]
    guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
      throw PNGDecoder.failure("a chunk's type is not four letters")
    }
    let crc = PNGDecoder.crc32(bytes[offset + 4..<offset + 8 + length])
    guard crc == u32(offset + 8 + length) else {
      throw PNGDecoder.failure(
        "the CRC of chunk \(String(decoding: typeBytes, as: UTF8.self)) does not match")
    }
    let chunk = Chunk(
      type: String(decoding: typeBytes, as: UTF8.self),
      data: bytes[offset + 8..<offset + 8 + length],
      isAncillary: typeBytes.first! & 0x20 != 0)
    offset += 12 + length
    return chunk
  }

  /// The signature and the header chunk, validated.
  mutating func header() throws(RingError) -> PNGHeader {
    guard bytes.count >= 8, Array(bytes[0..<8]) == PNGEncoder.signature else {
      throw PNGDecoder.failure("it does not start with PNG's signature")
    }
    let chunk = try next()
    guard chunk.type == "IHDR", chunk.data.count == 13 else {
      throw PNGDecoder.failure("its first chunk is not a header (IHDR)")
    }
    let d = Array(chunk.data)
    func u32(_ i: Int) -> Int {
      Int(UInt32(d[i]) << 24 | UInt32(d[i + 1]) << 16 | UInt32(d[i + 2]) << 8 | UInt32(d[i + 3]))
    }
    return try PNGHeader(
      width: u32(0), height: u32(4), bitDepth: Int(d[8]), colorType: Int(d[9]),
      compression: d[10], filter: d[11], interlace: d[12])
  }
}

extension PNGDecoder {
  /// CRC-32 (ISO 3309) of `bytes`, as PNG's chunks carry it.
  static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.withUnsafeBufferPointer { p in
      UInt32(CZlib.crc32(0, p.baseAddress, uInt(p.count)))
    }
  }
}
