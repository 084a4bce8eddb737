import RingGraphics

/// A ZIP archive written whole in memory (PKWARE's APPNOTE 6.3, no ZIP64): each entry
/// deflated, or stored when deflate would not make it smaller, with UTF-8 names, mode 0644
/// and a fixed time stamp (1980-01-01 00:00), so the same entries always give the same bytes.
package enum ZipArchive {
  /// One file in the archive: its path inside it ("animations/ring.json") and its bytes.
  package struct Entry: Sendable {
    package var name: String
    package var bytes: [UInt8]

    package init(name: String, bytes: [UInt8]) {
      self.name = name
      self.bytes = bytes
    }
  }

  /// The archive holding `entries` in order; throws `RingError` for an entry of 4 GiB or more
  /// or more than 65535 entries (ZIP64's territory).
  package static func archive(_ entries: [Entry]) throws -> [UInt8] {
    guard entries.count <= 0xFFFF else {
      throw RingError(.encoderFailed, "a ZIP archive holds at most 65535 entries without ZIP64")
    }
    var out: [UInt8] = []
    var central: [UInt8] = []
    for entry in entries {
      let name = Array(entry.name.utf8)
      let deflated = try Zlib.compress(entry.bytes, level: 9, framing: .raw)
      let stored = deflated.count >= entry.bytes.count
      let data = stored ? entry.bytes : deflated
      guard entry.bytes.count < 0xFFFF_FFFF, out.count < 0xFFFF_FFFF - data.count,
        name.count <= 0xFFFF
      else {
        throw RingError(
          .encoderFailed, "'\(entry.name)' is too large for a ZIP archive without ZIP64")
      }
      let offset = UInt32(out.count)
      // The fields a local header and its central directory record share, from "version
      // needed" to the name's length.
      var common: [UInt8] = []
      common.appendLittleEndian(UInt16(20))  // version needed: 2.0 (deflate)
      common.appendLittleEndian(UInt16(0x0800))  // flags: the name is UTF-8
      common.appendLittleEndian(UInt16(stored ? 0 : 8))
      common.appendLittleEndian(UInt16(0))  // time 00:00:00
      common.appendLittleEndian(UInt16(0x21))  // date 1980-01-01
      common.appendLittleEndian(Zlib.crc32(entry.bytes))
      common.appendLittleEndian(UInt32(data.count))
      common.appendLittleEndian(UInt32(entry.bytes.count))
      common.appendLittleEndian(UInt16(name.count))
      out.appendLittleEndian(UInt32(0x0403_4b50))
      out += common
      out.appendLittleEndian(UInt16(0))  // extra field length
      out += name
      out += data
      central.appendLittleEndian(UInt32(0x0201_4b50))
      central.appendLittleEndian(UInt16(0x0314))  // made by: Unix, version 2.0
      central += common
      central.appendLittleEndian(UInt16(0))  // extra field length
      central.appendLittleEndian(UInt16(0))  // comment length
      central.appendLittleEndian(UInt16(0))  // disk number
      central.appendLittleEndian(UInt16(0))  // internal attributes
      central.appendLittleEndian(UInt32(0o100644) << 16)  // external: a regular file, rw-r--r--
      central.appendLittleEndian(offset)
      central += name
    }
    let centralOffset = UInt32(out.count)
    out += central
    out.appendLittleEndian(UInt32(0x0605_4b50))
    out.appendLittleEndian(UInt16(0))  // this disk
    out.appendLittleEndian(UInt16(0))  // the central directory's disk
    out.appendLittleEndian(UInt16(entries.count))
    out.appendLittleEndian(UInt16(entries.count))
    out.appendLittleEndian(UInt32(central.count))
    out.appendLittleEndian(centralOffset)
    out.appendLittleEndian(UInt16(0))  // comment length
    return out
  }
}

extension [UInt8] {
  mutating func appendLittleEndian(_ value: UInt16) {
    append(UInt8(truncatingIfNeeded: value))
    append(UInt8(truncatingIfNeeded: value >> 8))
  }

  mutating func appendLittleEndian(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) {
      append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }
}
