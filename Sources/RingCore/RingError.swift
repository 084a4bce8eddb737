#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Darwin
#endif

/// The one error the ring's modules throw: a code a program can match, a message for a
/// person, and as data the option it is about and the system's error number.
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
  /// The system's error number when a system call failed (`ENOSPC`, `EACCES`, ...), for a
  /// program to match; the message already says it in words.
  public let errno: Int32?

  public init(_ code: Code, _ message: String, key: String? = nil) {
    self.code = code
    self.message = message
    self.key = key
    errno = nil
  }

  /// An error from a failed system call: `what` (`"cannot write 'a.gif'"`), a colon and the
  /// system's words for `number` (`No space left on device`), carrying `number`.
  public init(_ code: Code, _ what: String, systemError number: Int32, key: String? = nil) {
    self.code = code
    message = "\(what): \(String(cString: strerror(number)))"
    self.key = key
    errno = number
  }

  public var description: String { message }
}
