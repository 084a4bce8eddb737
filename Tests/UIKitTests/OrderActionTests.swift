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
}
