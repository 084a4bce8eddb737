/// Where a command writes: standard output (bytes, so PNG data can go there) and standard
/// error (text). Tests pass buffers; the executable passes the real streams.
public struct Console {
  public var writeOut: ([UInt8]) throws -> Void
  public var writeErr: (String) -> Void

  public init(writeOut: @escaping ([UInt8]) throws -> Void, writeErr: @escaping (String) -> Void) {
    self.writeOut = writeOut
    self.writeErr = writeErr
  }

  func out(_ text: String) throws { try writeOut(Array(text.utf8)) }
}
