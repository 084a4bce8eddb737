import Foundation
import RainbowRingCLI
import RingCommandLine
import RingSystem

// First, before any thread exists. A reader that leaves (SIGPIPE) and a file-size limit
// (SIGXFSZ) are write errors the commands report (EPIPE, EFBIG), not kills: the tool's own
// choice, which the library leaves to its executables.
signal(SIGPIPE, SIG_IGN)
signal(SIGXFSZ, SIG_IGN)
// The terminating signals go to one thread of their own.
Termination.install()

let console = Console.standard()
// The arguments as the system gave them: one that is not UTF-8 is refused, never repaired.
let arguments = (1..<Int(CommandLine.argc)).compactMap { CommandLine.unsafeArgv[$0] }
exit(CommandLineTool.run(rawArguments: arguments.map { UnsafePointer($0) }, console: console))
