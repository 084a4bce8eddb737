import Foundation
import RingGraphics
import Testing

@testable import RingConfig

/// An input and the one error it must give.
struct BadJSON: Sendable, CustomTestStringConvertible {
  var bytes: [UInt8]
  var expected: String

  init(_ text: String, _ expected: String) {
    bytes = Array(text.utf8)
    self.expected = expected
  }

  init(bytes: [UInt8], _ expected: String) {
    self.bytes = bytes
    self.expected = expected
  }

  var testDescription: String { expected }
}

/// The message of the `RingError` `body` throws, checking its code, or nil.
private func message(_ body: () throws -> Void) -> String? {
  do {
    try body()
    return nil
  } catch let error as RingError {
    #expect(error.code == .invalidConfiguration, "the code of \(error.message)")
    return error.message
  } catch {
    Issue.record("not a RingError: \(error)")
    return "\(error)"
  }
}

private func parse(_ text: String) throws -> JSONValue {
  try JSONValue(parsing: Array(text.utf8), file: "ring.json")
}

@Suite struct StrictJSONParserTests {
  static let deep = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)

  static let bad: [BadJSON] = [
    BadJSON(#"{"a": 1,}"#, "ring.json:1:8: a trailing comma is not allowed before '}'"),
    BadJSON("[1, 2,\n]", "ring.json:1:6: a trailing comma is not allowed before ']'"),
    BadJSON("{\n  // size\n  \"size\": 3\n}", "ring.json:2:3: comments are not allowed in JSON"),
    BadJSON("[1 /* one */]", "ring.json:1:4: comments are not allowed in JSON"),
    BadJSON("{} // done", "ring.json:1:4: comments are not allowed in JSON"),
    BadJSON(#"{"a": NaN}"#, "ring.json:1:7: NaN and Infinity are not allowed in JSON"),
    BadJSON("[-Infinity]", "ring.json:1:2: NaN and Infinity are not allowed in JSON"),
    BadJSON("Infinity", "ring.json:1:1: NaN and Infinity are not allowed in JSON"),
    BadJSON(#"{"a": 012}"#, "ring.json:1:7: a number cannot have a leading zero"),
    BadJSON("-01", "ring.json:1:1: a number cannot have a leading zero"),
    BadJSON("[1.]", "ring.json:1:4: expected a digit after the decimal point"),
    BadJSON("[.5]", "ring.json:1:2: expected a value, found '.'"),
    BadJSON("[+1]", "ring.json:1:2: expected a value, found '+'"),
    BadJSON("1e", "ring.json:1:3: expected a digit in the exponent"),
    BadJSON("[1e+]", "ring.json:1:5: expected a digit in the exponent"),
    BadJSON("-", "ring.json:1:2: expected a digit after '-'"),
    BadJSON(
      "0x10",
      "ring.json:1:2: expected the end of the file after the top-level value (a file holds one value)"
    ),
    BadJSON(
      #"["a\x"]"#,
      #"ring.json:1:4: invalid escape '\x'; valid ones are \" \\ \/ \b \f \n \r \t \uXXXX"#),
    BadJSON(
      #"["\é"]"#,
      #"ring.json:1:3: invalid escape '\' followed by U+00E9; valid ones are \" \\ \/ \b \f \n \r \t \uXXXX"#
    ),
    BadJSON(#"["\u12G4"]"#, #"ring.json:1:3: expected four hexadecimal digits after \u"#),
    BadJSON(#"["\u12"]"#, #"ring.json:1:3: expected four hexadecimal digits after \u"#),
    BadJSON(
      #"["\uD800"]"#,
      #"ring.json:1:3: lone surrogate \uD800: a high surrogate must be followed by a low one (\uDC00-\uDFFF)"#
    ),
    BadJSON(
      #"["x\ud83d\u0041"]"#,
      #"ring.json:1:4: lone surrogate \uD83D: a high surrogate must be followed by a low one (\uDC00-\uDFFF)"#
    ),
    BadJSON(
      #"["\uDC00"]"#,
      #"ring.json:1:3: lone surrogate \uDC00: a low surrogate must follow a high one"#),
    BadJSON(bytes: [0x5B, 0x22, 0xFF, 0x22, 0x5D], "ring.json:1:3: invalid UTF-8 (byte 0xFF)"),
    // Overlong "/", an encoded surrogate, past U+10FFFF, a sequence cut short.
    BadJSON(bytes: [0x22, 0xC0, 0xAF, 0x22], "ring.json:1:2: invalid UTF-8 (byte 0xC0)"),
    BadJSON(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], "ring.json:1:2: invalid UTF-8 (byte 0xED)"),
    BadJSON(
      bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "ring.json:1:2: invalid UTF-8 (byte 0xF4)"),
    BadJSON(bytes: [0x22, 0xC3], "ring.json:1:2: invalid UTF-8 (byte 0xC3)"),
    BadJSON(
      bytes: [0x5B, 0xFF, 0x5D], "ring.json:1:2: expected a value, found byte 0xFF (not UTF-8)"),
    BadJSON("[\u{A0}1]", "ring.json:1:2: expected a value, found U+00A0"),
    BadJSON(
      bytes: [0xEF, 0xBB, 0xBF, 0x7B, 0x7D],
      "ring.json:1:1: a byte order mark (U+FEFF) is not allowed; save the file as UTF-8 without one"
    ),
    BadJSON("{\"a\": 1,\n \"a\": 2}", #"ring.json:2:2: duplicate key "a" (first at 1:2)"#),
    BadJSON("[" + deep + "]", "ring.json:1:65: arrays and objects nest deeper than 64 levels"),
    BadJSON(
      String(repeating: #"{"a":"#, count: 65) + "1" + String(repeating: "}", count: 65),
      "ring.json:1:321: arrays and objects nest deeper than 64 levels"),
    BadJSON(#"{"a": "abc"#, "ring.json:1:7: unterminated string"),
    BadJSON(#"["abc\"#, "ring.json:1:2: unterminated string"),
    BadJSON(
      "[\"ab\ncd\"]",
      #"ring.json:1:5: a line break is not allowed in a string; write \n (is a '"' missing?)"#),
    BadJSON(
      "[\"a\tb\"]",
      #"ring.json:1:4: control character U+0009 is not allowed in a string; write it as \t"#),
    BadJSON(
      "[\"\u{1}\"]",
      #"ring.json:1:3: control character U+0001 is not allowed in a string; write it as \u0001"#),
    BadJSON("", "ring.json:1:1: the file is empty; expected a JSON value"),
    BadJSON("  \n ", "ring.json:2:2: the file is empty; expected a JSON value"),
    BadJSON(
      "{} {}",
      "ring.json:1:4: expected the end of the file after the top-level value (a file holds one value)"
    ),
    BadJSON(
      "1\n2",
      "ring.json:2:1: expected the end of the file after the top-level value (a file holds one value)"
    ),
    BadJSON(
      "{\n  \"size\": 300\n  \"colors\": []\n}",
      #"ring.json:3:3: expected ',' or '}' after the value of "size""#),
    BadJSON(
      #"{"a": 1"#,
      #"ring.json:1:8: unexpected end of file; expected ',' or '}' after the value of "a""#),
    BadJSON("[1 2]", "ring.json:1:4: expected ',' or ']' after an array element"),
    BadJSON("[1,", "ring.json:1:4: unexpected end of file; expected a value"),
    BadJSON(
      "{'a': 1}",
      "ring.json:1:2: expected a key in double quotes or '}', found ''' (JSON strings use double quotes)"
    ),
    BadJSON("{size: 1}", "ring.json:1:2: expected a key in double quotes or '}', found 'size'"),
    BadJSON(#"{"a": 1, 2: 3}"#, "ring.json:1:10: expected a key in double quotes, found '2'"),
    BadJSON(#"{"a" 1}"#, #"ring.json:1:6: expected ':' after the key "a""#),
    BadJSON("tru", "ring.json:1:1: expected a value, found 'tru'"),
    BadJSON("[True]", "ring.json:1:2: expected a value, found 'True'"),
    BadJSON("nul", "ring.json:1:1: expected a value, found 'nul'"),
    // Lines end at LF, CR LF or CR; columns count Unicode scalars, not bytes.
    BadJSON("{\r\n\"a\": 1,\r\n}", "ring.json:2:7: a trailing comma is not allowed before '}'"),
    BadJSON("[\r1,\r]", "ring.json:2:2: a trailing comma is not allowed before ']'"),
    BadJSON("{\"é\": 1,}", "ring.json:1:8: a trailing comma is not allowed before '}'"),
    BadJSON("[\"😀\", x]", "ring.json:1:7: expected a value, found 'x'"),
    BadJSON("[\"\\\"\\u00e9\", x]", "ring.json:1:14: expected a value, found 'x'"),
  ]

  @Test(arguments: bad)
  func refusesWithPosition(input: BadJSON) {
    let got = message { _ = try JSONValue(parsing: input.bytes, file: "ring.json") }
    #expect(
      got == input.expected,
      "input \(String(decoding: input.bytes, as: UTF8.self).debugDescription)")
  }

  @Test func refusesLargeFiles() {
    let got = message {
      _ = try JSONValue(parsing: Array("[1, 2]".utf8), file: "a.json", maximumSize: 5)
    }
    #expect(got == "a.json:1:1: the file has 6 bytes; the limit is 5", "size limit")
    let deep = String(repeating: "[", count: 3) + String(repeating: "]", count: 3)
    let tooDeep = message {
      _ = try JSONValue(parsing: Array(deep.utf8), file: "a.json", maximumDepth: 2)
    }
    #expect(tooDeep == "a.json:1:3: arrays and objects nest deeper than 2 levels", "depth limit")
  }

  @Test func readsPositionsAndValues() throws {
    let value = try parse(
      "{\n  \"a\": [1, -0.50, 2e10, true, false, null],\n\t\"é\" :\"x\\ud83d\\ude00\\n\\/\"\n}  ")
    #expect(value.position == JSONPosition(line: 1, column: 1), "the object's position")
    guard case .object(let members) = value.content else {
      Issue.record("not an object: \(value)")
      return
    }
    #expect(members.map(\.key) == ["a", "é"], "keys in order")
    #expect(members[0].keyPosition == JSONPosition(line: 2, column: 3), "first key")
    #expect(members[0].value.position == JSONPosition(line: 2, column: 8), "first value")
    #expect(members[1].keyPosition == JSONPosition(line: 3, column: 2), "a tab is one column")
    #expect(members[1].value.position == JSONPosition(line: 3, column: 7), "é is one column")
    #expect(members[1].value.content == .string("x😀\n/"), "escapes and a surrogate pair")
    let elements: [JSONValue.Content] = [
      .number("1"), .number("-0.50"), .number("2e10"), .bool(true), .bool(false), .null,
    ]
    #expect(
      members[0].value.content
        == .array(
          zip(elements, [9, 12, 19, 25, 31, 38]).map {
            JSONValue($0, at: JSONPosition(line: 2, column: $1))
          }),
      "numbers keep their text; each element its column")
  }

  @Test(arguments: [
    "0", "-0", "1.5e-3", "1E+2", "\"\"", "\"\\u0000\"", "[]", "{}", " [ { } , [ ] ] ",
    "123456789012345678901234567890", deep,
  ])
  func acceptsValidJSON(text: String) {
    #expect(throws: Never.self, "\(text.prefix(40)) is valid JSON") { try parse(text) }
  }
}

// MARK: - Decoding

struct Sample: Codable, Equatable {
  enum Kind: String, Codable, CaseIterable {
    case axial, radial, conic
  }

  struct Stop: Codable, Equatable {
    var color: String
    var location: Double?
  }

  struct Window: Codable, Equatable {
    var width: Int
    var height: Int
  }

  var name: String
  var size: Int
  var kind: Kind
  var speed: Double
  var stops: [Stop]
  var window: Window?
  var loops: UInt8?
  var quiet: Bool?
}

/// Refuses sizes outside 1...10000 from its own initialiser, as the ring's types do.
struct Side: Decodable, Equatable {
  var points: Int

  init(from decoder: any Decoder) throws {
    points = try decoder.singleValueContainer().decode(Int.self)
    guard (1...10000).contains(points) else {
      throw RingError(.invalidSize, "size must be in 1...10000")
    }
  }
}

struct Canvas: Decodable {
  var side: Side
  var scale: Double

  enum CodingKeys: String, CodingKey {
    case side, scale
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    side = try container.decode(Side.self, forKey: .side)
    scale = try container.decode(Double.self, forKey: .scale)
    if scale > 16 {
      throw DecodingError.dataCorruptedError(
        forKey: .scale, in: container, debugDescription: "scale must be at most 16")
    }
    if Double(side.points) * scale > 20000 {
      throw RingError(.invalidSize, "the canvas is too large")
    }
  }
}

/// A tree of objects.
struct Node: Decodable {
  var children: [Node]
}

/// Reads exactly two numbers from an array.
struct Pair: Decodable {
  var x: Double
  var y: Double

  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    x = try container.decode(Double.self)
    y = try container.decode(Double.self)
  }
}

@Suite struct StrictJSONDecoderTests {
  static let document = """
    {
      "name": "seed",
      "size": 300,
      "kind": "conic",
      "speed": 1.5,
      "stops": [
        {"color": "#FF0000", "location": 0},
        {"color": "#0000FF"}
      ],
      "window": {"width": 640, "height": 480}
    }
    """

  static let expected = Sample(
    name: "seed", size: 300, kind: .conic, speed: 1.5,
    stops: [.init(color: "#FF0000", location: 0), .init(color: "#0000FF", location: nil)],
    window: .init(width: 640, height: 480), loops: nil, quiet: nil)

  /// The document with `line` (1-based) replaced.
  static func document(line: Int, _ text: String) -> String {
    var lines = document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines[line - 1] = text
    return lines.joined(separator: "\n")
  }

  func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try StrictJSONDecoder().decode(type, from: Array(text.utf8), file: "ring.json")
  }

  @Test func decodesTheSample() throws {
    #expect(try decode(Sample.self, Self.document) == Self.expected, "the sample document")
    let withOptionals = Self.document(line: 2, #"  "name": "seed", "loops": 255, "quiet": null,"#)
    var sample = Self.expected
    sample.loops = 255
    #expect(try decode(Sample.self, withOptionals) == sample, "optionals present and null")
  }

  @Test func roundTripsThroughFoundationsEncoder() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    var sample = Self.expected
    sample.loops = 7
    sample.quiet = true
    sample.speed = 0.1
    sample.name = "ring/\"quoted\" 😀 \u{1}"
    let data = try encoder.encode(sample)
    #expect(
      try StrictJSONDecoder().decode(Sample.self, from: data, file: "x.json") == sample,
      "\(String(decoding: data, as: UTF8.self))")
  }

  @Test func decodesExactNumbers() throws {
    #expect(try decode(Int64.self, "-9223372036854775808") == .min, "Int64.min")
    #expect(try decode(UInt64.self, "18446744073709551615") == .max, "UInt64.max")
    #expect(
      try decode([Int].self, "[3e2, 3.00E2, 30000e-2, -0, 0.0]") == [300, 300, 300, 0, 0],
      "whole numbers in any form")
    #expect(try decode(Double.self, "0.1") == 0.1, "Double")
    #expect(try decode(Float.self, "1e-50") == 0, "Float underflows to zero")
    #expect(
      try decode([String: Int].self, #"{"b": 2, "a": 1}"#) == ["a": 1, "b": 2],
      "a dictionary asks for all its keys")
  }

  static let bad: [(String, String)] = [
    (
      document(line: 2, #"  "name": "seed", "quite": true,"#),
      #"ring.json:2:19: unknown key "quite"; did you mean "quiet"?"#
    ),
    (
      document(line: 8, ##"    {"color": "#0000FF", "locaton": 1}"##),
      #"ring.json:8:26: unknown key "locaton"; did you mean "location"?"#
    ),
    (
      document(line: 10, #"  "window": {"width": 640, "height": 480, "depth": 1}"#),
      #"ring.json:10:43: unknown key "depth""#
    ),
    (
      document(line: 6, #"  "stop": ["#),
      #"ring.json:1:1: missing required key "stops"; is "stop" at 6:3 misspelt?"#
    ),
    (
      document(line: 3, #"  "size": "300","#),
      #"ring.json:3:11: expected a number for "size", found a string"#
    ),
    (
      document(line: 3, #"  "size": null,"#),
      #"ring.json:3:11: expected a number for "size", found null"#
    ),
    (
      document(line: 3, #"  "size": 1.5,"#),
      #"ring.json:3:11: expected a whole number for "size", found 1.5"#
    ),
    (
      document(line: 3, #"  "size": 1e19,"#),
      #"ring.json:3:11: expected a whole number in -9223372036854775808...9223372036854775807 for "size", found 1e19"#
    ),
    (
      document(line: 3, #"  "size": 123456789012345678901234567890,"#),
      #"ring.json:3:11: expected a whole number in -9223372036854775808...9223372036854775807 for "size", found 123456789012345678901234567890"#
    ),
    (
      document(line: 3, #"  "size": 3, "loops": 256,"#),
      #"ring.json:3:23: expected a whole number in 0...255 for "loops", found 256"#
    ),
    (
      document(line: 3, #"  "size": 3, "loops": -1,"#),
      #"ring.json:3:23: expected a whole number in 0...255 for "loops", found -1"#
    ),
    (
      document(line: 5, #"  "speed": 1e400,"#),
      #"ring.json:5:12: expected a number in Double's range for "speed", found 1e400"#
    ),
    (
      document(line: 5, #"  "speed": true,"#),
      #"ring.json:5:12: expected a number for "speed", found a boolean"#
    ),
    (
      document(line: 8, #"    {"color": 255}"#),
      #"ring.json:8:15: expected a string for "stops[1].color", found a number"#
    ),
    (
      document(line: 10, #"  "window": {"width": 640, "height": [480]}"#),
      #"ring.json:10:38: expected a number for "window.height", found an array"#
    ),
    (
      document(line: 10, #"  "window": {"width": 640}"#),
      #"ring.json:10:13: missing required key "height" in "window""#
    ),
    (
      document(line: 10, #"  "window": []"#),
      #"ring.json:10:13: expected an object for "window", found an array"#
    ),
    (
      document(line: 4, #"  "kind": "Conic","#),
      #"ring.json:4:11: unknown value "Conic" for "kind"; expected one of "axial", "radial", "conic"; did you mean "conic"?"#
    ),
    (
      document(line: 4, #"  "kind": "spiral","#),
      #"ring.json:4:11: unknown value "spiral" for "kind"; expected one of "axial", "radial", "conic""#
    ),
    ("[]", "ring.json:1:1: expected an object, found an array"),
    (#"{"name": "x", }"#, "ring.json:1:13: a trailing comma is not allowed before '}'"),
  ]

  @Test(arguments: bad)
  func refusesWithPosition(text: String, expected: String) {
    #expect(message { _ = try decode(Sample.self, text) } == expected, "\(text)")
  }

  static let badCanvases: [(String, String)] = [
    // A `RingError` from `Side`'s initialiser: at the value `Side` was decoding.
    ("{\n  \"side\": 0,\n  \"scale\": 1\n}", "ring.json:2:11: size must be in 1...10000"),
    // A `RingError` from `Canvas`'s: at the object.
    (#"{"scale": 16, "side": 10000}"#, "ring.json:1:1: the canvas is too large"),
    // A `DecodingError` for a key: at that key's value.
    (#"{"side": 1, "scale": 17}"#, "ring.json:1:22: scale must be at most 16"),
    (#"{"side": 1, "scale": 2, "Scale": 2}"#, #"ring.json:1:25: unknown key "Scale""#),
  ]

  @Test(arguments: badCanvases)
  func errorsFromTheTypesOwnInitialisers(text: String, expected: String) {
    #expect(message { _ = try decode(Canvas.self, text) } == expected, "\(text)")
  }

  @Test func arraysMustBeReadToTheEnd() throws {
    #expect(try decode(Pair.self, "[1, 2]").y == 2, "a pair")
    #expect(
      message { _ = try decode(Pair.self, "[1, 2, 3]") }
        == "ring.json:1:8: unexpected extra element; expected 2 elements",
      "an element left unread")
    #expect(
      message { _ = try decode([String: Pair].self, "{\"p\": [1]}") }
        == #"ring.json:1:7: expected another element in "p" (it has 1)"#,
      "an element missing")
  }

  @Test func handBuiltTreesWithBadNumbersAreRefused() {
    let at = JSONPosition(line: 2, column: 5)
    #expect(
      message {
        _ = try StrictJSONDecoder().decode(
          Int.self, from: JSONValue(.number("1x"), at: at), file: "t")
      }
        == "t:2:5: expected a number, found 1x (not a JSON number)", "not a number")
    #expect(
      message {
        _ = try StrictJSONDecoder().decode(
          Int8.self, from: JSONValue(.number("1e+"), at: at), file: "t")
      }
        == "t:2:5: expected a number, found 1e+ (not a JSON number)", "a cut exponent")
    #expect(
      message {
        _ = try StrictJSONDecoder().decode(
          Double.self, from: JSONValue(.number("0x10"), at: at), file: "t")
      }
        == "t:2:5: expected a number, found 0x10 (not a JSON number)", "hexadecimal")
  }

  @Test func decodesToTheDepthLimit() throws {
    // 32 objects, each holding an array: 64 levels, the most the parser allows.
    let text =
      String(repeating: #"{"children": ["#, count: 32) + String(repeating: "]}", count: 32)
    var node = try decode(Node.self, text)
    var depth = 1
    while let child = node.children.first {
      node = child
      depth += 1
    }
    #expect(depth == 32, "every level decoded")
    #expect(
      message { _ = try decode(Node.self, #"{"children": [{"children": [], "child": 1}]}"#) }
        == #"ring.json:1:32: unknown key "child""#,
      "an unknown key in an array of objects")
  }

  @Test func largeFilesStayCheap() throws {
    // Nearly 1 MiB each: 65 000 keys, then 140 000 numbers.
    let keys = (0..<65_000).map { #""k\#($0)": \#($0)"# }.joined(separator: ",")
    let object = "{" + keys + "}"
    #expect(object.utf8.count < JSONValue.defaultMaximumSize, "under the size limit")
    let start = ContinuousClock.now
    #expect(try decode([String: Int].self, object).count == 65_000, "every key")
    #expect(
      message { _ = try decode(Sample.self, object) }
        == #"ring.json:1:1: missing required key "name""#, "no suggestion among 65 000 keys")
    let numbers = "[" + Array(repeating: "-1.5e3", count: 140_000).joined(separator: ",") + "]"
    #expect(try decode([Double].self, numbers).count == 140_000, "every number")
    let elapsed = ContinuousClock.now - start
    print("StrictJSON: large files decoded in \(elapsed)")
  }

  /// An unknown key with characters that draw nothing or reorder the line (U+200B, U+202E,
  /// a tag character beyond the BMP), or stray combining marks, is quoted with them escaped
  /// as JSON writes them.
  @Test(arguments: [
    ("c\u{200B}ap", #""c\u200Bap""#), ("c\u{202E}ap", #""c\u202Eap""#),
    ("c\u{2066}ap", #""c\u2066ap""#), ("c\u{E0041}ap", #""c\uDB40\uDC41ap""#),
    ("c\u{A0}ap", #""c\u00A0ap""#), ("c\u{85}ap", #""c\u0085ap""#), ("café", #""café""#),
    // Combining marks: kept on a base of their own (e and U+0301), escaped where they would
    // draw over the quote (at the start, after a space) or stack past three.
    ("cafe\u{301}", "\"cafe\u{301}\""), ("\u{301}cap", #""\u0301cap""#),
    ("c \u{20DD}", #""c \u20DD""#),
    ("a\u{301}\u{302}\u{303}\u{304}", "\"a\u{301}\u{302}\u{303}\\u0304\""),
  ])
  func hiddenCharactersInKeysAreEscaped(key: String, quoted: String) {
    #expect(jsonQuoted(key) == quoted, "\(key.unicodeScalars.map(\.value))")
    #expect(
      message { _ = try decode(Sample.Window.self, #"{"width": 1, "height": 2, "\#(key)": 3}"#) }
        == "ring.json:1:27: unknown key \(quoted)", "the decoder's message quotes it so")
  }

  @Test func parseErrorsComeThroughTheDecoder() {
    #expect(
      message { _ = try decode(Sample.self, "") }
        == "ring.json:1:1: the file is empty; expected a JSON value", "empty file")
  }
}
