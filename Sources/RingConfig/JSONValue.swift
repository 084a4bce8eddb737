import RainbowRing
import RingGraphics

/// A JSON value read from a file, with where it starts: the tree `StrictJSONDecoder` decodes
/// from, so every error can name a line and a column.
///
/// Read one with `JSONValue(parsing:file:)`, which follows RFC 8259 strictly (see
/// `JSONParser`). Objects keep their members in the file's order, with each key's position
/// as well as its value's; numbers keep their literal text, so integers and decimals of any
/// length stay exact until a type asks for them.
public struct JSONValue: Hashable, Sendable {
  /// What the value is.
  public enum Content: Hashable, Sendable {
    /// Members in the file's order; keys are unique.
    case object([JSONMember])
    case array([JSONValue])
    /// The string with its escapes resolved.
    case string(String)
    /// The number's literal text as written (`-12`, `0.50`, `1e3`), valid by RFC 8259's
    /// grammar.
    case number(String)
    case bool(Bool)
    case null
  }

  public var content: Content
  /// Where the value's first character is (`{`, `[`, `"`, a digit, `-`, `t`, `f` or `n`).
  public var position: JSONPosition

  public init(_ content: Content, at position: JSONPosition) {
    self.content = content
    self.position = position
  }

  /// What kind of value this is, for messages: "an object", "a string", "null".
  public var kindDescription: String {
    switch content {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    }
  }
}

/// One `"key": value` of a JSON object.
public struct JSONMember: Hashable, Sendable {
  public var key: String
  /// Where the key's opening quote is.
  public var keyPosition: JSONPosition
  public var value: JSONValue

  public init(key: String, keyPosition: JSONPosition, value: JSONValue) {
    self.key = key
    self.keyPosition = keyPosition
    self.value = value
  }
}

/// A place in a file: a 1-based line and a 1-based column.
///
/// Columns count Unicode scalars, not bytes or grapheme clusters: `é` written as one scalar
/// is one column, a tab is one column. Lines end at LF, CR LF or a lone CR.
public struct JSONPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public static func < (a: JSONPosition, b: JSONPosition) -> Bool {
    (a.line, a.column) < (b.line, b.column)
  }

  /// `LINE:COLUMN`, as in error messages.
  public var description: String { "\(line):\(column)" }
}
