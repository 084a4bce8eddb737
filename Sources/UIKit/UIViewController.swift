/// Manages a view: made on first use of `view` (`loadView`, then `viewDidLoad`), told when
/// it appears and when it lays out.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
  private var loadedView: UIView?
  /// Its registrations for trait changes (`registerForTraitChanges`).
  var traitChangeRegistrations: [TraitChangeRegistration] = []
  open var title: String?
  public private(set) var children: [UIViewController] = []
  public private(set) weak var parent: UIViewController?

  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  public convenience override init() { self.init(nibName: nil, bundle: nil) }

  open override var next: UIResponder? { loadedView?.superview }

  /// The view, loaded on first use.
  open var view: UIView! {
    get {
      loadViewIfNeeded()
      return loadedView
    }
    set {
      loadedView?.viewController = nil
      loadedView = newValue
      newValue?.viewController = self
      // The controller's first properties update comes with its view's next layout pass.
      newValue?.needsUpdateProperties = true
    }
  }

  open var viewIfLoaded: UIView? { loadedView }
  open var isViewLoaded: Bool { loadedView != nil }

  /// Makes the view: a plain view the size of the main screen unless overridden.
  open func loadView() { view = UIView(frame: UIScreen.main.bounds) }

  /// Sets the content and styling of the controller's views before layout (UIKit's, iOS
  /// 26): called in the layout pass where its view's properties update (the first, and the
  /// next after `setNeedsUpdateProperties()`), before the view's own `updateProperties()`.
  /// Does nothing unless overridden.
  open func updateProperties() {}

  /// Asks for `updateProperties()` in the next layout pass (of the loaded view; none before).
  open func setNeedsUpdateProperties() { loadedView?.setNeedsUpdateProperties() }

  /// Runs the pending properties updates of the view's tree now, this controller's first.
  open func updatePropertiesIfNeeded() { loadedView?.updatePropertiesIfNeeded() }

  open func loadViewIfNeeded() {
    guard loadedView == nil else { return }
    loadView()
    if loadedView == nil { view = UIView(frame: UIScreen.main.bounds) }
    viewDidLoad()
    // The first layout pass asks for `updateViewConstraints()`, as UIKit's does.
    loadedView?.setNeedsUpdateConstraints()
  }

  open func viewDidLoad() {}
  open func viewWillAppear(_ animated: Bool) {}
  open func viewDidAppear(_ animated: Bool) {}
  open func viewWillDisappear(_ animated: Bool) {}
  open func viewDidDisappear(_ animated: Bool) {}
  /// Updates the view's constraints before a layout pass solves them: the first pass, and
  /// after `view.setNeedsUpdateConstraints()`. Overrides call `super` last.
  open func updateViewConstraints() { viewIfLoaded?.updateConstraints() }
  open func viewWillLayoutSubviews() {}
  open func viewDidLayoutSubviews() {}
  open func didReceiveMemoryWarning() {}
  /// The environment the controller's view is shown in.
  open var traitCollection: UITraitCollection { .current }
  open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

  // MARK: Presentation (see `ModalPresentation`)

  /// The controller this one presents, and the one presenting this one.
  public internal(set) var presentedViewController: UIViewController?
  public internal(set) weak var presentingViewController: UIViewController?
  open var modalPresentationStyle = UIModalPresentationStyle.automatic
  open var modalTransitionStyle = UIModalTransitionStyle.coverVertical
  /// Supplies custom transitions (its animators) for presenting and dismissing this one.
  open weak var transitioningDelegate: UIViewControllerTransitioningDelegate?
  open var definesPresentationContext = false
  open var providesPresentationContextTransitionStyle = false
  open var isModalInPresentation = false
  public internal(set) var isBeingPresented = false
  public internal(set) var isBeingDismissed = false
  /// The view holding this controller's view while it is presented.
  var presentationContainer: UIView?

  /// Presents `controller` over this one's window, as UIKit does (see `ModalPresentation`);
  /// `completion` runs once it is shown.
  open func present(
    _ controller: UIViewController, animated: Bool, completion: (() -> Void)? = nil
  ) {
    ModalPresentation.present(controller, from: self, animated: animated, completion: completion)
  }

  /// Dismisses the controller this one presented (or, when it presents none, this one).
  open func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
    ModalPresentation.dismiss(self, animated: animated, completion: completion)
  }

  /// Presents `controller` (what `show` does for a controller with no navigation here).
  open func show(_ controller: UIViewController, sender: Any?) {
    present(controller, animated: true)
  }

  // The status bar and rotation: asked by iOS, kept here (a program here has no status bar
  // and stays upright), so that overrides build.
  open var prefersStatusBarHidden: Bool { false }
  open var preferredStatusBarStyle: UIStatusBarStyle { .default }
  open var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .fade }
  open var shouldAutorotate: Bool { true }
  open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }
  open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }
  open var prefersHomeIndicatorAutoHidden: Bool { false }
  open func setNeedsStatusBarAppearanceUpdate() {}

  open func addChild(_ childController: UIViewController) {
    childController.removeFromParent()
    children.append(childController)
    childController.parent = self
  }

  open func removeFromParent() {
    parent?.children.removeAll { $0 === self }
    parent = nil
  }

  open func willMove(toParent parent: UIViewController?) {}
  open func didMove(toParent parent: UIViewController?) {}

  /// Calls `body` with this controller and then its children with loaded views, depth
  /// first: appearance reaches children as UIKit forwards it
  /// (`shouldAutomaticallyForwardAppearanceMethods`).
  func withChildren(_ body: (UIViewController) -> Void) {
    body(self)
    for child in children where child.isViewLoaded { child.withChildren(body) }
  }
}

/// The screen: 375 x 667 points (the iPhone 8's, the seed's) at the scale the program
/// runs at, unless `--screen` says otherwise.
@preconcurrency @MainActor
open class UIScreen: NSObject {
  public static let main = UIScreen()

  open var bounds: CGRect { CGRect(origin: .zero, size: Runtime.screenSize) }
  open var nativeBounds: CGRect {
    CGRect(
      x: 0, y: 0, width: bounds.width * Runtime.screenScale,
      height: bounds.height * Runtime.screenScale)
  }
  /// Pixels per point.
  open var scale: CGFloat { Runtime.screenScale }
  open var nativeScale: CGFloat { Runtime.screenScale }
  open var maximumFramesPerSecond: Int { 60 }
}

/// A view at the root of a tree on screen, showing its root view controller's view.
@preconcurrency @MainActor
open class UIWindow: UIView {
  /// Where the window stands among windows: shown windows are drawn lowest level first.
  open var windowLevel = UIWindow.Level.normal

  /// Unhidden, a window is shown with the others (a progress HUD's over the application's).
  open override var isHidden: Bool {
    didSet { if !isHidden { UIApplication.shared.show(self) } }
  }
  public private(set) var isKeyWindow = false

  public override init(frame: CGRect) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { super.init(coder: coder) }
  /// A window as large as the screen, as UIKit makes one since iOS 9 (`UIWindow()` in an
  /// application delegate that builds its interface in code).
  public convenience init() { self.init(frame: UIScreen.main.bounds) }

  /// The controller whose view fills the window.
  open var rootViewController: UIViewController? {
    didSet {
      guard oldValue !== rootViewController else { return }
      oldValue?.viewIfLoaded?.removeFromSuperview()
      if !isHidden || isKeyWindow { installRootView() }
    }
  }

  open override var next: UIResponder? { UIApplication.shared }

  /// Hands `event`'s touches in this window to their recognisers, then to their views (see
  /// `TouchDelivery`); override it to watch every touch, calling `super`.
  open func sendEvent(_ event: UIEvent) { TouchDelivery.deliver(event, in: self) }

  private func installRootView() {
    guard let controller = rootViewController else { return }
    let view = controller.view!
    view.frame = bounds
    controller.withChildren { $0.viewWillAppear(false) }
    addSubview(view)
    UIApplication.shared.pendingAppearance.append(controller)
  }

  /// Shows the window and makes it the key window: the one the program shows.
  open func makeKeyAndVisible() {
    makeKey()
    isHidden = false
    if let view = rootViewController?.viewIfLoaded, view.superview === self { return }
    installRootView()
  }

  open func makeKey() {
    UIApplication.shared.keyWindow?.isKeyWindow = false
    isKeyWindow = true
    UIApplication.shared.setKeyWindow(self)
  }
}
