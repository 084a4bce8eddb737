import Foundation
import Testing

@testable import UIKit

/// `UIView.animateKeyframes`: each keyframe moves its properties linearly over its share of
/// the whole from the value before it, and holds them after; a property shows its start
/// value until its first keyframe.
@MainActor @Suite(.serialized) struct KeyframeBlockTests {
  /// (time, alpha): 1 → 0 over the first half, 0 → 0.5 from 0.6 to 1.0 of a 2 s animation
  /// that starts after 0.5 s; then it stays.
  @Test(arguments: [
    (0.25, 1.0), (0.75, 0.75), (1.5, 0.0), (1.6, 0.0), (1.8, 0.0625), (2.1, 0.25), (2.5, 0.5),
    (4, 0.5),
  ])
  func keyframesChain(time: Double, alpha: Double) {
    let (tree, view) = showViewInKeyWindow()
    var done = false
    UIView.animateKeyframes(
      withDuration: 2, delay: 0.5,
      animations: {
        UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.alpha = 0 }
        UIView.addKeyframe(withRelativeStartTime: 0.6, relativeDuration: 0.4) { view.alpha = 0.5 }
      }, completion: { _ in done = true })
    #expect(view.alpha == 0.5, "the model takes the last value at once")
    tree.advance(to: .seconds(time))
    #expect(abs(Double(view.layer.presentation()!.opacity) - alpha) < 1e-6, "at \(time) s")
    #expect(done == (time >= 2.5), "completion once every keyframe has ended")
  }

  /// Once the whole animation has ended its keyframes are gone and the model shows: a later
  /// change shows, set at once or in a block (the keyframes held their values forever).
  @Test func theModelShowsAfterTheWholeAnimation() {
    let (tree, view) = showViewInKeyWindow()
    UIView.animateKeyframes(withDuration: 1, delay: 0) {
      UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.center.x = 100 }
      UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center.x = 50 }
    }
    tree.advance(to: .seconds(0.75))
    #expect(abs(view.layer.presentation()!.position.x - 75) < 1e-9)
    tree.advance(to: .seconds(1.5))
    #expect(view.layer.animationKeys() == nil)
    view.center.x = 0
    tree.advance(to: .seconds(1.6))
    #expect(view.layer.presentation()!.position.x == 0)
    UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear) { view.center.x = 200 }
    tree.advance(to: .seconds(1.85))
    #expect(abs(view.layer.presentation()!.position.x - 100) < 1e-9)
    tree.advance(to: .seconds(3))
    #expect(view.layer.presentation()!.position.x == 200)
  }

  /// A keyframe of no length switches its values at its time (it switched at once, then at
  /// its time eased over Core Animation's default 0.25 s).
  @Test func aKeyframeOfNoLengthSwitchesAtItsTime() {
    let (tree, view) = showViewInKeyWindow()
    UIView.animateKeyframes(withDuration: 2, delay: 0) {
      UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0) { view.alpha = 0.2 }
    }
    for (t, alpha) in [(0.5, 1.0), (0.99, 1), (1.01, 0.2), (1.5, 0.2)] {
      tree.advance(to: .seconds(t))
      #expect(abs(Double(view.layer.presentation()!.opacity) - alpha) < 1e-6, "at \(t) s")
    }
  }

  /// The chain of `keyframesChain` (2 s, no delay) with options: repeating, each pass runs
  /// the keyframes again; reversing, the pass back runs them backwards, then the model
  /// shows; discrete, each keyframe's value shows from its end.
  nonisolated static let optionCases: [(UIView.KeyframeAnimationOptions, [(Double, Double)])] = [
    (.repeat, [(2.5, 0.5), (3.5, 0.1875), (4.25, 0.75), (9, 0.0)]),
    (.autoreverse, [(2.5, 0.1875), (3.75, 0.75), (4.5, 0.5)]),
    ([.repeat, .autoreverse], [(2.5, 0.1875), (3.75, 0.75), (4.25, 0.75), (6.5, 0.1875)]),
    (.calculationModeDiscrete, [(0.9, 1), (1.1, 0), (1.9, 0), (2.1, 0.5)]),
  ]

  @Test(arguments: optionCases)
  func optionsShapeTheWholeAnimation(
    options: UIView.KeyframeAnimationOptions, expected: [(Double, Double)]
  ) {
    let (tree, view) = showViewInKeyWindow()
    UIView.animateKeyframes(withDuration: 2, delay: 0, options: options) {
      UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.alpha = 0 }
      UIView.addKeyframe(withRelativeStartTime: 0.6, relativeDuration: 0.4) { view.alpha = 0.5 }
    }
    for (t, alpha) in expected {
      tree.advance(to: .seconds(t))
      let shown = Double(view.layer.presentation()!.opacity)
      #expect(abs(shown - alpha) < 1e-6, "at \(t) s: \(shown)")
    }
  }
}
