/// The one error the ring's modules throw: a code a program can match and a message for a
/// person.
///
/// Each module adds its own codes in an extension of `RingError.Code`
/// (`RingError+Export.swift` and the like), so one `catch let error as RingError` handles
/// every domain, and `description` is always the one-line message.
public struct RingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of failure this is: a name, compared by value. Modules declare theirs as
  /// static members (`RingError.Code.invalidColor`).
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    /// The code's name, unique across the modules (`"invalidColor"`).
    public let name: String

    public init(name: String) { self.name = name }

    public var description: String { name }
  }

  public let code: Code
  /// A one-line message for a person.
  public let message: String
  /// The configuration key whose value is at fault (`"ring-width"`), when one is: where a
  /// command line or ring file gave that value, it can say so.
  public let key: String?

  public init(_ code: Code, _ message: String, key: String? = nil) {
    self.code = code
    self.message = message
    self.key = key
  }

  public var description: String { message }
}

extension RingError.Code {
  /// A colour component outside [0, 1], or a non-finite hue.
  public static let invalidColor = Self(name: "invalidColor")
  /// A pixmap of no pixels or too many.
  public static let invalidSize = Self(name: "invalidSize")
  public static let invalidGradient = Self(name: "invalidGradient")
  public static let invalidStroke = Self(name: "invalidStroke")
  public static let invalidPath = Self(name: "invalidPath")
}
