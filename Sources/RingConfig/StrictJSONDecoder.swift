import Foundation
import RingGraphics

/// Decodes `Decodable` types from strict JSON (see `JSONValue(parsing:file:)`), with every
/// error a `RingError` of code `.invalidConfiguration` whose message is
/// `FILE:LINE:COLUMN: message`.
///
/// ```swift
/// let config = try StrictJSONDecoder().decode(RingConfig.self, from: bytes, file: "ring.json")
/// ```
///
/// Stricter than `JSONDecoder`:
/// - an object's key that the type never asked for is refused at that key
///   (`ring.json:4:3: unknown key "colour"; did you mean "colors"?`), in nested objects and
///   arrays of objects too. A key counts as asked for when the type decodes it, checks it
///   with `contains` (as `decodeIfPresent` does for optionals, so an absent optional key is
///   still known) or lists `allKeys` (as `Dictionary` does);
/// - an array with elements the type did not read is refused at the first one;
/// - no conversions: a number is not a string, `1.5` is not an `Int`, `300` is not a
///   `UInt8`, `1e400` is not a `Double`;
/// - a wrong type is reported at the value (`expected a number for "size", found a string`),
///   a missing key at its object (`missing required key "size"`);
/// - an error thrown by a type's own `init(from:)` (a `RingError`, say) keeps its message and
///   is reported at the value that type was decoding; a `DecodingError` it throws is
///   reported at the value its coding path names (`DecodingError.dataCorruptedError(forKey:
///   in:debugDescription:)` points at that key's value).
///
/// Coding paths in messages read like `layers[2].colors`.
public struct StrictJSONDecoder {
  /// Handed to the types being decoded as `Decoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: Any] = [:]
  public var maximumDepth = JSONValue.defaultMaximumDepth
  public var maximumSize = JSONValue.defaultMaximumSize

  public init() {}

  /// Parses `bytes` (the contents of `file`, which is named in messages) and decodes a `T`.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], file: String) throws -> T {
    let root = try JSONValue(
      parsing: bytes, file: file, maximumDepth: maximumDepth, maximumSize: maximumSize)
    return try decode(type, from: root, file: file)
  }

  public func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String) throws -> T {
    try decode(type, from: [UInt8](data), file: file)
  }

  /// Decodes a `T` from an already parsed tree.
  public func decode<T: Decodable>(_ type: T.Type, from root: JSONValue, file: String) throws -> T {
    let state = DecodingState(file: file, root: root, userInfo: userInfo)
    do {
      return try state.decode(type, from: root, path: [])
    } catch let error as PositionedError {
      throw error.error
    }
  }
}

/// An error already in its final form, passing up through the types' initialisers.
struct PositionedError: Error, CustomStringConvertible {
  let error: RingError
  var description: String { error.message }
}

/// A key for an array element, in coding paths.
struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }
  init(_ index: Int) { intValue = index }
  init?(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }
}

/// What one `decode` call shares: the file's name, the tree, and which keys and elements the
/// types asked for.
final class DecodingState {
  let file: String
  let root: JSONValue
  let userInfo: [CodingUserInfoKey: Any]
  /// The keys asked for, by the position of their object.
  var requested: [JSONPosition: Set<String>] = [:]
  /// Objects whose keys were all listed (`allKeys`).
  var listed: Set<JSONPosition> = []
  /// How many elements were read, by the position of their array.
  var consumed: [JSONPosition: Int] = [:]
  /// Objects and arrays opened while a type decodes, checked when it is done.
  var pending: [(value: JSONValue, path: [any CodingKey])] = []

  init(file: String, root: JSONValue, userInfo: [CodingUserInfoKey: Any]) {
    self.file = file
    self.root = root
    self.userInfo = userInfo
  }

  func error(_ message: String, at position: JSONPosition) -> PositionedError {
    PositionedError(error: .configuration(message, file: file, at: position))
  }

  /// Runs `T.init(from:)` over `value`, then refuses keys and elements it left unread.
  func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, path: [any CodingKey]) throws
    -> T
  {
    let mark = pending.count
    pending.append((value, path))
    defer { pending.removeSubrange(mark...) }
    let result: T
    do {
      result = try T(from: ValueDecoder(state: self, value: value, codingPath: path))
    } catch let error as PositionedError {
      throw error
    } catch let error as DecodingError {
      throw positioned(error, type: T.self, value: value, path: path)
    } catch let error as RingError {
      throw self.error(error.message, at: value.position)
    } catch {
      throw self.error(String(describing: error), at: value.position)
    }
    var i = mark
    while i < pending.count {
      try checkUsage(pending[i].value)
      i += 1
    }
    return result
  }

  func request(_ key: String, in object: JSONValue) {
    requested[object.position, default: []].insert(key)
  }

  /// Refuses the first key of an object no type asked for, or the first element of an array
  /// left unread (when an unkeyed container was opened on it).
  func checkUsage(_ value: JSONValue) throws {
    switch value.content {
    case .object(let members):
      if listed.contains(value.position) { return }
      let asked = requested[value.position] ?? []
      for member in members where !asked.contains(member.key) {
        let present = Set(members.map(\.key))
        var message = "unknown key \(jsonQuoted(member.key))"
        if let near = nearest(to: member.key, among: asked.subtracting(present)) {
          message += "; did you mean \(jsonQuoted(near))?"
        }
        throw error(message, at: member.keyPosition)
      }
    case .array(let elements):
      if let read = consumed[value.position], read < elements.count {
        throw error(
          "unexpected extra element; expected \(read) element\(read == 1 ? "" : "s")",
          at: elements[read].position)
      }
    default:
      break
    }
  }

  /// A `DecodingError` from a type's initialiser, at the value its coding path names.
  func positioned<T>(_ error: DecodingError, type: T.Type, value: JSONValue, path: [any CodingKey])
    -> PositionedError
  {
    switch error {
    case .dataCorrupted(let context):
      let target = resolve(context.codingPath) ?? value
      if case .string(let text) = target.content, let names = caseNames(of: T.self),
        context.codingPath.count == path.count
      {
        var message =
          "unknown value \(jsonQuoted(text))\(pathClause(path)); expected one of "
          + names.map(jsonQuoted).joined(separator: ", ")
        if let near = nearest(to: text, among: Set(names)) {
          message += "; did you mean \(jsonQuoted(near))?"
        }
        return self.error(message, at: target.position)
      }
      return self.error(context.debugDescription, at: target.position)
    case .keyNotFound(let key, let context):
      let target = resolve(context.codingPath) ?? value
      return self.error(
        "missing required key \(jsonQuoted(key.stringValue))\(pathClause(context.codingPath, "in"))",
        at: target.position)
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return self.error(
        context.debugDescription, at: (resolve(context.codingPath) ?? value).position)
    @unknown default:
      return self.error(String(describing: error), at: value.position)
    }
  }

  /// The value a coding path leads to from the root, or the last one found on the way.
  func resolve(_ path: [any CodingKey]) -> JSONValue? {
    var value = root
    for key in path {
      switch value.content {
      case .object(let members):
        guard let member = members.first(where: { $0.key == key.stringValue }) else {
          return value
        }
        value = member.value
      case .array(let elements):
        guard let i = key.intValue, elements.indices.contains(i) else { return value }
        value = elements[i]
      default:
        return value
      }
    }
    return value
  }

  // MARK: Scalars

  func mismatch(_ expected: String, _ value: JSONValue, _ path: [any CodingKey])
    -> PositionedError
  {
    error(
      "expected \(expected)\(pathClause(path)), found \(value.kindDescription)",
      at: value.position)
  }

  func decodeNil(_ value: JSONValue) -> Bool {
    if case .null = value.content { return true }
    return false
  }

  func decodeBool(_ value: JSONValue, _ path: [any CodingKey]) throws -> Bool {
    guard case .bool(let b) = value.content else { throw mismatch("true or false", value, path) }
    return b
  }

  func decodeString(_ value: JSONValue, _ path: [any CodingKey]) throws -> String {
    guard case .string(let s) = value.content else { throw mismatch("a string", value, path) }
    return s
  }

  func decodeFloat<T: BinaryFloatingPoint & LosslessStringConvertible>(
    _ value: JSONValue, _ path: [any CodingKey]
  ) throws -> T {
    guard case .number(let text) = value.content else { throw mismatch("a number", value, path) }
    try checkLiteral(text, value, path)
    guard let number = T(text), number.isFinite else {
      throw error(
        "expected a number in \(T.self)'s range\(pathClause(path)), found \(literal(text))",
        at: value.position)
    }
    return number
  }

  /// Refuses a number's text that the parser would not have read (in a tree built by hand).
  func checkLiteral(_ text: String, _ value: JSONValue, _ path: [any CodingKey]) throws {
    guard JSONParser.isNumber(text) else {
      throw error(
        "expected a number\(pathClause(path)), found \(literal(text)) (not a JSON number)",
        at: value.position)
    }
  }

  func decodeInteger<T: FixedWidthInteger>(_ value: JSONValue, _ path: [any CodingKey]) throws
    -> T
  {
    guard case .number(let text) = value.content else { throw mismatch("a number", value, path) }
    try checkLiteral(text, value, path)
    guard let whole = WholeNumber(text) else {
      throw error(
        "expected a whole number\(pathClause(path)), found \(literal(text))",
        at: value.position)
    }
    guard let number: T = whole.exactly() else {
      throw error(
        "expected a whole number in \(T.min)...\(T.max)\(pathClause(path)), found \(literal(text))",
        at: value.position)
    }
    return number
  }
}

/// ` for "a.b[2]"`, or nothing for the top-level value.
func pathClause(_ path: [any CodingKey], _ preposition: String = "for") -> String {
  guard !path.isEmpty else { return "" }
  var text = ""
  for key in path {
    if key is IndexKey {
      text += "[\(key.intValue ?? 0)]"
    } else {
      text += (text.isEmpty ? "" : ".") + key.stringValue
    }
  }
  return " \(preposition) \(jsonQuoted(text))"
}

/// A number's literal for a message, cut to 40 characters.
private func literal(_ text: String) -> String {
  text.count <= 40 ? text : text.prefix(40) + "..."
}

/// The raw values of a `CaseIterable` enum with `String` raw values, or nil.
private func caseNames<T>(of type: T.Type) -> [String]? {
  func names<E: CaseIterable & RawRepresentable>(_: E.Type) -> [String] {
    E.allCases.compactMap { $0.rawValue as? String }
  }
  guard let iterable = type as? any (CaseIterable & RawRepresentable).Type else { return nil }
  let all = names(iterable)
  return all.isEmpty ? nil : all
}

/// `Suggestion.nearest` over `candidates`, the command line's rule (so a ring file's
/// `"ringWidth"` suggests `"ring-width"` as `--ringWidth` does). Names longer than 64
/// scalars, or more than 1000 candidates, give none: bounded work on hostile input.
func nearest(to name: String, among candidates: Set<String>) -> String? {
  guard name.unicodeScalars.count <= 64, candidates.count <= 1000 else { return nil }
  return Suggestion.nearest(to: name, among: candidates.filter { $0.count <= 64 }.sorted())
}

/// A JSON number's exact value when it is whole: `-12`, `1e3`, `2.50e1`, `-0`.
struct WholeNumber {
  var negative: Bool
  /// The value's magnitude, or nil when it does not fit in 64 bits.
  var magnitude: UInt64?

  /// Nil when the number has a fractional part (or `text` is not a JSON number).
  init?(_ text: String) {
    var bytes = Substring(text).utf8[...]
    negative = bytes.first == UInt8(ascii: "-")
    if negative { bytes = bytes.dropFirst() }
    var digits: [UInt8] = []
    var exponent = 0
    var inFraction = false
    while let b = bytes.first, b != UInt8(ascii: "e"), b != UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if b == UInt8(ascii: ".") {
        inFraction = true
        continue
      }
      if digits.isEmpty && b == UInt8(ascii: "0") {
        if inFraction { exponent -= 1 }
        continue
      }
      // Only digits from here (a tree built by hand may hold any text).
      let digit = b &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      digits.append(digit)
      if inFraction { exponent -= 1 }
    }
    if !bytes.isEmpty {
      bytes = bytes.dropFirst()
      let negativeExponent = bytes.first == UInt8(ascii: "-")
      if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
        bytes = bytes.dropFirst()
      }
      var e = 0
      for b in bytes {
        let digit = b &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        e = min(e * 10 + Int(digit), 1_000_000_000)
      }
      exponent += negativeExponent ? -e : e
    }
    while digits.last == 0 {
      digits.removeLast()
      exponent += 1
    }
    if digits.isEmpty {
      magnitude = 0
      return
    }
    guard exponent >= 0 else { return nil }
    guard digits.count + exponent <= 20 else {
      magnitude = nil
      return
    }
    var value: UInt64 = 0
    var overflow = false
    for d in digits + [UInt8](repeating: 0, count: exponent) {
      let (times10, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times10.addingReportingOverflow(UInt64(d))
      overflow = overflow || o1 || o2
      value = sum
    }
    magnitude = overflow ? nil : value
  }

  /// The value as a `T`, or nil when out of its range.
  func exactly<T: FixedWidthInteger>() -> T? {
    guard let magnitude else { return nil }
    if !negative || magnitude == 0 { return T(exactly: magnitude) }
    guard T.isSigned, let below = T(exactly: magnitude - 1) else { return nil }
    return 0 - below - 1
  }
}
