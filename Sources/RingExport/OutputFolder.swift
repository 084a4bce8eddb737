import Foundation

/// A folder of files being written: files go into a temporary folder beside the target,
/// which replaces the target only on `commit()`; dropped uncommitted, it is removed.
public final class OutputFolder {
  public let path: String
  let temporaryPath: String
  private var committed = false

  public init(path: String) throws {
    let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    self.path = trimmed
    let url = URL(fileURLWithPath: trimmed)
    temporaryPath =
      url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".\(getpid()).tmp"
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: trimmed, isDirectory: &isDir), !isDir.boolValue {
      throw ExportError(.cannotWrite, "cannot write folder '\(trimmed)': a file is in the way")
    }
    try? FileManager.default.removeItem(atPath: temporaryPath)
    guard mkdir(temporaryPath, 0o755) == 0 else {
      throw ExportError(
        .cannotWrite, "cannot write folder '\(trimmed)': \(String(cString: strerror(errno)))")
    }
    TemporaryFiles.register(temporaryPath)
  }

  deinit {
    if !committed { discard() }
  }

  public func write(_ bytes: [UInt8], named name: String) throws {
    let file = temporaryPath + "/" + name
    let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw ExportError(
        .cannotWrite, "cannot write '\(path)/\(name)': \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBufferPointer {
        Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset)
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw ExportError(
          .cannotWrite, "cannot write '\(path)/\(name)': \(String(cString: strerror(errno)))")
      }
      offset += n
    }
  }

  /// Moves the finished folder to its path, replacing an existing folder there.
  public func commit() throws {
    let fm = FileManager.default
    var old: String?
    if fm.fileExists(atPath: path) {
      old = temporaryPath + ".old"
      guard rename(path, old!) == 0 else {
        throw ExportError(
          .cannotWrite, "cannot replace '\(path)': \(String(cString: strerror(errno)))")
      }
    }
    guard rename(temporaryPath, path) == 0 else {
      let message = String(cString: strerror(errno))
      if let old { rename(old, path) }
      throw ExportError(.cannotWrite, "cannot write folder '\(path)': \(message)")
    }
    committed = true
    TemporaryFiles.unregister(temporaryPath)
    if let old { try? fm.removeItem(atPath: old) }
  }

  public func discard() {
    try? FileManager.default.removeItem(atPath: temporaryPath)
    TemporaryFiles.unregister(temporaryPath)
  }
}
