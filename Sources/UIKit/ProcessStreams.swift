import Foundation
import RingCommands

/// The process's standard streams, which `UIApplicationMain` owns as the program's entry
/// point (it never returns): what it lends `ProgramCommand` to keep a program's prints out
/// of its picture. Library code below it leaves the streams alone.
enum ProcessStreams {
  static let lent = ProgramCommand.Streams(
    holdForTerminal: {
      guard let held = HeldOutput() else { return nil }
      return (held.terminal, held.release)
    },
    divertOutput: {
      fflush(nil)
      let png = dup(STDOUT_FILENO)
      guard png >= 0 else { return nil }
      dup2(STDERR_FILENO, STDOUT_FILENO)
      return {
        fflush(nil)
        dup2(png, STDOUT_FILENO)
        close(png)
      }
    })
}

/// Standard output and error set aside while a program plays in its terminal: both go to
/// private, already unlinked files, and are written to the real streams on `release()`.
final class HeldOutput {
  /// The terminal (standard output as it was), for the player.
  let terminal: Int32
  private let error: Int32
  private let files: (output: Int32, error: Int32)

  /// `nil` (nothing held) when a file cannot be made.
  init?() {
    func privateFile() -> Int32 {
      var template = Array(
        (FileManager.default.temporaryDirectory.path + "/rainbow-ring-held.XXXXXX").utf8CString)
      let fd = mkstemp(&template)
      if fd >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
      return fd
    }
    let (out, err) = (privateFile(), privateFile())
    guard out >= 0, err >= 0 else {
      if out >= 0 { close(out) }
      if err >= 0 { close(err) }
      return nil
    }
    files = (out, err)
    fflush(nil)
    terminal = dup(STDOUT_FILENO)
    error = dup(STDERR_FILENO)
    dup2(out, STDOUT_FILENO)
    dup2(err, STDERR_FILENO)
  }

  /// Puts the streams back and writes what was held to them.
  func release() {
    fflush(nil)
    dup2(terminal, STDOUT_FILENO)
    dup2(error, STDERR_FILENO)
    for (file, stream) in [(files.output, STDOUT_FILENO), (files.error, STDERR_FILENO)] {
      lseek(file, 0, SEEK_SET)
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let n = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        var offset = 0
        while offset < n {
          let w = buffer.withUnsafeBytes { write(stream, $0.baseAddress! + offset, n - offset) }
          if w <= 0 { break }
          offset += w
        }
        if offset < n { break }
      }
      close(file)
    }
    close(terminal)
    close(error)
  }
}
