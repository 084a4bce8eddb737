/// The error thrown when an export or a file write fails.
public struct ExportError: Error, Hashable, Sendable, CustomStringConvertible {
  public struct Code: Hashable, Sendable {
    let name: String
    public static let encoderFailed = Code(name: "encoderFailed")
    public static let cannotWrite = Code(name: "cannotWrite")
    public static let brokenPipe = Code(name: "brokenPipe")
    public static let ffmpegMissing = Code(name: "ffmpegMissing")
    public static let ffmpegFailed = Code(name: "ffmpegFailed")
    public static let interrupted = Code(name: "interrupted")
    public static let invalidSettings = Code(name: "invalidSettings")
    /// `--format frames` into a folder that already holds files (a usage error).
    public static let folderNotEmpty = Code(name: "folderNotEmpty")
    /// Two outputs of one export are one file (a usage error).
    public static let outputsCollide = Code(name: "outputsCollide")
    /// A thread, a process or memory could not be had (a resource limit).
    public static let resources = Code(name: "resources")
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
