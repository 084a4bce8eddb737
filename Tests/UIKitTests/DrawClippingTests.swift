import Foundation
import RingGraphics
import RingLayers
import Testing

@testable import UIKit

/// What `draw(_:)` draws lands in the view's backing store, the size of its bounds: what
/// falls outside them is clipped away, as on iOS.
@MainActor @Suite(.serialized) struct DrawClippingTests {
  final class Overdrawing: UIView {
    override func draw(_ rect: CGRect) {
      UIColor.red.setFill()
      // Twice the view's size, centred on it.
      UIBezierPath(ovalIn: bounds.insetBy(dx: -bounds.width / 2, dy: -bounds.height / 2)).fill()
    }
  }

  @Test func drawingOutsideTheBoundsIsClipped() throws {
    UIApplication.shared.reset()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    window.rootViewController = UIViewController()
    window.makeKeyAndVisible()
    let view = Overdrawing(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
    window.rootViewController!.view.addSubview(view)
    let tree = KeyWindowTree(window: window)
    tree.advance(to: .zero)
    let root = tree.layer(canvas: Size(width: 40, height: 40), background: .clear, origin: .zero)
    let frame = try FrameRenderer(root: root, width: 40, height: 40, scale: 1).render(at: .zero)
    #expect(frame.pixel(x: 20, y: 20).alpha == 255, "inside the view")
    #expect(frame.pixel(x: 10, y: 10).alpha == 255, "the view's corner, inside the oval")
    for (x, y) in [(5, 20), (35, 20), (20, 5), (20, 35), (8, 8)] {
      #expect(frame.pixel(x: x, y: y).alpha == 0, "outside the view at \(x), \(y)")
    }
  }
}
