/// The error thrown when a file cannot be written.
public struct ExportError: Error, Hashable, Sendable, CustomStringConvertible {
  public struct Code: Hashable, Sendable {
    let name: String
    public static let encoderFailed = Code(name: "encoderFailed")
    public static let cannotWrite = Code(name: "cannotWrite")
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
