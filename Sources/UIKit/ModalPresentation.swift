import Foundation

/// How a controller is shown over another (UIKit's).
public enum UIModalPresentationStyle: Int, Sendable {
  case fullScreen = 0
  case pageSheet, formSheet, currentContext
  case custom, overFullScreen, overCurrentContext, popover
  case none = -1
  case automatic = -2
}

/// The animation a presentation without a custom transition uses.
public enum UIModalTransitionStyle: Int, Sendable {
  case coverVertical = 0
  case flipHorizontal, crossDissolve, partialCurl
}

/// The views of a transition (`view(forKey:)`).
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromView")
  public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToView")
}

/// The controllers of a transition (`viewController(forKey:)`).
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let from = UITransitionContextViewControllerKey(
    rawValue: "UITransitionContextFromViewController")
  public static let to = UITransitionContextViewControllerKey(
    rawValue: "UITransitionContextToViewController")
}

/// What an animator is handed: the container the transition happens in, its views and
/// controllers, and `completeTransition(_:)` to call when its animations end.
@preconcurrency @MainActor
public protocol UIViewControllerContextTransitioning: AnyObject {
  var containerView: UIView { get }
  var isAnimated: Bool { get }
  var isInteractive: Bool { get }
  var transitionWasCancelled: Bool { get }
  var presentationStyle: UIModalPresentationStyle { get }
  var targetTransform: CGAffineTransform { get }
  func view(forKey key: UITransitionContextViewKey) -> UIView?
  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
  func initialFrame(for vc: UIViewController) -> CGRect
  func finalFrame(for vc: UIViewController) -> CGRect
  func completeTransition(_ didComplete: Bool)
  func updateInteractiveTransition(_ percentComplete: CGFloat)
  func finishInteractiveTransition()
  func cancelInteractiveTransition()
  func pauseInteractiveTransition()
}

/// A custom transition's animations (UIKit's): it adds the views it shows to the context's
/// container, animates them over `transitionDuration(using:)`, and calls
/// `completeTransition(_:)` at the end.
@preconcurrency @MainActor
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?)
    -> TimeInterval
  func animateTransition(using transitionContext: UIViewControllerContextTransitioning)
  func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
  public func animationEnded(_ transitionCompleted: Bool) {}
}

/// An interactive transition's driver (accepted: there are no interactive transitions
/// here, so none is asked for).
@preconcurrency @MainActor
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
  func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)
}

/// Supplies a controller's custom transitions. Every method is optional.
@preconcurrency @MainActor
public protocol UIViewControllerTransitioningDelegate: AnyObject {
  func animationController(
    forPresented presented: UIViewController, presenting: UIViewController,
    source: UIViewController
  ) -> UIViewControllerAnimatedTransitioning?
  func animationController(forDismissed dismissed: UIViewController)
    -> UIViewControllerAnimatedTransitioning?
  func interactionControllerForPresentation(
    using animator: UIViewControllerAnimatedTransitioning
  ) -> UIViewControllerInteractiveTransitioning?
  func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
    -> UIViewControllerInteractiveTransitioning?
}

extension UIViewControllerTransitioningDelegate {
  public func animationController(
    forPresented presented: UIViewController, presenting: UIViewController,
    source: UIViewController
  ) -> UIViewControllerAnimatedTransitioning? { nil }
  public func animationController(forDismissed dismissed: UIViewController)
    -> UIViewControllerAnimatedTransitioning?
  { nil }
  public func interactionControllerForPresentation(
    using animator: UIViewControllerAnimatedTransitioning
  ) -> UIViewControllerInteractiveTransitioning? { nil }
  public func interactionControllerForDismissal(
    using animator: UIViewControllerAnimatedTransitioning
  )
    -> UIViewControllerInteractiveTransitioning?
  { nil }
}

/// A transition in progress, as its animator sees it.
@MainActor final class TransitionContext: UIViewControllerContextTransitioning {
  let containerView: UIView
  let isAnimated: Bool
  var isInteractive: Bool { false }
  var transitionWasCancelled: Bool { false }
  let presentationStyle: UIModalPresentationStyle
  var targetTransform: CGAffineTransform { .identity }
  private let from: UIViewController
  private let to: UIViewController
  private let views: [UITransitionContextViewKey: UIView]
  private let frames: [ObjectIdentifier: (initial: CGRect, final: CGRect)]
  private var finish: ((Bool) -> Void)?

  init(
    container: UIView, from: UIViewController, to: UIViewController, animated: Bool,
    style: UIModalPresentationStyle, views: [UITransitionContextViewKey: UIView],
    frames: [ObjectIdentifier: (initial: CGRect, final: CGRect)], finish: @escaping (Bool) -> Void
  ) {
    containerView = container
    self.from = from
    self.to = to
    isAnimated = animated
    presentationStyle = style
    self.views = views
    self.frames = frames
    self.finish = finish
  }

  func view(forKey key: UITransitionContextViewKey) -> UIView? { views[key] }
  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
    key == .from ? from : key == .to ? to : nil
  }
  func initialFrame(for vc: UIViewController) -> CGRect {
    frames[ObjectIdentifier(vc)]?.initial ?? .zero
  }
  func finalFrame(for vc: UIViewController) -> CGRect {
    frames[ObjectIdentifier(vc)]?.final ?? .zero
  }
  /// What runs after `finish` (the animator hearing that it ended).
  var then: ((Bool) -> Void)?

  /// Ends the transition (once: a second call does nothing).
  func completeTransition(_ didComplete: Bool) {
    let done = finish
    finish = nil
    done?(didComplete)
    if done != nil { then?(didComplete) }
  }
  func updateInteractiveTransition(_ percentComplete: CGFloat) {}
  func finishInteractiveTransition() {}
  func cancelInteractiveTransition() {}
  func pauseInteractiveTransition() {}
}

/// Presenting and dismissing controllers as UIKit does. The presented controller's view
/// goes into a container view over the presenter's window: the whole window for
/// `.fullScreen`, `.overFullScreen`, `.custom` and the contexts; a sheet (`.automatic`,
/// `.pageSheet`, `.formSheet`, `.popover` on an iPhone) 10 points below its top, its top
/// corners rounded 10 points. A transitioning delegate's animator runs the transition;
/// without one an animated presentation slides up from the bottom (`.coverVertical`) or
/// fades in (the other styles) over 0.5 s, eased, and a dismissal runs it backwards. The
/// presented controller hears it will and did appear; a presenter covered by a full-screen
/// style hears it will and did disappear; `completion` runs once it is over.
@MainActor enum ModalPresentation {
  static let duration: TimeInterval = 0.5

  static func isFullScreen(_ style: UIModalPresentationStyle) -> Bool {
    [.fullScreen, .currentContext].contains(style)
  }

  static func frame(for style: UIModalPresentationStyle, in bounds: CGRect) -> CGRect {
    switch style {
    case .automatic, .pageSheet, .formSheet, .popover:
      CGRect(x: bounds.minX, y: bounds.minY + 10, width: bounds.width, height: bounds.height - 10)
    default: bounds
    }
  }

  /// Transitions under way: touches are ignored meanwhile, as UIKit ignores them.
  static var transitions = 0

  static func present(
    _ presented: UIViewController, from source: UIViewController, animated: Bool,
    completion: (() -> Void)?
  ) {
    // A child presents through the controller at the root of its tree, as UIKit presents.
    var presenter = source
    while let parent = presenter.parent { presenter = parent }
    guard presenter.presentedViewController == nil, presented.presentingViewController == nil,
      presented !== presenter, !presenter.isBeingDismissed, !presenter.isBeingPresented
    else {
      Notice.once(
        "present twice",
        "present(_:animated:completion:): the controller is already presenting, presented or in a transition; nothing is presented (as iOS warns)"
      )
      return
    }
    guard let window = presenter.viewIfLoaded?.window else {
      Notice.once(
        "present nowhere",
        "present(_:animated:completion:): the presenting controller is not in a window; nothing is presented (as iOS warns)"
      )
      return
    }
    let style = presented.modalPresentationStyle
    presenter.presentedViewController = presented
    presented.presentingViewController = presenter
    presented.isBeingPresented = true
    transitions += 1
    let container = UIView(frame: window.bounds)
    container.backgroundColor = .clear
    window.addSubview(container)
    presented.presentationContainer = container
    let view = presented.view!
    let final = frame(for: style, in: container.bounds)
    // Only a full-screen style covers, and so hands the animator, the presenter's view.
    let covers = isFullScreen(style)
    if !covers && final != container.bounds {
      view.layer.cornerRadius = 10
      view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
      view.clipsToBounds = true
    }
    presented.withChildren { $0.viewWillAppear(animated) }
    if covers { presenter.withChildren { $0.viewWillDisappear(animated) } }
    let finish = { (_: Bool) in
      transitions -= 1
      presented.withChildren { $0.viewDidAppear(animated) }
      presented.isBeingPresented = false
      if covers { presenter.withChildren { $0.viewDidDisappear(animated) } }
      completion?()
    }
    if animated,
      let animator = presented.transitioningDelegate?.animationController(
        forPresented: presented, presenting: presenter, source: source)
    {
      var views: [UITransitionContextViewKey: UIView] = [.to: view]
      if covers, let presenterView = presenter.viewIfLoaded { views[.from] = presenterView }
      let context = TransitionContext(
        container: container, from: presenter, to: presented, animated: true, style: style,
        views: views,
        frames: [
          ObjectIdentifier(presented): (.zero, final),
          ObjectIdentifier(presenter): (window.bounds, window.bounds),
        ],
        finish: finish)
      run(animator, context)
      return
    }
    view.frame = final
    container.addSubview(view)
    run(
      animated: animated, presenting: true, view: view, final: final, in: container,
      presented.modalTransitionStyle, then: finish)
  }

  /// Dismisses what `controller` presented (else `controller` itself), with everything
  /// presented above it: the topmost one animates out, those between go at once, as UIKit
  /// dismisses a stack.
  static func dismiss(_ controller: UIViewController, animated: Bool, completion: (() -> Void)?) {
    var root = controller
    while let parent = root.parent { root = parent }
    let presenter: UIViewController
    if root.presentedViewController != nil {
      presenter = root
    } else if let p = root.presentingViewController {
      presenter = p
    } else {
      return
    }
    var stack: [UIViewController] = []
    var next = presenter.presentedViewController
    while let c = next {
      stack.append(c)
      next = c.presentedViewController
    }
    guard let top = stack.last, let container = top.presentationContainer else { return }
    guard !stack.contains(where: { $0.isBeingPresented || $0.isBeingDismissed }) else {
      Notice.once(
        "dismiss in transition",
        "dismiss(animated:completion:): a controller is still being presented or dismissed; nothing is dismissed (as iOS warns)"
      )
      return
    }
    let covers = isFullScreen(stack[0].modalPresentationStyle)
    for c in stack.reversed() {
      c.isBeingDismissed = true
      c.withChildren { $0.viewWillDisappear(animated) }
    }
    if covers { presenter.withChildren { $0.viewWillAppear(animated) } }
    // Those between go at once: the topmost uncovers the presenter as it leaves.
    for c in stack.dropLast() { c.presentationContainer?.isHidden = true }
    transitions += 1
    let view = top.view!
    let presenterView = presenter.viewIfLoaded
    let home = presenterView.map { ($0.superview, $0.superview?.subviews.firstIndex(of: $0)) }
    let finish = { (_: Bool) in
      transitions -= 1
      // An animator may have moved the presenter's view into the container: it goes back.
      if let presenterView, let (parent, index) = home, let parent,
        presenterView.superview !== parent
      {
        parent.insertSubview(presenterView, at: index ?? parent.subviews.count)
      }
      for c in stack.reversed() {
        c.viewIfLoaded?.removeFromSuperview()
        c.presentationContainer?.removeFromSuperview()
        c.presentationContainer = nil
        c.presentingViewController?.presentedViewController = nil
        c.presentingViewController = nil
      }
      for c in stack.reversed() {
        c.withChildren { $0.viewDidDisappear(animated) }
        c.isBeingDismissed = false
      }
      if covers { presenter.withChildren { $0.viewDidAppear(animated) } }
      completion?()
    }
    if animated,
      let animator = top.transitioningDelegate?.animationController(forDismissed: top)
    {
      var views: [UITransitionContextViewKey: UIView] = [.from: view]
      if covers, let presenterView { views[.to] = presenterView }
      let context = TransitionContext(
        container: container, from: top, to: presenter, animated: true,
        style: top.modalPresentationStyle, views: views,
        frames: [
          ObjectIdentifier(top): (view.frame, .zero),
          ObjectIdentifier(presenter): (container.bounds, container.bounds),
        ],
        finish: finish)
      run(animator, context)
      return
    }
    run(
      animated: animated, presenting: false, view: view, final: view.frame, in: container,
      top.modalTransitionStyle, then: finish)
  }

  /// Runs a custom transition: the animator animates, and hears it end after `context`'s
  /// own ending.
  private static func run(
    _ animator: UIViewControllerAnimatedTransitioning, _ context: TransitionContext
  ) {
    context.then = { done in animator.animationEnded(done) }
    animator.animateTransition(using: context)
  }

  /// The transition without an animator: a slide from the bottom or a fade over
  /// `duration`, or nothing; `then` runs at the end (at the end of this turn when not
  /// animated, as UIKit's completion comes after the presentation).
  private static func run(
    animated: Bool, presenting: Bool, view: UIView, final: CGRect, in container: UIView,
    _ style: UIModalTransitionStyle, then: @escaping (Bool) -> Void
  ) {
    guard animated else {
      CATransaction.begin()
      CATransaction.setCompletionBlock { then(true) }
      CATransaction.commit()
      return
    }
    let below = final.offsetBy(dx: 0, dy: container.bounds.height - final.minY)
    if style == .coverVertical {
      if presenting { view.frame = below }
      UIView.animate(
        withDuration: duration, animations: { view.frame = presenting ? final : below },
        completion: then)
    } else {
      if presenting { view.alpha = 0 }
      UIView.animate(
        withDuration: duration, animations: { view.alpha = presenting ? 1 : 0 }, completion: then)
    }
  }
}
