import Foundation

/// Recognises a gesture in the touches of the view it is added to (and of the view's
/// subviews), and calls its targets' actions as its state changes (UIKit's). Touches come
/// from the window's pointer (see `UIWindow.sendEvent(_:)`): each recogniser of the touched
/// view and its ancestors hears them before the view does. The action is the method itself
/// where iOS takes `#selector` (which needs the Objective-C runtime):
/// `UITapGestureRecognizer(target: self, action: Self.tapped)` or `Self.tapped(_:)`.
@preconcurrency @MainActor
open class UIGestureRecognizer: NSObject {
  public enum State: Int, Sendable {
    case possible, began, changed, ended, cancelled, failed
    public static let recognized = State.ended
  }

  /// Where recognition stands. Setting it, as subclasses do, calls the actions at
  /// `.began`, `.changed`, `.ended` and `.cancelled`; leaving `.possible` first asks the
  /// delegate and the view (`gestureRecognizerShouldBegin`), waits for the recognisers it
  /// requires to fail, and fails the others on the same touch that may not recognise
  /// with it.
  open var state: State {
    get { stateValue }
    set { move(to: newValue) }
  }
  private final var stateValue = State.possible
  /// The state it will take once the recognisers it requires to fail have failed.
  private final var pendingState: State?
  /// The touches it has heard since it was last reset.
  final var touches: [UITouch] = []
  /// Where its touches last were, in the window's coordinates.
  private final var lastWindowLocation: CGPoint?
  /// The view it was added to.
  public internal(set) weak var view: UIView?
  /// Whether it recognises; disabled mid-gesture, the gesture is cancelled (its action
  /// told), as UIKit documents.
  open var isEnabled = true {
    didSet { if !isEnabled { detach() } }
  }
  open weak var delegate: UIGestureRecognizerDelegate?
  open var cancelsTouchesInView = true
  open var delaysTouchesBegan = false
  open var delaysTouchesEnded = true
  open var requiresExclusiveTouchType = true
  open var name: String?
  /// Touches in the gesture (the window's pointer: one at most).
  open var numberOfTouches: Int { touches.count }

  /// The actions it calls, each on a target it does not keep.
  private final var actions:
    [(target: WeakTarget, call: @MainActor (UIGestureRecognizer) -> Void)] =
      []
  private final var failureRequirements: [WeakTarget] = []
  /// The recognisers that require this one to fail.
  private final var dependents: [WeakTarget] = []

  /// A recogniser calling `action` on `target`: the designated initialiser, as on iOS, so a
  /// subclass that overrides it to configure itself (`minimumPressDuration = 0`) inherits
  /// the others, which call it. A program passes a method (`Self.tapped`) to those; this one
  /// passes on the action they made.
  public init(target: Any?, action: Selector?) {
    super.init()
    action?.add(self, target)
  }

  /// A recogniser with no action yet.
  public override convenience init() { self.init(target: nil, action: nil) }

  /// A recogniser calling `action`, a method of the target's type taking nothing.
  public convenience init<Target: AnyObject>(
    target: Any?, action: @escaping @MainActor (Target) -> @MainActor () -> Void
  ) {
    self.init(target: target, action: Selector { $0.addTarget($1, action: action) })
  }

  /// A recogniser calling `action`, a method of the target's type taking the recogniser.
  public convenience init<Target: AnyObject, Sender>(
    target: Any?, action: @escaping @MainActor (Target) -> @MainActor (Sender) -> Void
  ) {
    self.init(target: target, action: Selector { $0.addTarget($1, action: action) })
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

  /// Recognises only after `other` has failed: a gesture it recognises first waits for
  /// that (a single tap for a double tap's interval), and fails if `other` recognises.
  open func require(toFail other: UIGestureRecognizer) {
    failureRequirements.append(WeakTarget(other))
    other.dependents.append(WeakTarget(self))
  }

  /// Where the gesture is in `view`'s coordinates (its window's when nil): its touch's
  /// location, the last one after the touch ended.
  open func location(in view: UIView?) -> CGPoint {
    if let touch = touches.last { return touch.location(in: view) }
    guard let point = lastWindowLocation, let view, let window = view.window else {
      return lastWindowLocation ?? .zero
    }
    return view.layer.convert(point, from: window.layer)
  }
  open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
    touches.indices.contains(touchIndex) ? touches[touchIndex].location(in: view) : .zero
  }

  /// Goes back to `.possible` and forgets its touches (subclasses override it to clear
  /// their own state, calling `super`). The window calls it once a gesture has ended,
  /// been cancelled or failed and its touch has lifted.
  open func reset() {
    if let touch = touches.last { lastWindowLocation = touch.windowLocation }
    stateValue = .possible
    pendingState = nil
    touches = []
  }

  /// Whether it is waiting past its touch: for another tap, or for another recogniser to
  /// fail.
  final var waits: Bool { pendingState != nil || waitsForAnotherTouch }
  /// Whether its gesture goes on with another touch (a multiple tap between its taps).
  var waitsForAnotherTouch: Bool { false }

  /// Whether it still hears touches: not once it has ended, been cancelled or failed.
  final var hearsTouches: Bool { isEnabled && [.possible, .began, .changed].contains(stateValue) }

  /// Calls `body` after `seconds` on the media clock (a timer on the main run loop), while
  /// it is still there; for recognisers that wait (a long press, a multiple tap).
  final func after(
    _ seconds: TimeInterval, _ body: @escaping @MainActor (UIGestureRecognizer) -> Void
  )
    -> Timer
  {
    nonisolated(unsafe) let target = WeakTarget(self)
    let timer = Timer(dueIn: seconds, repeats: false) { _ in
      MainActor.assumeIsolated {
        if let recognizer = target.object as? UIGestureRecognizer { body(recognizer) }
      }
    }
    RunLoop.main.schedule(timer, forMode: .default)
    return timer
  }

  private func move(to new: State) {
    let old = stateValue
    guard new != old || new == .changed else { return }
    if old == .possible, new == .began || new == .ended {
      guard mayBegin() else { return settle(.failed) }
      let requirements = failureRequirements.compactMap { $0.object as? UIGestureRecognizer }
      if requirements.contains(where: { [.began, .changed, .ended].contains($0.stateValue) }) {
        return settle(.failed)
      }
      if requirements.contains(where: { $0.stateValue == .possible && $0.isEnabled }) {
        pendingState = new
        return
      }
    }
    settle(new)
  }

  /// Takes `new` at once: calls the actions, and tells the others what it means for them.
  private func settle(_ new: State) {
    let old = stateValue
    stateValue = new
    pendingState = nil
    if old == .possible, new == .began || new == .ended { recognized() }
    if [.began, .changed, .ended, .cancelled].contains(new) { sendActions() }
    if new == .failed || new == .began || new == .ended {
      for dependent in dependents.compactMap({ $0.object as? UIGestureRecognizer }) {
        guard let pending = dependent.pendingState else { continue }
        if new == .failed {
          dependent.move(to: pending)
        } else {
          dependent.settle(.failed)
        }
        dependent.resetIfIdle()
      }
    }
    if new == .failed || new == .ended || new == .cancelled { TouchDelivery.releaseHeld() }
  }

  /// Ends a continuous gesture as its touch lifts (or is cancelled): `.ended`
  /// (`.cancelled`) once it has begun, else `.failed`.
  final func finishContinuous(cancelled: Bool) {
    let active = stateValue == .began || stateValue == .changed
    state = active ? (cancelled ? .cancelled : .ended) : .failed
  }

  /// Stops hearing its touch: an active gesture is cancelled (the action told, while its
  /// view is there), then it starts again.
  final func detach() {
    if view != nil, stateValue == .began || stateValue == .changed { settle(.cancelled) }
    if stateValue != .possible || !touches.isEmpty || pendingState != nil { reset() }
  }

  /// Resets it when its gesture is over and no touch of it is down.
  final func resetIfIdle() {
    guard [.ended, .cancelled, .failed].contains(stateValue),
      touches.allSatisfy({ $0.phase == .ended || $0.phase == .cancelled })
    else { return }
    reset()
  }

  /// Whether the delegate and the view let it begin; a control keeps its own taps (and a
  /// slider its drags) from the recognisers of the views beneath it, as UIKit's do.
  private func mayBegin() -> Bool {
    if let touched = touches.last?.view, touched !== view, let control = touched as? UIControl {
      if let tap = self as? UITapGestureRecognizer, tap.numberOfTapsRequired == 1 { return false }
      if control is UISlider, self is UIPanGestureRecognizer || self is UISwipeGestureRecognizer {
        return false
      }
    }
    return (delegate?.gestureRecognizerShouldBegin(self) ?? true)
      && (view?.gestureRecognizerShouldBegin(self) ?? true)
  }

  /// It has just recognised: the others on its touches that may not recognise with it
  /// fail, and, when it cancels touches in views, its touches' views hear them cancelled.
  private func recognized() {
    for touch in touches {
      for other in touch.gestureRecognizers ?? [] where other !== self {
        guard other.stateValue == .possible, !simultaneous(with: other) else { continue }
        other.settle(.failed)
      }
      if cancelsTouchesInView, touch.deliversToView {
        touch.deliversToView = false
        if touch.viewHeardBegan, !touch.viewHeardEnd, let view = touch.view {
          touch.viewHeardEnd = true
          view.touchesCancelled(
            [touch], with: UIEvent(touches: [touch], timestamp: touch.timestamp))
        }
      }
    }
  }

  private func simultaneous(with other: UIGestureRecognizer) -> Bool {
    (delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) ?? false)
      || (other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self)
        ?? false)
  }

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

/// Two fingers pinching: the scale since it began, and its rate a second. The window's
/// pointer is one finger, so it never recognises here.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
  open var scale: CGFloat = 1
  open var velocity: CGFloat { 0 }
}

/// Two fingers turning: the rotation since it began (radians), and its rate a second. The
/// window's pointer is one finger, so it never recognises here.
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

/// An action as a recogniser's designated initialiser `init(target:action:)` takes it: made
/// from a method by the initialisers a program calls (where iOS takes `#selector`), for a
/// subclass's override of that initialiser to pass on.
public struct Selector {
  /// Adds the action, for a target, to a recogniser.
  let add: @MainActor (UIGestureRecognizer, Any?) -> Void
}
