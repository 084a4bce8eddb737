/// Element ids for vector files: `rr` and 16 hex digits of a 64-bit FNV-1a hash of the whole
/// file as written (ring, still or loop, time, loop count, motion, everything), so that two
/// files that differ anywhere get different ids and can be inlined in one page without
/// taking each other's gradients, and the same file always gets the same id.
///
/// The file is written with `placeholder` where its id goes; `stamped(_:)` hashes that text
/// and puts the id in. FNV-1a is fixed by its definition (not seeded per process, as Swift's
/// `Hasher` is), so ids are stable across runs and machines.
enum VectorID {
  /// Stands for the id while a file is written: a control character, which XML, CSS
  /// identifiers and JSON strings as written here never hold.
  static let placeholder = "\u{1}"

  /// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes.
  static func fnv1a64(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// The id of a file whose text, with `placeholder` for its id, is `text`.
  static func id(of text: String) -> String {
    let hex = String(fnv1a64(text), radix: 16)
    return "rr" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// `text` with every `placeholder` replaced by the id of `text`, and that id.
  static func stamped(_ text: String) -> (text: String, id: String) {
    let id = id(of: text)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 32)
    for byte in text.utf8 {
      if byte == 1 { bytes += id.utf8 } else { bytes.append(byte) }
    }
    let out = String(decoding: bytes, as: UTF8.self)
    return (out, id)
  }
}
