/// Why a PNG could not be written or read as a golden image.
public struct GoldenPNGError: Error, CustomStringConvertible, Sendable {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
