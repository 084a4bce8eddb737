import Foundation
import Testing

@testable import UIKit

/// A layer's own timeline, as Core Animation documents it: local time is
/// `(parent time - beginTime) × speed + timeOffset`, for its animations and sublayers; the
/// pause and resume recipe Apple gives (Technical Q&A QA1673) freezes and resumes them.
@MainActor @Suite(.serialized) struct LayerTimingTests {
  /// Opacity from 0 to 1 over 4 s, linearly, at `speed` from `offset`, under "ramp".
  func ramp(
    _ layer: CALayer, speed: Float = 1, offset: Double = 0, fill: CAMediaTimingFillMode = .removed,
    delegate: CAAnimationDelegate? = nil
  ) {
    let a = linearAnimation("opacity", from: 0, to: 1, duration: 4)
    a.speed = speed
    a.timeOffset = offset
    a.fillMode = fill
    a.delegate = delegate
    layer.add(a, forKey: "ramp")
  }

  func opacity(_ layer: CALayer) -> Double { Double(layer.presentation()!.opacity) }

  @Test func pauseAndResume() {
    let layer = CALayer()
    let tree = showInKeyWindow(layer)
    ramp(layer)
    tree.advance(to: .seconds(1))
    #expect(abs(opacity(layer) - 0.25) < 1e-6)
    // Pause.
    let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
    layer.speed = 0
    layer.timeOffset = paused
    tree.advance(to: .seconds(3))
    #expect(abs(opacity(layer) - 0.25) < 1e-6, "frozen while paused")
    // Resume.
    let pausedTime = layer.timeOffset
    layer.speed = 1
    layer.timeOffset = 0
    layer.beginTime = 0
    layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
    tree.advance(to: .seconds(4))
    #expect(abs(opacity(layer) - 0.5) < 1e-6, "on from where it stopped")
    tree.advance(to: .seconds(6.5))
    #expect(layer.animation(forKey: "ramp") == nil, "it ended 3 s late, at 6 s")
  }

  /// An animation of speed 0 holds at its `timeOffset` for as long as it is on the layer
  /// (Core Animation's paused animation); it never ends, so its delegate hears nothing.
  @Test(arguments: [0.0, 1.0, 3.0, 5.0])
  func anAnimationOfSpeedZeroHoldsAtItsOffset(offset: Double) {
    let layer = CALayer()
    let tree = showInKeyWindow(layer)
    let listener = Listener()
    ramp(layer, speed: 0, offset: offset, fill: .both, delegate: listener)
    for t in [0.5, 10, 100] {
      tree.advance(to: .seconds(t))
      #expect(abs(opacity(layer) - min(1, offset / 4)) < 1e-6, "at \(t) s")
    }
    #expect(
      layer.animation(forKey: "ramp") != nil && !listener.events.contains { $0.hasPrefix("stop") })
  }

  /// An animation of negative speed runs backwards from its `timeOffset` and ends when it
  /// reaches its start (its delegate hears it then), as Core Animation plays one backwards.
  @Test func anAnimationOfNegativeSpeedRunsBackToItsStart() {
    let layer = CALayer()
    let tree = showInKeyWindow(layer)
    let listener = Listener()
    layer.opacity = 0.25
    ramp(layer, speed: -2, offset: 3, delegate: listener)
    tree.advance(to: .seconds(0.5))
    #expect(abs(opacity(layer) - 0.5) < 1e-6, "3 - 2 × 0.5 = 2 s in: \(opacity(layer))")
    tree.advance(to: .seconds(1.4))
    #expect(abs(opacity(layer) - 0.05) < 1e-6)
    tree.advance(to: .seconds(2))
    #expect(opacity(layer) == 0.25, "ended at 1.5 s: the model shows")
    #expect(listener.events.contains { $0.hasPrefix("stop  true 1.5") }, "\(listener.events)")
  }

  /// Speeds multiply down the tree, and times convert between layers.
  @Test func speedsNestAndTimesConvert() {
    let parent = CALayer()
    let child = CALayer()
    parent.addSublayer(child)
    let tree = showInKeyWindow(parent)
    parent.speed = 2
    child.speed = 0.5
    child.timeOffset = 1
    ramp(child)
    tree.advance(to: .seconds(2))
    // Added at 0 (child time 1), at 2 s the child's time is (2 × 2) × 0.5 + 1 = 3: 2 s in.
    #expect(abs(opacity(child) - 0.5) < 1e-6)
    #expect(abs(child.convertTime(2, from: nil) - 3) < 1e-9)
    #expect(abs(child.convertTime(3, to: nil) - 2) < 1e-9)
    #expect(abs(parent.convertTime(3, from: child) - 4) < 1e-9)
  }
}
