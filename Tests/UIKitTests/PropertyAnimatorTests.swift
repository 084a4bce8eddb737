import Foundation
import Testing

@testable import UIKit

/// `UIViewPropertyAnimator`: started, paused, scrubbed, reversed, stopped and finished, its
/// views show what iOS shows, on the animator's timeline.
@MainActor @Suite(.serialized) struct PropertyAnimatorTests {
  func scene() -> (KeyWindowTree, UIView) { showViewInKeyWindow() }

  func alpha(_ view: UIView) -> Double { Double(view.layer.presentation()!.opacity) }

  /// What an animator's completions heard.
  final class Heard {
    var positions: [UIViewAnimatingPosition] = []
  }

  /// A linear 2 s fade of the scene's view from 1 to 0, started at 0, 1 s in.
  func fadeHalfWay() -> (KeyWindowTree, UIView, UIViewPropertyAnimator, Heard) {
    let (tree, view) = scene()
    let heard = Heard()
    let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { view.alpha = 0 }
    animator.addCompletion { heard.positions.append($0) }
    animator.startAnimation()
    tree.advance(to: .seconds(1))
    return (tree, view, animator, heard)
  }

  /// A linear fade from 1 to 0 over 2 s: half-way at 1 s, the completion hears `.end` at 2 s
  /// and the animator is inactive again.
  @Test(arguments: [(0.5, 0.75), (1.0, 0.5), (1.9, 0.05), (2.0, 0.0), (3.0, 0.0)])
  func runsForwardsAndFinishesAtTheEnd(time: Double, expected: Double) {
    let (tree, view) = scene()
    var heard: [UIViewAnimatingPosition] = []
    let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { view.alpha = 0 }
    animator.addCompletion { heard.append($0) }
    #expect(animator.state == .inactive && !animator.isRunning && view.alpha == 1)
    animator.startAnimation()
    #expect(animator.state == .active && animator.isRunning && view.alpha == 0)
    tree.advance(to: .seconds(time))
    #expect(abs(alpha(view) - expected) < 1e-6, "at \(time) s: \(alpha(view))")
    #expect(heard == (time >= 2 ? [.end] : []))
    #expect(animator.state == (time >= 2 ? .inactive : .active))
    if time < 2 { #expect(abs(Double(animator.fractionComplete) - time / 2) < 1e-6) }
  }

  /// An animator is the same curve, delay and spring as `UIView.animate` with them.
  @Test(arguments: ["easeIn", "easeOut", "easeInOut", "points", "spring", "running"])
  func drawsAsTheBlockItStandsFor(kind: String) {
    var a: [Double] = []
    var b: [Double] = []
    for useAnimator in [true, false] {
      let (tree, view) = scene()
      let change = { view.alpha = 0.2 }
      if useAnimator {
        let animator: UIViewPropertyAnimator
        switch kind {
        case "easeIn":
          animator = UIViewPropertyAnimator(duration: 1.5, curve: .easeIn, animations: change)
        case "easeOut":
          animator = UIViewPropertyAnimator(duration: 1.5, curve: .easeOut, animations: change)
        case "easeInOut":
          animator = UIViewPropertyAnimator(duration: 1.5, curve: .easeInOut, animations: change)
        case "points":
          animator = UIViewPropertyAnimator(
            duration: 1.5, controlPoint1: CGPoint(x: 0.3, y: 0.9),
            controlPoint2: CGPoint(x: 0.6, y: 0.1),
            animations: change)
        case "spring":
          animator = UIViewPropertyAnimator(duration: 1.5, dampingRatio: 0.4, animations: change)
        default:
          animator = UIViewPropertyAnimator.runningPropertyAnimator(
            withDuration: 1.5, delay: 0.25, options: [.curveEaseOut], animations: change)
        }
        if kind != "running" { animator.startAnimation() }
      } else {
        switch kind {
        case "easeIn":
          UIView.animate(withDuration: 1.5, delay: 0, options: [.curveEaseIn], animations: change)
        case "easeOut":
          UIView.animate(withDuration: 1.5, delay: 0, options: [.curveEaseOut], animations: change)
        case "easeInOut": UIView.animate(withDuration: 1.5, animations: change)
        case "points":
          CATransaction.begin()
          let fade = CABasicAnimation(keyPath: "opacity")
          fade.fromValue = 1
          fade.toValue = 0.2
          fade.duration = 1.5
          fade.timingFunction = CAMediaTimingFunction(controlPoints: 0.3, 0.9, 0.6, 0.1)
          view.layer.add(fade, forKey: "opacity")
          view.alpha = 0.2
          CATransaction.commit()
        case "spring":
          UIView.animate(
            withDuration: 1.5, delay: 0, usingSpringWithDamping: 0.4, initialSpringVelocity: 0,
            animations: change)
        default:
          UIView.animate(
            withDuration: 1.5, delay: 0.25, options: [.curveEaseOut], animations: change)
        }
      }
      var values: [Double] = []
      for step in 1...20 {
        tree.advance(to: .seconds(Double(step) * 0.1))
        values.append(alpha(view))
      }
      if useAnimator { a = values } else { b = values }
      #expect(view.layer.animationKeys() == nil, "\(kind): its animations end and leave")
    }
    for (x, y) in zip(a, b) { #expect(abs(x - y) < 1e-6, "\(kind): \(a) vs \(b)") }
    #expect(Set(a.map { ($0 * 1e4).rounded() }).count > 10, "it moves: \(a)")
  }

  /// iOS 17's springs (`UIView.animate(springDuration:bounce:...)`, and
  /// `UISpringTimingParameters(duration:bounce:)` whose settling time is the animator's
  /// duration) move as `CASpringAnimation(perceptualDuration:bounce:)`, to rest.
  @Test(arguments: [("block", 0.3), ("animator", 0.3), ("block", 0.0), ("animator", -0.4)])
  func springsOfADurationAndABounce(api: String, bounce: Double) {
    let spring = CASpringAnimation(perceptualDuration: 0.6, bounce: CGFloat(bounce))
    var values: [[Double]] = []
    var ended: [Double] = []
    for way in [api, "layer"] {
      let (tree, view) = scene()
      let change = { view.alpha = 0.2 }
      let stop = { (_: Any) in ended.append(CACurrentMediaTime()) }
      switch way {
      case "block":
        UIView.animate(
          springDuration: 0.6, bounce: CGFloat(bounce), animations: change, completion: stop)
      case "animator":
        let animator = UIViewPropertyAnimator(
          duration: 5,
          timingParameters: UISpringTimingParameters(duration: 0.6, bounce: CGFloat(bounce)))
        #expect(abs(animator.duration - spring.settlingDuration) < 1e-9)
        animator.addAnimations(change)
        animator.addCompletion(stop)
        animator.startAnimation()
      default:
        let motion = spring.copy() as! CASpringAnimation
        motion.keyPath = "opacity"
        motion.fromValue = 1
        motion.toValue = 0.2
        view.layer.add(motion, forKey: "opacity")
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        view.alpha = 0.2
        CATransaction.commit()
      }
      var seen: [Double] = []
      for step in 1...25 {
        tree.advance(to: .seconds(Double(step) * 0.1))
        seen.append(alpha(view))
      }
      values.append(seen)
    }
    for (a, b) in zip(values[0], values[1]) { #expect(abs(a - b) < 1e-6, "\(values)") }
    #expect(ended.count == 1 && abs(ended[0] - spring.settlingDuration) < 0.02, "\(ended)")
  }

  /// Paused at 0.5 s it holds through time; resumed at 3 s it runs on from there and ends
  /// 2.5 s later than it would have.
  @Test func pausesAndResumesWhereItWas() {
    let (tree, view) = scene()
    var heardAt: Double?
    let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { view.alpha = 0 }
    animator.addCompletion { _ in heardAt = CACurrentMediaTime() }
    animator.startAnimation()
    tree.advance(to: .seconds(0.5))
    animator.pauseAnimation()
    #expect(animator.state == .active && !animator.isRunning)
    #expect(abs(Double(animator.fractionComplete) - 0.25) < 1e-9)
    for t in [1.0, 2.0, 2.9] {
      tree.advance(to: .seconds(t))
      #expect(abs(alpha(view) - 0.75) < 1e-6, "held at \(t) s: \(alpha(view))")
    }
    tree.advance(to: .seconds(3))
    animator.startAnimation()
    tree.advance(to: .seconds(4))
    #expect(abs(alpha(view) - 0.25) < 1e-6, "\(alpha(view))")
    tree.advance(to: .seconds(4.4))
    #expect(heardAt == nil)
    tree.advance(to: .seconds(4.6))
    #expect(heardAt.map { abs($0 - 4.5) < 0.02 } == true, "ended at \(String(describing: heardAt))")
    #expect(animator.state == .inactive && view.alpha == 0 && alpha(view) == 0)
  }

  /// Paused half-way through a 1 s wait before it begins, then resumed at 2 s: it waits
  /// the half second left and fades from 2.5 s (it waited the whole second again).
  @Test func pausedDuringItsWaitItWaitsWhatIsLeft() {
    let (tree, view) = scene()
    let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
    animator.startAnimation(afterDelay: 1)
    tree.advance(to: .seconds(0.5))
    animator.pauseAnimation()
    tree.advance(to: .seconds(2))
    #expect(alpha(view) == 1 && animator.fractionComplete == 0)
    animator.startAnimation()
    for (t, expected) in [(2.4, 1.0), (2.75, 0.75), (3.0, 0.5)] {
      tree.advance(to: .seconds(t))
      #expect(abs(alpha(view) - expected) < 1e-6, "at \(t) s: \(alpha(view))")
    }
  }

  /// Paused during its wait and scrubbed, it is under way: started again, it runs at once.
  @Test func scrubbedDuringItsWaitItRunsAtOnce() {
    let (tree, view) = scene()
    let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
    animator.startAnimation(afterDelay: 1)
    tree.advance(to: .seconds(0.4))
    animator.pauseAnimation()
    animator.fractionComplete = 0.5
    tree.advance(to: .seconds(2))
    animator.startAnimation()
    tree.advance(to: .seconds(2.25))
    #expect(abs(alpha(view) - 0.25) < 1e-6, "\(alpha(view))")
  }

  /// Scrubbing: an inactive animator given a fraction is paused there, its blocks' changes
  /// made; the view shows that fraction of the way (`scrubsLinearly`, the default), or the
  /// curve at it, and holds it.
  @Test(arguments: [(0.0, true), (0.3, true), (0.5, true), (1.0, true), (0.3, false), (0.5, false)])
  func scrubbingShowsTheFraction(fraction: Double, linearly: Bool) {
    let (tree, view) = scene()
    let animator = UIViewPropertyAnimator(duration: 1, dampingRatio: 1) { view.alpha = 0 }
    animator.scrubsLinearly = linearly
    animator.fractionComplete = CGFloat(fraction)
    #expect(animator.state == .active && !animator.isRunning)
    tree.advance(to: .seconds(0.7))
    let spring = UIView.spring(dampingRatio: 1, duration: 1)
    func shown(_ f: Double) -> Double { linearly ? f : spring.motion!.fraction(at: f) }
    #expect(
      abs(alpha(view) - (1 - shown(fraction))) < 1e-6, "\(alpha(view)) vs \(1 - shown(fraction))")
    #expect(abs(Double(animator.fractionComplete) - fraction) < 1e-9)
    animator.fractionComplete = 0.9
    tree.advance(to: .seconds(5))
    #expect(abs(alpha(view) - (1 - shown(0.9))) < 1e-6)
  }

  /// The drawer's gesture: paused mid-run, nothing moves; scrubbed, the values follow the
  /// fraction; continued with a spring, they run on from where they show (no jump) to the
  /// end, or reversed, back to the start.
  @Test(arguments: [false, true])
  func pausedScrubbedAndContinued(reversing: Bool) {
    let (tree, view) = scene()
    let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { view.alpha = 0 }
    animator.startAnimation()
    tree.advance(to: .seconds(0.5))
    let before = alpha(view)
    animator.pauseAnimation()
    tree.advance(to: .seconds(0.6))
    #expect(abs(alpha(view) - before) < 1e-6, "pausing moves nothing: \(alpha(view)) vs \(before)")
    #expect(abs(Double(animator.fractionComplete) - (1 - before)) < 1e-6)
    animator.fractionComplete = 0.6
    tree.advance(to: .seconds(0.7))
    #expect(abs(alpha(view) - 0.4) < 1e-6, "\(alpha(view))")
    animator.isReversed = reversing
    animator.continueAnimation(
      withTimingParameters: UISpringTimingParameters(dampingRatio: 1), durationFactor: 0)
    tree.advance(to: .seconds(0.71))
    #expect(abs(alpha(view) - 0.4) < 0.01, "no jump: \(alpha(view))")
    tree.advance(to: .seconds(3))
    #expect(animator.state == .inactive)
    #expect(alpha(view) == (reversing ? 1 : 0) && view.alpha == (reversing ? 1 : 0))
  }

  /// Reversed half-way it runs back to the start over the time it took; the completion hears
  /// `.start` and the model is back at its start value.
  @Test(arguments: [(1.5, 0.75), (1.9, 0.95), (2.0, 1.0), (2.5, 1.0)])
  func reversedItReturnsToTheStart(time: Double, expected: Double) {
    let (tree, view, animator, heard) = fadeHalfWay()
    animator.isReversed = true
    tree.advance(to: .seconds(time))
    #expect(abs(alpha(view) - expected) < 1e-6, "at \(time) s: \(alpha(view))")
    #expect(heard.positions == (time >= 2 ? [.start] : []))
    if time >= 2 { #expect(view.alpha == 1 && animator.state == .inactive) }
  }

  /// Finished at its start (reversed, or asked), a view's background is its start colour
  /// again, as the view reads it too.
  @Test(arguments: [true, false])
  func aViewsBackgroundReturnsWithIt(reversed: Bool) {
    let (tree, view) = scene()
    view.backgroundColor = .red
    tree.advance(to: .seconds(0.1))
    let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) {
      view.backgroundColor = .blue
    }
    animator.startAnimation()
    tree.advance(to: .seconds(0.5))
    if reversed {
      animator.isReversed = true
      tree.advance(to: .seconds(1))
    } else {
      animator.stopAnimation(false)
      animator.finishAnimation(at: .start)
      tree.advance(to: .seconds(0.6))
    }
    #expect(view.backgroundColor?.cgColor.components == UIColor.red.cgColor.components)
    #expect(view.layer.backgroundColor?.components == UIColor.red.cgColor.components)
  }

  /// Reversed, an eased animator retraces its curve: `x` seconds after turning at `turn` it
  /// shows what it showed `x` seconds before.
  @Test(arguments: ["easeIn", "easeOut", "points", "spring"])
  func reversingRetracesTheCurve(kind: String) {
    let (tree, view) = scene()
    let animator =
      switch kind {
      case "easeIn": UIViewPropertyAnimator(duration: 2, curve: .easeIn) { view.alpha = 0 }
      case "easeOut": UIViewPropertyAnimator(duration: 2, curve: .easeOut) { view.alpha = 0 }
      case "spring": UIViewPropertyAnimator(duration: 2, dampingRatio: 0.5) { view.alpha = 0 }
      default:
        UIViewPropertyAnimator(
          duration: 2, controlPoint1: CGPoint(x: 0.1, y: 0.8),
          controlPoint2: CGPoint(x: 0.7, y: 0.3)
        ) { view.alpha = 0 }
      }
    animator.startAnimation()
    var before: [Double] = []
    for step in 1...12 {
      tree.advance(to: .seconds(Double(step) * 0.1))
      before.append(alpha(view))
    }
    animator.isReversed = true
    for step in 1...11 {
      tree.advance(to: .seconds(1.2 + Double(step) * 0.1))
      let expected = before[11 - step]
      #expect(
        abs(alpha(view) - expected) < 1e-5, "\(kind), \(step) back: \(alpha(view)) vs \(expected)")
    }
  }

  /// Stopping leaves the views where they show; without finishing nothing is heard; a
  /// stopped animator's finish puts them at the position asked and tells it.
  @Test(arguments: [
    (nil, 0.5), (UIViewAnimatingPosition.end, 0.0), (.start, 1.0), (.current, 0.5),
  ])
  func stoppedAnimatorsFinishWhereAsked(finish: UIViewAnimatingPosition?, expected: Double) {
    let (tree, view, animator, heard) = fadeHalfWay()
    animator.stopAnimation(finish == nil)
    #expect(animator.state == (finish == nil ? .inactive : .stopped))
    if let finish { animator.finishAnimation(at: finish) }
    tree.advance(to: .seconds(1.5))
    #expect(abs(alpha(view) - expected) < 1e-6 && abs(Double(view.alpha) - expected) < 1e-6)
    #expect(heard.positions == (finish.map { [$0] } ?? []))
    #expect(animator.state == .inactive)
    tree.advance(to: .seconds(3))
    #expect(abs(alpha(view) - expected) < 1e-6, "nothing runs on")
  }

  /// With `pausesOnCompletion` the end pauses it there, active, and nothing is heard; then
  /// reversed and started it runs back.
  @Test func pausingOnCompletionKeepsItActive() {
    let (tree, view) = scene()
    var heard: [UIViewAnimatingPosition] = []
    let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
    animator.pausesOnCompletion = true
    animator.addCompletion { heard.append($0) }
    animator.startAnimation()
    tree.advance(to: .seconds(1.5))
    #expect(animator.state == .active && !animator.isRunning && heard.isEmpty)
    #expect(animator.fractionComplete == 1 && alpha(view) == 0)
    animator.isReversed = true
    animator.startAnimation()
    tree.advance(to: .seconds(2))
    #expect(abs(alpha(view) - 0.5) < 1e-6)
  }

  /// Animations added while it runs start `delayFactor` of the remaining time later and
  /// end with the others; `continueAnimation` with a duration factor scales what is left.
  @Test func addedAnimationsAndAContinuedAnimator() {
    let (tree, view) = scene()
    let other = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    view.addSubview(other)
    tree.advance(to: .zero)
    let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { view.alpha = 0 }
    animator.startAnimation()
    tree.advance(to: .seconds(1))
    // Half-way: the rest (1 s) splits into 0.5 s of wait, then 0.5 s of fade.
    animator.addAnimations({ other.alpha = 0 }, delayFactor: 0.5)
    tree.advance(to: .seconds(1.25))
    #expect(alpha(other) == 1)
    tree.advance(to: .seconds(1.75))
    #expect(abs(alpha(other) - 0.5) < 1e-6, "\(alpha(other))")
    animator.pauseAnimation()
    // An eighth of the timeline (0.25 s) is left: at a duration factor of 2, 0.5 s.
    animator.continueAnimation(withTimingParameters: nil, durationFactor: 2)
    tree.advance(to: .seconds(2))
    #expect(abs(alpha(view) - 0.0625) < 1e-6, "\(alpha(view))")
    tree.advance(to: .seconds(2.2))
    #expect(animator.state == .active)
    tree.advance(to: .seconds(2.3))
    #expect(animator.state == .inactive && alpha(view) == 0 && alpha(other) == 0)
  }

  /// What programs get wrong or leave out: a zero or non-finite duration ends at the next
  /// turn at the end; an animator with nothing to animate still takes its time; a second
  /// start changes nothing; finishing an animator that was not stopped, or a fraction that
  /// is not a number, is ignored; stopped during its delay it stays at the start.
  @Test func edgesOfTheAnimatorsLife() {
    let (tree, view) = scene()
    var heard: [(String, Double)] = []
    let instant = UIViewPropertyAnimator(duration: .nan, curve: .linear) { view.alpha = 0.5 }
    #expect(instant.duration == 0)
    instant.addCompletion { heard.append(("instant \($0 == .end)", CACurrentMediaTime())) }
    instant.startAnimation()
    tree.advance(to: .seconds(0.1))
    #expect(heard.map(\.0) == ["instant true"] && heard[0].1 < 0.01 && alpha(view) == 0.5)

    let empty = UIViewPropertyAnimator(duration: 1, curve: .linear)
    empty.addCompletion { _ in heard.append(("empty", CACurrentMediaTime())) }
    empty.startAnimation()
    empty.startAnimation()
    tree.advance(to: .seconds(1.05))
    #expect(heard.count == 1, "it takes its second")
    tree.advance(to: .seconds(1.15))
    #expect(heard.last?.0 == "empty" && abs(heard.last!.1 - 1.1) < 0.02)

    let running = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
    running.startAnimation()
    tree.advance(to: .seconds(1.6))
    running.startAnimation()
    running.finishAnimation(at: .start)
    running.fractionComplete = .nan
    #expect(running.state == .active && running.isRunning)
    tree.advance(to: .seconds(1.85))
    #expect(abs(alpha(view) - 0.15) < 1e-6, "still on its timeline: \(alpha(view))")
    tree.advance(to: .seconds(3))
    #expect(running.state == .inactive && alpha(view) == 0)

    let waiting = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 1 }
    waiting.startAnimation(afterDelay: 1)
    tree.advance(to: .seconds(3.5))
    waiting.stopAnimation(true)
    #expect(waiting.state == .inactive && view.alpha == 0)
    tree.advance(to: .seconds(4.5))
    #expect(alpha(view) == 0, "\(alpha(view))")
  }
}
