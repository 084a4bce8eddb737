import Foundation

/// A press held for `minimumPressDuration` seconds (on the media clock) without moving more
/// than `allowableMovement` points: `.began` then, `.changed` as it moves, `.ended` at the
/// release. `numberOfTapsRequired` taps may come first (a tap and a half for 1).
open class UILongPressGestureRecognizer: UIGestureRecognizer {
  open var minimumPressDuration: TimeInterval = 0.5
  open var allowableMovement: CGFloat = 10
  open var numberOfTapsRequired = 0
  open var numberOfTouchesRequired = 1

  /// Where the press began, in the window's coordinates.
  private var start = CGPoint.zero
  private var hold: Timer?

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    guard let touch = touches.first, numberOfTouchesRequired == 1,
      touch.tapCount > numberOfTapsRequired
    else {
      state = .failed
      return
    }
    start = touch.location(in: nil)
    hold?.invalidate()
    hold = after(minimumPressDuration) { recognizer in
      guard recognizer.state == .possible,
        recognizer.touches.contains(where: { $0.phase != .ended && $0.phase != .cancelled })
      else { return }
      recognizer.state = .began
    }
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    guard let point = touches.first?.location(in: nil) else { return }
    switch state {
    case .possible:
      if hypot(point.x - start.x, point.y - start.y) > allowableMovement { state = .failed }
    case .began, .changed: state = .changed
    default: break
    }
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
    finishContinuous(cancelled: false)
  }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
    finishContinuous(cancelled: true)
  }

  open override func reset() {
    super.reset()
    hold?.invalidate()
    hold = nil
  }
}
