import Foundation
import RingGraphics

/// Ring files: a JSON object whose keys are the command line's option names (`ring.json`).
public enum RingFile {
  /// The largest ring file read, in bytes.
  public static let maximumSize = 1 << 20

  /// Reads the configuration in the ring file at `path`; throws `RingError` with
  /// `FILE:LINE:COLUMN: message` for anything but a valid ring file.
  public static func read(_ path: String) throws(RingError) -> RingConfiguration {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw RingError(.invalidParameter, "\(path): cannot read the ring file")
    }
    return try decode([UInt8](data), file: path)
  }

  /// Decodes a ring file's bytes, naming it `file` in errors.
  public static func decode(_ bytes: [UInt8], file: String) throws(RingError) -> RingConfiguration {
    do {
      return try JSONDecoder().decode(RingConfiguration.self, from: Data(bytes))
    } catch {
      throw RingError(.invalidParameter, "\(file): \(error)")
    }
  }
}
