import CZlib

/// The PNG subset golden images use: 8-bit RGBA (colour type 6), not interlaced, every row
/// unfiltered (filter type 0), one zlib stream in IDAT chunks.
///
/// `encode` writes exactly that; `decode` reads exactly that (ancillary chunks are skipped)
/// and refuses anything else with an error that names what it found, so a golden
/// re-encoded by another tool fails loudly instead of being misread. Goldens are
/// re-recorded, never re-encoded.
public enum GoldenPNG {
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The PNG file bytes for `image`.
  public static func encode(_ image: RGBAImage) throws -> [UInt8] {
    let stride = 4 * image.width
    var rows = [UInt8](repeating: 0, count: (stride + 1) * image.height)
    for y in 0..<image.height {
      let start = y * (stride + 1) + 1  // byte 0 of each row: filter type 0
      rows[start..<(start + stride)] = image.bytes[(y * stride)..<((y + 1) * stride)]
    }
    var out = signature
    var header: [UInt8] = []
    appendUInt32(UInt32(image.width), to: &header)
    appendUInt32(UInt32(image.height), to: &header)
    header += [8, 6, 0, 0, 0]  // bit depth, colour type RGBA, compression, filter, interlace
    appendChunk("IHDR", header, to: &out)
    appendChunk("IDAT", try deflate(rows), to: &out)
    appendChunk("IEND", [], to: &out)
    return out
  }

  /// The image in `bytes`; throws `GoldenPNGError` for anything `encode` does not write.
  public static func decode(_ bytes: [UInt8]) throws -> RGBAImage {
    guard bytes.starts(with: signature) else { throw GoldenPNGError("not a PNG file") }
    var offset = signature.count
    var header: [UInt8]?
    var compressed: [UInt8] = []
    var ended = false
    while !ended {
      guard bytes.count - offset >= 12 else { throw GoldenPNGError("truncated at byte \(offset)") }
      let length = Int(readUInt32(bytes, offset))
      guard length <= bytes.count - offset - 12 else {
        throw GoldenPNGError("chunk at byte \(offset) runs past the end of the file")
      }
      let typeBytes = Array(bytes[(offset + 4)..<(offset + 8)])
      let type = String(decoding: typeBytes, as: UTF8.self)
      let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
      let stored = readUInt32(bytes, offset + 8 + length)
      guard stored == crc(typeBytes + data) else { throw GoldenPNGError("\(type) chunk: bad CRC") }
      offset += 12 + length
      switch type {
      case "IHDR":
        guard header == nil, length == 13 else { throw GoldenPNGError("bad or repeated IHDR") }
        header = data
      case "IDAT":
        guard header != nil else { throw GoldenPNGError("IDAT before IHDR") }
        compressed += data
      case "IEND":
        ended = true
      default:
        // Ancillary chunks (lower-case first letter) may be skipped; critical ones may not.
        guard let first = typeBytes.first, first & 0x20 != 0 else {
          throw GoldenPNGError("critical chunk \(type) is not supported (only 8-bit RGBA)")
        }
      }
    }
    guard let header else { throw GoldenPNGError("no IHDR chunk") }
    let width = Int(readUInt32(header, 0))
    let height = Int(readUInt32(header, 4))
    guard header[8] == 8, header[9] == 6 else {
      throw GoldenPNGError(
        "bit depth \(header[8]), colour type \(header[9]): only 8-bit RGBA (type 6) is read")
    }
    guard header[10] == 0, header[11] == 0, header[12] == 0 else {
      throw GoldenPNGError("interlaced or non-standard compression or filter method")
    }
    guard width > 0, height > 0, width <= (1 << 28) / height else {
      throw GoldenPNGError("image size \(width)x\(height) is empty or too large")
    }
    let stride = 4 * width
    let rows = try inflate(compressed, expectedCount: (stride + 1) * height)
    var pixels = [UInt8](repeating: 0, count: stride * height)
    for y in 0..<height {
      let start = y * (stride + 1)
      guard rows[start] == 0 else {
        throw GoldenPNGError(
          "row \(y) uses filter type \(rows[start]); goldens are unfiltered (re-record, do not"
            + " re-encode)")
      }
      pixels[(y * stride)..<((y + 1) * stride)] = rows[(start + 1)..<(start + 1 + stride)]
    }
    return try RGBAImage(width: width, height: height, bytes: pixels)
  }

  // MARK: Chunks

  static func appendUInt32(_ v: UInt32, to out: inout [UInt8]) {
    out += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
  }

  static func readUInt32(_ b: [UInt8], _ i: Int) -> UInt32 {
    UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
  }

  static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
    let typed = Array(type.utf8) + data
    appendUInt32(UInt32(data.count), to: &out)
    out += typed
    appendUInt32(crc(typed), to: &out)
  }

  static func crc(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
  }

  // MARK: zlib

  static func deflate(_ data: [UInt8]) throws -> [UInt8] {
    var length = compressBound(uLong(data.count))
    var out = [UInt8](repeating: 0, count: Int(length))
    let status = out.withUnsafeMutableBufferPointer { o in
      data.withUnsafeBufferPointer { i in
        compress2(o.baseAddress, &length, i.baseAddress, uLong(i.count), 9)
      }
    }
    guard status == Z_OK else { throw GoldenPNGError("zlib compress2 failed with \(status)") }
    out.removeLast(out.count - Int(length))
    return out
  }

  /// Exactly `expectedCount` bytes inflated from one zlib stream, or an error.
  static func inflate(_ data: [UInt8], expectedCount: Int) throws -> [UInt8] {
    var length = uLongf(expectedCount)
    var out = [UInt8](repeating: 0, count: expectedCount)
    let status = out.withUnsafeMutableBufferPointer { o in
      data.withUnsafeBufferPointer { i in
        uncompress(o.baseAddress, &length, i.baseAddress, uLong(i.count))
      }
    }
    guard status == Z_OK, Int(length) == expectedCount else {
      throw GoldenPNGError(
        status == Z_OK
          ? "image data holds \(length) bytes, expected \(expectedCount)"
          : "image data does not inflate to \(expectedCount) bytes (zlib status \(status))")
    }
    return out
  }
}
