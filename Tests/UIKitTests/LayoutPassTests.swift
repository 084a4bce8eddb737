import Foundation
import Testing

@testable import UIKit

/// `layoutIfNeeded()` as UIKit applies it: the receiver's own size and the frames of the
/// views inside it, the rest left for their own pass (FaveButton animates two sibling dots'
/// constraint changes in two blocks, each through one dot's `layoutIfNeeded()`).
@MainActor @Suite(.serialized) struct LayoutPassTests {
  init() { startAutoLayoutTest() }

  /// A 100-point box holding two 20-point dots, centred, sized by constraints it returns.
  func dots() -> (box: UIView, first: UIView, second: UIView, sizes: [NSLayoutConstraint]) {
    let box = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let first = constrained(UIView(), in: box)
    let second = constrained(UIView(), in: box)
    var sizes: [NSLayoutConstraint] = []
    for dot in [first, second] {
      let w = dot.widthAnchor.constraint(equalToConstant: 20)
      let h = dot.heightAnchor.constraint(equalToConstant: 20)
      sizes += [w, h]
      NSLayoutConstraint.activate([
        w, h, dot.centerXAnchor.constraint(equalTo: box.centerXAnchor),
        dot.centerYAnchor.constraint(equalTo: box.centerYAnchor),
      ])
    }
    box.layoutIfNeeded()
    return (box, first, second, sizes)
  }

  @Test func aViewsOwnPassResizesItAndNotItsSibling() {
    let (box, first, second, sizes) = dots()
    for c in sizes { c.constant = 0 }
    second.layoutIfNeeded()
    #expect(second.bounds.size == .zero)
    #expect(second.center == CGPoint(x: 50, y: 50))
    #expect(first.bounds.size == CGSize(width: 20, height: 20), "left for its own pass")
    first.layoutIfNeeded()
    #expect(first.bounds.size == .zero)
    for c in sizes { c.constant = 30 }
    box.layoutIfNeeded()
    #expect(first.frame == CGRect(x: 35, y: 35, width: 30, height: 30))
    #expect(
      second.frame == CGRect(x: 35, y: 35, width: 30, height: 30), "the box's pass moves both")
  }

  @Test func eachBlockAnimatesOnlyTheViewItLaysOut() {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    let (box, first, second, sizes) = dots()
    window.addSubview(box)
    for c in sizes { c.constant = 0 }
    UIView.animate(withDuration: 0.7) { second.layoutIfNeeded() }
    #expect(second.layer.animation(forKey: "bounds.size") != nil)
    #expect(first.layer.animationKeys() == nil, "its change waits for the next block")
    var finished = false
    UIView.animate(withDuration: 1.19) {
      first.layoutIfNeeded()
    } completion: { _ in
      finished = true
    }
    #expect(first.layer.animation(forKey: "bounds.size") != nil)
    #expect(!finished, "a block that animates runs its completion at its end")
  }

  @Test func aWindowsPassMovesWhatAViewsOwnPassLeft() {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    let (box, first, second, sizes) = dots()
    window.addSubview(box)
    window.layoutIfNeeded()
    for c in sizes { c.constant = 10 }
    second.layoutIfNeeded()
    #expect(first.bounds.size.width == 20)
    window.layoutIfNeeded()
    #expect(first.frame == CGRect(x: 45, y: 45, width: 10, height: 10))
    #expect(!AutoLayout.waiting && !AutoLayout.dirty, "nothing left to solve")
  }

  @Test func anotherTreesPassLeavesThisOneForItsOwn() {
    let (box, first, _, sizes) = dots()
    let (other, _, _, _) = dots()
    for c in sizes { c.constant = 40 }
    other.layoutIfNeeded()
    #expect(first.bounds.width == 20)
    box.layoutIfNeeded()
    #expect(first.bounds.width == 40)
  }
}

/// A view placed by constraints keeps them when taken out of its superview, as on iOS, and
/// they size it without a conflict with its bounds (rounded to pixels when it was placed).
@MainActor @Suite(.serialized) struct DetachedViewTests {
  init() { startAutoLayoutTest() }

  @Test func aDetachedViewsOwnConstraintsHoldWithoutAConflict() {
    let box = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let ring = constrained(UIView(), in: box)
    NSLayoutConstraint.activate([
      ring.widthAnchor.constraint(equalToConstant: 57.2),
      ring.heightAnchor.constraint(equalTo: ring.widthAnchor),
      ring.centerXAnchor.constraint(equalTo: box.centerXAnchor),
      ring.centerYAnchor.constraint(equalTo: box.centerYAnchor),
    ])
    box.layoutIfNeeded()
    #expect(ring.bounds.width == 57, "edges on the pixels (2 a point)")
    ring.removeFromSuperview()
    #expect(ring.constraints.count == 2 && AutoLayout.active.count == 2, "its own constraints stay")
    let broken = AutoLayout.broken
    ring.layoutIfNeeded()
    #expect(AutoLayout.broken == broken, "no conflict")
  }
}

/// Auto Layout sets a view's centre to the middle of the rectangle it solves, whatever its
/// layer's anchor point, as UIKit does: a changed anchor point moves the layer (FaveButton's
/// sparks turn about an anchor point of their own and are centred by this).
@MainActor @Suite(.serialized) struct AnchorPointLayoutTests {
  init() { startAutoLayoutTest() }

  @Test(arguments: [CGPoint(x: 0.5, y: 0.5), CGPoint(x: 0.5, y: 1), CGPoint(x: 0, y: 0)])
  func theCentreIsTheMiddleOfTheSolvedRectangle(anchor: CGPoint) {
    let box = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    let spark = constrained(UIView(), in: box)
    spark.layer.anchorPoint = anchor
    NSLayoutConstraint.activate([
      spark.centerXAnchor.constraint(equalTo: box.centerXAnchor),
      spark.centerYAnchor.constraint(equalTo: box.centerYAnchor),
      spark.widthAnchor.constraint(equalToConstant: 40),
      spark.heightAnchor.constraint(equalToConstant: 100),
    ])
    box.layoutIfNeeded()
    #expect(spark.center == CGPoint(x: 150, y: 150))
    #expect(spark.layer.position == CGPoint(x: 150, y: 150))
    #expect(
      spark.frame.origin == CGPoint(x: 150 - anchor.x * 40, y: 150 - anchor.y * 100),
      "the layer is drawn about its anchor point")
    box.layoutIfNeeded()
    #expect(spark.center == CGPoint(x: 150, y: 150), "and stays")
  }
}
