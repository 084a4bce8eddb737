import Foundation
import Testing

@testable import UIKit

/// Gesture recognisers as programs make them: the action the method itself, added to views,
/// moved between them, their targets not kept. None recognises here (no touch input); what
/// recognising does, calling the actions, is checked through the module.
@MainActor @Suite struct GestureRecognizerTests {
  @MainActor final class Card {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
    var heard: [String] = []
    func flip() { heard.append("flip") }
    func drag(_ pan: UIPanGestureRecognizer) {
      heard.append("drag \(pan.translation(in: view).x)")
    }
    func press(_ sender: UIGestureRecognizer) { heard.append("press \(sender.state)") }
  }

  /// A long press that counts its own touches, as subclasses do.
  final class CountingPress: UILongPressGestureRecognizer {
    var began = 0
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { began += 1 }
    override func reset() {
      super.reset()
      began = 0
    }
  }

  /// A press that begins at once, configured in its override of the designated initialiser
  /// (M13Checkbox's gesture recogniser): made with a method, it runs that override and
  /// calls the method.
  final class ImmediatePress: UILongPressGestureRecognizer {
    override init(target: Any?, action: Selector?) {
      super.init(target: target, action: action)
      minimumPressDuration = 0
    }
  }

  @Test func aSubclassOverridingTheDesignatedInitialiserInheritsTheOthers() {
    let card = Card()
    let press = ImmediatePress(target: card, action: Card.press(_:))
    let plain = ImmediatePress()
    let flip = ImmediatePress(target: card, action: Card.flip)
    #expect(press.minimumPressDuration == 0 && plain.minimumPressDuration == 0)
    press.sendActions()
    plain.sendActions()
    flip.sendActions()
    #expect(card.heard == ["press possible", "flip"], "\(card.heard)")
  }

  @Test func actionsAreMethodsOnTargetsNotKept() {
    let card = Card()
    let tap = UITapGestureRecognizer(target: card, action: Card.flip)
    tap.numberOfTapsRequired = 2
    let pan = UIPanGestureRecognizer(target: card, action: Card.drag(_:))
    pan.setTranslation(CGPoint(x: 12, y: 0), in: card.view)
    let press = CountingPress(target: card, action: Card.press(_:))
    press.minimumPressDuration = 0.2
    press.touchesBegan([UITouch()], with: UIEvent())
    #expect(press.began == 1)
    press.reset()
    #expect(press.began == 0 && press.state == .possible)
    #expect(card.view.gestureRecognizers == nil)
    for r in [tap, pan, press] as [UIGestureRecognizer] { card.view.addGestureRecognizer(r) }
    #expect(card.view.gestureRecognizers?.count == 3 && tap.view === card.view)
    for r in card.view.gestureRecognizers! { r.sendActions() }
    #expect(card.heard == ["flip", "drag 12.0", "press possible"])

    let other = UIView()
    other.addGestureRecognizer(tap)
    #expect(tap.view === other && card.view.gestureRecognizers?.count == 2, "moved")
    pan.removeTarget(card, action: nil)
    pan.sendActions()
    #expect(card.heard.count == 3)

    weak var gone: Card?
    let orphan: UITapGestureRecognizer
    do {
      let short = Card()
      gone = short
      orphan = UITapGestureRecognizer(target: short, action: Card.flip)
    }
    #expect(gone == nil, "a recogniser does not keep its targets")
    orphan.sendActions()
    #expect(orphan.state == .possible && UIGestureRecognizer.State.recognized == .ended)
  }
}
