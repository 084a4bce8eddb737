// libFuzzer harness for the strict JSON reader: the input's bytes are a file for
// `JSONValue(parsing:file:)` and for `StrictJSONDecoder` (decoding a nested sample type with
// optionals, enums, arrays, dictionaries, recursion and a validating initialiser). Either
// may refuse the bytes, but only with a one-line `RingError` of code `.invalidConfiguration`
// reading `fuzz.json:LINE:COLUMN: message` at a place inside the file; an accepted tree,
// written out again as JSON, must read back the same. Any crash, hang or sanitizer report
// fails `Fuzz/run`. The same bytes are then read as a ring file (`RingFile.decode`), made
// into a ring, and printed back.

import FuzzSupport
import RainbowRing
import RingConfig

/// A nested configuration to decode; every field is optional so that many inputs decode.
struct Sample: Decodable {
  enum Kind: String, Decodable, CaseIterable {
    case axial, radial, conic
  }

  struct Stop: Decodable {
    var color: String
    var location: Double?
  }

  struct Window: Decodable {
    var width: UInt16
    var height: Int8?
    var title: String?
  }

  /// Refuses values outside 1...10000 from its own initialiser.
  struct Side: Decodable {
    var points: Int

    init(from decoder: any Decoder) throws {
      points = try decoder.singleValueContainer().decode(Int.self)
      guard (1...10000).contains(points) else {
        throw RingError(.invalidSize, "size must be in 1...10000")
      }
    }
  }

  var name: String?
  var size: Side?
  var kind: Kind?
  var stops: [Stop]?
  var window: Window?
  var tags: [String: Int]?
  var matrix: [[Double]]?
  var children: [Sample]?
  var flag: Bool?
  var big: UInt64?
  var small: Float?
  var maybe: [Int?]?
}

/// The tree without positions, to compare two readings.
indirect enum Shape: Equatable {
  case object([(String, Shape)])
  case array([Shape])
  case string(String)
  case number(String)
  case bool(Bool)
  case null

  init(_ value: JSONValue) {
    switch value.content {
    case .object(let members): self = .object(members.map { ($0.key, Shape($0.value)) })
    case .array(let elements): self = .array(elements.map(Shape.init))
    case .string(let text): self = .string(text)
    case .number(let text): self = .number(text)
    case .bool(let b): self = .bool(b)
    case .null: self = .null
    }
  }

  static func == (a: Shape, b: Shape) -> Bool {
    switch (a, b) {
    case (.object(let x), .object(let y)):
      x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    case (.array(let x), .array(let y)): x == y
    case (.string(let x), .string(let y)): x == y
    case (.number(let x), .number(let y)): x == y
    case (.bool(let x), .bool(let y)): x == y
    case (.null, .null): true
    default: false
    }
  }
}

/// Writes a tree as compact JSON, escaping what RFC 8259 requires (and DEL, with `\u`).
func write(_ value: JSONValue, into out: inout String) {
  switch value.content {
  case .object(let members):
    out += "{"
    for (i, member) in members.enumerated() {
      if i > 0 { out += "," }
      writeString(member.key, into: &out)
      out += ":"
      write(member.value, into: &out)
    }
    out += "}"
  case .array(let elements):
    out += "["
    for (i, element) in elements.enumerated() {
      if i > 0 { out += "," }
      write(element, into: &out)
    }
    out += "]"
  case .string(let text): writeString(text, into: &out)
  case .number(let text): out += text
  case .bool(let b): out += b ? "true" : "false"
  case .null: out += "null"
  }
}

func writeString(_ text: String, into out: inout String) {
  out += "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case _ where scalar.value < 0x20 || scalar.value == 0x7F:
      let hex = String(scalar.value, radix: 16)
      out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: out.unicodeScalars.append(scalar)
    }
  }
  out += "\""
}

/// Checks that `error` is a one-line `.invalidConfiguration` error at a place in the file.
func checkError(_ error: any Error, lines: Int, what: String) {
  guard let error = error as? RingError else {
    check(false, "\(what): an error of an unexpected type: \(error)")
    return
  }
  check(error.code == .invalidConfiguration, "\(what): code \(error.code)")
  let message = error.message
  check(
    !message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
    "\(what): a message with control characters: \(message.debugDescription)")
  let parts = message.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
  check(parts.count == 4 && parts[0] == "fuzz.json", "\(what): no FILE:LINE:COLUMN: \(message)")
  let line = Int(parts[1]) ?? 0
  let column = Int(parts[2]) ?? 0
  check(
    (1...lines).contains(line) && column >= 1 && parts[3].hasPrefix(" ") && parts[3].count > 1,
    "\(what): a bad position or an empty message: \(message)")
}

/// The entry point SwiftPM links as `main`: hands over to libFuzzer's driver.
@_cdecl("ring_file_fuzz_main")
func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  runFuzzer(argc, argv, fuzz)
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  // Lines end at LF, CR LF or a lone CR; an error may point just past the last one.
  var lines = 1
  for (i, byte) in bytes.enumerated()
  where byte == 0x0A || (byte == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) {
    lines += 1
  }
  do {
    let tree = try JSONValue(parsing: bytes, file: "fuzz.json")
    var text = ""
    write(tree, into: &text)
    do {
      let again = try JSONValue(parsing: Array(text.utf8), file: "again.json")
      check(Shape(again) == Shape(tree), "written out and read back, the tree differs: \(text)")
    } catch {
      check(false, "the tree written out does not read back: \(error)\n\(text)")
    }
  } catch {
    checkError(error, lines: lines, what: "parsing")
  }
  do {
    _ = try StrictJSONDecoder().decode(Sample.self, from: bytes, file: "fuzz.json")
  } catch {
    checkError(error, lines: lines, what: "decoding")
  }
  // The real ring file: read, and when it reads, made into a ring (refused or not, never a
  // crash), printed and read back to the same configuration.
  do {
    let configuration = try RingFile.decode(bytes, file: "fuzz.json")
    _ = try? configuration.makeRing()
    let again = try? RingFile.decode(Array(configuration.jsonText.utf8), file: "again.json")
    check(again == configuration, "a ring file printed and read back differs")
  } catch {
    checkError(error, lines: lines, what: "reading a ring file")
  }
  return 0
}
