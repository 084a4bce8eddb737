import Foundation
import Testing

@testable import UIKit

/// Idioms found in real ring, gauge and loader code that did not build or drew wrong: each
/// as Apple documents it.
@MainActor @Suite(.serialized) struct RealCodeIdiomsTests {
  /// A view that tears its content down when it leaves its superview, as gradient views do.
  final class TearsDown: UIView {
    var removals = 0
    override func removeFromSuperview() {
      removals += 1
      super.removeFromSuperview()
    }
  }

  /// Adding a view that has no superview does not call its `removeFromSuperview` (a view
  /// whose override removed its gradient drew nothing); moving it from one does.
  @Test func onlyAViewWithASuperviewIsRemovedFromIt() {
    let a = UIView()
    let b = UIView()
    let view = TearsDown()
    a.insertSubview(view, at: 0)
    #expect(view.removals == 0 && view.superview === a)
    b.addSubview(view)
    #expect(view.removals == 1 && view.superview === b && a.subviews.isEmpty)
  }

  @MainActor final class Listener {
    var heard: [String] = []
    func changed(_ note: Notification) { heard.append(note.name.rawValue) }
    func ping() { heard.append("ping") }
  }

  /// `addObserver(_:selector:name:object:)` with the method itself: called per
  /// notification, by name and object, until removed; the observer is not kept.
  @Test func notificationsCallTheObserversMethods() {
    let center = NotificationCenter()
    let listener = Listener()
    let name = Notification.Name("changed")
    let source = NSObject()
    center.addObserver(listener, selector: Listener.changed, name: name, object: source)
    center.addObserver(listener, selector: Listener.ping, name: nil, object: nil)
    center.post(name: name, object: source)
    center.post(name: name, object: nil)
    #expect(listener.heard == ["changed", "ping", "ping"])
    center.removeObserver(listener)
    center.post(name: name, object: source)
    #expect(listener.heard.count == 3)
    weak var gone: Listener?
    do {
      let short = Listener()
      gone = short
      center.addObserver(short, selector: Listener.ping, name: name, object: nil)
    }
    #expect(gone == nil, "not kept")
    center.post(name: name, object: nil)
  }

  /// Colour and image literals make UIKit's types; window levels add; Darwin's 64-bit
  /// limits and `CGFloat(truncating:)` exist; a layer keeps its repeat count by key.
  @Test func literalsLevelsAndLimits() {
    // swift-format-ignore: NoPlaygroundLiterals
    let orange = #colorLiteral(red: 1, green: 0.5, blue: 0, alpha: 1)
    var r: CGFloat = 0
    var g: CGFloat = 0
    _ = orange.getRed(&r, green: &g, blue: nil, alpha: nil)
    #expect(r == 1 && g == 0.5)
    // swift-format-ignore: NoPlaygroundLiterals
    let missing = #imageLiteral(resourceName: "no-such-image")
    #expect(missing.size == .zero)
    let level = UIWindow.Level.alert + 1
    #expect(level.rawValue == 2001 && level > .statusBar && UIWindow.Level.normal < .alert)
    let window = UIWindow()
    window.windowLevel = level
    #expect(window.windowLevel == level)
    #expect(UINT64_MAX == UInt64.max && INT64_MIN == Int64.min)
    #expect(CGFloat(truncating: NSNumber(value: 2.5)) == 2.5)
    let layer = CAReplicatorLayer()
    layer.repeatCount = .infinity
    #expect(
      layer.repeatCount == .infinity && layer.value(forKey: "repeatCount") as? Float == .infinity)
  }

  /// A replicator's presentation shows its values (its copy draws its instances once, as
  /// its sublayers, but reads as the replicator: it read one instance).
  @Test func aReplicatorsPresentationShowsItsValues() {
    let layer = CAReplicatorLayer()
    layer.instanceCount = 3
    layer.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
    layer.instanceAlphaOffset = -0.25
    layer.addSublayer(CALayer())
    let tree = showInKeyWindow(layer)
    tree.advance(to: .seconds(0.1))
    let shown = try! #require(layer.presentation())
    #expect(shown.instanceCount == 3 && shown.instanceTransform.m41 == 10)
    #expect(shown.instanceAlphaOffset == -0.25)
    #expect((shown.value(forKey: "instanceCount") as? NSNumber)?.intValue == 3)
    layer.setValue(4, forKey: "instanceCount")
    #expect(layer.instanceCount == 4)
  }

  final class WithWindow: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
  }
  final class WithoutWindow: UIResponder, UIApplicationDelegate {}

  /// `delegate?.window` is iOS's optional requirement: nil outside when the delegate has no
  /// window property, else its value.
  @Test func theDelegatesWindowIsAnOptionalRequirement() {
    let shown = UIWindow()
    let with = WithWindow()
    with.window = shown
    let delegates: [UIApplicationDelegate] = [with, WithoutWindow(), WithWindow()]
    #expect(delegates[0].window??.isEqual(shown) == true)
    #expect(delegates[1].window == nil)
    if case .some(.none) = delegates[2].window {} else { Issue.record("a window property, nil") }
  }

  final class StatusController: UIViewController {
    override var prefersStatusBarHidden: Bool { true }
    override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
    override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }
    override var shouldAutorotate: Bool { false }
  }

  /// Controllers' status-bar and rotation overrides build and answer.
  @Test func statusBarAndRotationOverridesBuild() {
    let c: UIViewController = StatusController()
    #expect(c.prefersStatusBarHidden && c.preferredStatusBarStyle == .lightContent)
    #expect(c.supportedInterfaceOrientations == .portrait && !c.shouldAutorotate)
    #expect(UIViewController().supportedInterfaceOrientations.contains(.landscapeLeft))
    let view = UIView()
    #expect(view.forBaselineLayout() === view)
  }

  /// The status bar as scene-based code reads it (and the deprecated application-wide
  /// reads): across the top of the upright screen, as tall as a window's top safe-area
  /// inset (0 here), shown, in the default style; the network activity indicator and a
  /// view's restoration identifier are kept.
  @Test func theStatusBarAndKeptSettingsRead() throws {
    UIApplication.shared.reset()
    // As a program starts (another test hides the bar).
    UIApplication.shared.isStatusBarHidden = false
    UIApplication.shared.statusBarStyle = .default
    let scene = try #require(UIApplication.shared.connectedScenes.first as? UIWindowScene)
    let manager = try #require(scene.statusBarManager)
    let window = UIWindow(windowScene: scene)
    #expect(
      manager.statusBarFrame
        == CGRect(x: 0, y: 0, width: UIScreen.main.bounds.width, height: window.safeAreaInsets.top),
      "\(manager.statusBarFrame)")
    #expect(UIApplication.shared.statusBarFrame == manager.statusBarFrame)
    #expect(!manager.isStatusBarHidden && manager.statusBarStyle == .default)
    UIApplication.shared.isStatusBarHidden = true
    UIApplication.shared.statusBarStyle = .lightContent
    #expect(manager.isStatusBarHidden && manager.statusBarFrame == .zero, "hidden: zero")
    #expect(manager.statusBarStyle == .lightContent)
    UIApplication.shared.isStatusBarHidden = false
    UIApplication.shared.statusBarStyle = .default
    // The deprecated setters older demos call.
    UIApplication.shared.setStatusBarStyle(.lightContent, animated: true)
    UIApplication.shared.setStatusBarHidden(true, with: .fade)
    #expect(manager.statusBarStyle == .lightContent && manager.isStatusBarHidden)
    UIApplication.shared.setStatusBarStyle(.default, animated: false)
    UIApplication.shared.setStatusBarHidden(false, with: .none)
    #expect(!UIApplication.shared.isNetworkActivityIndicatorVisible)
    UIApplication.shared.isNetworkActivityIndicatorVisible = true
    #expect(UIApplication.shared.isNetworkActivityIndicatorVisible, "kept")
    UIApplication.shared.isNetworkActivityIndicatorVisible = false

    let view = UIView()
    #expect(view.restorationIdentifier == nil)
    view.restorationIdentifier = "NVActivityIndicatorPresenter"
    #expect(view.restorationIdentifier == "NVActivityIndicatorPresenter", "kept")
  }
}

/// Core Foundation's run-loop timers, as older code delays with them: on the main run loop
/// they run on the media clock, at their fire date and then every interval.
@MainActor @Suite(.serialized) struct CFRunLoopTimerTests {
  @Test func aDelayMadeWithCoreFoundationRunsOnTheMediaClock() {
    let tree = showInKeyWindow(CALayer())
    var once: [Double] = []
    var every: [Double] = []
    let due = CFAbsoluteTimeGetCurrent() + 0.5
    // A busy machine between the two readings does not move it: the absolute time is the
    // media clock's (on the wall clock's this was due 3 ms early).
    usleep(3_000)
    let delay = CFRunLoopTimerCreateWithHandler(kCFAllocatorDefault, due, 0, 0, 0) { _ in
      once.append(CACurrentMediaTime())
    }
    CFRunLoopAddTimer(CFRunLoopGetCurrent(), delay, .commonModes)
    let ticks = CFRunLoopTimerCreateWithHandler(
      kCFAllocatorDefault, CFAbsoluteTimeGetCurrent() + 0.25, 0.25, 0, 0
    ) { _ in every.append(CACurrentMediaTime()) }
    CFRunLoopAddTimer(CFRunLoopGetMain(), ticks, .defaultMode)
    tree.advance(to: .seconds(0.4))
    #expect(once.isEmpty && every == [0.25])
    tree.advance(to: .seconds(1.1))
    CFRunLoopTimerInvalidate(ticks)
    tree.advance(to: .seconds(2))
    #expect(once == [0.5] && every == [0.25, 0.5, 0.75, 1.0], "\(once) \(every)")
  }

  /// The delay extension copied from answer to answer: its handler takes a `Timer` and it
  /// returns the Core Foundation timer as one (toll-free bridged on Apple's platforms).
  @Test func theCopiedScheduleExtensionBuildsAndRuns() {
    let tree = showInKeyWindow(CALayer())
    var fired: [Double] = []
    let timer: Timer = Timer.schedule(delay: 0.3) { timer in
      fired.append(CACurrentMediaTime())
      #expect(timer != nil)
    }
    tree.advance(to: .seconds(1))
    #expect(fired == [0.3] && !timer.isValid)
  }
}

/// Swift 4.1's names of UIKit's nested types, as code of that age writes them.
@MainActor @Suite(.serialized) struct OlderNameTests {
  @MainActor final class Tapped: NSObject {
    var taps = 0
    func tap() { taps += 1 }
  }

  @Test func swift41NamesBuild() {
    let button = UIButton(type: UIButtonType.system)
    let target = Tapped()
    button.addTarget(target, action: Tapped.tap, for: UIControlEvents.touchUpInside)
    button.sendActions(for: UIControlEvents.touchUpInside)
    let options: UIViewAnimationOptions = [UIViewAnimationOptions.curveLinear, .repeat]
    let state: UIControlState = .highlighted
    let mode: UIViewContentMode = .scaleAspectFit
    #expect(target.taps == 1 && options.contains(.repeat) && state == .highlighted)
    #expect(mode == UIView.ContentMode.scaleAspectFit)
    let style: UIUserInterfaceStyle = UITraitCollection.current.userInterfaceStyle
    let impact: UIImpactFeedbackStyle = .heavy
    #expect(style != .dark && impact == .heavy)
  }
}

extension Timer {
  fileprivate class func schedule(delay: TimeInterval, handler: @escaping (Timer?) -> Void)
    -> Timer
  {
    let fireDate = delay + CFAbsoluteTimeGetCurrent()
    let timer = CFRunLoopTimerCreateWithHandler(kCFAllocatorDefault, fireDate, 0, 0, 0, handler)!
    CFRunLoopAddTimer(CFRunLoopGetCurrent(), timer, CFRunLoopMode.commonModes)
    return timer
  }
}

/// Older UIKit real code still calls: block-less animations, delayed performs, a display
/// link's frame interval, notifications taken as `NSNotification`, motion effects kept.
@MainActor @Suite(.serialized) struct LegacyIdiomsTests {
  @MainActor final class Spinner: UIView {
    var heard: [String] = []
    func start() { heard.append("start \(CACurrentMediaTime())") }
    func note(_ object: Any?) { heard.append("note \(object as? String ?? "-")") }
    func rotated(notification: NSNotification) {
      heard.append("rotated \(notification.name.rawValue)")
    }
  }

  @Test func olderIdiomsWork() {
    let spinner = Spinner(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    let tree = showInKeyWindow(spinner.layer)
    spinner.perform(Spinner.start, with: nil, afterDelay: 0.25)
    spinner.perform(Spinner.note, with: "x", afterDelay: 0.5)
    spinner.perform(Spinner.note, with: "y", afterDelay: 0.75)
    tree.advance(to: .seconds(0.6))
    NSObject.cancelPreviousPerformRequests(withTarget: spinner)
    tree.advance(to: .seconds(1))
    #expect(spinner.heard == ["start 0.25", "note x"])

    let center = NotificationCenter()
    center.addObserver(
      spinner, selector: Spinner.rotated, name: UIDevice.orientationDidChangeNotification,
      object: nil)
    center.post(name: UIDevice.orientationDidChangeNotification, object: nil)
    #expect(spinner.heard.last == "rotated UIDeviceOrientationDidChangeNotification")

    // Block-less animation: what changes between begin and commit animates.
    UIView.beginAnimations(nil, context: nil)
    UIView.setAnimationDuration(1)
    UIView.setAnimationCurve(.linear)
    spinner.alpha = 0
    UIView.commitAnimations()
    tree.advance(to: .seconds(1.5))
    #expect(abs(Double(spinner.layer.presentation()!.opacity) - 0.5) < 1e-6)

    let link = CADisplayLink(target: spinner, selector: Spinner.start)
    link.frameInterval = 6
    #expect(link.preferredFramesPerSecond == 10 && link.frameInterval == 6)
    let tilt = UIInterpolatingMotionEffect(keyPath: "center.x", type: .tiltAlongHorizontalAxis)
    spinner.addMotionEffect(tilt)
    #expect(spinner.motionEffects.count == 1)
    UIApplication.shared.isStatusBarHidden = true
    #expect(UIApplication.shared.isStatusBarHidden)
  }

  /// A pulse layer as pulse libraries write one: it overrides the layer's media-timing
  /// properties and hit-testing, which Apple's are open to (they could not be overridden:
  /// declared in an extension).
  final class PulseLayer: CAReplicatorLayer {
    var repeatsSet = 0
    var asked: [CGPoint] = []
    override var repeatCount: Float { didSet { repeatsSet += 1 } }
    override var duration: CFTimeInterval {
      get { super.duration * 2 }
      set { super.duration = newValue }
    }
    override var speed: Float {
      get { super.speed }
      set { super.speed = newValue }
    }
    override class func defaultValue(forKey key: String) -> Any? {
      key == "radius" ? 60 : super.defaultValue(forKey: key)
    }
    override func contains(_ p: CGPoint) -> Bool {
      asked.append(p)
      return hypot(p.x - bounds.midX, p.y - bounds.midY) <= bounds.width / 2
    }
    override func value(forKey key: String) -> Any? {
      key == "pulses" ? repeatsSet : super.value(forKey: key)
    }
  }

  @Test func aLayerOverridesTimingAndHitTesting() {
    let layer = PulseLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    layer.repeatCount = .infinity
    layer.duration = 1.5
    layer.speed = 0.5
    #expect(layer.repeatsSet == 1 && layer.duration == 3 && layer.speed == 0.5)
    #expect(PulseLayer.defaultValue(forKey: "radius") as? Int == 60)
    #expect(layer.value(forKey: "pulses") as? Int == 1)
    #expect(layer.value(forKey: "opacity") as? NSNumber == 1)
    #expect(layer.hitTest(CGPoint(x: 50, y: 50)) === layer)
    #expect(layer.hitTest(CGPoint(x: 5, y: 5)) == nil, "outside the circle, inside the square")
    #expect(layer.asked.count == 2)
  }
}
