import Foundation

/// A swipe in one of `direction`'s directions: recognised (`.ended`) once the press has
/// moved `minimumDistance` points that way, at most half as far sideways, within
/// `maximumDuration` seconds of beginning.
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
  static let minimumDistance: CGFloat = 50
  static let maximumDuration: TimeInterval = 0.5

  private var start = CGPoint.zero
  private var startTime: TimeInterval = 0

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    guard let touch = touches.first, numberOfTouchesRequired == 1 else {
      state = .failed
      return
    }
    start = touch.location(in: nil)
    startTime = touch.timestamp
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    guard let touch = touches.first, state == .possible else { return }
    guard touch.timestamp - startTime <= Self.maximumDuration else {
      state = .failed
      return
    }
    let p = touch.location(in: nil)
    let dx = p.x - start.x
    let dy = p.y - start.y
    let ways: [(Direction, CGFloat, CGFloat)] = [
      (.right, dx, dy), (.left, -dx, dy), (.down, dy, dx), (.up, -dy, dx),
    ]
    for (way, along, across) in ways where direction.contains(way) {
      if along >= Self.minimumDistance && abs(across) <= along / 2 {
        state = .ended
        return
      }
    }
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
    if state == .possible { state = .failed }
  }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
    if state == .possible { state = .failed }
  }
}
