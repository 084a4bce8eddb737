import CFuzzer

/// What a harness's entry point does: hands `argc` and `argv` over to libFuzzer's driver,
/// which calls `testOneInput` with each input.
public func runFuzzer(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32 {
  var count = argc
  var vector = argv
  return LLVMFuzzerRunDriver(&count, &vector, testOneInput)
}

/// Stops with `message` (printed in release builds too, unlike `precondition`'s).
public func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError(message()) }
}
