import Foundation
import RingGraphics
import RingSystem

/// Checks, before the work starts, that the memory it will need can be had, so a limit on
/// the address space (`ulimit -v`) or a small machine gives one error line instead of a
/// crash in the middle of the work.
public enum MemoryProbe {
  /// Maps `bytes` of address space (without touching them) and unmaps them; throws when
  /// that fails. A system call, not `malloc`: an optimiser may drop a `malloc` whose block
  /// is never used, and then nothing would be checked.
  public static func check(bytes: Double, for what: String) throws {
    let size = Int(min(bytes.rounded(.up), Double(Int.max / 2)))
    // Writable and private, as the heap is: the kernel's overcommit check applies as well
    // as the address-space limit.
    let block = mmap(nil, max(1, size), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    if let block, block != MAP_FAILED { munmap(block, max(1, size)) }
    guard let block, block != MAP_FAILED else {
      throw RingError(
        .resources,
        "not enough memory for \(what): it needs about \(Int((bytes / 1_048_576).rounded(.up))) MiB (is the address space limited, ulimit -v?)"
      )
    }
  }
}
