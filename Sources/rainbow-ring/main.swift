import Foundation
import RainbowRingCLI

let console = Console(
  writeOut: { bytes in
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBufferPointer {
        write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset)
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
      }
      offset += n
    }
  },
  writeErr: { text in FileHandle.standardError.write(Data(text.utf8)) },
  errorIsTerminal: isatty(STDERR_FILENO) == 1, outputIsTerminal: isatty(STDOUT_FILENO) == 1)
signal(SIGPIPE, SIG_IGN)
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), console: console))
