import Foundation

/// Recognises a gesture in the touches of the view it is added to, and calls its targets'
/// actions as its state changes (UIKit's). There is no touch input here, so none is ever
/// recognised: a program's recognisers are made, configured and added as on iOS, and stay
/// `.possible`. The action is the method itself where iOS takes `#selector` (which needs
/// the Objective-C runtime): `UITapGestureRecognizer(target: self, action: Self.tapped)` or
/// `Self.tapped(_:)`.
@preconcurrency @MainActor
open class UIGestureRecognizer: NSObject {
  public enum State: Int, Sendable {
    case possible, began, changed, ended, cancelled, failed
    public static let recognized = State.ended
  }

  /// Where recognition stands (`.possible` until a gesture is recognised: never, here).
  open var state = State.possible
  /// The view it was added to.
  public internal(set) weak var view: UIView?
  open var isEnabled = true
  open weak var delegate: UIGestureRecognizerDelegate?
  open var cancelsTouchesInView = true
  open var delaysTouchesBegan = false
  open var delaysTouchesEnded = true
  open var requiresExclusiveTouchType = true
  open var name: String?
  /// Touches in the gesture (none: there is no touch input here).
  open var numberOfTouches: Int { 0 }

  /// The actions it calls, each on a target it does not keep.
  private var actions: [(target: WeakTarget, call: @MainActor (UIGestureRecognizer) -> Void)] =
    []
  private var failureRequirements: [WeakTarget] = []

  public override init() { super.init() }

  /// A recogniser calling `action`, a method of the target's type taking nothing.
  public convenience init<Target: AnyObject>(
    target: Any?, action: @escaping @MainActor (Target) -> @MainActor () -> Void
  ) {
    self.init()
    addTarget(target, action: action)
  }

  /// A recogniser calling `action`, a method of the target's type taking the recogniser.
  public convenience init<Target: AnyObject, Sender>(
    target: Any?, action: @escaping @MainActor (Target) -> @MainActor (Sender) -> Void
  ) {
    self.init()
    addTarget(target, action: action)
  }

  /// Also calls `action` on `target` (not kept). Stops the program when the target or this
  /// recogniser is not of the method's types, as iOS stops for a selector its target does
  /// not recognise. (Final: a subclass's table of these generic methods does not link with
  /// this compiler.)
  public final func addTarget<Target: AnyObject>(
    _ target: Any?, action: @escaping @MainActor (Target) -> @MainActor () -> Void
  ) {
    add(target) { (object: Target, _: UIGestureRecognizer) in action(object)() }
  }

  public final func addTarget<Target: AnyObject, Sender>(
    _ target: Any?, action: @escaping @MainActor (Target) -> @MainActor (Sender) -> Void
  ) {
    TargetAction.check(self, is: Sender.self, in: "UIGestureRecognizer")
    add(target) { (object: Target, recognizer: UIGestureRecognizer) in
      action(object)(recognizer as! Sender)
    }
  }

  private final func add<Target: AnyObject>(
    _ target: Any?, call: @escaping @MainActor (Target, UIGestureRecognizer) -> Void
  ) {
    guard let target else { return }
    let object = TargetAction.typed(target, as: Target.self, in: "UIGestureRecognizer")
    actions.append(
      (
        WeakTarget(object),
        { [weak object] recognizer in
          guard let object else { return }
          call(object, recognizer)
        }
      ))
  }

  /// Stops calling `target` (every action of it: methods cannot be told apart here), or
  /// every target when it is nil.
  open func removeTarget(_ target: Any?, action: Never?) {
    let object = target.map { $0 as AnyObject }
    actions.removeAll { object == nil || $0.target.object === object }
  }

  /// Calls every action whose target is still there, in the order added (what recognising
  /// a gesture does; a program's code may call it to act as if one was).
  func sendActions() {
    for entry in actions where entry.target.object != nil { entry.call(self) }
  }

  /// Recognises only after `other` has failed.
  open func require(toFail other: UIGestureRecognizer) {
    failureRequirements.append(WeakTarget(other))
  }

  /// Where the gesture is in `view`'s coordinates: the origin, as no touch is anywhere.
  open func location(in view: UIView?) -> CGPoint { .zero }
  open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint { .zero }

  /// Goes back to `.possible` (subclasses override it to clear their own state).
  open func reset() { state = .possible }

  open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
  open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
  open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
  open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}
}

/// What a recogniser asks before and while it recognises. Every method is optional.
@preconcurrency @MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
  func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
  func gestureRecognizer(
    _ gestureRecognizer: UIGestureRecognizer,
    shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
  ) -> Bool
  func gestureRecognizer(
    _ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch
  ) -> Bool
}

extension UIGestureRecognizerDelegate {
  public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
    true
  }
  public func gestureRecognizer(
    _ gestureRecognizer: UIGestureRecognizer,
    shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
  ) -> Bool { false }
  public func gestureRecognizer(
    _ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch
  ) -> Bool { true }
}

/// A tap: `numberOfTapsRequired` taps of `numberOfTouchesRequired` fingers.
open class UITapGestureRecognizer: UIGestureRecognizer {
  open var numberOfTapsRequired = 1
  open var numberOfTouchesRequired = 1
}

/// A press held for `minimumPressDuration` seconds without moving more than
/// `allowableMovement` points.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
  open var minimumPressDuration: TimeInterval = 0.5
  open var allowableMovement: CGFloat = 10
  open var numberOfTapsRequired = 0
  open var numberOfTouchesRequired = 1
}

/// A drag: its translation and velocity in a view's coordinates.
open class UIPanGestureRecognizer: UIGestureRecognizer {
  open var minimumNumberOfTouches = 1
  open var maximumNumberOfTouches = Int.max
  private var translation = CGPoint.zero

  open func translation(in view: UIView?) -> CGPoint { translation }
  open func setTranslation(_ translation: CGPoint, in view: UIView?) {
    self.translation = translation
  }
  /// Points a second.
  open func velocity(in view: UIView?) -> CGPoint { .zero }
}

/// A pan from an edge of the screen.
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
  open var edges: UIRectEdge = []
}

/// A swipe in one of `direction`'s directions.
open class UISwipeGestureRecognizer: UIGestureRecognizer {
  public struct Direction: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let right = Direction(rawValue: 1 << 0)
    public static let left = Direction(rawValue: 1 << 1)
    public static let up = Direction(rawValue: 1 << 2)
    public static let down = Direction(rawValue: 1 << 3)
  }
  open var direction = Direction.right
  open var numberOfTouchesRequired = 1
}

/// Two fingers pinching: the scale since it began, and its rate a second.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
  open var scale: CGFloat = 1
  open var velocity: CGFloat { 0 }
}

/// Two fingers turning: the rotation since it began (radians), and its rate a second.
open class UIRotationGestureRecognizer: UIGestureRecognizer {
  open var rotation: CGFloat = 0
  open var velocity: CGFloat { 0 }
}

extension UIView {
  /// The recognisers added to the view.
  public var gestureRecognizers: [UIGestureRecognizer]? {
    get { recognizers.isEmpty ? nil : recognizers }
    set {
      for r in recognizers { r.view = nil }
      recognizers = newValue ?? []
      for r in recognizers { r.view = self }
    }
  }

  /// Adds `recognizer` (moved from the view it was on).
  public func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
    recognizer.view?.removeGestureRecognizer(recognizer)
    recognizers.append(recognizer)
    recognizer.view = self
  }

  public func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
    guard recognizer.view === self else { return }
    recognizers.removeAll { $0 === recognizer }
    recognizer.view = nil
  }
}
