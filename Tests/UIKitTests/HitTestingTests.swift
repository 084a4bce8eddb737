import Foundation
import Testing

@testable import UIKit

/// Points between views and layers through their transforms, and hit-testing by UIKit's
/// rules.
@MainActor @Suite(.serialized) struct HitTestingTests {
  @Test func pointsConvertThroughTransforms() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    let box = UIView(frame: CGRect(x: 50, y: 50, width: 40, height: 20))
    root.addSubview(box)
    #expect(box.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 50, y: 50))
    box.transform = CGAffineTransform(rotationAngle: .pi / 2)
    // Turned a quarter about its centre (70, 60): its top-left corner goes to (80, 40).
    let corner = box.convert(CGPoint(x: 0, y: 0), to: root)
    #expect(abs(corner.x - 80) < 1e-9 && abs(corner.y - 40) < 1e-9)
    let back = box.convert(corner, from: root)
    #expect(abs(back.x) < 1e-9 && abs(back.y) < 1e-9)
    #expect(box.layer.convert(CGPoint(x: 0, y: 0), to: root.layer) == box.convert(.zero, to: root))
  }

  @Test func hitTestingFindsTheFrontmostInteractiveView() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let back = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
    let front = UIView(frame: CGRect(x: 30, y: 30, width: 60, height: 60))
    root.addSubview(back)
    root.addSubview(front)
    #expect(root.hitTest(CGPoint(x: 40, y: 40), with: nil) === front, "front to back")
    #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === back)
    front.isUserInteractionEnabled = false
    #expect(root.hitTest(CGPoint(x: 40, y: 40), with: nil) === back, "no interaction")
    back.alpha = 0.005
    #expect(root.hitTest(CGPoint(x: 40, y: 40), with: nil) === root, "nearly transparent")
    #expect(root.hitTest(CGPoint(x: 140, y: 40), with: nil) == nil, "outside")
    #expect(root.layer.hitTest(CGPoint(x: 80, y: 80)) === front.layer, "layers keep no rules")
  }
}
