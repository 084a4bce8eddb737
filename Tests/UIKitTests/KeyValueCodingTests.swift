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
