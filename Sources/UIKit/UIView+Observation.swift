import Foundation
import Observation

extension UIView {
  /// Runs `body` and, once an `@Observable` property it read changes, `invalidate` on this
  /// view: UIKit's automatic observation tracking (iOS 26), which asks again for the
  /// `updateProperties()`, layout or drawing that read it.
  func tracking(_ body: () -> Void, invalidate: @escaping @MainActor (UIView) -> Void) {
    withObservationTracking(body) { [weak self] in
      // Called as the property is about to change, on the thread that changes it.
      if MediaTimers.onMain {
        MainActor.assumeIsolated {
          if let self { invalidate(self) }
        }
      } else {
        Task { @MainActor in
          if let self { invalidate(self) }
        }
      }
    }
  }
}
