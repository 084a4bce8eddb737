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
    let holder = CALayer()
    let tree = showInKeyWindow(holder)
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    UIApplication.shared.keyWindow!.rootViewController!.view.addSubview(view)
    tree.advance(to: .zero)
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
}
