import Foundation
import RainbowRing
import RingGraphics

/// Ring files: a JSON object whose keys are the command line's option names (`ring.json`).
public enum RingFile {
  /// The largest ring file read, in bytes.
  public static let maximumSize = 1 << 20

  /// Reads the configuration in the ring file at `path`; throws `RingError` with
  /// `FILE:LINE:COLUMN: message` for anything but a valid ring file: strict JSON
  /// (`StrictJSONDecoder`: RFC 8259, no unknown keys), each value of its key's type and
  /// range.
  public static func read(_ path: String) throws(RingError) -> RingConfiguration {
    try decode(try bytes(at: path), file: path)
  }

  /// The bytes of the file at `path`, read as a stream (a pipe or `<(...)` works) and
  /// refused past `maximumSize`; throws `RingError` naming the path and the reason.
  static func bytes(at path: String) throws(RingError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw RingError(
        .invalidConfiguration,
        "\(path): cannot read the ring file", systemError: errno)
    }
    defer { close(fd) }
    return try bytes(reading: fd, name: path)
  }

  /// The bytes read from `fd` to its end, refused past `maximumSize`; `name` names it in
  /// errors.
  static func bytes(reading fd: Int32, name path: String) throws(RingError) -> [UInt8] {
    var st = stat()
    if fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR {
      throw RingError(.invalidConfiguration, "\(path): is a folder, not a ring file")
    }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = chunk.withUnsafeMutableBytes { c in
        retryingOnInterrupt { Glibc.read(fd, c.baseAddress, c.count) }
      }
      guard n >= 0 else {
        throw RingError(
          .invalidConfiguration,
          "\(path): cannot read the ring file", systemError: errno)
      }
      if n == 0 { return out }
      out += chunk[0..<n]
      if out.count > maximumSize {
        throw RingError(
          .invalidConfiguration,
          "\(path): a ring file holds at most \(maximumSize) bytes; this one holds more")
      }
    }
  }

  /// Reads the ring file at `path` with where each of its keys' values stands
  /// (`FILE:LINE:COLUMN`), for errors about how values fit together.
  public static func readWithPositions(_ path: String) throws(RingError) -> (
    configuration: RingConfiguration, positions: [String: String]
  ) {
    try withPositions(try bytes(at: path), file: path)
  }

  /// `readWithPositions(_:)` for the ring file read from `fd` to its end (standard input, a
  /// pipe), named `name` in errors and places; `fd` stays open.
  public static func readWithPositions(_ fd: Int32, name: String) throws(RingError) -> (
    configuration: RingConfiguration, positions: [String: String]
  ) {
    try withPositions(try bytes(reading: fd, name: name), file: name)
  }

  static func withPositions(_ bytes: [UInt8], file path: String) throws(RingError) -> (
    configuration: RingConfiguration, positions: [String: String]
  ) {
    let configuration = try decode(bytes, file: path)
    var positions: [String: String] = [:]
    if let root = try? JSONValue(parsing: bytes, file: path),
      case .object(let members) = root.content
    {
      for m in members { positions[m.key] = "\(path):\(m.value.position)" }
    }
    return (configuration, positions)
  }

  /// Decodes a ring file's bytes, naming it `file` in errors.
  public static func decode(_ bytes: [UInt8], file: String) throws(RingError) -> RingConfiguration {
    do {
      return try StrictJSONDecoder().decode(RingConfiguration.self, from: bytes, file: file)
    } catch let error as RingError {
      throw error
    } catch {
      throw RingError(.invalidConfiguration, "\(file): \(error)")
    }
  }
}
