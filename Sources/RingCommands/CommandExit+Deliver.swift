import Foundation
import RainbowRing
import RingCommandLine
import RingExport

extension CommandExit {
  /// Writes `bytes` to the file `output` (atomically, through `FileWriter`) or, for
  /// `-`, to standard output, where a reader that leaves early (`| head -c 10`) is not an
  /// error. Returns the exit status; throws the file's error.
  package static func deliver(_ bytes: [UInt8], to output: String, console: Console) throws
    -> Int32
  {
    guard output == "-" else {
      try FileWriter.write(bytes, to: output)
      return 0
    }
    do {
      try console.writeOut(bytes)
    } catch let error as POSIXError where error.code == .EPIPE {
      // The reader left early: nothing more to say.
    } catch {
      return failure("cannot write to standard output: \(describe(error))", console)
    }
    return 0
  }
}
