import CLinux
import Foundation
import RingCommands
import RingSystem

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
  /// The cleanup that writes the held output out if the process ends first (a crash).
  private let tokens: [ExitCleanup.Token]

  /// `nil` (nothing held) when no private file can be made, in the temporary folder
  /// (`TMPDIR`) or in /tmp.
  init?() {
    func privateFile() -> Int32 {
      for folder in [FileManager.default.temporaryDirectory.path, "/tmp"] {
        var template = Array((folder + "/rainbow-ring-held.XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        if fd >= 0 {
          template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
          return fd
        }
      }
      return -1
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
    tokens = [
      ExitCleanup.register(.heldStream(file: out, stream: STDOUT_FILENO, original: terminal)),
      ExitCleanup.register(.heldStream(file: err, stream: STDERR_FILENO, original: error)),
    ]
    dup2(out, STDOUT_FILENO)
    dup2(err, STDERR_FILENO)
    // Line by line, as to the terminal it stands for: a crash loses no whole line.
    ring_line_buffer_standard_output()
  }

  /// Puts the streams back and writes what was held to them.
  func release() {
    for token in tokens { ExitCleanup.unregister(token) }
    fflush(nil)
    dup2(terminal, STDOUT_FILENO)
    dup2(error, STDERR_FILENO)
    for (file, stream) in [(files.output, STDOUT_FILENO), (files.error, STDERR_FILENO)] {
      ExitCleanup.writeHeld(file, to: stream)
      close(file)
    }
    close(terminal)
    close(error)
  }
}
