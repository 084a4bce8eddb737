#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Darwin
#endif

/// Runs `call`, a system call that returns a negative value and sets `errno` when it fails
/// (`read`, `write`, `pread`, `waitpid`, ...), again for as long as it fails with EINTR (a
/// signal handler ran before it did anything), and returns its last result; `errno` then
/// still describes a failure. The one place the package retries interrupted calls.
package func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result) -> Result {
  while true {
    let result = call()
    if result < 0 && errno == EINTR { continue }
    return result
  }
}

/// Writes all of `bytes` to `fd`, through short writes and interruptions; the errno when a
/// write fails, else `nil`. The one write loop of the package.
package func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
  var offset = 0
  while offset < bytes.count {
    let n = retryingOnInterrupt { write(fd, bytes.baseAddress! + offset, bytes.count - offset) }
    if n < 0 { return errno }
    offset += n
  }
  return nil
}

/// Runs `call` as `retryingOnInterrupt` does and returns its result, or throws a `RingError`
/// of `code` whose message is `what` followed by the system's words for the failure, and
/// which carries its errno.
package func systemCall<Result: BinaryInteger>(
  _ code: RingError.Code, _ what: @autoclosure () -> String, _ call: () -> Result
) throws(RingError) -> Result {
  let result = retryingOnInterrupt(call)
  guard result >= 0 else {
    throw RingError(code, what(), systemError: errno)
  }
  return result
}
