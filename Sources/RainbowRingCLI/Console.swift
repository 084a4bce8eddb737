/// Where a command writes: standard output (bytes, so PNG data can go there) and standard
/// error (text). Tests pass buffers; the executable passes the real streams.
public struct Console {
  public var writeOut: ([UInt8]) throws -> Void
  public var writeErr: (String) -> Void
  /// Whether standard error is a terminal (progress bars are drawn only then).
  public var errorIsTerminal: Bool
  /// Whether standard output is a terminal.
  public var outputIsTerminal: Bool

  public init(
    writeOut: @escaping ([UInt8]) throws -> Void, writeErr: @escaping (String) -> Void,
    errorIsTerminal: Bool = false, outputIsTerminal: Bool = false
  ) {
    self.writeOut = writeOut
    self.writeErr = writeErr
    self.errorIsTerminal = errorIsTerminal
    self.outputIsTerminal = outputIsTerminal
  }

  func out(_ text: String) throws { try writeOut(Array(text.utf8)) }
}
