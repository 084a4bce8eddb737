import Foundation
import Observation

extension UIView {
  /// Runs `body` and, once an `@Observable` property it read changes, `invalidate` on this
  /// view: UIKit's automatic observation tracking (iOS 26), which asks again for the
  /// `updateProperties()`, layout or drawing that read it.
  func tracking(_ body: () -> Void, invalidate: @escaping @MainActor (UIView) -> Void) {
    withObservationTracking(body) { [weak self] in
      // Called as the property is about to change, on the thread that changes it: off the
      // main thread, the request waits for the next frame's pass.
      guard let self else { return }
      if MediaTimers.onMain {
        MainActor.assumeIsolated { invalidate(self) }
      } else {
        ObservedChanges.add { invalidate(self) }
      }
    }
  }
}

/// Requests for a view's update, layout or drawing made by a change on another thread:
/// each frame's pass asks for them before it lays out (`UIApplication.commit`).
enum ObservedChanges {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var pending: [@MainActor () -> Void] = []

  static func add(_ request: @escaping @MainActor () -> Void) {
    lock.withLock { pending.append(request) }
  }

  /// Makes the requests waiting, on the main thread.
  @MainActor static func apply() {
    let requests = lock.withLock {
      defer { pending = [] }
      return pending
    }
    for request in requests { request() }
  }
}
