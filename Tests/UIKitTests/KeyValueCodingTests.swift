import Foundation
import Testing

@testable import UIKit

/// Key-value coding as the progress libraries use it: properties and their fields by name,
/// other keys stored; animations tagged and read back in `animationDidStop`; transaction
/// settings by their constant names.
@MainActor @Suite(.serialized) struct KeyValueCodingTests {
  @Test func layerPropertiesByName() {
    let layer = CAShapeLayer()
    layer.setValue(0.5, forKey: "strokeEnd")
    #expect(layer.strokeEnd == 0.5)
    #expect((layer.value(forKey: "strokeEnd") as? NSNumber)?.doubleValue == 0.5)
    layer.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
    #expect(
      TransformAnimationTests.close(layer.transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
    let angle = (layer.value(forKeyPath: "transform.rotation.z") as? NSNumber)?.doubleValue
    #expect(abs((angle ?? 0) - .pi / 2) < 1e-12)
    layer.setValue(UIColor.red.cgColor, forKey: "strokeColor")
    #expect(layer.strokeColor == UIColor.red.cgColor)
    layer.setValue(42, forKey: "progressValue")
    #expect(layer.value(forKey: "progressValue") as? Int == 42, "any other key is stored")
  }

  /// A shown layer set by name animates implicitly, as its setter does.
  @Test func settingByNameAnimates() {
    let layer = CALayer()
    let tree = showInKeyWindow(layer)
    layer.setValue(0.2, forKey: "opacity")
    #expect(layer.animationKeys() == ["opacity"])
    tree.advance(to: .seconds(1))
    #expect(layer.presentation()!.opacity == 0.2)
  }

  /// An animation tagged before it is added keeps the tag in the copy the layer holds.
  @Test func animationsKeepTheirTags() {
    let layer = CALayer()
    let tree = showInKeyWindow(layer)
    final class Listener: NSObject, CAAnimationDelegate {
      var tag: Any?
      func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        tag = anim.value(forKey: "name")
      }
    }
    let listener = Listener()
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.toValue = 0
    fade.duration = 0.5
    fade.delegate = listener
    fade.setValue("fade-out", forKey: "name")
    layer.add(fade, forKey: "fade")
    #expect(layer.animation(forKey: "fade")?.value(forKey: "name") as? String == "fade-out")
    tree.advance(to: .seconds(1))
    #expect(listener.tag as? String == "fade-out")
  }

  /// An animation's own properties by name, as RPCircularProgress reads `toValue` in
  /// `animationDidStop` to keep the value it animated to: numbers as numbers, names as
  /// strings, nil where unset; a value of another type changes nothing.
  @Test func animationsOwnPropertiesByName() {
    let layer = CAShapeLayer()
    let tree = showInKeyWindow(layer)
    final class Committer: NSObject, CAAnimationDelegate {
      let layer: CAShapeLayer
      init(_ layer: CAShapeLayer) { self.layer = layer }
      func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if let end = anim.value(forKey: "toValue") as? CGFloat { layer.strokeEnd = end }
      }
    }
    let committer = Committer(layer)
    let grow = CABasicAnimation(keyPath: "strokeEnd")
    grow.fromValue = 0
    grow.toValue = CGFloat(0.8)
    grow.duration = 0.3
    grow.fillMode = .forwards
    grow.delegate = committer
    #expect(grow.value(forKey: "fromValue") as? Int == 0 && grow.value(forKey: "byValue") == nil)
    #expect(grow.value(forKey: "fillMode") as? String == "forwards")
    #expect(grow.value(forKey: "removedOnCompletion") as? Bool == true)
    #expect(grow.value(forKey: "duration") as? CGFloat == 0.3)
    #expect(grow.value(forKey: "keyPath") as? String == "strokeEnd")
    #expect(grow.value(forKey: "delegate") as? Committer === committer)
    layer.add(grow, forKey: "grow")
    tree.advance(to: .seconds(1))
    #expect(layer.strokeEnd == 0.8)

    grow.setValue(2, forKey: "repeatCount")
    grow.setValue("both", forKey: "fillMode")
    grow.setValue(NSNumber(value: true), forKey: "autoreverses")
    grow.setValue("long", forKey: "duration")
    #expect(grow.repeatCount == 2 && grow.fillMode == .both && grow.autoreverses)
    #expect(grow.duration == 0.3 && grow.value(forKey: "duration") as? Double == 0.3)
    let keyframes = CAKeyframeAnimation(keyPath: "position")
    keyframes.setValue([0, 0.5, 1] as [NSNumber], forKey: "keyTimes")
    keyframes.setValue(CAAnimationCalculationMode.paced, forKey: "calculationMode")
    #expect(keyframes.keyTimes == [0, 0.5, 1] && keyframes.calculationMode == .paced)
    #expect(keyframes.value(forKey: "path") == nil && keyframes.value(forKey: "toValue") == nil)
    let spring = CASpringAnimation(keyPath: "position.y")
    spring.setValue(5, forKey: "damping")
    #expect(spring.damping == 5)
    #expect(spring.value(forKey: "settlingDuration") as? Double == spring.settlingDuration)
    // A key of no property is stored with the animation, as before.
    spring.setValue("bounce", forKey: "name")
    #expect(spring.value(forKey: "name") as? String == "bounce")
  }

  @Test func transactionSettingsByName() {
    CATransaction.begin()
    CATransaction.setValue(true, forKey: kCATransactionDisableActions)
    #expect(CATransaction.disableActions())
    CATransaction.setValue(1.5, forKey: kCATransactionAnimationDuration)
    #expect(CATransaction.value(forKey: kCATransactionAnimationDuration) as? Double == 1.5)
    CATransaction.commit()
  }

  /// Numbers read by key cast to `CGFloat` as on iOS, where Foundation bridges it: the
  /// angle idiom `value(forKeyPath: "transform.rotation.z") as! CGFloat` trapped on Linux.
  /// A number converts as to `Double` (1.5 is not an `Int`).
  @Test func numbersCastToCGFloat() {
    let layer = CALayer()
    layer.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
    #expect(abs((layer.value(forKeyPath: "transform.rotation.z") as! CGFloat) - 0.5) < 1e-12)
    let boxed: Any = NSNumber(value: 1.5)
    #expect(boxed as? CGFloat == 1.5 && boxed as? Int == nil)
    let numbers: Any = [NSNumber(value: 2), NSNumber(value: 0.25)]
    #expect(numbers as? [CGFloat] == [2, 0.25])
    let angle: Any = CGFloat(0.75)
    #expect((angle as? NSNumber)?.doubleValue == 0.75)
  }
}
