import Foundation

/// Writes whole files atomically: into a temporary file beside the target, renamed over it
/// only when every byte is written, so a failure never leaves a partial or broken file.
public enum FileWriter {
  /// Writes `bytes` to `path`, or to standard output when `path` is "-".
  public static func write(_ bytes: [UInt8], to path: String) throws {
    if path == "-" {
      try writeAll(bytes, to: STDOUT_FILENO, what: "standard output")
      return
    }
    let url = URL(fileURLWithPath: path)
    let dir = url.deletingLastPathComponent().path
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
      throw ExportError(.cannotWrite, "cannot write '\(path)': it is a directory")
    }
    let temp = dir + "/." + url.lastPathComponent + ".\(getpid()).tmp"
    let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw ExportError(.cannotWrite, "cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
    do {
      try writeAll(bytes, to: fd, what: "'\(path)'")
      guard fsync(fd) == 0 || errno == EINVAL || errno == EROFS else {
        throw ExportError(
          .cannotWrite, "cannot write '\(path)': \(String(cString: strerror(errno)))")
      }
      guard close(fd) == 0 else {
        throw ExportError(
          .cannotWrite, "cannot write '\(path)': \(String(cString: strerror(errno)))")
      }
    } catch {
      close(fd)
      unlink(temp)
      throw error
    }
    guard rename(temp, path) == 0 else {
      let message = String(cString: strerror(errno))
      unlink(temp)
      throw ExportError(.cannotWrite, "cannot write '\(path)': \(message)")
    }
  }

  static func writeAll(_ bytes: [UInt8], to fd: Int32, what: String) throws {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBufferPointer { b in
        Foundation.write(fd, b.baseAddress! + offset, b.count - offset)
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw ExportError(.cannotWrite, "cannot write \(what): \(String(cString: strerror(errno)))")
      }
      offset += n
    }
  }
}
