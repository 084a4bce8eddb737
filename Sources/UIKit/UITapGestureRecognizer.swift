import Foundation

/// A tap: `numberOfTapsRequired` presses released within `allowableMovement` points of where
/// each began, each next one within `TouchDelivery.multipleTapInterval` (0.35 s) of the last
/// release; recognised (`.ended`) at the last release. A pointer is one finger, so one that
/// requires more touches never recognises.
open class UITapGestureRecognizer: UIGestureRecognizer {
  open var numberOfTapsRequired = 1
  open var numberOfTouchesRequired = 1
  /// How far a press may move, in points, and still be a tap.
  static let allowableMovement: CGFloat = 10

  private var taps = 0
  /// Where the press began, in the window's coordinates.
  private var start = CGPoint.zero
  /// Fails the gesture when the next tap does not come in time.
  private var between: Timer?

  override var waitsForAnotherTouch: Bool {
    state == .possible && taps > 0 && taps < numberOfTapsRequired
  }

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    between?.invalidate()
    between = nil
    guard let touch = touches.first, numberOfTouchesRequired == 1 else {
      state = .failed
      return
    }
    start = touch.location(in: nil)
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    guard let point = touches.first?.location(in: nil) else { return }
    if hypot(point.x - start.x, point.y - start.y) > Self.allowableMovement { state = .failed }
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
    taps += 1
    if taps >= numberOfTapsRequired {
      state = .ended
      return
    }
    between = after(TouchDelivery.multipleTapInterval) { recognizer in
      guard recognizer.state == .possible else { return }
      recognizer.state = .failed
      recognizer.resetIfIdle()
    }
  }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
    state = .failed
  }

  open override func reset() {
    super.reset()
    taps = 0
    between?.invalidate()
    between = nil
  }
}
