import Foundation

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
