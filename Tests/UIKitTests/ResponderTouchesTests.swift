import Dispatch
import Testing

@testable import UIKit

/// What code written for touches and notched screens reaches for compiles and behaves as
/// on iOS where it can: touches called by a program's own code go up the responder chain;
/// a window here has no safe-area insets; Darwin's time constants exist.
@MainActor @Suite struct ResponderTouchesTests {
  final class Recorder: UIView {
    var began = 0
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { began += 1 }
  }

  @Test func touchesGoUpTheResponderChain() {
    let parent = Recorder(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let child = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    parent.addSubview(child)
    child.touchesBegan([UITouch()], with: nil)
    #expect(parent.began == 1, "the superview heard the touch its subview passed on")
    UIView().touchesEnded([], with: UIEvent())  // the end of the chain: nothing happens
  }

  @Test func aWindowHasNoSafeAreaInsetsAndTheDefaultMargins() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
    #expect(view.safeAreaInsets == .zero)
    #expect(view.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
  }

  @Test func darwinsTimeConstants() {
    #expect(NSEC_PER_SEC == 1_000_000_000 && NSEC_PER_MSEC == 1_000_000)
    #expect(USEC_PER_SEC == 1_000_000 && NSEC_PER_USEC == 1_000)
    let later = DispatchTime.now() + Double(NSEC_PER_SEC / 2) / Double(NSEC_PER_SEC)
    #expect(later > DispatchTime.now())
  }
}
