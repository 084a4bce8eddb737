/// An object in the responder chain: views, view controllers, the application and its
/// delegate. `init?(coder:)` is required here (on iOS only views and view controllers
/// require it): `@main` makes the application delegate through it.
@preconcurrency @MainActor
open class UIResponder: NSObject {
  public override init() { super.init() }

  public required init?(coder: NSCoder) { super.init() }

  /// The next responder: a view's view controller or superview, a view controller's view's
  /// superview, a window's application.
  open var next: UIResponder? { nil }

  open var canBecomeFirstResponder: Bool { false }
  open var isFirstResponder: Bool { false }
  @discardableResult open func becomeFirstResponder() -> Bool { false }
  @discardableResult open func resignFirstResponder() -> Bool { true }

  // MARK: Touches
  // There is no touch input here (programs play in windows and terminals and are
  // snapshotted): these are never called by the system. Called by a subclass's own code,
  // each passes the touches up the responder chain, as on iOS.

  open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    next?.touchesBegan(touches, with: event)
  }
  open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    next?.touchesMoved(touches, with: event)
  }
  open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    next?.touchesEnded(touches, with: event)
  }
  open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    next?.touchesCancelled(touches, with: event)
  }
}

/// A finger on the screen (UIKit's). There is no touch input here, so the system makes
/// none; the type exists for the signatures of the touch methods.
@preconcurrency @MainActor
open class UITouch: NSObject {
  public enum Phase: Int, Sendable { case began, moved, stationary, ended, cancelled }

  public private(set) var phase = Phase.began
  public private(set) var tapCount = 0
  public private(set) weak var view: UIView?

  public override init() { super.init() }

  /// Where the touch is in `view`'s coordinates: none is anywhere, so the origin.
  open func location(in view: UIView?) -> CGPoint { .zero }
  open func previousLocation(in view: UIView?) -> CGPoint { .zero }
}
