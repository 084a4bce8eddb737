import Foundation
import RingLayers
import Testing

@testable import UIKit

/// `CAAnimationGroup` as Core Animation documents it: the children run in the group's time
/// (their begin times count from the group's start; the group's speed, repeats and
/// autoreverse shape the time they see), clipped to the group's duration, not scaled to it.
/// The expected values below are worked out from those rules by hand.
@MainActor @Suite(.serialized) struct AnimationGroupTests {
  func show(_ layer: CALayer) -> KeyWindowTree { showInKeyWindow(layer) }

  /// A linear opacity ramp from 0 to 1 over `duration`, starting `begin` into the group.
  func ramp(duration: CFTimeInterval, begin: CFTimeInterval = 0) -> CABasicAnimation {
    let a = CABasicAnimation(keyPath: "opacity")
    a.fromValue = 0
    a.toValue = 1
    a.duration = duration
    a.beginTime = begin
    return a
  }

  /// (clock time, opacity shown): a 1 s ramp in a 0.5 s group repeated twice is clipped to
  /// its first half each time, then the group leaves (the model's 1 shows).
  @Test(arguments: [(0.25, 0.25), (0.49, 0.49), (0.75, 0.25), (0.99, 0.49), (1.2, 1.0)])
  func aChildIsClippedToTheGroupsDuration(time: Double, opacity: Double) {
    let layer = CALayer()
    let tree = show(layer)
    let group = CAAnimationGroup()
    group.animations = [ramp(duration: 1)]
    group.duration = 0.5
    group.repeatCount = 2
    layer.add(group, forKey: "group")
    tree.advance(to: .seconds(time))
    #expect(abs(Double(layer.presentation()!.opacity) - opacity) < 1e-6)
  }

  /// (clock time, opacity shown): a child left without a duration spans its 2 s group, as
  /// JTMaterialSpinner's rotation does on iOS, not the default 0.25 s; one that begins 0.5 s
  /// in spans it too, clipped at its end.
  @Test(arguments: [(0.0, 0.5, 0.25), (0.0, 1.5, 0.75), (0.5, 1.5, 0.5), (0.5, 2.75, 0.125)])
  func aChildWithoutADurationSpansTheGroup(begin: Double, time: Double, opacity: Double) {
    let layer = CALayer()
    let tree = show(layer)
    let group = CAAnimationGroup()
    group.animations = [ramp(duration: 0, begin: begin)]
    group.duration = 2
    group.repeatCount = 2
    layer.add(group, forKey: "group")
    tree.advance(to: .seconds(time))
    #expect(abs(Double(layer.presentation()!.opacity) - opacity) < 1e-6)
  }

  /// (child's duration, opacity shown after the group): a group that holds its end
  /// (`.forwards`, not removed) holds the children that end with it, though they have no
  /// fill of their own, as TKSwitcherCollection's knob stays on the far side on iOS; one
  /// that ended earlier shows the model's value (1).
  @Test(arguments: [(0.4, 0.0), (0.0, 0.0), (0.2, 1.0)])
  func aGroupHoldingItsEndHoldsTheChildrenEndingWithIt(duration: Double, opacity: Double) {
    let layer = CALayer()
    let tree = show(layer)
    let fade = ramp(duration: duration)
    (fade.fromValue, fade.toValue) = (1, 0)
    let group = CAAnimationGroup()
    group.animations = [fade]
    group.duration = 0.4
    group.fillMode = .forwards
    group.isRemovedOnCompletion = false
    layer.add(group, forKey: "group")
    tree.advance(to: .seconds(0.8))
    #expect(abs(Double(layer.presentation()!.opacity) - opacity) < 1e-6)
  }

  /// Key paths through named sublayers, as Matt Neuburg's walking feet animate them from
  /// their superlayer: an animation moves the sublayer of that name, and a group's children
  /// move theirs together in the group's time; the group's delegate hears its stop once.
  @Test func keyPathsThroughNamedSublayersMoveThem() {
    final class Listener: NSObject, CAAnimationDelegate {
      var stops = 0
      func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops += 1 }
    }
    let body = CALayer()
    let tree = show(body)
    let (left, right) = (CALayer(), CALayer())
    (left.name, right.name) = ("left", "right")
    for (foot, x) in [(left, 10.0), (right, 30.0)] {
      foot.frame = CGRect(x: x, y: 190, width: 10, height: 20)
      body.addSublayer(foot)
    }
    let step = CABasicAnimation(keyPath: "sublayers.left.position.y")
    step.byValue = -100
    step.duration = 1
    step.timingFunction = CAMediaTimingFunction(name: .linear)
    body.add(step, forKey: "step")
    tree.advance(to: .seconds(0.5))
    #expect(abs(left.presentation()!.position.y - 150) < 1e-9)

    let walk = CAAnimationGroup()
    let listener = Listener()
    walk.delegate = listener
    walk.animations =
      ["left", "right"].map { name in
        let a = CABasicAnimation(keyPath: "sublayers.\(name).position.x")
        a.byValue = name == "left" ? 40 : 20
        return a
      } + [ramp(duration: 1)]
    walk.duration = 1
    body.add(walk, forKey: "walk")
    tree.advance(to: .seconds(1.25))
    #expect(abs(left.presentation()!.position.x - 45) < 1e-9)
    #expect(abs(right.presentation()!.position.x - 50) < 1e-9)
    #expect(abs(Double(body.presentation()!.opacity) - 0.75) < 1e-6, "the rest stays here")
    tree.advance(to: .seconds(3))
    #expect(listener.stops == 1)

    // Removed from the superlayer, they stop on the sublayers too.
    walk.repeatCount = .infinity
    body.add(walk, forKey: "walk")
    body.add(step, forKey: "step")
    tree.advance(to: .seconds(3.5))
    #expect(left.animationKeys() == ["walk", "step"] && right.animationKeys() == ["walk"])
    body.removeAnimation(forKey: "walk")
    #expect(left.animationKeys() == ["step"] && right.animationKeys() == nil)
    body.add(walk, forKey: nil)
    body.removeAllAnimations()
    #expect(left.animationKeys() == nil && right.animationKeys() == nil)
  }

  /// A child that begins 0.2 s into a 1 s group and lasts 0.5 s shows only from 0.2 to
  /// 0.7 s (its fill mode is removed); the group's speed of 2 halves those times.
  @Test(arguments: [
    (1.0, 0.1, 1.0), (1.0, 0.45, 0.5), (1.0, 0.69, 0.98), (1.0, 0.8, 1.0),
    (2.0, 0.05, 1.0), (2.0, 0.225, 0.5), (2.0, 0.4, 1.0),
  ])
  func childrenBeginInTheGroupsTime(speed: Double, time: Double, opacity: Double) {
    let layer = CALayer()
    let tree = show(layer)
    let group = CAAnimationGroup()
    group.animations = [ramp(duration: 0.5, begin: 0.2)]
    group.duration = 1
    group.speed = Float(speed)
    layer.add(group, forKey: "group")
    tree.advance(to: .seconds(time))
    #expect(abs(Double(layer.presentation()!.opacity) - opacity) < 1e-6)
  }

  /// Children of one group write different properties together; repeating forever with
  /// `HUGE` (activity indicators' idiom), they are still running after 1000 s.
  @Test func childrenAnimateTogetherForever() {
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    let tree = show(layer)
    let move = CAKeyframeAnimation(keyPath: "position.x")
    move.values = [0, 100]
    move.duration = 0.5
    let group = CAAnimationGroup()
    group.animations = [ramp(duration: 0.5), move]
    group.duration = 0.5
    group.repeatCount = HUGE
    layer.add(group, forKey: "pulse")
    tree.advance(to: .seconds(1000.125))
    let shown = layer.presentation()!
    #expect(abs(Double(shown.opacity) - 0.25) < 1e-6)
    #expect(abs(Double(shown.position.x) - 25) < 1e-6)
    #expect(layer.animation(forKey: "pulse") is CAAnimationGroup)
  }

  /// The group's delegate hears its start and its stop; a child's delegate, as Core
  /// Animation ignores it, hears nothing.
  @Test func theGroupsDelegateHearsForItsChildren() {
    let layer = CALayer()
    let tree = show(layer)
    let groupListener = Listener("group")
    let childListener = Listener("child")
    let child = ramp(duration: 0.5)
    child.delegate = childListener
    let group = CAAnimationGroup()
    group.animations = [child]
    group.duration = 1
    group.delegate = groupListener
    layer.add(group, forKey: "group")
    tree.advance(to: .seconds(2))
    #expect(groupListener.events == ["start group 0.0", "stop group true 1.0"])
    #expect(childListener.events.isEmpty)
  }
}
