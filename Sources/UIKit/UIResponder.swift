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
}
