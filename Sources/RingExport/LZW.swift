/// GIF's variable-length-code LZW compression (GIF89a, appendix F), with codes packed
/// least-significant bit first.
enum LZW {
  /// Compresses 8-bit indices with a minimum code size of 8 and returns the code stream
  /// (without the sub-block framing).
  static func encode(_ data: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    // At most 12 bits per code and at least one code per pixel, plus clears.
    var out = [UInt8](repeating: 0, count: data.count * 2 + 64)
    var length = 0
    var table = CodeTable()
    out.withUnsafeMutableBufferPointer { out in
      var bits = BitWriter(out: out.baseAddress!)
      bits.emit(clear, size: 9)
      if let first = data.first {
        var codeSize = 9
        var next = 258
        var prefix = Int32(first)
        for i in 1..<data.count {
          let k = Int32(data[i])
          let key = prefix << 8 | k
          let (found, slot) = table.find(key)
          if found >= 0 {
            prefix = found
            continue
          }
          bits.emit(Int(prefix), size: codeSize)
          if next < 4096 {
            table.insert(key, code: Int16(next), at: slot)
            next += 1
            if next > (1 << codeSize) && codeSize < 12 { codeSize += 1 }
          } else {
            bits.emit(clear, size: codeSize)
            table.reset()
            next = 258
            codeSize = 9
          }
          prefix = k
        }
        bits.emit(Int(prefix), size: codeSize)
        bits.emit(end, size: codeSize)
      } else {
        bits.emit(end, size: 9)
      }
      length = bits.finish()
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
  /// in 8192 slots, at most half full.
  struct CodeTable {
    static let slots = 1 << 13
    /// key + 1 per slot (0 = empty), and the code.
    private var keys: [Int32]
    private var codes: [Int16]

    init() {
      keys = [Int32](repeating: 0, count: CodeTable.slots)
      codes = [Int16](repeating: 0, count: CodeTable.slots)
    }

    /// The code of `key` (or -1) and the slot where it is or would go.
    @inline(__always)
    func find(_ key: Int32) -> (Int32, Int) {
      let stored = key + 1
      var slot = Int((UInt32(bitPattern: stored) &* 2_654_435_761) >> 19)
      return keys.withUnsafeBufferPointer { k in
        while true {
          let v = k[slot]
          if v == stored { return (Int32(codes[slot]), slot) }
          if v == 0 { return (-1, slot) }
          slot = (slot + 1) & (CodeTable.slots - 1)
        }
      }
    }

    @inline(__always)
    mutating func insert(_ key: Int32, code: Int16, at slot: Int) {
      keys[slot] = key + 1
      codes[slot] = code
    }

    mutating func reset() {
      keys.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }
  }

  /// `stream` split into GIF sub-blocks of at most 255 bytes, with the terminator.
  static func subBlocks(_ stream: [UInt8]) -> [UInt8] {
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
