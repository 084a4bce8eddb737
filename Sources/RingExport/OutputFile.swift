import Foundation

/// A file being written: bytes go to a temporary file beside the target, which replaces the
/// target only on `commit()`. Dropping it uncommitted removes the temporary file, so a
/// failure or an interruption never leaves a partial or broken file. The path "-" writes to
/// standard output instead.
public final class OutputFile {
  public let path: String
  /// Where the bytes are going now (the temporary file, or "-").
  public let temporaryPath: String
  private var fd: Int32
  private var committed = false

  /// Opens a temporary file for `path`; throws when its directory cannot be written or
  /// `path` is a directory.
  public init(path: String) throws {
    self.path = path
    if path == "-" {
      temporaryPath = "-"
      fd = STDOUT_FILENO
      return
    }
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
      throw ExportError(.cannotWrite, "cannot write '\(path)': it is a directory")
    }
    let url = URL(fileURLWithPath: path)
    temporaryPath =
      url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".\(getpid()).tmp"
    fd = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw ExportError(.cannotWrite, "cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
    TemporaryFiles.register(temporaryPath)
  }

  deinit {
    if !committed { discard() }
  }

  /// Appends `bytes`.
  public func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBufferPointer { try write(UnsafeRawBufferPointer($0)) }
  }

  public func write(_ bytes: UnsafeRawBufferPointer) throws {
    var offset = 0
    while offset < bytes.count {
      let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if n < 0 {
        if errno == EINTR { continue }
        let reason =
          errno == EPIPE ? "the reader closed the pipe" : String(cString: strerror(errno))
        throw ExportError(
          errno == EPIPE ? .brokenPipe : .cannotWrite, "cannot write '\(path)': \(reason)")
      }
      offset += n
    }
  }

  /// Flushes the file to disk and moves it over the target.
  public func commit() throws {
    guard path != "-" else {
      committed = true
      return
    }
    if fd >= 0 {
      if fsync(fd) != 0 && errno != EINVAL && errno != EROFS {
        throw ExportError(
          .cannotWrite, "cannot write '\(path)': \(String(cString: strerror(errno)))")
      }
      guard close(fd) == 0 else {
        fd = -1
        throw ExportError(
          .cannotWrite, "cannot write '\(path)': \(String(cString: strerror(errno)))")
      }
      fd = -1
    }
    guard rename(temporaryPath, path) == 0 else {
      throw ExportError(.cannotWrite, "cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
    committed = true
    TemporaryFiles.unregister(temporaryPath)
  }

  /// Closes and removes the temporary file (nothing happens to the target).
  public func discard() {
    guard path != "-" else { return }
    if fd >= 0 { close(fd) }
    fd = -1
    unlink(temporaryPath)
    TemporaryFiles.unregister(temporaryPath)
  }

  /// Closes the descriptor without committing (for files another process writes).
  func closeDescriptor() {
    if fd >= 0 && path != "-" { close(fd) }
    if path != "-" { fd = -1 }
  }
}

/// Temporary files in progress, so a fatal signal can remove them before the process dies.
public enum TemporaryFiles {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var paths: Set<String> = []

  static func register(_ path: String) {
    lock.lock()
    paths.insert(path)
    lock.unlock()
  }

  static func unregister(_ path: String) {
    lock.lock()
    paths.remove(path)
    lock.unlock()
  }

  /// Removes every registered temporary file (and directory).
  public static func removeAll() {
    lock.lock()
    let all = paths
    paths.removeAll()
    lock.unlock()
    for p in all { try? FileManager.default.removeItem(atPath: p) }
  }
}
