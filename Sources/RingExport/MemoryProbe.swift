import Foundation
import RingGraphics
import RingSystem

/// Checks, before the work starts, that the memory it will need can be had, so a limit on
/// the address space (`ulimit -v`) or a small machine gives one error line instead of a
/// crash in the middle of the work.
public enum MemoryProbe {
  /// Allocates `bytes` (without touching them) and frees them; throws when that fails.
  public static func check(bytes: Double, for what: String) throws {
    let size = Int(min(bytes.rounded(.up), Double(Int.max / 2)))
    guard let block = malloc(max(1, size)) else {
      throw RingError(
        .resources,
        "not enough memory for \(what): it needs about \(Int((bytes / 1_048_576).rounded(.up))) MiB (is the address space limited, ulimit -v?)"
      )
    }
    free(block)
  }
}
