import Foundation
import Testing

@testable import UIKit

/// The actions Core Animation asks for that are no property: `kCAOnOrderIn` as a layer
/// enters what shows (added to a superlayer, or no longer hidden), `kCAOnOrderOut` as it
/// leaves, and `"sublayers"` on a layer whose sublayers change. Programs fade layers in
/// through them (a transition or an opacity animation in `actions`).
@MainActor @Suite(.serialized) struct OrderActionTests {
  /// A layer that records the events it is asked about, and answers none.
  final class AskedLayer: CALayer {
    var asked: [String] = []
    override func action(forKey event: String) -> CAAction? {
      asked.append(event)
      return super.action(forKey: event)
    }
  }

  /// (what is done to a child of a shown parent, what the child is asked, what the parent
  /// is asked), in order; property events other than `hidden` left out.
  nonisolated static let cases: [(String, [String], [String])] = [
    ("add", ["onOrderIn"], ["sublayers"]),
    ("remove", ["onOrderOut"], ["sublayers"]),
    ("hide", ["hidden", "onOrderOut"], []),
    ("show", ["hidden", "onOrderIn"], []),
    ("hide again", ["hidden"], []),
    ("add, actions disabled", [], []),
  ]

  @Test(arguments: cases)
  func eventsAreAskedAsTheLayerEntersAndLeaves(what: String, child: [String], parent: [String]) {
    let (outer, inner) = (AskedLayer(), AskedLayer())
    let tree = showInWhiteWindow(width: 100, height: 100) { $0.layer.addSublayer(outer) }
    if what != "add" && !what.hasPrefix("add,") { outer.addSublayer(inner) }
    if what == "show" { inner.isHidden = true }
    if what == "hide again" { inner.isHidden = true }
    tree.advance(to: .seconds(0.1))
    (outer.asked, inner.asked) = ([], [])
    switch what {
    case "add": outer.addSublayer(inner)
    case "remove": inner.removeFromSuperlayer()
    case "hide", "hide again": inner.isHidden = true
    case "show": inner.isHidden = false
    default:
      CATransaction.begin()
      CATransaction.setDisableActions(true)
      outer.addSublayer(inner)
      CATransaction.commit()
    }
    let keep = ["onOrderIn", "onOrderOut", "sublayers", "hidden"]
    #expect(inner.asked.filter(keep.contains) == child, "\(what): the child")
    #expect(outer.asked.filter(keep.contains) == parent, "\(what): the parent")
  }

  /// A layer added with a fade as its `kCAOnOrderIn` action (a transition, or an opacity
  /// animation) fades in over it: (time, the red layer's share of the pixel).
  @Test(arguments: ["transition", "opacity"])
  func aLayerFadesInThroughItsOrderInAction(kind: String) throws {
    let tree = showInWhiteWindow(width: 100, height: 100) { _ in }
    let view = UIApplication.shared.keyWindow!.rootViewController!.view!
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    layer.backgroundColor = UIColor.red.cgColor
    let fade: CAAnimation
    if kind == "transition" {
      let transition = CATransition()
      transition.type = .fade
      fade = transition
    } else {
      fade = CABasicAnimation(keyPath: "opacity")
      (fade as! CABasicAnimation).fromValue = 0
    }
    fade.duration = 1
    fade.timingFunction = CAMediaTimingFunction(name: .linear)
    layer.actions = [kCAOnOrderIn: fade]
    tree.advance(to: .seconds(1))
    view.layer.addSublayer(layer)
    #expect(layer.animation(forKey: kCAOnOrderIn) != nil)
    for (time, share) in [(1.25, 0.25), (1.5, 0.5), (2.5, 1.0)] {
      let green = try windowPixel(tree, width: 100, height: 100, at: time, 50, 50)[1]
      #expect(abs(Double(255 - green) / 255 - share) < 0.02, "\(kind) at \(time): \(green)")
    }
  }

  /// A view's layer is asked too, and its view answers no action: views appear at once.
  @Test func aViewAppearsAtOnce() throws {
    let tree = showInWhiteWindow(width: 100, height: 100) { _ in }
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    view.backgroundColor = .red
    UIView.animate(withDuration: 1) {
      UIApplication.shared.keyWindow!.rootViewController!.view.addSubview(view)
    }
    #expect(view.layer.animationKeys() == nil)
    #expect(try windowPixel(tree, width: 100, height: 100, at: 0.5, 50, 50) == [255, 0, 0])
  }

  /// A fade over 1 s, linearly: a transition, or an opacity animation from `from`.
  func fade(_ kind: String, from: Double = 0) -> CAAnimation {
    let animation: CAAnimation
    if kind == "transition" {
      animation = CATransition()
    } else {
      animation = CABasicAnimation(keyPath: "opacity")
      (animation as! CABasicAnimation).fromValue = from
    }
    animation.duration = 1
    animation.timingFunction = CAMediaTimingFunction(name: .linear)
    return animation
  }

  /// A red 100-point layer filling the window, in `parent` if given.
  func redLayer() -> CALayer {
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    layer.backgroundColor = UIColor.red.cgColor
    return layer
  }

  /// A layer removed leaves at once, whatever its `kCAOnOrderOut` action.
  @Test(arguments: ["transition", "opacity"])
  func aRemovedLayerLeavesAtOnce(kind: String) throws {
    let layer = redLayer()
    let tree = showInWhiteWindow(width: 100, height: 100) { $0.layer.addSublayer(layer) }
    layer.actions = [kCAOnOrderOut: fade(kind, from: 1)]
    tree.advance(to: .seconds(1))
    layer.removeFromSuperlayer()
    #expect(try windowPixel(tree, width: 100, height: 100, at: 1.5, 50, 50) == [255, 255, 255])
  }

  /// A transition as a layer's `"sublayers"` action crossfades a sublayer in as it is added
  /// and out as it is removed: (the red layer's share of the pixel halfway).
  @Test(arguments: [true, false])
  func aSublayersTransitionCrossfades(adding: Bool) throws {
    let container = CALayer()
    container.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    let layer = redLayer()
    let tree = showInWhiteWindow(width: 100, height: 100) {
      $0.layer.addSublayer(container)
      if !adding { container.addSublayer(layer) }
    }
    container.actions = [CALayer.sublayersEvent: fade("transition")]
    tree.advance(to: .seconds(1))
    if adding { container.addSublayer(layer) } else { layer.removeFromSuperlayer() }
    let green = try windowPixel(tree, width: 100, height: 100, at: 1.5, 50, 50)[1]
    #expect(abs(Double(255 - green) / 255 - 0.5) < 0.02, "\(green)")
    let after = try windowPixel(tree, width: 100, height: 100, at: 2.5, 50, 50)
    #expect(after == (adding ? [255, 0, 0] : [255, 255, 255]))
  }

  /// Moves the layer it runs for to `place`.
  final class MoveAction: CAAction {
    let place: CALayer
    init(to place: CALayer) { self.place = place }
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
      place.addSublayer(anObject as! CALayer)
    }
  }

  /// A `kCAOnOrderOut` action that puts the layer somewhere else does so once it has left:
  /// the tree stays whole, and the layer shows there.
  @Test func anActionMayMoveTheLayerThatLeaves() throws {
    let (from, to) = (CALayer(), CALayer())
    to.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    let layer = redLayer()
    let tree = showInWhiteWindow(width: 100, height: 100) {
      $0.layer.addSublayer(from)
      $0.layer.addSublayer(to)
      from.addSublayer(layer)
    }
    layer.actions = [kCAOnOrderOut: MoveAction(to: to)]
    layer.removeFromSuperlayer()
    #expect(layer.superlayer === to && to.sublayers?.count == 1 && from.sublayers == nil)
    #expect(try windowPixel(tree, width: 100, height: 100, at: 0.5, 50, 50) == [255, 0, 0])
  }
}
