import Foundation
import RingGraphics
import Testing

@testable import RingLayers
@testable import UIKit

/// A scroll view: its offset is its bounds' origin, a drag scrolls it (with the rubber band
/// past an edge), a released drag decelerates as UIKit's does, on the media clock.
@MainActor @Suite(.serialized) struct ScrollViewTests {
  final class Listener: UIScrollViewDelegate {
    var heard: [String] = []
    var scrolls = 0
    var redirect: CGPoint?
    func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolls += 1 }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { heard.append("begin drag") }
    func scrollViewWillEndDragging(
      _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
      targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
      heard.append("target \(Int(targetContentOffset.pointee.y.rounded()))")
      if let redirect { targetContentOffset.pointee = redirect }
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
      heard.append("end drag \(decelerate)")
    }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { heard.append("rest") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {
      heard.append("animated")
    }
  }

  /// A scroll view filling a window `side` points square, over content `size`.
  func scroller(_ size: CGSize, side: CGFloat = 200) -> (UIScrollView, Listener, KeyWindowTree) {
    UIApplication.shared.reset()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: side, height: side))
    window.rootViewController = UIViewController()
    window.makeKeyAndVisible()
    let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: side, height: side))
    scroll.contentSize = size
    let listener = Listener()
    scroll.delegate = listener
    window.rootViewController!.view.addSubview(scroll)
    let tree = KeyWindowTree(window: window)
    tree.advance(to: .zero)
    return (scroll, listener, tree)
  }

  /// A drag from `from` to `to` (window points), one move every 10 ms of `steps`, then
  /// `hold` seconds still, then the release (as the last move, when it does not hold);
  /// starting at `start` s.
  func drag(
    _ tree: KeyWindowTree, from: CGPoint, to: CGPoint, steps: Int, hold: Double = 0,
    start: Double = 0.1
  ) -> Double {
    tree.advance(to: .seconds(start))
    tree.pointer(PointerEvent(.began, at: Point(x: from.x, y: from.y)))
    var t = start
    for i in 1...steps {
      t += 0.01
      let f = CGFloat(i) / CGFloat(steps)
      tree.advance(to: .seconds(t))
      tree.pointer(
        PointerEvent(
          .moved, at: Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)))
    }
    if hold > 0 {
      t += hold
      tree.advance(to: .seconds(t))
    }
    tree.pointer(PointerEvent(.ended, at: Point(x: to.x, y: to.y)))
    return t
  }

  @Test func theOffsetIsTheBoundsOriginAndMovesTheContent() {
    let (scroll, listener, _) = scroller(CGSize(width: 200, height: 1000))
    let row = UIView(frame: CGRect(x: 0, y: 300, width: 200, height: 40))
    scroll.addSubview(row)
    scroll.contentOffset = CGPoint(x: 0, y: 250)
    #expect(scroll.bounds.origin == CGPoint(x: 0, y: 250) && listener.scrolls == 1)
    #expect(row.convert(CGPoint.zero, to: nil) == CGPoint(x: 0, y: 50))
    #expect(scroll.clipsToBounds)
  }

  /// An animated offset eases in and out over 0.3 s: half way at 0.15 s.
  @Test func anAnimatedOffsetEasesOverAThirdOfASecond() {
    let (scroll, listener, tree) = scroller(CGSize(width: 200, height: 1000))
    scroll.setContentOffset(CGPoint(x: 0, y: 400), animated: true)
    tree.advance(to: .seconds(0.15))
    #expect(abs(scroll.contentOffset.y - 200) < 1, "\(scroll.contentOffset)")
    tree.advance(to: .seconds(0.5))
    #expect(scroll.contentOffset.y == 400 && listener.heard == ["animated"])
    #expect(listener.scrolls > 5, "told each frame")
  }

  /// A slow drag moves the content with the finger, and it stays where it was let go.
  @Test func aDragMovesTheContentWithTheFinger() {
    let (scroll, listener, tree) = scroller(CGSize(width: 200, height: 1000))
    _ = drag(tree, from: CGPoint(x: 100, y: 150), to: CGPoint(x: 100, y: 50), steps: 10, hold: 0.2)
    #expect(scroll.contentOffset == CGPoint(x: 0, y: 100), "\(scroll.contentOffset)")
    #expect(listener.heard == ["begin drag", "target 100", "end drag false"])
    #expect(!scroll.isDragging && !scroll.isDecelerating)
  }

  /// Released at 1 point a millisecond, the content goes on the way it was going and slows
  /// by 0.998 a millisecond, coming to rest 0.998 / 0.002 = 499 points further.
  @Test func aFlingDeceleratesAsUIKitsDoes() {
    let (scroll, listener, tree) = scroller(CGSize(width: 200, height: 2000))
    let released = drag(
      tree, from: CGPoint(x: 100, y: 190), to: CGPoint(x: 100, y: 90), steps: 10)
    let offset = scroll.contentOffset.y
    #expect(abs(offset - 100) < 1e-6, "\(offset)")
    #expect(scroll.isDecelerating)
    #expect(listener.heard == ["begin drag", "target 599", "end drag true"])
    // After 1 s, 1 - 0.998^1000 of the way.
    tree.advance(to: .seconds(released + 1))
    let expected: Double = 100 + 499 * (1 - Foundation.pow(0.998 as Double, 1000))
    #expect(abs(Double(scroll.contentOffset.y) - expected) < 2, "\(scroll.contentOffset.y)")
    tree.advance(to: .seconds(released + 4))
    #expect(abs(scroll.contentOffset.y - 599) < 1e-3 && listener.heard.last == "rest")
    #expect(!scroll.isDecelerating)
  }

  /// Pulled 100 points past the top of a 200-point view, the content follows
  /// (1 - 1 / (100·0.55/200 + 1))·200 points; let go, it returns to the edge.
  @Test func pastAnEdgeTheContentFollowsLessAndComesBack() {
    let (scroll, _, tree) = scroller(CGSize(width: 200, height: 1000))
    tree.advance(to: .seconds(0.1))
    tree.pointer(PointerEvent(.began, at: Point(x: 100, y: 20)))
    for (i, y) in [40.0, 80, 120].enumerated() {
      tree.advance(to: .seconds(0.11 + Double(i) * 0.01))
      tree.pointer(PointerEvent(.moved, at: Point(x: 100, y: y)))
    }
    let rubber = (1 - 1 / (100 * 0.55 / 200 + 1)) * 200
    #expect(abs(Double(scroll.contentOffset.y) + rubber) < 1e-9, "\(scroll.contentOffset)")
    tree.advance(to: .seconds(0.5))
    tree.pointer(PointerEvent(.ended, at: Point(x: 100, y: 120)))
    tree.advance(to: .seconds(5))
    #expect(scroll.contentOffset.y == 0)
    scroll.bounces = false
    _ = drag(tree, from: CGPoint(x: 100, y: 20), to: CGPoint(x: 100, y: 120), steps: 5, start: 6)
    #expect(scroll.contentOffset.y == 0)
  }

  /// With paging, a slow drag comes to rest on the nearest page; the delegate may choose
  /// another resting place.
  @Test func pagingAndTheDelegatesTarget() {
    let (scroll, listener, tree) = scroller(CGSize(width: 600, height: 200))
    scroll.isPagingEnabled = true
    var t = drag(
      tree, from: CGPoint(x: 150, y: 100), to: CGPoint(x: 90, y: 100), steps: 6, hold: 0.3)
    tree.advance(to: .seconds(t + 3))
    #expect(scroll.contentOffset.x == 0)
    t = drag(
      tree, from: CGPoint(x: 150, y: 100), to: CGPoint(x: 30, y: 100), steps: 6, hold: 0.3,
      start: t + 4)
    tree.advance(to: .seconds(t + 3))
    #expect(scroll.contentOffset.x == 200)
    scroll.isPagingEnabled = false
    listener.redirect = CGPoint(x: 50, y: 0)
    t = drag(
      tree, from: CGPoint(x: 150, y: 100), to: CGPoint(x: 140, y: 100), steps: 6, hold: 0.3,
      start: t + 4)
    tree.advance(to: .seconds(t + 3))
    #expect(scroll.contentOffset.x == 50)
  }

  /// Pulled far enough, a refresh control begins refreshing and sends `.valueChanged` once;
  /// the content rests below it until it ends; a short pull does nothing.
  @Test func pullToRefresh() {
    let (scroll, _, tree) = scroller(CGSize(width: 400, height: 300), side: 400)
    let control = UIRefreshControl()
    var refreshes = 0
    control.addAction(UIAction { _ in refreshes += 1 }, for: .valueChanged)
    scroll.refreshControl = control
    #expect(control.superview === scroll && control.frame.maxY == 0)
    var t = drag(
      tree, from: CGPoint(x: 200, y: 50), to: CGPoint(x: 200, y: 150), steps: 10, hold: 0.3)
    tree.advance(to: .seconds(t + 2))
    #expect(refreshes == 0 && !control.isRefreshing && scroll.contentOffset.y == 0)
    t = drag(
      tree, from: CGPoint(x: 200, y: 30), to: CGPoint(x: 200, y: 380), steps: 20, hold: 0.3,
      start: t + 3)
    #expect(refreshes == 1 && control.isRefreshing)
    tree.advance(to: .seconds(t + 2))
    #expect(scroll.contentOffset.y == -60 && scroll.adjustedContentInset.top == 60)
    control.endRefreshing()
    tree.advance(to: .seconds(t + 3))
    #expect(scroll.contentOffset.y == 0 && !control.isRefreshing && refreshes == 1)
    control.beginRefreshing()
    #expect(control.isRefreshing && refreshes == 1, "beginning sends no action")
  }
}
