/// Writes whole files atomically (see `OutputFile`): the target appears only complete.
public enum FileWriter {
  /// Writes `bytes` to `path`, or to standard output when `path` is "-".
  public static func write(_ bytes: [UInt8], to path: String) throws {
    let file = try OutputFile(path: path)
    try file.write(bytes)
    try file.commit()
  }
}
