import CZlib

/// zlib's deflate, wrapped.
enum Zlib {
  /// `data` compressed as a zlib stream at `level` (0-9).
  static func compress(_ data: [UInt8], level: Int32) throws -> [UInt8] {
    var bound = compressBound(uLong(data.count))
    var out = [UInt8](repeating: 0, count: Int(bound))
    let status = out.withUnsafeMutableBufferPointer { o in
      data.withUnsafeBufferPointer { i in
        compress2(o.baseAddress, &bound, i.baseAddress, uLong(i.count), level)
      }
    }
    guard status == Z_OK else {
      throw ExportError(.encoderFailed, "zlib compress2 failed with status \(status)")
    }
    out.removeLast(out.count - Int(bound))
    return out
  }
}
