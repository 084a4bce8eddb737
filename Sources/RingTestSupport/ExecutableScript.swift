import Foundation

/// Writes a shell script (`#!/bin/sh`, then `body`) to a new file at `path`, executable.
///
/// The file is opened close-on-exec and closed before this returns. A script written through
/// Foundation stays open, for writing, in every program another test spawns meanwhile, and
/// running it then fails with "Text file busy" (ETXTBSY) for as long as that program runs.
public func writeExecutableScript(_ body: String, to path: String) throws {
  let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
  guard fd >= 0 else {
    throw ToolFailure(message: "cannot create \(path): \(String(cString: strerror(errno)))")
  }
  defer { close(fd) }
  let bytes = Array("#!/bin/sh\n\(body)\n".utf8)
  var written = 0
  while written < bytes.count {
    let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    if n < 0 && errno == EINTR { continue }
    guard n > 0 else {
      throw ToolFailure(message: "cannot write \(path): \(String(cString: strerror(errno)))")
    }
    written += n
  }
}
