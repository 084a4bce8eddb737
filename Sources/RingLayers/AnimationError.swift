/// The error thrown when an animation or layer value is refused.
public struct AnimationError: Error, Hashable, Sendable, CustomStringConvertible {
  public struct Code: Hashable, Sendable {
    let name: String
    public static let invalidTimingFunction = Code(name: "invalidTimingFunction")
    public static let invalidTiming = Code(name: "invalidTiming")
    public static let unknownKeyPath = Code(name: "unknownKeyPath")
    public static let mismatchedValue = Code(name: "mismatchedValue")
  }

  public let code: Code
  /// A one-line message for a person.
  public let message: String

  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { message }
}
