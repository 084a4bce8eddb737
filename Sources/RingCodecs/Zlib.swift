import CZlib
import RingGraphics

/// zlib's deflate, wrapped.
package enum Zlib {
  /// The framing around a deflate stream.
  package enum Framing: Int32, Sendable {
    /// A zlib stream (PNG's IDAT).
    case zlib = 15
    /// A gzip file (`.svgz`, `gzip -d`), with no name and a zero time stamp.
    case gzip = 31
    /// Bare deflate data (a ZIP entry).
    case raw = -15
  }

  /// `data` compressed as one stream framed by `framing`, at `level` (0-9) with `strategy`
  /// (`Z_DEFAULT_STRATEGY`, `Z_FILTERED`, ...) and the largest memory level.
  package static func compress(
    _ data: [UInt8], level: Int32, strategy: Int32 = Z_DEFAULT_STRATEGY, framing: Framing = .zlib
  ) throws -> [UInt8] {
    var stream = z_stream()
    var status = deflateInit2_(
      &stream, level, Z_DEFLATED, framing.rawValue, 9, strategy, ZLIB_VERSION,
      Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else {
      throw RingError(.encoderFailed, "zlib deflateInit2 failed with status \(status)")
    }
    defer { deflateEnd(&stream) }
    var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))))
    status = data.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.avail_in = uInt(input.count)
        stream.next_out = output.baseAddress
        stream.avail_out = uInt(output.count)
        return deflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END else {
      throw RingError(.encoderFailed, "zlib deflate failed with status \(status)")
    }
    out.removeLast(out.count - Int(stream.total_out))
    return out
  }

  /// The CRC-32 of `data` (ZIP, gzip and PNG's checksum).
  package static func crc32(_ data: [UInt8]) -> UInt32 {
    data.withUnsafeBufferPointer { UInt32(CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
  }
}
