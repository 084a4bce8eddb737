import Foundation

/// A finger on the screen (UIKit's): here the window's pointer, its first button held. It
/// is one object from press to release, as on iOS; its locations are kept in its window's
/// coordinates.
@preconcurrency @MainActor
open class UITouch: NSObject {
  public enum Phase: Int, Sendable { case began, moved, stationary, ended, cancelled }
  public enum TouchType: Int, Sendable { case direct, indirect, pencil, indirectPointer }

  public internal(set) var phase = Phase.began
  /// Presses in quick succession at about one place: 1 for the first, 2 for a double tap.
  public internal(set) var tapCount = 0
  /// The view it began in (the window's hit test there).
  public internal(set) weak var view: UIView?
  public internal(set) weak var window: UIWindow?
  /// The media time of its last change, in seconds (`CACurrentMediaTime()`).
  public internal(set) var timestamp: TimeInterval = 0
  /// The recognisers it is delivered to: those of its view and the view's ancestors.
  public internal(set) var gestureRecognizers: [UIGestureRecognizer]?
  /// A finger on the screen (a mouse has no force or radius: these are 0 and 1 point).
  public var type: TouchType { .direct }
  public var force: CGFloat { 0 }
  public var maximumPossibleForce: CGFloat { 0 }
  public var majorRadius: CGFloat { 1 }
  public var majorRadiusTolerance: CGFloat { 0 }

  /// Where it is and was at its last change, in its window's coordinates.
  var windowLocation = CGPoint.zero
  var previousWindowLocation = CGPoint.zero
  /// Whether its view still hears it (a recogniser that cancels touches in views stops it).
  var deliversToView = true
  /// Whether its view has heard it begin (so a recogniser's cancelling is told to it).
  var viewHeardBegan = false
  /// Whether its view has heard it end or be cancelled.
  var viewHeardEnd = false
  /// Whether its view's `touchesBegan` waits for recognisers that delay it.
  var beganHeld = false

  public override init() { super.init() }

  /// Where it is in `view`'s coordinates (its window's when `view` is nil).
  open func location(in view: UIView?) -> CGPoint { convert(windowLocation, to: view) }
  /// Where it was at its last change, in `view`'s coordinates.
  open func previousLocation(in view: UIView?) -> CGPoint {
    convert(previousWindowLocation, to: view)
  }
  /// The same as `location(in:)`: a mouse's position is already precise.
  open func preciseLocation(in view: UIView?) -> CGPoint { location(in: view) }

  private func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
    guard let view, let window, view !== window else { return point }
    return view.layer.convert(point, from: window.layer)
  }
}

/// What the window hands its views: the touches of one change of the pointer (UIKit's).
@preconcurrency @MainActor
open class UIEvent: NSObject {
  public enum EventType: Int, Sendable { case touches, motion, remoteControl, presses }

  /// `.touches` for the window's pointer.
  open var type: EventType { .touches }
  /// The media time of the change, in seconds.
  open private(set) var timestamp: TimeInterval = 0
  private var touches: Set<UITouch> = []

  public override init() { super.init() }

  init(touches: Set<UITouch>, timestamp: TimeInterval) {
    self.touches = touches
    self.timestamp = timestamp
    super.init()
  }

  /// Every touch of the event, or nil when it has none.
  open var allTouches: Set<UITouch>? { touches.isEmpty ? nil : touches }
  open func touches(for view: UIView) -> Set<UITouch>? {
    let found = touches.filter { $0.view === view }
    return found.isEmpty ? nil : found
  }
  open func touches(for window: UIWindow) -> Set<UITouch>? {
    let found = touches.filter { $0.window === window }
    return found.isEmpty ? nil : found
  }
  open func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
    let found = touches.filter {
      $0.gestureRecognizers?.contains { $0 === gestureRecognizer } ?? false
    }
    return found.isEmpty ? nil : found
  }
}
