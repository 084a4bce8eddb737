/// An object in the responder chain: views, view controllers, the application and its
/// delegate. `init?(coder:)` is required here (on iOS only views and view controllers
/// require it): `@main` makes the application delegate through it should its `init()` not
/// be found (see `ClassInitializers`).
@preconcurrency @MainActor
open class UIResponder: NSObject {
  public override init() { super.init() }

  public required init?(coder: NSCoder) { super.init() }

  /// Told of a change of what this object observes (`addObserver(_:forKeyPath:options:
  /// context:)`): for subclasses to override. Nothing by default.
  open func observeValue(
    forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
    context: UnsafeMutableRawPointer?
  ) {}

  /// The next responder: a view's view controller or superview, a view controller's view's
  /// superview, a window's application.
  open var next: UIResponder? { nil }

  open var canBecomeFirstResponder: Bool { false }
  open var isFirstResponder: Bool { false }
  @discardableResult open func becomeFirstResponder() -> Bool { false }
  @discardableResult open func resignFirstResponder() -> Bool { true }

  // MARK: Touches
  // The window sends a touch to the view it began in (see `UIWindow.sendEvent(_:)`); each
  // of these passes it up the responder chain unless overridden, as on iOS.

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
