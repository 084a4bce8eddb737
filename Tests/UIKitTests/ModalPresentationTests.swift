import Foundation
import Testing

@testable import UIKit

/// Presenting and dismissing controllers as UIKit does: the presented view over the
/// window (full screen, or a sheet 10 points down), the appearance calls in order, the
/// completion once shown, the default slide, and a transitioning delegate's animator.
@MainActor @Suite(.serialized) struct ModalPresentationTests {
  final class Logged: UIViewController {
    let name: String
    var log: [String]
    init(_ name: String, log: [String] = []) {
      self.name = name
      self.log = log
      super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError() }
    static var shared: [String] = []
    override func viewWillAppear(_ animated: Bool) { Logged.shared.append("\(name) will appear") }
    override func viewDidAppear(_ animated: Bool) { Logged.shared.append("\(name) did appear") }
    override func viewWillDisappear(_ animated: Bool) {
      Logged.shared.append("\(name) will disappear")
    }
    override func viewDidDisappear(_ animated: Bool) {
      Logged.shared.append("\(name) did disappear")
    }
  }

  func show(_ root: UIViewController) -> KeyWindowTree {
    UIApplication.shared.reset()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 400))
    window.rootViewController = root
    window.makeKeyAndVisible()
    let tree = KeyWindowTree(window: window)
    tree.advance(to: .zero)
    return tree
  }

  /// Full screen, not animated: shown over the whole window, the completion at the end of
  /// the turn; dismissed, gone, and the presenter appears again.
  @Test func fullScreenPresentsAndDismisses() {
    let root = Logged("root")
    let tree = show(root)
    Logged.shared = []
    let sheet = Logged("sheet")
    sheet.modalPresentationStyle = .fullScreen
    var done = 0
    root.present(sheet, animated: false) { done += 1 }
    #expect(root.presentedViewController === sheet && sheet.presentingViewController === root)
    #expect(sheet.view.window === root.view.window && sheet.view.frame == root.view.frame)
    #expect(done == 0)
    tree.advance(to: .seconds(0.1))
    #expect(done == 1)
    sheet.dismiss(animated: false) { done += 1 }
    tree.advance(to: .seconds(0.2))
    #expect(done == 2 && sheet.viewIfLoaded?.window == nil && root.presentedViewController == nil)
    #expect(
      Logged.shared == [
        "sheet will appear", "root will disappear", "sheet did appear", "root did disappear",
        "sheet will disappear", "root will appear", "sheet did disappear", "root did appear",
      ])
  }

  /// The default sheet slides up from the bottom over 0.5 s, eased, to 10 points below the
  /// top; the presenter stays (it does not disappear); dismissing slides it down.
  @Test func aSheetSlidesUp() {
    let root = Logged("root")
    let tree = show(root)
    Logged.shared = []
    let sheet = Logged("sheet")
    root.present(sheet, animated: true)
    func y() -> CGFloat { (sheet.view.layer.presentation() ?? sheet.view.layer).frame.minY }
    tree.advance(to: .seconds(0.01))
    #expect(y() > 390)
    tree.advance(to: .seconds(0.25))
    #expect(y() > 10 && y() < 390)
    tree.advance(to: .seconds(0.6))
    #expect(y() == 10 && sheet.view.frame.height == 390)
    #expect(Logged.shared == ["sheet will appear", "sheet did appear"])
    sheet.dismiss(animated: true)
    tree.advance(to: .seconds(0.85))
    #expect(y() > 10 && y() < 400 && sheet.view.window != nil)
    tree.advance(to: .seconds(1.2))
    #expect(sheet.viewIfLoaded?.window == nil)
  }

  /// A fade in the style of custom transition libraries: it adds the presented view to the
  /// container at its final frame and fades it in; dismissing, it moves the presenter's view
  /// into the container (as some animators do), which UIKit puts back.
  final class Fade: NSObject, UIViewControllerTransitioningDelegate,
    UIViewControllerAnimatedTransitioning
  {
    var presenting = true
    var ended: [Bool] = []
    func animationController(
      forPresented presented: UIViewController, presenting: UIViewController,
      source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
      self.presenting = true
      return self
    }
    func animationController(forDismissed dismissed: UIViewController)
      -> UIViewControllerAnimatedTransitioning?
    {
      presenting = false
      return self
    }
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?)
      -> TimeInterval
    { 0.3 }
    func animateTransition(using context: UIViewControllerContextTransitioning) {
      let container = context.containerView
      if presenting {
        let to = context.view(forKey: .to)!
        to.frame = context.finalFrame(for: context.viewController(forKey: .to)!)
        to.alpha = 0
        container.addSubview(to)
        UIView.animate(
          withDuration: transitionDuration(using: context), animations: { to.alpha = 1 },
          completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
      } else {
        let from = context.view(forKey: .from)!
        if let to = context.view(forKey: .to) { container.insertSubview(to, belowSubview: from) }
        UIView.animate(
          withDuration: transitionDuration(using: context), animations: { from.alpha = 0 },
          completion: { _ in context.completeTransition(true) })
      }
    }
    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
  }

  @Test func aTransitioningDelegatesAnimatorRunsTheTransition() {
    let root = Logged("root")
    let tree = show(root)
    let fade = Fade()
    let sheet = Logged("sheet")
    sheet.modalPresentationStyle = .fullScreen
    sheet.transitioningDelegate = fade
    var done = 0
    root.present(sheet, animated: true) { done += 1 }
    tree.advance(to: .seconds(0.15))
    let halfway = sheet.view.layer.presentation()!.opacity
    #expect(halfway > 0.2 && halfway < 0.8 && done == 0)
    tree.advance(to: .seconds(0.4))
    #expect(done == 1 && sheet.view.frame == CGRect(x: 0, y: 0, width: 200, height: 400))
    sheet.dismiss(animated: true) { done += 1 }
    tree.advance(to: .seconds(1))
    #expect(done == 2 && fade.ended == [true, true])
    #expect(root.view.superview === root.view.window && sheet.viewIfLoaded?.window == nil)
  }

  /// A controller that records whether it is being presented or dismissed as it hears it.
  final class Flags: UIViewController {
    var heard: [String] = []
    override func viewDidAppear(_ animated: Bool) { heard.append("appeared \(isBeingPresented)") }
    override func viewDidDisappear(_ animated: Bool) {
      heard.append("disappeared \(isBeingDismissed)")
    }
  }

  /// A child presents through the root controller; one not in a window presents nothing;
  /// `isBeingPresented` and `isBeingDismissed` hold through the appearance calls.
  @Test func presentationGoesThroughTheRootAndNeedsAWindow() {
    let root = Logged("root")
    let child = UIViewController()
    root.addChild(child)
    root.view.addSubview(child.view)
    child.didMove(toParent: root)
    let tree = show(root)
    let flags = Flags()
    flags.modalPresentationStyle = .fullScreen
    child.present(flags, animated: false)
    #expect(flags.presentingViewController === root && root.presentedViewController === flags)
    tree.advance(to: .seconds(0.1))
    root.dismiss(animated: false)
    tree.advance(to: .seconds(0.2))
    #expect(flags.heard == ["appeared true", "disappeared true"])
    #expect(!flags.isBeingPresented && !flags.isBeingDismissed)
    let loose = UIViewController()
    var done = false
    loose.present(UIViewController(), animated: false) { done = true }
    tree.advance(to: .seconds(0.3))
    #expect(loose.presentedViewController == nil && !done)
  }

  /// Dismissing a stack of three from its first: the topmost slides out, those between go
  /// at once, each hears it will and did disappear once; a press during a transition is
  /// ignored; a dismissal while one is still being presented is refused.
  @Test func aStackIsDismissedByItsTopmost() {
    let root = Logged("root")
    let tree = show(root)
    let stack = ["a", "b", "c"].map { Logged($0) }
    for c in stack { c.modalPresentationStyle = .overFullScreen }
    root.present(stack[0], animated: false)
    tree.advance(to: .seconds(0.1))
    stack[0].present(stack[1], animated: false)
    tree.advance(to: .seconds(0.2))
    stack[1].present(stack[2], animated: true)
    stack[1].dismiss(animated: true)
    #expect(stack[2].presentingViewController === stack[1], "refused mid-presentation")
    tree.advance(to: .seconds(1))
    Logged.shared = []
    stack[0].dismiss(animated: true)
    tree.advance(to: .seconds(1.25))
    #expect(stack[1].presentationContainer?.isHidden == true)
    let y = stack[2].view.layer.presentation()!.frame.minY
    #expect(y > 0 && y < 400, "the topmost slides out: \(y)")
    tree.advance(to: .seconds(2))
    #expect(
      Logged.shared == [
        "c will disappear", "b will disappear", "c did disappear", "b did disappear",
      ])
    #expect(stack[0].presentedViewController == nil && stack[2].viewIfLoaded?.window == nil)
  }

  /// A slide in the style of custom presentations (`.custom`): the presenter's view is not
  /// handed over, neither as the view presented from nor as the one dismissed to.
  @Test func aCustomPresentationKeepsThePresentersView() {
    final class Peek: NSObject, UIViewControllerTransitioningDelegate,
      UIViewControllerAnimatedTransitioning
    {
      var seen: [String] = []
      func animationController(
        forPresented presented: UIViewController, presenting: UIViewController,
        source: UIViewController
      ) -> UIViewControllerAnimatedTransitioning? { self }
      func animationController(forDismissed dismissed: UIViewController)
        -> UIViewControllerAnimatedTransitioning?
      { self }
      func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?)
        -> TimeInterval
      { 0 }
      func animateTransition(using context: UIViewControllerContextTransitioning) {
        seen.append(
          "from \(context.view(forKey: .from) != nil) to \(context.view(forKey: .to) != nil)")
        if let to = context.view(forKey: .to) { context.containerView.addSubview(to) }
        context.completeTransition(true)
      }
    }
    let root = Logged("root")
    let tree = show(root)
    let peek = Peek()
    let card = UIViewController()
    card.modalPresentationStyle = .custom
    card.transitioningDelegate = peek
    root.present(card, animated: true)
    tree.advance(to: .seconds(0.1))
    card.dismiss(animated: true)
    tree.advance(to: .seconds(0.2))
    #expect(peek.seen == ["from false to true", "from true to false"])
  }
}
