/// GIF's variable-length-code LZW compression (GIF89a, appendix F), with codes packed
/// least-significant bit first.
package enum LZW {
  /// Compresses 8-bit indices with a minimum code size of 8 and returns the code stream
  /// (without the sub-block framing).
  package static func encode(_ data: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    // At most 12 bits per code and at least one code per pixel, plus clears.
    var out = [UInt8](repeating: 0, count: data.count * 2 + 64)
    var length = 0
    var table = [UInt32](repeating: 0, count: CodeTable.slots)
    out.withUnsafeMutableBufferPointer { out in
      table.withUnsafeMutableBufferPointer { table in
        var bits = BitWriter(out: out.baseAddress!)
        bits.emit(clear, size: 9)
        guard let first = data.first else {
          bits.emit(end, size: 9)
          length = bits.finish()
          return
        }
        var codeSize = 9
        var next = 258
        var prefix = UInt32(first)
        for i in 1..<data.count {
          let k = UInt32(data[i])
          // The string (prefix, k) in the table (see CodeTable).
          let key = (prefix << 8 | k) &+ 1
          var slot = Int((key &* 2_654_435_761) >> 19)
          var entry = table[slot]
          while entry != 0 && entry >> 12 != key {
            slot = (slot + 1) & (CodeTable.slots - 1)
            entry = table[slot]
          }
          if entry != 0 {
            prefix = entry & 0xFFF
            continue
          }
          bits.emit(Int(prefix), size: codeSize)
          if next < 4096 {
            table[slot] = key << 12 | UInt32(next)
            next += 1
            if next > (1 << codeSize) && codeSize < 12 { codeSize += 1 }
          } else {
            bits.emit(clear, size: codeSize)
            table.update(repeating: 0)
            next = 258
            codeSize = 9
          }
          prefix = k
        }
        bits.emit(Int(prefix), size: codeSize)
        bits.emit(end, size: codeSize)
        length = bits.finish()
      }
    }
    out.removeLast(out.count - length)
    return out
  }

  static let clear = 256
  static let end = 257

  /// Codes packed least-significant bit first into a buffer known to be large enough.
  struct BitWriter {
    let out: UnsafeMutablePointer<UInt8>
    var length = 0
    var buffer: UInt64 = 0
    var count = 0

    init(out: UnsafeMutablePointer<UInt8>) { self.out = out }

    @inline(__always)
    mutating func emit(_ code: Int, size: Int) {
      buffer |= UInt64(code) << UInt64(count)
      count += size
      while count >= 8 {
        out[length] = UInt8(truncatingIfNeeded: buffer)
        length += 1
        buffer >>= 8
        count -= 8
      }
    }

    mutating func finish() -> Int {
      if count > 0 {
        out[length] = UInt8(truncatingIfNeeded: buffer)
        length += 1
      }
      return length
    }
  }

  /// The string table: (prefix code, byte) to code, by open addressing (linear probing)
  /// in 8192 32-bit slots, at most half full. A slot holds the key (prefix << 8 | byte) + 1
  /// above the code (12 bits); 0 is empty. Stored keys fit in 20 bits: a string is added
  /// only while codes remain, so code 4095 is never a stored prefix (a lookup with it
  /// finds nothing, and the table is cleared).
  enum CodeTable {
    static let slots = 1 << 13
  }

  /// `stream` split into GIF sub-blocks of at most 255 bytes, with the terminator.
  package static func subBlocks(_ stream: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(stream.count + stream.count / 255 + 2)
    var i = 0
    while i < stream.count {
      let n = min(255, stream.count - i)
      out.append(UInt8(n))
      out += stream[i..<(i + n)]
      i += n
    }
    out.append(0)
    return out
  }
}
