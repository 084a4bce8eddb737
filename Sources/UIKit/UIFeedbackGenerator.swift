import Foundation

/// Haptic feedback (UIKit's): there is no Taptic Engine here, so generators prepare and
/// fire without effect, and code that taps, ticks or confirms builds and runs unchanged.
@preconcurrency @MainActor
open class UIFeedbackGenerator: NSObject {
  public override init() { super.init() }
  /// Readies the engine: nothing to ready here.
  open func prepare() {}
}

/// A physical impact: a tap of `style`'s weight, or of `intensity` (0 to 1).
@preconcurrency @MainActor
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
  public enum FeedbackStyle: Int, Sendable { case light, medium, heavy, soft, rigid }

  public let style: FeedbackStyle

  public init(style: FeedbackStyle) {
    self.style = style
    super.init()
  }

  public convenience override init() { self.init(style: .medium) }

  open func impactOccurred() {}
  open func impactOccurred(intensity: CGFloat) {}
}

/// A change of selection (a picker's tick).
@preconcurrency @MainActor
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
  open func selectionChanged() {}
}

/// A task's outcome: success, warning or error.
@preconcurrency @MainActor
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
  public enum FeedbackType: Int, Sendable { case success, warning, error }
  open func notificationOccurred(_ notificationType: FeedbackType) {}
}
