import CZlib
import RingGraphics

/// zlib's deflate, wrapped.
package enum Zlib {
  /// `data` compressed as one zlib stream at `level` (0-9) with `strategy`
  /// (`Z_DEFAULT_STRATEGY`, `Z_FILTERED`, ...) and the largest memory level.
  package static func compress(_ data: [UInt8], level: Int32, strategy: Int32 = Z_DEFAULT_STRATEGY)
    throws
    -> [UInt8]
  {
    var stream = z_stream()
    var status = deflateInit2_(
      &stream, level, Z_DEFLATED, 15, 9, strategy, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
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
}
