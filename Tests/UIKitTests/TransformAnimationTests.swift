import Foundation
import RingLayers
import Testing

@testable import UIKit

/// Transforms as Core Animation animates them: a number through a field of the transform
/// (`transform.rotation.z`, `transform.scale`, `transform.translation.x`), a value function,
/// a whole transform mixed by its parts, and implicit changes. Expected values are worked
/// out from Core Animation's documented rules.
@MainActor @Suite(.serialized) struct TransformAnimationTests {
  func show(_ layer: CALayer) -> KeyWindowTree { showInKeyWindow(layer) }

  static func close(_ a: CATransform3D, _ b: CATransform3D, _ tolerance: CGFloat = 1e-9) -> Bool {
    let x = [
      a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34,
      a.m41, a.m42, a.m43, a.m44,
    ]
    let y = [
      b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34,
      b.m41, b.m42, b.m43, b.m44,
    ]
    return zip(x, y).allSatisfy { abs($0 - $1) <= tolerance }
  }

  func shown(_ layer: CALayer) -> CATransform3D { layer.presentation()!.transform }

  /// `transform.scale.xy`, which pulse and ripple code animates, scales x and y together
  /// and keeps z (it was not drawn).
  @Test func scaleXYScalesThePlane() {
    let layer = CALayer()
    let tree = show(layer)
    let pulse = linearAnimation("transform.scale.xy", from: 0.2, to: 1)
    layer.add(pulse, forKey: "pulse")
    tree.advance(to: .seconds(0.5))
    #expect(Self.close(shown(layer), CATransform3DMakeScale(0.6, 0.6, 1)), "\(shown(layer))")
    #expect(
      abs((layer.presentation()!.value(forKeyPath: "transform.scale.xy") as! CGFloat) - 0.6) < 1e-9)
  }

  /// A full turn in a second, linearly: at time t the layer is turned 2πt, past half a
  /// turn too (a number is mixed, not the matrices).
  @Test(arguments: [0.1, 0.3, 0.6, 0.95, 12.35])
  func aSpinTurnsByTheMixedAngle(time: Double) {
    let layer = CALayer()
    let tree = show(layer)
    let spin = CABasicAnimation(keyPath: "transform.rotation.z")
    spin.fromValue = 0
    spin.toValue = 2 * CGFloat.pi
    spin.duration = 1
    spin.repeatCount = .infinity
    spin.timingFunction = CAMediaTimingFunction(name: .linear)
    layer.add(spin, forKey: "spin")
    tree.advance(to: .seconds(time))
    let phase = time.truncatingRemainder(dividingBy: 1)
    #expect(Self.close(shown(layer), CATransform3DMakeRotation(2 * .pi * phase, 0, 0, 1), 1e-6))
    #expect(layer.transform == CATransform3DIdentity, "the model is untouched")
  }

  /// A value function turns the numbers of a `transform` animation into the transform.
  @Test func aValueFunctionNamesThePart() {
    let layer = CALayer()
    let tree = show(layer)
    let spin = CABasicAnimation(keyPath: "transform")
    spin.valueFunction = CAValueFunction(name: .rotateZ)
    spin.fromValue = 0
    spin.toValue = CGFloat.pi
    spin.duration = 1
    layer.add(spin, forKey: "spin")
    tree.advance(to: .seconds(0.5))
    // No timing function: linear, half way.
    #expect(Self.close(shown(layer), CATransform3DMakeRotation(.pi / 2, 0, 0, 1), 1e-9))
  }

  /// `transform.scale` sets all three scales, keeping the model's translation and
  /// rotation; `transform.translation.x` moves along x, keeping the rest.
  @Test func fieldsKeepTheRestOfTheModel() {
    let layer = CALayer()
    let tree = show(layer)
    // A move of 10 along x, then a turn of 0.5: its translation is (10 cos 0.5, 10 sin 0.5).
    let model = CATransform3DTranslate(CATransform3DMakeRotation(0.5, 0, 0, 1), 10, 0, 0)
    CATransaction.setDisableActions(true)
    layer.transform = model
    CATransaction.setDisableActions(false)
    let grow = linearAnimation("transform.scale", from: 0, to: 2)
    layer.add(grow, forKey: "grow")
    tree.advance(to: .seconds(0.25))
    // The scale, then the model's turn and translation.
    let expected = CATransform3DConcat(CATransform3DMakeScale(0.5, 0.5, 0.5), model)
    #expect(Self.close(shown(layer), expected, 1e-9))
    layer.removeAllAnimations()
    let move = CABasicAnimation(keyPath: "transform.translation.x")
    move.toValue = 30
    move.duration = 1
    move.timingFunction = CAMediaTimingFunction(name: .linear)
    layer.add(move, forKey: "move")
    tree.advance(to: .seconds(0.75))
    // Added at 0.25 s, half way at 0.75 s: x from the model's 10 cos 0.5 to 30.
    let x = 10 * cos(0.5) + (30 - 10 * cos(0.5)) / 2
    let moved = CATransform3DConcat(
      CATransform3DMakeRotation(0.5, 0, 0, 1), CATransform3DMakeTranslation(x, 10 * sin(0.5), 0))
    #expect(Self.close(shown(layer), moved, 1e-9), "x half way; y and the turn kept")
  }

  /// Whole transforms mix by their parts: half way from a scale of 1 to 3 with a move of
  /// 20 is a scale of 2 with a move of 10; rotations take the shorter way.
  @Test func wholeTransformsMixByParts() {
    let layer = CALayer()
    let tree = show(layer)
    let a = CABasicAnimation(keyPath: "transform")
    a.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
    a.toValue = NSValue(
      caTransform3D: CATransform3DConcat(
        CATransform3DMakeScale(3, 3, 1),
        CATransform3DConcat(
          CATransform3DMakeRotation(-0.8, 0, 0, 1), CATransform3DMakeTranslation(20, 0, 0))))
    a.duration = 1
    a.timingFunction = CAMediaTimingFunction(name: .linear)
    layer.add(a, forKey: "t")
    tree.advance(to: .seconds(0.5))
    let expected = CATransform3DConcat(
      CATransform3DMakeScale(2, 2, 1),
      CATransform3DConcat(
        CATransform3DMakeRotation(-0.4, 0, 0, 1), CATransform3DMakeTranslation(10, 0, 0)))
    #expect(Self.close(shown(layer), expected, 1e-9))
  }

  /// A shown standalone layer animates a new transform implicitly over 0.25 s; a view's
  /// own layer (its transform set through the view) does not.
  @Test func implicitTransformChanges() {
    let layer = CALayer()
    let tree = show(layer)
    layer.transform = CATransform3DMakeScale(2, 2, 1)
    #expect(layer.animationKeys() == ["transform"])
    tree.advance(to: .seconds(0.125))
    #expect(Self.close(shown(layer), CATransform3DMakeScale(1.5, 1.5, 1), 1e-9))
    let view = UIApplication.shared.keyWindow!.rootViewController!.view!
    view.transform = CGAffineTransform(rotationAngle: 0.3)
    #expect(view.layer.animationKeys() == nil)
    #expect(Self.close(view.layer.transform, CATransform3DMakeRotation(0.3, 0, 0, 1), 1e-12))
  }

  /// A transformed view's frame is the box around its turned bounds; its bounds and
  /// centre are unchanged.
  @Test func aTurnedViewsFrameHoldsItsCorners() {
    let view = UIView(frame: CGRect(x: 10, y: 20, width: 40, height: 20))
    view.transform = CGAffineTransform(rotationAngle: .pi / 2)
    #expect(abs(view.frame.origin.x - 20) < 1e-9 && abs(view.frame.origin.y - 10) < 1e-9)
    #expect(abs(view.frame.width - 20) < 1e-9 && abs(view.frame.height - 40) < 1e-9)
    #expect(view.bounds.size == CGSize(width: 40, height: 20))
    #expect(view.center == CGPoint(x: 30, y: 30))
  }

  /// `NSValue(caTransform3D:)` gives the transform back; other values give none.
  @Test func transformsInValues() {
    var t = CATransform3DMakeRotation(0.7, 1, 1, 0)
    t.m34 = -0.002
    #expect(NSValue(caTransform3D: t).caTransform3DValue == t)
    #expect(transformValue(NSValue(cgPoint: .zero)) == nil)
    #expect(CATransform3DIsAffine(CATransform3DMakeRotation(1, 0, 0, 1)))
    #expect(!CATransform3DIsAffine(t))
    #expect(
      Self.close(CATransform3DConcat(t, CATransform3DInvert(t)), CATransform3DIdentity, 1e-12))
  }
}

/// Animations whose values add to what is beneath, as the activity-indicator libraries
/// write them: `byValue` alone, `isAdditive`, a translation given as a size, paths.
@MainActor @Suite(.serialized) struct AdditiveAnimationTests {
  func show(_ layer: CALayer) -> KeyWindowTree { showInKeyWindow(layer) }

  /// `byValue` alone runs from the value beneath to it plus `byValue`: a full turn.
  @Test(arguments: [0.25, 0.5, 0.75])
  func byValueAloneTurnsFromTheModel(time: Double) {
    let layer = CALayer()
    let tree = show(layer)
    let spin = CABasicAnimation(keyPath: "transform.rotation")
    spin.byValue = Float.pi * 2
    spin.duration = 1
    spin.timingFunction = CAMediaTimingFunction(name: .linear)
    layer.add(spin, forKey: "spin")
    tree.advance(to: .seconds(time))
    #expect(
      TransformAnimationTests.close(
        layer.presentation()!.transform, CATransform3DMakeRotation(2 * .pi * time, 0, 0, 1), 1e-6)
    )
  }

  /// An additive animation's values are offsets from the model.
  @Test func additiveValuesAreOffsets() {
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    let tree = show(layer)
    CATransaction.setDisableActions(true)
    layer.position = CGPoint(x: 100, y: 50)
    CATransaction.setDisableActions(false)
    let nudge = CAKeyframeAnimation(keyPath: "position.x")
    nudge.values = [0, 20, 0]
    nudge.isAdditive = true
    nudge.duration = 1
    layer.add(nudge, forKey: "nudge")
    tree.advance(to: .seconds(0.25))
    #expect(abs(layer.presentation()!.position.x - 110) < 1e-9)
    #expect(layer.presentation()!.position.y == 50)
  }

  /// `transform.translation` takes sizes; the rest of the transform is kept.
  @Test func aTranslationAsASize() {
    let layer = CALayer()
    let tree = show(layer)
    let move = CAKeyframeAnimation(keyPath: "transform.translation")
    move.values = [NSValue(cgSize: .zero), NSValue(cgSize: CGSize(width: 40, height: -20))]
    move.duration = 1
    layer.add(move, forKey: "move")
    tree.advance(to: .seconds(0.5))
    let t = layer.presentation()!.transform
    #expect(abs(t.m41 - 20) < 1e-9 && abs(t.m42 + 10) < 1e-9)
  }

  /// Paths animate point by point; an additive path adds its points to the model's.
  @Test func pathsAnimateAndAdd() {
    let layer = CAShapeLayer()
    let tree = show(layer)
    CATransaction.setDisableActions(true)
    layer.path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)).cgPath
    CATransaction.setDisableActions(false)
    let grow = CABasicAnimation(keyPath: "path")
    grow.toValue = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 30, height: 10)).cgPath
    grow.duration = 1
    layer.add(grow, forKey: "grow")
    tree.advance(to: .seconds(0.5))
    #expect(layer.presentation()!.path?.boundingBox == CGRect(x: 0, y: 0, width: 20, height: 10))
    layer.removeAllAnimations()
    let lift = CAKeyframeAnimation(keyPath: "path")
    lift.values = [UIBezierPath(rect: CGRect(x: 0, y: -5, width: 0, height: 0)).cgPath]
    lift.isAdditive = true
    lift.duration = 10
    layer.add(lift, forKey: "lift")
    tree.advance(to: .seconds(1))
    #expect(layer.presentation()!.path?.boundingBox == CGRect(x: 0, y: -5, width: 10, height: 10))
  }
}

/// Cumulative animations: each repeat starts where the last one ended (Apple: "the value at
/// the end of the previous repeat cycle, plus the value of the current repeat cycle").
@MainActor @Suite(.serialized) struct CumulativeAnimationTests {
  /// A quarter turn repeated three times turns on: at 1.5 s, 3π/4; at 2.5 s, 5π/4; held at
  /// 3π/2 after the end.
  @Test(arguments: [(0.5, 0.25), (1.5, 0.75), (2.5, 1.25), (4, 1.5)])
  func aRepeatedTurnTurnsOn(time: Double, halfTurns: Double) {
    let layer = CALayer()
    let tree = showInKeyWindow(layer)
    let turn = CABasicAnimation(keyPath: "transform.rotation.z")
    (turn.fromValue, turn.toValue) = (0, Double.pi / 2)
    (turn.duration, turn.repeatCount, turn.isCumulative) = (1, 3, true)
    turn.timingFunction = CAMediaTimingFunction(name: .linear)
    (turn.fillMode, turn.isRemovedOnCompletion) = (.forwards, false)
    layer.add(turn, forKey: "turn")
    tree.advance(to: .seconds(time))
    let angle = layer.presentation()!.value(forKeyPath: "transform.rotation.z") as? Double
    #expect(abs((angle ?? .nan) - halfTurns * .pi) < 1e-9 || halfTurns > 1, "\(angle ?? .nan)")
    #expect(
      TransformAnimationTests.close(
        layer.presentation()!.transform,
        CATransform3DMakeRotation(CGFloat(halfTurns * .pi), 0, 0, 1), 1e-9))
  }

  /// Keyframes from 10 to 20 repeated: the second repeat runs from 30 to 40; without
  /// `isCumulative`, from 10 to 20 again.
  @Test(arguments: [true, false])
  func keyframesAddTheirEndValue(cumulative: Bool) {
    let layer = CALayer()
    let tree = showInKeyWindow(layer)
    let slide = CAKeyframeAnimation(keyPath: "position.x")
    slide.values = [10, 15, 20]
    (slide.duration, slide.repeatCount, slide.isCumulative) = (1, 2, cumulative)
    layer.add(slide, forKey: "slide")
    tree.advance(to: .seconds(1.5))
    let x = layer.presentation()!.position.x
    #expect(abs(x - (cumulative ? 35 : 15)) < 1e-9, "\(x)")
  }
}
