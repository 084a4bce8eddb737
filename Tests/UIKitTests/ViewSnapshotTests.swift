import Foundation
import RingGraphics
import Testing

@testable import UIKit

/// `drawHierarchy(in:afterScreenUpdates:)` and `snapshotView(afterScreenUpdates:)`: a picture
/// of a view and its subviews as they show, which transition code animates in their place.
@MainActor @Suite(.serialized) struct ViewSnapshotTests {
  /// A 100 x 100 view, red with a blue square (40 points from 30, 30), shown at time 0.
  private func scene() -> (KeyWindowTree, UIView) {
    var view: UIView!
    let tree = showInWhiteWindow(width: 200, height: 200) { root in
      view = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
      view.backgroundColor = .red
      let square = UIView(frame: CGRect(x: 30, y: 30, width: 40, height: 40))
      square.backgroundColor = .blue
      view.addSubview(square)
      root.addSubview(view)
    }
    return (tree, view)
  }

  private func rgb(_ p: Pixmap, _ x: Int, _ y: Int) -> [Int] {
    let c = p.pixel(x: x, y: y)
    return [Int(c.red), Int(c.green), Int(c.blue), Int(c.alpha)]
  }

  @Test(arguments: [false, true]) func drawHierarchyDrawsTheViewAndItsSubviews(after: Bool) {
    let (_, view) = scene()
    var drew = false
    let p = drawnPixels(width: 50, height: 50) { _ in
      drew = view.drawHierarchy(
        in: CGRect(x: 0, y: 0, width: 50, height: 50), afterScreenUpdates: after)
    }
    #expect(drew)
    // The bounds shrunk to half: the square at 15...35.
    #expect(rgb(p, 5, 5) == [255, 0, 0, 255])
    #expect(rgb(p, 25, 25) == [0, 0, 255, 255])
    #expect(rgb(p, 40, 40) == [255, 0, 0, 255])
  }

  /// What shows, frozen: a fade halfway is drawn half faded, and the snapshot does not fade on.
  @Test func aSnapshotIsWhatShowsNow() {
    let (tree, view) = scene()
    UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear]) { view.alpha = 0 }
    tree.advance(to: .seconds(0.5))
    let p = drawnPixels(width: 100, height: 100) { _ in
      view.drawHierarchy(in: CGRect(x: 0, y: 0, width: 100, height: 100), afterScreenUpdates: false)
    }
    let c = rgb(p, 5, 5)
    #expect(abs(c[3] - 128) <= 1 && abs(c[0] - 128) <= 1 && c[1] == 0, "\(c)")
  }

  /// Not shown yet: nothing without the updates (as Apple documents), the view as laid out
  /// with them.
  @Test func aViewNeverShownHasNoSnapshotUnlessAfterUpdates() {
    UIApplication.shared.reset()
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    view.backgroundColor = .green
    var drew = true
    let before = drawnPixels(width: 10, height: 10) { _ in
      drew = view.drawHierarchy(in: view.bounds, afterScreenUpdates: false)
    }
    #expect(!drew)
    #expect(rgb(before, 5, 5) == [0, 0, 0, 0])
    let after = drawnPixels(width: 10, height: 10) { _ in
      drew = view.drawHierarchy(in: view.bounds, afterScreenUpdates: true)
    }
    #expect(drew)
    #expect(rgb(after, 5, 5) == [0, 255, 0, 255])
  }

  @Test func noContextNoDrawing() {
    let (_, view) = scene()
    #expect(!view.drawHierarchy(in: view.bounds, afterScreenUpdates: true))
  }

  /// The snapshot view: as large as the view's bounds, at the origin, its picture at the
  /// screen's scale; placed where the view was, it shows what the view showed, and it stays
  /// as it was when the view changes.
  @Test func aSnapshotViewStandsInForTheView() throws {
    let (tree, view) = scene()
    let snapshot = try #require(view.snapshotView(afterScreenUpdates: false))
    #expect(snapshot.frame == CGRect(x: 0, y: 0, width: 100, height: 100))
    let image = try #require(snapshot.layer.contents as! CGImage?)
    #expect(image.width == Int(100 * UIScreen.main.scale))
    #expect(snapshot.layer.contentsScale == UIScreen.main.scale)
    view.superview!.addSubview(snapshot)
    snapshot.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    view.backgroundColor = .green
    #expect(try windowPixel(tree, width: 200, height: 200, at: 0.1, 10, 10) == [255, 0, 0])
    #expect(try windowPixel(tree, width: 200, height: 200, at: 0.1, 50, 50) == [0, 0, 255])
    #expect(try windowPixel(tree, width: 200, height: 200, at: 0.1, 140, 140) == [0, 255, 0])
  }

  /// What the bounds show: a scrolled view's content where it is scrolled to.
  @Test func aScrolledViewIsDrawnWhereItIsScrolledTo() {
    let (_, view) = scene()
    view.bounds.origin = CGPoint(x: 30, y: 30)
    let p = drawnPixels(width: 100, height: 100) { _ in
      view.drawHierarchy(in: CGRect(x: 0, y: 0, width: 100, height: 100), afterScreenUpdates: true)
    }
    #expect(rgb(p, 5, 5) == [0, 0, 255, 255], "the square, now at the top left")
    #expect(rgb(p, 45, 45) == [255, 0, 0, 255])
  }

  /// Upright, whatever the view's own transform: the picture is of its bounds.
  @Test func aTurnedViewIsDrawnUpright() {
    let (tree, view) = scene()
    let strip = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 100))
    strip.backgroundColor = .green
    view.addSubview(strip)
    view.transform = CGAffineTransform(rotationAngle: .pi / 2).scaledBy(x: 0.5, y: 0.5)
    tree.advance(to: .seconds(0.1))
    let p = drawnPixels(width: 100, height: 100) { _ in
      view.drawHierarchy(in: CGRect(x: 0, y: 0, width: 100, height: 100), afterScreenUpdates: true)
    }
    #expect(rgb(p, 5, 50) == [0, 255, 0, 255], "the strip on the left")
    #expect(rgb(p, 50, 5) == [255, 0, 0, 255] && rgb(p, 95, 95) == [255, 0, 0, 255])
    #expect(rgb(p, 40, 40) == [0, 0, 255, 255] && rgb(p, 60, 60) == [0, 0, 255, 255])
  }
}
