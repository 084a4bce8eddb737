import Foundation

/// A scene (UIKit's, iOS 13 and later). A program here has one window scene, which holds
/// the application's windows: code that looks for the key window through
/// `UIApplication.shared.connectedScenes` finds it there. Scene delegates are not called
/// (a program starts from its application delegate).
@preconcurrency @MainActor
open class UIScene: UIResponder {
  public enum ActivationState: Int, Sendable {
    case unattached = -1
    case foregroundActive, foregroundInactive, background
  }

  /// Active while the program runs, as the application is.
  open var activationState: ActivationState {
    UIApplication.shared.applicationState == .active ? .foregroundActive : .foregroundInactive
  }
  open var title: String! = ""
}

/// The scene the windows are shown in: the main screen, held upright.
@preconcurrency @MainActor
open class UIWindowScene: UIScene {
  /// The one scene.
  static let main = UIWindowScene()

  /// The application's windows, the key window among them.
  open var windows: [UIWindow] { UIApplication.shared.windows }
  open var keyWindow: UIWindow? { UIApplication.shared.keyWindow }
  open var screen: UIScreen { .main }
  open var interfaceOrientation: UIInterfaceOrientation { .portrait }
  open var traitCollection: UITraitCollection { .current }
  /// The scene's status bar: where it is, whether it shows and how it looks.
  open var statusBarManager: UIStatusBarManager? { .main }
}

/// A window scene's status bar (UIKit's, iOS 13 and later), as the application's settings
/// leave it: no status bar is drawn here, and none takes room from the windows.
@preconcurrency @MainActor
open class UIStatusBarManager: NSObject {
  /// The one scene's.
  static let main = UIStatusBarManager()

  /// The status bar's frame in the screen's coordinates (points): across the top of the
  /// upright screen, as wide as it, and as tall as a window's top safe-area inset, which is
  /// 0 here (`UIView.safeAreaInsets`: nothing covers a window's top); `.zero` when
  /// hidden, as on iOS.
  open var statusBarFrame: CGRect {
    isStatusBarHidden
      ? .zero : CGRect(x: 0, y: 0, width: UIScreen.main.bounds.width, height: 0)
  }
  /// Whether the status bar is hidden: `UIApplication.isStatusBarHidden`, false unless set.
  open var isStatusBarHidden: Bool { UIApplication.shared.isStatusBarHidden }
  /// The status bar's look: `UIApplication.statusBarStyle`, `.default` unless set.
  open var statusBarStyle: UIStatusBarStyle { UIApplication.shared.statusBarStyle }
}

/// How the interface is turned (UIKit's), as a window scene reports it.
public enum UIInterfaceOrientation: Int, Sendable {
  case unknown = 0
  case portrait, portraitUpsideDown, landscapeRight, landscapeLeft
  public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
  public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

extension UIApplication {
  /// The one window scene (see `UIWindowScene`).
  public var connectedScenes: Set<UIScene> { [UIWindowScene.main] }
  /// False: a program here has one scene.
  public var supportsMultipleScenes: Bool { false }
  /// Upright (deprecated on iOS, still common).
  public var statusBarOrientation: UIInterfaceOrientation { .portrait }
}

extension UIWindow {
  /// A window filling the scene's screen.
  public convenience init(windowScene: UIWindowScene) {
    self.init(frame: windowScene.screen.bounds)
  }

  /// The one window scene (setting it changes nothing: there is no other).
  public var windowScene: UIWindowScene? {
    get { .main }
    set {}
  }
}
