import CFreeType
import Foundation

/// The process's one FreeType library, and the lock every FreeType call holds.
///
/// Thread safety: FreeType's library and its faces are not safe to use from two threads at
/// once, so the process shares one `FT_Library` and every call into FreeType (opening and
/// closing a face, loading a glyph) holds `lock`. Outlines are cached per glyph, so the lock
/// is taken once per glyph a process draws, not once per frame.
final class FreeTypeLibrary: @unchecked Sendable {
  /// The library, made on first use.
  static let shared = Result { try FreeTypeLibrary() }

  let handle: FT_Library
  let lock = NSLock()

  private init() throws {
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else {
      throw RingError(.invalidFont, "FreeType could not start (out of memory)")
    }
    handle = library
  }

  deinit { FT_Done_FreeType(handle) }

  /// Runs `body` holding the lock.
  func locked<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}
