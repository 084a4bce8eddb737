import RainbowRing
import RingGraphics

extension JSONValue {
  /// How deeply arrays and objects may nest by default: the top-level object or array is
  /// level 1.
  public static let defaultMaximumDepth = 64
  /// How many bytes a file may have by default (1 MiB).
  public static let defaultMaximumSize = 1 << 20

  /// Reads one JSON value, strictly by RFC 8259, from a file's UTF-8 bytes.
  ///
  /// Refused, each with a `RingError` of code `.invalidConfiguration` and the message
  /// `FILE:LINE:COLUMN: message`: comments, trailing commas, single quotes, unquoted keys,
  /// `NaN` and `Infinity`, leading zeros, `+1`, `.5`, `1.`, unescaped control characters
  /// in strings, escapes other than `\" \\ \/ \b \f \n \r \t \uXXXX`, lone surrogates,
  /// invalid UTF-8 (overlong forms, encoded surrogates, beyond U+10FFFF), a byte order
  /// mark, duplicate keys in one object, an empty file, anything but whitespace after the
  /// value, nesting deeper than `maximumDepth` and files larger than `maximumSize` bytes.
  /// Lines and columns are 1-based; columns count Unicode scalars (see `JSONPosition`).
  ///
  /// Keys are compared as Swift strings, so two keys that differ only in Unicode
  /// normalisation count as duplicates.
  ///
  /// Complexity: O(n) in the size of the input; recursion is bounded by `maximumDepth`.
  public init(
    parsing bytes: [UInt8], file: String, maximumDepth: Int = JSONValue.defaultMaximumDepth,
    maximumSize: Int = JSONValue.defaultMaximumSize
  ) throws {
    var parser = JSONParser(bytes: bytes, file: file, maximumDepth: maximumDepth)
    guard bytes.count <= maximumSize else {
      throw parser.error(
        "the file has \(bytes.count) bytes; the limit is \(maximumSize)", at: parser.position)
    }
    self = try parser.parseDocument()
  }
}

/// The recursive-descent reader behind `JSONValue(parsing:file:)`: one pass over the bytes,
/// tracking the line and the column (in Unicode scalars).
struct JSONParser {
  let bytes: [UInt8]
  let file: String
  let maximumDepth: Int
  var index = 0
  var line = 1
  var column = 1

  init(bytes: [UInt8], file: String, maximumDepth: Int) {
    self.bytes = bytes
    self.file = file
    self.maximumDepth = maximumDepth
  }

  var position: JSONPosition { JSONPosition(line: line, column: column) }

  func error(_ message: String, at position: JSONPosition) -> RingError {
    RingError.configuration(message, file: file, at: position)
  }

  /// The byte at `index + offset`, or nil past the end.
  func peek(_ offset: Int = 0) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  /// Steps over one ASCII byte that is not a line break.
  mutating func advance() {
    index += 1
    column += 1
  }

  mutating func parseDocument() throws -> JSONValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      throw error(
        "a byte order mark (U+FEFF) is not allowed; save the file as UTF-8 without one",
        at: position)
    }
    skipWhitespace()
    if index == bytes.count {
      throw error("the file is empty; expected a JSON value", at: position)
    }
    let value = try parseValue(depth: 0)
    skipWhitespace()
    if index < bytes.count {
      throw unexpected(
        "expected the end of the file after the top-level value (a file holds one value)",
        found: false)
    }
    return value
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"):
        advance()
      case UInt8(ascii: "\n"):
        index += 1
        line += 1
        column = 1
      case UInt8(ascii: "\r"):
        index += 1
        // CR LF is one line break (the LF ends the line); a lone CR is one too.
        if peek() != UInt8(ascii: "\n") {
          line += 1
          column = 1
        }
      default:
        return
      }
    }
  }

  /// `depth`: how many arrays and objects enclose the value.
  mutating func parseValue(depth: Int) throws -> JSONValue {
    let start = position
    guard let byte = peek() else {
      throw error("unexpected end of file; expected a value", at: start)
    }
    switch byte {
    case UInt8(ascii: "{"):
      return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["):
      return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""):
      return JSONValue(.string(try parseString()), at: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return try parseNumber()
    case UInt8(ascii: "t"):
      return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"):
      return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"):
      return try parseLiteral("null", .null)
    default:
      throw unexpected("expected a value", found: true)
    }
  }

  mutating func parseLiteral(_ word: String, _ content: JSONValue.Content) throws -> JSONValue {
    let start = position
    guard bytes[index...].starts(with: word.utf8) else {
      throw unexpected("expected a value", found: true)
    }
    index += word.utf8.count
    column += word.utf8.count
    return JSONValue(content, at: start)
  }

  mutating func parseObject(depth: Int) throws -> JSONValue {
    let start = position
    guard depth <= maximumDepth else {
      throw error("arrays and objects nest deeper than \(maximumDepth) levels", at: start)
    }
    advance()
    skipWhitespace()
    var members: [JSONMember] = []
    var seen: [String: JSONPosition] = [:]
    if peek() == UInt8(ascii: "}") {
      advance()
      return JSONValue(.object(members), at: start)
    }
    while true {
      guard peek() == UInt8(ascii: "\"") else {
        throw unexpected(
          members.isEmpty
            ? "expected a key in double quotes or '}'" : "expected a key in double quotes",
          found: true)
      }
      let keyPosition = position
      let key = try parseString()
      if let first = seen.updateValue(keyPosition, forKey: key) {
        throw error("duplicate key \(jsonQuoted(key)) (first at \(first))", at: keyPosition)
      }
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else {
        throw unexpected("expected ':' after the key \(jsonQuoted(key))", found: false)
      }
      advance()
      skipWhitespace()
      let value = try parseValue(depth: depth)
      members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","):
        let comma = position
        advance()
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
          throw error("a trailing comma is not allowed before '}'", at: comma)
        }
      case UInt8(ascii: "}"):
        advance()
        return JSONValue(.object(members), at: start)
      default:
        throw unexpected("expected ',' or '}' after the value of \(jsonQuoted(key))", found: false)
      }
    }
  }

  mutating func parseArray(depth: Int) throws -> JSONValue {
    let start = position
    guard depth <= maximumDepth else {
      throw error("arrays and objects nest deeper than \(maximumDepth) levels", at: start)
    }
    advance()
    skipWhitespace()
    var elements: [JSONValue] = []
    if peek() == UInt8(ascii: "]") {
      advance()
      return JSONValue(.array(elements), at: start)
    }
    while true {
      elements.append(try parseValue(depth: depth))
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","):
        let comma = position
        advance()
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
          throw error("a trailing comma is not allowed before ']'", at: comma)
        }
      case UInt8(ascii: "]"):
        advance()
        return JSONValue(.array(elements), at: start)
      default:
        throw unexpected("expected ',' or ']' after an array element", found: false)
      }
    }
  }

  func isDigit(_ byte: UInt8?) -> Bool {
    guard let byte else { return false }
    return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  mutating func skipDigits() {
    while isDigit(peek()) { advance() }
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
  mutating func parseNumber() throws -> JSONValue {
    let start = position
    let first = index
    if peek() == UInt8(ascii: "-") {
      if bytes[index...].starts(with: "-Infinity".utf8) {
        throw error("NaN and Infinity are not allowed in JSON", at: start)
      }
      advance()
      guard isDigit(peek()) else { throw error("expected a digit after '-'", at: position) }
    }
    if peek() == UInt8(ascii: "0") {
      advance()
      if isDigit(peek()) {
        throw error("a number cannot have a leading zero", at: start)
      }
    } else {
      skipDigits()
    }
    if peek() == UInt8(ascii: ".") {
      advance()
      guard isDigit(peek()) else {
        throw error("expected a digit after the decimal point", at: position)
      }
      skipDigits()
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      advance()
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { advance() }
      guard isDigit(peek()) else { throw error("expected a digit in the exponent", at: position) }
      skipDigits()
    }
    return JSONValue(.number(String(decoding: bytes[first..<index], as: UTF8.self)), at: start)
  }

  /// Whether `text` is one number by RFC 8259's grammar (for trees built by hand).
  static func isNumber(_ text: String) -> Bool {
    var parser = JSONParser(bytes: Array(text.utf8), file: "", maximumDepth: 0)
    guard let first = parser.peek(), first == UInt8(ascii: "-") || parser.isDigit(first) else {
      return false
    }
    return (try? parser.parseNumber()) != nil && parser.index == parser.bytes.count
  }

  /// Reads a string from its opening quote to its closing one.
  mutating func parseString() throws -> String {
    let start = position
    advance()
    var text: [UInt8] = []
    var run = index  // the start of bytes not yet copied into `text`
    while true {
      guard let byte = peek() else { throw error("unterminated string", at: start) }
      switch byte {
      case UInt8(ascii: "\""):
        text.append(contentsOf: bytes[run..<index])
        advance()
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        text.append(contentsOf: bytes[run..<index])
        try parseEscape(into: &text, string: start)
        run = index
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        throw error(
          "a line break is not allowed in a string; write \\n (is a '\"' missing?)",
          at: position)
      case 0..<0x20:
        throw error(
          "control character \(scalarName(UInt32(byte))) is not allowed in a string; "
            + "write it as \(shortEscape(byte))", at: position)
      case 0x20..<0x80:
        advance()
      default:
        guard let length = utf8Length(at: index) else {
          throw error("invalid UTF-8 (byte \(hex(byte)))", at: position)
        }
        index += length
        column += 1
      }
    }
  }

  mutating func parseEscape(into text: inout [UInt8], string start: JSONPosition) throws {
    let escape = position
    advance()
    guard let byte = peek() else { throw error("unterminated string", at: start) }
    let simple: UInt8? =
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "n"): 0x0A
      case UInt8(ascii: "r"): 0x0D
      case UInt8(ascii: "t"): 0x09
      default: nil
      }
    if let simple {
      advance()
      text.append(simple)
      return
    }
    guard byte == UInt8(ascii: "u") else {
      let shown =
        (0x21..<0x7F).contains(byte)
        ? "'\\\(Character(Unicode.Scalar(byte)))'"
        : "'\\' followed by \(describe(at: index, word: false))"
      throw error(
        "invalid escape \(shown); valid ones are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
        at: escape)
    }
    advance()
    var scalar = try parseHex4(escape: escape)
    if (0xDC00...0xDFFF).contains(scalar) {
      throw error(
        "lone surrogate \\u\(hex4(scalar)): a low surrogate must follow a high one",
        at: escape)
    }
    if (0xD800...0xDBFF).contains(scalar) {
      let low = position
      guard peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") else {
        throw error(
          "lone surrogate \\u\(hex4(scalar)): a high surrogate must be followed by "
            + "a low one (\\uDC00-\\uDFFF)", at: escape)
      }
      advance()
      advance()
      let second = try parseHex4(escape: low)
      guard (0xDC00...0xDFFF).contains(second) else {
        throw error(
          "lone surrogate \\u\(hex4(scalar)): a high surrogate must be followed by "
            + "a low one (\\uDC00-\\uDFFF)", at: escape)
      }
      scalar = 0x10000 + (scalar - 0xD800) << 10 + (second - 0xDC00)
    }
    text.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
  }

  mutating func parseHex4(escape: JSONPosition) throws -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      let digit: UInt32
      switch peek() {
      case let b? where b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"):
        digit = UInt32(b - UInt8(ascii: "0"))
      case let b? where b >= UInt8(ascii: "a") && b <= UInt8(ascii: "f"):
        digit = UInt32(b - UInt8(ascii: "a") + 10)
      case let b? where b >= UInt8(ascii: "A") && b <= UInt8(ascii: "F"):
        digit = UInt32(b - UInt8(ascii: "A") + 10)
      default:
        throw error("expected four hexadecimal digits after \\u", at: escape)
      }
      value = value << 4 | digit
      advance()
    }
    return value
  }

  /// The length of the well-formed UTF-8 sequence at `i` (Unicode's table 3-7: no overlong
  /// forms, no surrogates, nothing past U+10FFFF), or nil.
  func utf8Length(at i: Int) -> Int? {
    func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
      i + offset < bytes.count && range.contains(bytes[i + offset])
    }
    switch bytes[i] {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: return continuation(1) ? 2 : nil
    case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : nil
    case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : nil
    case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : nil
    case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : nil
    case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
    case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : nil
    default: return nil
    }
  }

  /// An error for what is at `index`: comments, `NaN`/`Infinity` and single quotes get
  /// messages of their own; otherwise `expected`, followed by what was found when `found`.
  func unexpected(_ expected: String, found: Bool) -> RingError {
    let rest = bytes[index...]
    if rest.starts(with: "//".utf8) || rest.starts(with: "/*".utf8) {
      return error("comments are not allowed in JSON", at: position)
    }
    if rest.starts(with: "NaN".utf8) || rest.starts(with: "Infinity".utf8) {
      return error("NaN and Infinity are not allowed in JSON", at: position)
    }
    if index == bytes.count {
      return error("unexpected end of file; \(expected)", at: position)
    }
    if rest.first == UInt8(ascii: "'") {
      return error("\(expected), found ''' (JSON strings use double quotes)", at: position)
    }
    return error(
      found ? "\(expected), found \(describe(at: index, word: true))" : expected,
      at: position)
  }

  /// What is at `i`, for a message: `'x'`, `'word'`, `U+00A0` or `byte 0xFF (not UTF-8)`.
  func describe(at i: Int, word: Bool) -> String {
    let byte = bytes[i]
    func isLetter(_ b: UInt8) -> Bool {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b | 0x20)
    }
    if word && isLetter(byte) {
      var end = i
      while end < bytes.count, end - i < 20, isLetter(bytes[end]) { end += 1 }
      return "'\(String(decoding: bytes[i..<end], as: UTF8.self))'"
    }
    if byte >= 0x21 && byte < 0x7F {
      return "'\(Character(Unicode.Scalar(byte)))'"
    }
    guard let length = utf8Length(at: i) else { return "byte \(hex(byte)) (not UTF-8)" }
    var scalar = UInt32(byte)
    if length > 1 {
      scalar &= 0x7F >> length
      for k in 1..<length { scalar = scalar << 6 | UInt32(bytes[i + k] & 0x3F) }
    }
    return scalarName(scalar)
  }
}

private func hex(_ byte: UInt8) -> String {
  let digits = String(byte, radix: 16, uppercase: true)
  return "0x" + (digits.count < 2 ? "0" + digits : digits)
}

private func hex4(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

private func scalarName(_ value: UInt32) -> String { "U+" + hex4(value) }

/// How a control character is written in a JSON string.
private func shortEscape(_ byte: UInt8) -> String {
  switch byte {
  case 0x08: "\\b"
  case 0x09: "\\t"
  case 0x0C: "\\f"
  default: "\\u" + hex4(UInt32(byte))
  }
}

/// `text` in double quotes for a one-line message: quotes, backslashes and hidden
/// characters and stray marks (`VisibleText.escapes`) escaped as in JSON, and cut to 40 scalars with `...`.
func jsonQuoted(_ text: String) -> String {
  var result = "\""
  let escape = VisibleText.escapes(text)
  for (n, scalar) in text.unicodeScalars.enumerated() {
    if n == 40 {
      result += "..."
      break
    }
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\t": result += "\\t"
    case "\r": result += "\\r"
    case _ where escape[n] && scalar.value > 0xFFFF:
      let v = scalar.value - 0x10000
      result += "\\u" + hex4(0xD800 + (v >> 10)) + "\\u" + hex4(0xDC00 + (v & 0x3FF))
    case _ where escape[n]:
      result += "\\u" + hex4(scalar.value)
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}
