/// The error thrown when a graphics value is refused at construction.
public struct GraphicsError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of input was refused.
  public struct Code: Hashable, Sendable {
    let name: String
    public static let invalidColor = Code(name: "invalidColor")
    public static let invalidSize = Code(name: "invalidSize")
    public static let invalidGradient = Code(name: "invalidGradient")
    public static let invalidStroke = Code(name: "invalidStroke")
    public static let invalidPath = Code(name: "invalidPath")
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
