import Foundation
import RingCore

/// Starts threads with `pthread_create`, so a thread that cannot be created (a process or
/// memory limit) is an error the caller reports, never a silent hang.
package enum DetachedThread {
  private final class Box {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }

  /// Runs `body` on a new detached thread with a stack of `stackSize` bytes.
  package static func start(stackSize: Int = 1 << 22, _ body: @escaping () -> Void) throws {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    pthread_attr_setstacksize(&attributes, stackSize)
    let box = Unmanaged.passRetained(Box(body))
    var thread = pthread_t()
    let result = pthread_create(
      &thread, &attributes,
      { context in
        let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
        box.body()
        return nil
      }, box.toOpaque())
    guard result == 0 else {
      box.release()
      throw RingError(
        .resources, "cannot start a thread", systemError: result)
    }
  }
}
