import Foundation
import Testing

@testable import UIKit

/// UIKit's animations of a view's position, bounds and transform are additive, as they have
/// been since iOS 8: a block that changes a property while an earlier block's animation of
/// it runs adds an offset from the old model value to nothing, under a key of its own, and
/// the earlier animation runs on. The expected values are the sums Core Animation's rule for
/// additive animations gives (each adds its value to what is beneath it), computed here.
@MainActor @Suite(.serialized) struct ViewAdditiveAnimationTests {
  func scene() -> (KeyWindowTree, UIView) { showViewInKeyWindow() }

  func shown(_ view: UIView) -> CALayer { view.layer.presentation()! }

  /// The drawer idiom (iosoteric.com's figure, and a Stack Overflow report of a view that
  /// "freezes" when tapped again): center.y runs linearly from 5 to 105 over 1 s; at 0.5 s
  /// a second 1 s block sends it back. The two offsets cancel until the first ends, so the
  /// view holds at 55 from 0.5 s to 1 s, then runs back by 1.5 s, with or without
  /// `.beginFromCurrentState`. Replacing the first animation would move it back at once.
  @Test(arguments: [false, true])
  func aViewSentBackHalfWayHoldsUntilTheFirstAnimationEnds(fromCurrentState: Bool) {
    let (tree, view) = scene()
    var heard: [Bool] = []
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
      view.center.y = 105
    } completion: {
      heard.append($0)
    }
    tree.advance(to: .seconds(0.5))
    let options: UIView.AnimationOptions =
      fromCurrentState ? [.curveLinear, .beginFromCurrentState] : .curveLinear
    UIView.animate(withDuration: 1, delay: 0, options: options) {
      view.center.y = 5
    } completion: {
      heard.append($0)
    }
    #expect(view.layer.animationKeys() == ["position", "position-2"])
    for (t, y) in [(0.5, 55.0), (0.75, 55), (1.0, 55), (1.25, 30), (1.5, 5)] {
      tree.advance(to: .seconds(t))
      #expect(abs(shown(view).position.y - y) < 1e-6, "at \(t) s: \(shown(view).position.y)")
    }
    #expect(view.layer.animationKeys() == nil)
    #expect(heard == [true, true], "both blocks ran to their end")
  }

  /// A frame grown from 10 to 110 points wide over 1 s and shrunk back at 0.5 s holds its
  /// size (a negative offset, which a rectangle does not keep: the size runs apart from the
  /// origin, as UIKit's `bounds.size` and `bounds.origin`).
  @Test func aBoundsSentBackHalfWayHoldsItsSize() {
    let (tree, view) = scene()
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
      view.bounds.size.width = 110
    }
    #expect(view.layer.animationKeys() == ["bounds.origin", "bounds.size"])
    let added = view.layer.animation(forKey: "bounds.size") as! CABasicAnimation
    #expect(added.isAdditive && added.fromValue as? CGSize == CGSize(width: -100, height: 0))
    tree.advance(to: .seconds(0.5))
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
      view.bounds.size.width = 10
    }
    for (t, width) in [(0.6, 60.0), (1.0, 60), (1.25, 35), (2, 10)] {
      tree.advance(to: .seconds(t))
      #expect(abs(shown(view).bounds.width - width) < 1e-6, "at \(t) s: \(shown(view).bounds)")
      #expect(shown(view).bounds.origin == .zero)
    }
  }

  /// A property animator moving center.x keeps moving it when a block then moves center.y:
  /// the two add up (a replacing animation made x jump to its end).
  @Test func anAnimatorRunsOnUnderABlockOfTheSameProperty() {
    let (tree, view) = scene()
    let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 105 }
    animator.startAnimation()
    tree.advance(to: .seconds(0.5))
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.center.y = 105 }
    tree.advance(to: .seconds(0.75))
    #expect(abs(shown(view).position.x - 80) < 1e-6, "x: \(shown(view).position.x)")
    #expect(abs(shown(view).position.y - 30) < 1e-6, "y: \(shown(view).position.y)")
    // Paused and scrubbed back, the animator's part still adds to the block's.
    animator.pauseAnimation()
    animator.fractionComplete = 0.25
    tree.advance(to: .seconds(1))
    #expect(abs(shown(view).position.x - 30) < 1e-6, "x: \(shown(view).position.x)")
    #expect(abs(shown(view).position.y - 55) < 1e-6, "y: \(shown(view).position.y)")
  }

  /// Two overlapping blocks of a transform compose (iOS 7 showed only the last): a 1 s scale
  /// to 2, then at once a 2 s turn of a quarter on top of it. At 0.5 s the first offset is
  /// a scale of 0.75 (from 0.5 to 1), the second a turn of −3π/8 (from −π/2 to 0), applied
  /// before the model's: scale 1.5, turned π/8.
  @Test func overlappingTransformBlocksCompose() {
    let (tree, view) = scene()
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
      view.transform = CGAffineTransform(scaleX: 2, y: 2)
    }
    UIView.animate(withDuration: 2, delay: 0, options: .curveLinear) {
      view.transform = CGAffineTransform(scaleX: 2, y: 2).rotated(by: .pi / 2)
    }
    for (t, scale, angle) in [(0.5, 1.5, Double.pi / 8), (1, 2, .pi / 4), (2, 2, .pi / 2)] {
      tree.advance(to: .seconds(t))
      let m = shown(view).affineTransform()
      #expect(abs(hypot(m.a, m.b) - scale) < 1e-9, "scale at \(t) s: \(m)")
      #expect(abs(atan2(m.b, m.a) - angle) < 1e-9, "angle at \(t) s: \(m)")
    }
  }

  /// What does not add replaces, as on iOS: an opacity block starts from the model value
  /// (what shows with `.beginFromCurrentState`); a transform to one that cannot be inverted
  /// (a scale of 0) runs from the old transform, not as an offset.
  @Test func whatDoesNotAddReplaces() {
    let (tree, view) = scene()
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.alpha = 0 }
    tree.advance(to: .seconds(0.5))
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.alpha = 1 }
    #expect(view.layer.animationKeys() == ["opacity"])
    tree.advance(to: .seconds(1))
    #expect(abs(shown(view).opacity - 0.5) < 1e-6, "from the model's 0: \(shown(view).opacity)")
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
      view.transform = CGAffineTransform(scaleX: 0, y: 0)
    }
    let added = view.layer.animation(forKey: "transform") as! CABasicAnimation
    #expect(!added.isAdditive)
    #expect((added.fromValue as? NSValue)?.caTransform3DValue == CATransform3DIdentity)
  }

  /// Core Animation's `bounds.size` and `bounds.origin` key paths animate, read and set the
  /// parts of the bounds (they were not drawn), and `transform.translation` reads as a size.
  @Test func boundsPartsAreKeyPaths() {
    let (tree, view) = scene()
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
    view.layer.addSublayer(layer)
    tree.advance(to: .zero)
    let grow = linearAnimation(
      "bounds.size", from: CGSize(width: 20, height: 20), to: CGSize(width: 60, height: 40))
    layer.add(grow, forKey: nil)
    let shift = CABasicAnimation(keyPath: "bounds.origin")
    shift.toValue = CGPoint(x: 10, y: 0)
    shift.duration = 1
    shift.timingFunction = CAMediaTimingFunction(name: .linear)
    layer.add(shift, forKey: nil)
    tree.advance(to: .seconds(0.5))
    #expect(layer.presentation()!.bounds == CGRect(x: 5, y: 0, width: 40, height: 30))
    #expect(layer.value(forKeyPath: "bounds.size") as? CGSize == CGSize(width: 20, height: 20))
    layer.setValue(CGPoint(x: 3, y: 4), forKeyPath: "bounds.origin")
    #expect(layer.bounds.origin == CGPoint(x: 3, y: 4))
    layer.transform = CATransform3DMakeTranslation(7, 8, 0)
    #expect(
      layer.value(forKeyPath: "transform.translation") as? CGSize == CGSize(width: 7, height: 8))
  }

  /// An animator reaching its end leaves a block's later change of the same property to the
  /// model (it wrote its own end over it: y jumped from 54 to −45 and rested at 5).
  @Test func anAnimatorEndingKeepsABlocksLaterChange() {
    let (tree, view) = scene()
    let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 105 }
    animator.startAnimation()
    tree.advance(to: .seconds(0.5))
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.center.y = 105 }
    for (t, y) in [(0.99, 54.0), (1.0, 55), (1.25, 80), (2, 105)] {
      tree.advance(to: .seconds(t))
      #expect(abs(shown(view).position.y - y) < 1e-6, "at \(t) s: \(shown(view).position)")
    }
    #expect(view.center == CGPoint(x: 105, y: 105) && shown(view).position.x == 105)
  }

  /// Stopped where it shows, an animator leaves its own offset in the model: with a block
  /// sending x to 205 at 0.4 s, x shows 85 at 0.6 s before and after, and the model takes
  /// 205 less the animator's remaining 40 (it took the animator's 65, and x jumped).
  @Test func anAnimatorStoppedUnderABlockKeepsWhatShows() {
    let (tree, view) = scene()
    let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 105 }
    animator.startAnimation()
    tree.advance(to: .seconds(0.4))
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.center.x = 205 }
    tree.advance(to: .seconds(0.6))
    #expect(abs(shown(view).position.x - 85) < 1e-6)
    animator.stopAnimation(true)
    #expect(abs(view.center.x - 165) < 1e-6)
    tree.advance(to: .seconds(0.6001))
    #expect(abs(shown(view).position.x - 85) < 0.1, "\(shown(view).position.x)")
    tree.advance(to: .seconds(2))
    #expect(shown(view).position.x == 165)
  }

  /// Animations added to a running animator add up with its own of the same position (they
  /// replaced it: x jumped to 105); a property that does not add runs on from what shows.
  @Test func animationsAddedToARunningAnimatorAddUp() {
    let (tree, view) = scene()
    let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) {
      view.center.x = 105
      view.alpha = 0
    }
    animator.startAnimation()
    tree.advance(to: .seconds(0.5))
    animator.addAnimations {
      view.center.x = 5
      view.alpha = 1
    }
    for (t, x, alpha) in [(0.5001, 55.0, 0.5), (0.75, 30, 0.75), (1, 5, 1)] {
      tree.advance(to: .seconds(t))
      #expect(abs(shown(view).position.x - x) < 0.02, "x at \(t) s: \(shown(view).position.x)")
      #expect(abs(Double(shown(view).opacity) - alpha) < 0.02, "alpha at \(t) s")
    }
    tree.advance(to: .seconds(2))
    #expect(view.center.x == 5 && view.alpha == 1 && animator.state == .inactive)
  }

  /// Stopped, then finished at its start or its end, an animator of two changes of one
  /// position puts it where its first began or its last ended (the stop's offset counted
  /// twice: −95 and 105).
  @Test(arguments: [UIViewAnimatingPosition.start, .end, .current])
  func anAnimatorStoppedThenFinished(at position: UIViewAnimatingPosition) {
    let (tree, view) = scene()
    let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 105 }
    animator.addAnimations { view.center.x = 205 }
    animator.startAnimation()
    tree.advance(to: .seconds(0.5))
    #expect(abs(shown(view).position.x - 105) < 1e-6)
    animator.stopAnimation(false)
    animator.finishAnimation(at: position)
    let expected: CGFloat = position == .start ? 5 : position == .end ? 205 : 105
    #expect(abs(view.center.x - expected) < 1e-6, "\(view.center.x)")
    tree.advance(to: .seconds(1))
    #expect(abs(shown(view).position.x - expected) < 1e-6)
  }

  /// A block inside another repeats with it unless `.overrideInheritedOptions`.
  @Test func aNestedBlockRepeatsWithTheOuter() {
    let (tree, view) = scene()
    UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse, .curveLinear]) {
      UIView.animate(withDuration: 1) { view.alpha = 0 }
    }
    tree.advance(to: .seconds(1.25))
    #expect(abs(Double(shown(view).opacity) - 0.25) < 1e-6, "back a quarter of the way")
  }

  /// A block inside another takes the outer's duration and curve, as UIKit documents
  /// (`.overrideInheritedDuration` keeps its own, here none: at once).
  @Test(arguments: [false, true])
  func aNestedBlockInheritsTheOutersDuration(overriding: Bool) {
    let (tree, view) = scene()
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
      view.center.x = 105
      UIView.animate(
        withDuration: 0, delay: 0, options: overriding ? .overrideInheritedDuration : []
      ) { view.center.y = 105 }
    }
    tree.advance(to: .seconds(0.5))
    #expect(shown(view).position.x == 55)
    #expect(shown(view).position.y == (overriding ? 105 : 55))
  }
}
