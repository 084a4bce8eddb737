import Foundation
import RainbowRingCLI
import RingSystem

// First, before any thread exists. A reader that leaves (SIGPIPE) and a file-size limit
// (SIGXFSZ) are write errors the commands report (EPIPE, EFBIG), not kills: the tool's own
// choice, which the library leaves to its executables.
signal(SIGPIPE, SIG_IGN)
signal(SIGXFSZ, SIG_IGN)
// The terminating signals go to one thread of their own.
Termination.install()

let console = Console(
  writeOut: { bytes in
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBufferPointer { pending in
        retryingOnInterrupt {
          write(STDOUT_FILENO, pending.baseAddress! + offset, pending.count - offset)
        }
      }
      if n < 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      offset += n
    }
  },
  writeErr: { text in
    // Standard error is best effort: closed, full or gone, the outcome does not change.
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBufferPointer { pending in
        retryingOnInterrupt {
          write(STDERR_FILENO, pending.baseAddress! + offset, pending.count - offset)
        }
      }
      if n <= 0 { return }
      offset += n
    }
  },
  errorIsTerminal: isatty(STDERR_FILENO) == 1, outputIsTerminal: isatty(STDOUT_FILENO) == 1,
  inputIsTerminal: isatty(STDIN_FILENO) == 1,
  colorsErrors: Console.colorsErrors(
    errorIsTerminal: isatty(STDERR_FILENO) == 1, environment: ProcessInfo.processInfo.environment))
// The arguments as the system gave them: one that is not UTF-8 is refused, never repaired.
let arguments = (1..<Int(CommandLine.argc)).compactMap { CommandLine.unsafeArgv[$0] }
exit(CommandLineTool.run(rawArguments: arguments.map { UnsafePointer($0) }, console: console))
