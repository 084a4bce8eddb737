import Foundation
import RingLayers

/// How touches reach a program: the window's pointer (`LiveLayerTree.pointer(_:)`) becomes
/// one `UITouch` from press to release, which the key window sends (`UIWindow.sendEvent`) as
/// UIKit does: first to the gesture recognisers of the view it began in and of that view's
/// ancestors, then, unless a recogniser has cancelled it, to the view's touch methods, which
/// pass it up the responder chain unless overridden.
@MainActor enum TouchDelivery {
  /// The touch in progress, while the pointer's button is down.
  private static var current: UITouch?
  /// Touches that have lifted whose end the view has not heard yet: a recogniser that
  /// delays touches' ends (`delaysTouchesEnded`) is still waiting on them.
  private static var held: [UITouch] = []
  /// The last release (media time, window location, tap count), for the next press's count.
  private static var lastRelease: (time: TimeInterval, location: CGPoint, taps: Int)?
  /// A press counts as another tap of the last one within this many seconds of its release
  /// and this many points of where it was.
  static let multipleTapInterval: TimeInterval = 0.35
  static let multipleTapDistance: CGFloat = 45

  /// Forgets the touch in progress (for tests, which launch several programs).
  static func reset() {
    current = nil
    held = []
    lastRelease = nil
    ModalPresentation.transitions = 0
  }

  /// Turns a pointer event (in the screen's points) into the touch's next phase and sends
  /// it to its window: the one `window(at:)` finds where a press begins.
  static func send(_ pointer: PointerEvent, window: (CGPoint) -> UIWindow?) {
    let now = CACurrentMediaTime()
    let screenPoint = CGPoint(pointer.location)
    guard let window = current?.window ?? window(screenPoint) else { return }
    let point = window.layer.convert(screenPoint, from: nil)
    switch pointer.phase {
    case .began:
      if let touch = current { move(touch, to: .cancelled, at: touch.windowLocation, now, window) }
      // A press while a controller is presented or dismissed is ignored, as UIKit ignores it.
      guard ModalPresentation.transitions == 0 else { return }
      let touch = UITouch()
      touch.window = window
      touch.windowLocation = point
      touch.previousWindowLocation = point
      touch.timestamp = now
      if let last = lastRelease, now - last.time <= multipleTapInterval,
        hypot(point.x - last.location.x, point.y - last.location.y) <= multipleTapDistance
      {
        touch.tapCount = last.taps + 1
      } else {
        touch.tapCount = 1
      }
      let view = window.hitTest(point, with: nil)
      touch.view = view
      var recognizers: [UIGestureRecognizer] = []
      var ancestor = view
      while let v = ancestor {
        recognizers += v.recognizers.filter {
          $0.isEnabled && ($0.delegate?.gestureRecognizer($0, shouldReceive: touch) ?? true)
        }
        ancestor = v.superview
      }
      touch.gestureRecognizers = recognizers
      current = touch
      window.sendEvent(UIEvent(touches: [touch], timestamp: now))
    case .moved:
      guard let touch = current, point != touch.windowLocation else { return }
      move(touch, to: .moved, at: point, now, window)
    case .ended, .cancelled:
      guard let touch = current else { return }
      move(touch, to: pointer.phase == .ended ? .ended : .cancelled, at: point, now, window)
    }
  }

  private static func move(
    _ touch: UITouch, to phase: UITouch.Phase, at point: CGPoint, _ now: TimeInterval,
    _ window: UIWindow
  ) {
    touch.previousWindowLocation = touch.windowLocation
    touch.windowLocation = point
    touch.phase = phase
    touch.timestamp = now
    if phase == .ended || phase == .cancelled {
      current = nil
      lastRelease = phase == .ended ? (now, point, touch.tapCount) : nil
    }
    window.sendEvent(UIEvent(touches: [touch], timestamp: now))
  }

  /// Whether a recogniser that delays touches' beginnings (`delaysTouchesBegan`) may still
  /// recognise `touch`.
  private static func delaysBegan(_ touch: UITouch) -> Bool {
    (touch.gestureRecognizers ?? []).contains {
      $0.delaysTouchesBegan && $0.state == .possible && $0.hearsTouches
    }
  }

  /// Tells the view of a touch whose beginning was held that it began.
  private static func releaseBegan(_ touch: UITouch) {
    touch.beganHeld = false
    guard touch.deliversToView, let view = touch.view else { return }
    touch.viewHeardBegan = true
    view.touchesBegan([touch], with: UIEvent(touches: [touch], timestamp: touch.timestamp))
  }

  /// Tells the views of held touches that they began, or ended, once no recogniser on
  /// them delays or waits (a recogniser that recognised has already cancelled them).
  static func releaseHeld() {
    if let touch = current, touch.beganHeld, !delaysBegan(touch) { releaseBegan(touch) }
    guard !held.isEmpty else { return }
    let ready = held.filter { touch in
      !(touch.gestureRecognizers ?? []).contains {
        $0.delaysTouchesEnded && $0.state == .possible && $0.waits
      }
    }
    held.removeAll { touch in ready.contains { $0 === touch } }
    for touch in ready where touch.deliversToView && !touch.viewHeardEnd {
      touch.viewHeardEnd = true
      touch.view?.touchesEnded([touch], with: UIEvent(touches: [touch], timestamp: touch.timestamp))
    }
  }

  /// Delivers `event`'s touches in `window` (what `UIWindow.sendEvent(_:)` does).
  static func deliver(_ event: UIEvent, in window: UIWindow) {
    for touch in event.allTouches ?? [] where touch.window === window {
      deliver(touch, event)
    }
  }

  private static func deliver(_ touch: UITouch, _ event: UIEvent) {
    let touches: Set<UITouch> = [touch]
    let recognizers = touch.gestureRecognizers ?? []
    for recognizer in recognizers where recognizer.hearsTouches {
      // A recogniser removed from its view, or whose view left the window, hears no more:
      // an active gesture is cancelled (its action told, while its view is there).
      guard let view = recognizer.view, view.window === touch.window else {
        recognizer.detach()
        touch.gestureRecognizers?.removeAll { $0 === recognizer }
        continue
      }
      if touch.phase == .began {
        // A new press replaces the ones that lifted (the taps of a multiple tap).
        recognizer.touches.removeAll { $0.phase == .ended || $0.phase == .cancelled }
      }
      if !recognizer.touches.contains(where: { $0 === touch }) { recognizer.touches.append(touch) }
      switch touch.phase {
      case .began: recognizer.touchesBegan(touches, with: event)
      case .moved, .stationary: recognizer.touchesMoved(touches, with: event)
      case .ended: recognizer.touchesEnded(touches, with: event)
      case .cancelled: recognizer.touchesCancelled(touches, with: event)
      }
    }
    if touch.deliversToView, let view = touch.view, view.window !== touch.window {
      // The view left the window: it hears the touch cancelled, and nothing more.
      touch.deliversToView = false
      if touch.viewHeardBegan, !touch.viewHeardEnd {
        touch.viewHeardEnd = true
        view.touchesCancelled(touches, with: event)
      }
    }
    if touch.phase == .began, delaysBegan(touch) {
      // Heard once the recognisers that delay it fail; never if one recognises.
      touch.beganHeld = true
    } else if touch.beganHeld, touch.phase == .moved || touch.phase == .stationary {
      // Still held: the view has not heard the touch begin.
    } else if touch.phase == .ended,
      recognizers.contains(where: { $0.delaysTouchesEnded && $0.state == .possible && $0.waits })
    {
      // Heard when the waiting recognisers fail, or cancelled if one recognises.
      held.append(touch)
    } else if touch.deliversToView, let view = touch.view {
      if touch.beganHeld, touch.phase == .ended || touch.phase == .cancelled {
        // The press lifted with nothing recognised: the view hears it begin first.
        releaseBegan(touch)
      }
      switch touch.phase {
      case .began:
        touch.viewHeardBegan = true
        view.touchesBegan(touches, with: event)
      case .moved, .stationary: view.touchesMoved(touches, with: event)
      case .ended:
        touch.viewHeardEnd = true
        view.touchesEnded(touches, with: event)
      case .cancelled:
        touch.viewHeardEnd = true
        view.touchesCancelled(touches, with: event)
      }
    }
    guard touch.phase == .ended || touch.phase == .cancelled else { return }
    // The touch has lifted: a recogniser still possible that is not waiting (for another
    // tap, or for another to fail) has failed; every gesture that is over starts again.
    for recognizer in recognizers {
      if recognizer.state == .possible, !recognizer.waits { recognizer.state = .failed }
      recognizer.resetIfIdle()
    }
  }
}

extension UIApplication {
  /// Hands `event` to the windows its touches are in.
  public func sendEvent(_ event: UIEvent) {
    var windows: [UIWindow] = []
    for touch in event.allTouches ?? [] {
      if let w = touch.window, !windows.contains(where: { $0 === w }) { windows.append(w) }
    }
    for window in windows { window.sendEvent(event) }
  }
}
