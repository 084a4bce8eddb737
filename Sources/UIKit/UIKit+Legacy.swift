import Foundation

// Older UIKit that real code still calls: block-less view animations, delayed performs,
// the status bar's settings, motion effects. Each is kept or done as iOS does where it
// can be here, and accepted otherwise.

extension UIView {
  /// The curves of `setAnimationCurve(_:)`.
  public enum AnimationCurve: Int, Sendable {
    case easeInOut, easeIn, easeOut, linear

    /// Core Animation's curve of that name.
    var timingFunction: CAMediaTimingFunction {
      let name: CAMediaTimingFunctionName =
        switch self {
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .linear: .linear
        case .easeInOut: .easeInEaseOut
        }
      return CAMediaTimingFunction(name: name)
    }
  }

  /// Where `beginAnimations` put its block among the open animation blocks, until
  /// `commitAnimations()`; nil when none is open.
  nonisolated(unsafe) static var legacyBlock: Int?

  /// Opens an animation block (before blocks, iOS's way): changes until
  /// `commitAnimations()` animate over `setAnimationDuration` (0.2 s unless set), eased.
  public class func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
    CATransaction.begin()
    animationBlocks.append(
      AnimationBlock(
        duration: 0.2, delay: 0, curve: CAMediaTimingFunction(name: .easeInEaseOut)))
    legacyBlock = animationBlocks.count - 1
  }

  // Each setter changes the open block: the changes after it take the new setting.
  public class func setAnimationDuration(_ duration: TimeInterval) {
    changeLegacy { $0.duration = duration }
  }
  public class func setAnimationDelay(_ delay: TimeInterval) { changeLegacy { $0.delay = delay } }
  public class func setAnimationCurve(_ curve: AnimationCurve) {
    changeLegacy { $0.curve = curve.timingFunction }
  }
  public class func setAnimationRepeatCount(_ count: Float) {
    changeLegacy { $0.repeats = count > 0 }
  }
  public class func setAnimationRepeatAutoreverses(_ on: Bool) {
    changeLegacy { $0.autoreverses = on }
  }
  /// Whether changes animate (only inside `beginAnimations`'s block here; kept otherwise).
  public class func setAnimationsEnabled(_ enabled: Bool) {}
  public class var areAnimationsEnabled: Bool { true }

  /// Closes the block `beginAnimations` opened: what changed in it animates.
  public class func commitAnimations() {
    guard let index = legacyBlock, index < animationBlocks.count else { return }
    legacyBlock = nil
    animationBlocks.remove(at: index)
    CATransaction.commit()
  }

  private class func changeLegacy(_ change: (inout AnimationBlock) -> Void) {
    guard let index = legacyBlock, index < animationBlocks.count else { return }
    change(&animationBlocks[index])
  }

  // MARK: Motion effects

  /// Motion effects added (kept: there is no device tilt here, so none moves anything).
  public var motionEffects: [UIMotionEffect] {
    get { objc_getAssociatedObject(self, &UIMotionEffect.key) as? [UIMotionEffect] ?? [] }
    set { objc_setAssociatedObject(self, &UIMotionEffect.key, newValue, .OBJC_ASSOCIATION_RETAIN) }
  }
  public func addMotionEffect(_ effect: UIMotionEffect) { motionEffects.append(effect) }
  public func removeMotionEffect(_ effect: UIMotionEffect) {
    motionEffects.removeAll { $0 === effect }
  }
}

/// A change of a view's values with the device's tilt (kept: nothing tilts here).
@preconcurrency @MainActor
open class UIMotionEffect: NSObject {
  nonisolated(unsafe) static var key: UInt8 = 0
  public override init() { super.init() }
}

/// A key path of a view following the tilt along one axis between two values (kept).
open class UIInterpolatingMotionEffect: UIMotionEffect {
  public enum EffectType: Int, Sendable { case tiltAlongHorizontalAxis, tiltAlongVerticalAxis }
  public let keyPath: String
  public let type: EffectType
  open var minimumRelativeValue: Any?
  open var maximumRelativeValue: Any?
  public init(keyPath: String, type: EffectType) {
    self.keyPath = keyPath
    self.type = type
    super.init()
  }
}

/// Several motion effects as one (kept).
open class UIMotionEffectGroup: UIMotionEffect {
  open var motionEffects: [UIMotionEffect]?
}

extension UIApplication {
  /// The status bar's settings (kept: there is no status bar here).
  public var statusBarStyle: UIStatusBarStyle {
    get {
      objc_getAssociatedObject(self, &UIApplication.StatusBarKeys.style) as? UIStatusBarStyle
        ?? .default
    }
    set {
      objc_setAssociatedObject(
        self, &UIApplication.StatusBarKeys.style, newValue, .OBJC_ASSOCIATION_RETAIN)
    }
  }
  public var isStatusBarHidden: Bool {
    get { objc_getAssociatedObject(self, &UIApplication.StatusBarKeys.hidden) as? Bool ?? false }
    set {
      objc_setAssociatedObject(
        self, &UIApplication.StatusBarKeys.hidden, newValue, .OBJC_ASSOCIATION_RETAIN)
    }
  }
  /// Sets `statusBarStyle` (deprecated on iOS 9; kept, whether or not animated).
  public func setStatusBarStyle(_ style: UIStatusBarStyle, animated: Bool) {
    statusBarStyle = style
  }
  /// Sets `isStatusBarHidden` (deprecated on iOS 9; kept, with any animation).
  public func setStatusBarHidden(_ hidden: Bool, with animation: UIStatusBarAnimation) {
    isStatusBarHidden = hidden
  }
  /// The status bar's frame (deprecated on iOS 13): the window scene's
  /// `statusBarManager.statusBarFrame`.
  public var statusBarFrame: CGRect { UIStatusBarManager.main.statusBarFrame }
  /// Whether the network activity indicator shows (deprecated on iOS 13; kept: there is no
  /// status bar to show it in). False unless set.
  public var isNetworkActivityIndicatorVisible: Bool {
    get {
      objc_getAssociatedObject(self, &UIApplication.StatusBarKeys.networkActivity) as? Bool
        ?? false
    }
    set {
      objc_setAssociatedObject(
        self, &UIApplication.StatusBarKeys.networkActivity, newValue, .OBJC_ASSOCIATION_RETAIN)
    }
  }
  /// Never posted: the screen stays upright here.
  nonisolated public static let didChangeStatusBarOrientationNotification = Notification.Name(
    "UIApplicationDidChangeStatusBarOrientationNotification")
  nonisolated public static let willChangeStatusBarOrientationNotification = Notification.Name(
    "UIApplicationWillChangeStatusBarOrientationNotification")
  private enum StatusBarKeys {
    nonisolated(unsafe) static var style: UInt8 = 0
    nonisolated(unsafe) static var hidden: UInt8 = 0
    nonisolated(unsafe) static var networkActivity: UInt8 = 0
  }
}

extension CGContext {
  /// Sends what was drawn to its destination (done already here: nothing to do).
  public func flush() {}
  public func synchronize() {}
}

extension NSObject {
  /// Calls `selector` (the method itself, where iOS takes `#selector`), taking `object`,
  /// after `delay` seconds on the media clock (a timer on the main run loop); the target is
  /// kept until then, as iOS keeps it.
  public func perform<Target: AnyObject>(
    _ selector: @escaping @MainActor (Target) -> @MainActor (Any?) -> Void, with object: Any?,
    afterDelay delay: TimeInterval
  ) {
    nonisolated(unsafe) let object = object
    schedulePerform(delay) { (target: Target) in selector(target)(object) }
  }

  /// The same, for a method taking nothing.
  public func perform<Target: AnyObject>(
    _ selector: @escaping @MainActor (Target) -> @MainActor () -> Void, with object: Any?,
    afterDelay delay: TimeInterval
  ) {
    schedulePerform(delay) { (target: Target) in selector(target)() }
  }

  /// The same, for a method of a type off the main actor, taking the object or nothing.
  @_disfavoredOverload
  public func perform<Target: AnyObject>(
    _ selector: @escaping (Target) -> (Any?) -> Void, with object: Any?,
    afterDelay delay: TimeInterval
  ) {
    perform(TargetAction.onMain(selector), with: object, afterDelay: delay)
  }

  @_disfavoredOverload
  public func perform<Target: AnyObject>(
    _ selector: @escaping (Target) -> () -> Void, with object: Any?,
    afterDelay delay: TimeInterval
  ) {
    perform(TargetAction.onMain(selector), with: object, afterDelay: delay)
  }

  /// Cancels every call `perform(_:with:afterDelay:)` scheduled on `target`.
  public class func cancelPreviousPerformRequests(withTarget target: Any) {
    let object = target as AnyObject
    PerformRequests.timers.removeAll { entry in
      guard entry.target === object else { return false }
      entry.timer.invalidate()
      return true
    }
  }

  private func schedulePerform<Target: AnyObject>(
    _ delay: TimeInterval, _ call: @escaping @MainActor (Target) -> Void
  ) {
    let target = TargetAction.typed(self, as: Target.self, in: "perform(_:with:afterDelay:)")
    nonisolated(unsafe) let kept = target
    let timer = Timer(dueIn: max(0, delay), repeats: false) { timer in
      nonisolated(unsafe) let timer = timer
      MainActor.assumeIsolated {
        PerformRequests.timers.removeAll { $0.timer === timer }
        call(kept)
      }
    }
    PerformRequests.timers.append((target, timer))
    RunLoop.main.schedule(timer, forMode: .default)
  }
}

/// The calls `perform(_:with:afterDelay:)` has scheduled, by target, for cancelling.
enum PerformRequests {
  nonisolated(unsafe) static var timers: [(target: AnyObject, timer: Timer)] = []
}
