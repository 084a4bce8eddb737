// libFuzzer harness for the command line: the input, split at NUL bytes, is an argument
// vector checked by `CommandLineTool.usageProblem(in:)`, the whole validation path of every
// subcommand (parsing, numbers, colours, points, kinds, conflicts, caps) without running it.
// Any crash, hang or sanitizer report fails `Fuzz/run`.

import FuzzSupport
import RainbowRingCLI

/// The entry point SwiftPM links as `main`: hands over to libFuzzer's driver.
@_cdecl("parse_arguments_fuzz_main")
func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  runFuzzer(argc, argv, fuzz)
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  let bytes = UnsafeBufferPointer(start: data, count: size)
  var arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  // The flash check's analysis is work, not validation: seconds within its cap, without end
  // under --no-limits, so past libFuzzer's 10 s per input. Exports and players allow it.
  if let command = arguments.first, command == "export" || command == "play" {
    arguments.insert("--allow-flashing", at: 1)
  }
  if let message = CommandLineTool.usageProblem(in: arguments) {
    // A usage error is one line that says something.
    check(!message.isEmpty, "an empty usage error")
    check(
      !message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
      "a usage error with control characters: \(message.debugDescription)")
  }
  return 0
}
