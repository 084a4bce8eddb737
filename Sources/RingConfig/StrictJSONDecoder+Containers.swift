import RainbowRing
import RingGraphics

/// The `Decoder` a type's `init(from:)` sees: one value of the tree.
struct ValueDecoder: Decoder {
  let state: DecodingState
  let value: JSONValue
  let codingPath: [any CodingKey]

  var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = value.content else {
      throw state.mismatch("an object", value, codingPath)
    }
    return KeyedDecodingContainer(
      KeyedContainer<Key>(state: state, object: value, members: members, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value.content else {
      throw state.mismatch("an array", value, codingPath)
    }
    return UnkeyedContainer(state: state, array: value, elements: elements, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueContainer(state: state, value: value, codingPath: codingPath)
  }
}

struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let state: DecodingState
  let object: JSONValue
  let values: [String: JSONValue]
  let codingPath: [any CodingKey]

  init(state: DecodingState, object: JSONValue, members: [JSONMember], codingPath: [any CodingKey])
  {
    self.state = state
    self.object = object
    self.values = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
    self.codingPath = codingPath
  }

  /// The keys present that `Key` can represent; listing them counts as asking for them.
  var allKeys: [Key] {
    guard case .object(let members) = object.content else { return [] }
    let keys = members.compactMap { Key(stringValue: $0.key) }
    if keys.count == members.count {
      state.listed.insert(object.position)
    } else {
      for key in keys { state.request(key.stringValue, in: object) }
    }
    return keys
  }

  func contains(_ key: Key) -> Bool {
    state.request(key.stringValue, in: object)
    return values[key.stringValue] != nil
  }

  /// The key's value, which counts as asked for whether present or not.
  func value(for key: Key) throws -> JSONValue {
    state.request(key.stringValue, in: object)
    guard let value = values[key.stringValue] else {
      var message =
        "missing required key \(jsonQuoted(key.stringValue))\(pathClause(codingPath, "in"))"
      let unasked = Set(values.keys).subtracting(state.requested[object.position] ?? [])
      if let near = nearest(to: key.stringValue, among: unasked),
        case .object(let members) = object.content,
        let member = members.first(where: { $0.key == near })
      {
        message += "; is \(jsonQuoted(near)) at \(member.keyPosition) misspelt?"
      }
      throw state.error(message, at: object.position)
    }
    return value
  }

  func decodeNil(forKey key: Key) throws -> Bool { state.decodeNil(try value(for: key)) }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try state.decodeBool(try value(for: key), codingPath + [key])
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try state.decodeString(try value(for: key), codingPath + [key])
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try state.decodeFloat(try value(for: key), codingPath + [key])
  }

  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try state.decodeFloat(try value(for: key), codingPath + [key])
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }

  func integer<T: FixedWidthInteger>(_ key: Key) throws -> T {
    try state.decodeInteger(try value(for: key), codingPath + [key])
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try state.decode(type, from: try value(for: key), path: codingPath + [key])
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let value = try value(for: key)
    state.pending.append((value, codingPath + [key]))
    return try ValueDecoder(state: state, value: value, codingPath: codingPath + [key])
      .container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let value = try value(for: key)
    state.pending.append((value, codingPath + [key]))
    return try ValueDecoder(state: state, value: value, codingPath: codingPath + [key])
      .unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    try superDecoder(key: "super", codingKey: NameKey("super"))
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    try superDecoder(key: key.stringValue, codingKey: key)
  }

  private func superDecoder(key: String, codingKey: any CodingKey) throws -> any Decoder {
    state.request(key, in: object)
    let value = values[key] ?? JSONValue(.null, at: object.position)
    state.pending.append((value, codingPath + [codingKey]))
    return ValueDecoder(state: state, value: value, codingPath: codingPath + [codingKey])
  }
}

struct UnkeyedContainer: UnkeyedDecodingContainer {
  let state: DecodingState
  let array: JSONValue
  let elements: [JSONValue]
  let codingPath: [any CodingKey]
  private(set) var currentIndex = 0

  init(state: DecodingState, array: JSONValue, elements: [JSONValue], codingPath: [any CodingKey]) {
    self.state = state
    self.array = array
    self.elements = elements
    self.codingPath = codingPath
  }

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  /// The next element and its path, without moving on.
  func next() throws -> (JSONValue, [any CodingKey]) {
    guard !isAtEnd else {
      throw state.error(
        "expected another element\(pathClause(codingPath, "in")) (it has \(elements.count))",
        at: array.position)
    }
    return (elements[currentIndex], codingPath + [IndexKey(currentIndex)])
  }

  /// Moves on after a successful read.
  mutating func step() {
    currentIndex += 1
    state.consumed[array.position] = max(state.consumed[array.position] ?? 0, currentIndex)
  }

  mutating func decodeNil() throws -> Bool {
    let (value, _) = try next()
    guard state.decodeNil(value) else { return false }
    step()
    return true
  }

  mutating func read<T>(_ body: (JSONValue, [any CodingKey]) throws -> T) throws -> T {
    let (value, path) = try next()
    let result = try body(value, path)
    step()
    return result
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try read(state.decodeBool) }
  mutating func decode(_ type: String.Type) throws -> String { try read(state.decodeString) }
  mutating func decode(_ type: Double.Type) throws -> Double { try read(state.decodeFloat) }
  mutating func decode(_ type: Float.Type) throws -> Float { try read(state.decodeFloat) }
  mutating func decode(_ type: Int.Type) throws -> Int { try read(state.decodeInteger) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try read(state.decodeInteger) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try read(state.decodeInteger) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try read(state.decodeInteger) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try read(state.decodeInteger) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try read(state.decodeInteger) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try read(state.decodeInteger) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try read(state.decodeInteger) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try read(state.decodeInteger) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try read(state.decodeInteger) }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let state = state
    return try read { try state.decode(type, from: $0, path: $1) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let state = state
    return try read { value, path in
      state.pending.append((value, path))
      return try ValueDecoder(state: state, value: value, codingPath: path)
        .container(keyedBy: type)
    }
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let state = state
    return try read { value, path in
      state.pending.append((value, path))
      return try ValueDecoder(state: state, value: value, codingPath: path).unkeyedContainer()
    }
  }

  mutating func superDecoder() throws -> any Decoder {
    let state = state
    return try read { value, path in
      state.pending.append((value, path))
      return ValueDecoder(state: state, value: value, codingPath: path)
    }
  }
}

struct SingleValueContainer: SingleValueDecodingContainer {
  let state: DecodingState
  let value: JSONValue
  let codingPath: [any CodingKey]

  func decodeNil() -> Bool { state.decodeNil(value) }
  func decode(_ type: Bool.Type) throws -> Bool { try state.decodeBool(value, codingPath) }
  func decode(_ type: String.Type) throws -> String { try state.decodeString(value, codingPath) }
  func decode(_ type: Double.Type) throws -> Double { try state.decodeFloat(value, codingPath) }
  func decode(_ type: Float.Type) throws -> Float { try state.decodeFloat(value, codingPath) }
  func decode(_ type: Int.Type) throws -> Int { try state.decodeInteger(value, codingPath) }
  func decode(_ type: Int8.Type) throws -> Int8 { try state.decodeInteger(value, codingPath) }
  func decode(_ type: Int16.Type) throws -> Int16 { try state.decodeInteger(value, codingPath) }
  func decode(_ type: Int32.Type) throws -> Int32 { try state.decodeInteger(value, codingPath) }
  func decode(_ type: Int64.Type) throws -> Int64 { try state.decodeInteger(value, codingPath) }
  func decode(_ type: UInt.Type) throws -> UInt { try state.decodeInteger(value, codingPath) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try state.decodeInteger(value, codingPath) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try state.decodeInteger(value, codingPath) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try state.decodeInteger(value, codingPath) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try state.decodeInteger(value, codingPath) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try state.decode(type, from: value, path: codingPath)
  }
}

/// A key by name, for `superDecoder()`'s `"super"`.
struct NameKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }
  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
