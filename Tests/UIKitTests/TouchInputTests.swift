import Foundation
import RingGraphics
import RingLayers
import Testing

@testable import UIKit

/// The window's pointer as touches, as UIKit delivers them: hit-tested to a view, heard by
/// the recognisers of that view and its ancestors first, then by the view, up the
/// responder chain; recognisers' states, actions, failures and waits by UIKit's rules.
@MainActor @Suite(.serialized) struct TouchInputTests {
  /// A screen of 200 x 200 points whose root view holds `views`; the tree at time 0.
  func show(_ views: UIView...) -> KeyWindowTree {
    UIApplication.shared.reset()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    window.rootViewController = UIViewController()
    window.makeKeyAndVisible()
    for v in views { window.rootViewController!.view.addSubview(v) }
    let tree = KeyWindowTree(window: window)
    tree.advance(to: .zero)
    return tree
  }

  /// Pointer events at times (seconds): the tree is advanced to each before it hears it.
  func play(_ tree: KeyWindowTree, _ events: [(Double, PointerEvent.Phase, Double, Double)]) {
    for (time, phase, x, y) in events {
      tree.advance(to: .seconds(time))
      tree.pointer(PointerEvent(phase, at: Point(x: x, y: y)))
    }
  }

  func click(_ tree: KeyWindowTree, at time: Double, _ x: Double, _ y: Double) {
    play(tree, [(time, .began, x, y), (time + 0.05, .ended, x, y)])
  }

  /// A view that records its touch methods, with each touch's location in itself.
  final class Pad: UIView {
    var heard: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
      let p = touches.first!.location(in: self)
      heard.append("began \(Int(p.x)),\(Int(p.y)) taps \(touches.first!.tapCount)")
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
      let p = touches.first!.location(in: self)
      let q = touches.first!.previousLocation(in: self)
      heard.append("moved \(Int(q.x)),\(Int(q.y))->\(Int(p.x)),\(Int(p.y))")
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
      heard.append("ended")
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
      heard.append("cancelled")
    }
  }

  /// Each press reaches the frontmost view under it, with locations in its own coordinates
  /// (through a moved and turned superview); hidden views, views taking no interaction
  /// and views outside are passed over; quick presses at one place count their taps.
  @Test func touchesReachTheViewUnderThePointer() {
    let holder = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
    holder.transform = CGAffineTransform(rotationAngle: .pi / 2)
    let pad = Pad(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
    holder.addSubview(pad)
    let cover = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    cover.isUserInteractionEnabled = false
    let hidden = Pad(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    hidden.isHidden = true
    let tree = show(holder, cover, hidden)
    // The holder turns a quarter about its centre (100, 100): its (10, 20) is at (130, 60),
    // and 5 points left on the screen are 5 points down in it.
    play(tree, [(0.1, .began, 130, 60), (0.12, .moved, 125, 60), (0.15, .ended, 125, 60)])
    click(tree, at: 0.3, 125, 60)
    click(tree, at: 1.5, 125, 60)
    #expect(
      pad.heard == [
        "began 10,20 taps 1", "moved 10,20->10,25", "ended", "began 10,25 taps 2", "ended",
        "began 10,25 taps 1", "ended",
      ])
    #expect(hidden.heard.isEmpty)
  }

  /// A button's target hears `.touchUpInside`; a switch toggles; a slider follows a drag.
  @Test func controlsAnswerClicksAndDrags() {
    let button = UIButton(type: .system)
    button.frame = CGRect(x: 0, y: 0, width: 80, height: 40)
    var taps = 0
    button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
    let toggle = UISwitch(frame: CGRect(x: 100, y: 0, width: 51, height: 31))
    let slider = UISlider(frame: CGRect(x: 0, y: 100, width: 200, height: 31))
    slider.value = 0
    var values: [Float] = []
    slider.addAction(UIAction { _ in values.append(slider.value) }, for: .valueChanged)
    let tree = show(button, toggle, slider)
    click(tree, at: 0.1, 40, 20)
    click(tree, at: 0.5, 120, 15)
    #expect(taps == 1 && toggle.isOn)
    // A press outside the button, lifted inside, is not a tap of it.
    play(tree, [(1, .began, 190, 190), (1.1, .moved, 40, 20), (1.2, .ended, 40, 20)])
    #expect(taps == 1)
    let thumb = slider.thumbRect(
      forBounds: slider.bounds, trackRect: slider.trackRect(forBounds: slider.bounds), value: 0)
    play(
      tree,
      [
        (2, .began, thumb.midX, 115), (2.1, .moved, 100, 115), (2.2, .moved, 199, 115),
        (2.3, .ended, 199, 115),
      ])
    #expect(values.count >= 2 && slider.value == 1, "\(values)")
  }

  @MainActor final class Target {
    var heard: [String] = []
    func tap(_ r: UITapGestureRecognizer) { heard.append("tap") }
    func doubleTap(_ r: UITapGestureRecognizer) { heard.append("double") }
    func press(_ r: UILongPressGestureRecognizer) { heard.append("press \(r.state)") }
    func pan(_ r: UIPanGestureRecognizer) {
      let t = r.translation(in: r.view)
      heard.append("pan \(r.state) \(Int(t.x)),\(Int(t.y))")
    }
    func swipe(_ r: UISwipeGestureRecognizer) { heard.append("swipe") }
  }

  /// A tap recognises at the release, in a subview too, and cancels the view's touch; one
  /// that moved too far is not a tap. A single tap that requires a double tap to fail
  /// waits for the double tap's interval.
  @Test func tapsAndDoubleTaps() {
    let target = Target()
    let card = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    let pad = Pad(frame: CGRect(x: 50, y: 50, width: 50, height: 50))
    card.addSubview(pad)
    let single = UITapGestureRecognizer(target: target, action: Target.tap)
    let double = UITapGestureRecognizer(target: target, action: Target.doubleTap)
    double.numberOfTapsRequired = 2
    single.require(toFail: double)
    card.addGestureRecognizer(single)
    card.addGestureRecognizer(double)
    let tree = show(card)
    click(tree, at: 0.1, 60, 60)
    #expect(target.heard.isEmpty, "the single tap waits for the double tap to fail")
    tree.advance(to: .seconds(0.6))
    #expect(target.heard == ["tap"])
    #expect(pad.heard == ["began 10,10 taps 1", "cancelled"])
    click(tree, at: 1, 20, 20)
    click(tree, at: 1.2, 22, 20)
    tree.advance(to: .seconds(2))
    #expect(target.heard == ["tap", "double"])
    play(tree, [(3, .began, 20, 20), (3.05, .moved, 50, 20), (3.1, .ended, 50, 20)])
    tree.advance(to: .seconds(4))
    #expect(target.heard == ["tap", "double"], "moved 30 points: not a tap")
    #expect(single.state == .possible && double.state == .possible, "reset after each")
  }

  /// A long press begins after its duration on the media clock, changes as it moves and
  /// ends at the release; one lifted early, or moved too far first, is nothing.
  @Test func longPresses() {
    let target = Target()
    let card = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    card.addGestureRecognizer(UILongPressGestureRecognizer(target: target, action: Target.press))
    let tree = show(card)
    play(tree, [(0.1, .began, 20, 20), (0.4, .ended, 20, 20)])
    play(tree, [(1, .began, 20, 20), (1.2, .moved, 40, 20), (1.8, .ended, 40, 20)])
    #expect(target.heard.isEmpty)
    play(tree, [(2, .began, 20, 20), (2.45, .moved, 25, 20)])
    #expect(target.heard.isEmpty)
    play(tree, [(2.6, .moved, 60, 20), (2.7, .ended, 60, 20)])
    #expect(target.heard == ["press began", "press changed", "press ended"])
  }

  /// A pan begins once the press has moved 10 points, with its translation from where the
  /// press began; the view hears its touch cancelled then; velocity is points a second.
  @Test func pansTranslateFromWhereThePressBegan() {
    let target = Target()
    let pad = Pad(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    let pan = UIPanGestureRecognizer(target: target, action: Target.pan)
    pad.addGestureRecognizer(pan)
    let tree = show(pad)
    play(
      tree,
      [
        (0.1, .began, 50, 50), (0.2, .moved, 55, 50), (0.3, .moved, 80, 60),
        (0.35, .moved, 90, 60),
      ])
    // Over the last tenth of a second and the sample before it: 35 points in 0.15 s.
    #expect(abs(pan.velocity(in: pad).x - 35 / 0.15) < 1e-6)
    play(tree, [(0.4, .ended, 90, 70)])
    #expect(target.heard == ["pan began 30,10", "pan changed 40,10", "pan ended 40,20"])
    #expect(pad.heard == ["began 50,50 taps 1", "moved 50,50->55,50", "cancelled"])
  }

  /// A swipe recognises once it has moved 50 points its way; the other way it fails. A
  /// tap recogniser on a button's superview leaves the button its tap.
  @Test func swipesAndControlsKeepTheirTaps() {
    let target = Target()
    let card = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    let swipe = UISwipeGestureRecognizer(target: target, action: Target.swipe)
    swipe.direction = .left
    card.addGestureRecognizer(swipe)
    card.addGestureRecognizer(UITapGestureRecognizer(target: target, action: Target.tap))
    let button = UIButton(frame: CGRect(x: 0, y: 150, width: 50, height: 50))
    var buttonTaps = 0
    button.addAction(UIAction { _ in buttonTaps += 1 }, for: .touchUpInside)
    card.addSubview(button)
    let tree = show(card)
    play(tree, [(0.1, .began, 150, 50), (0.2, .moved, 120, 55), (0.3, .moved, 90, 60)])
    play(tree, [(0.35, .ended, 90, 60)])
    play(tree, [(1, .began, 50, 50), (1.1, .moved, 120, 50), (1.2, .ended, 120, 50)])
    #expect(target.heard == ["swipe"])
    click(tree, at: 2, 25, 175)
    #expect(buttonTaps == 1 && target.heard == ["swipe"])
  }

  /// A recogniser whose view leaves the window mid-gesture is cancelled once, with its view
  /// still there, then hears nothing; one removed from its view, or disabled, stops too
  /// (disabled, cancelled as UIKit documents); a view that leaves the window mid-touch hears
  /// it cancelled.
  @Test func gesturesStopWhenTheirViewsGo() {
    @MainActor final class Drag {
      var heard: [String] = []
      var onChange: (UIPanGestureRecognizer) -> Void = { _ in }
      func pan(_ r: UIPanGestureRecognizer) {
        heard.append("\(r.state) \(r.view == nil ? "no view" : "view")")
        if r.state == .changed { onChange(r) }
      }
    }
    let drag = Drag()
    let cards = (0..<3).map { i in
      Pad(frame: CGRect(x: CGFloat(i) * 60, y: 0, width: 50, height: 50))
    }
    for card in cards {
      card.addGestureRecognizer(UIPanGestureRecognizer(target: drag, action: Drag.pan))
    }
    let tree = show(cards[0], cards[1], cards[2])
    let moves: [(Double, PointerEvent.Phase, Double, Double)] = [
      (0.1, .moved, 20, 25), (0.15, .moved, 40, 25), (0.2, .moved, 50, 25), (0.25, .ended, 50, 25),
    ]
    func dragged(_ x: Double, at t: Double) {
      play(tree, [(t, .began, x, 25)] + moves.map { ($0.0 + t, $0.1, $0.2 + x, $0.3) })
    }
    drag.onChange = { r in r.view?.removeFromSuperview() }
    dragged(10, at: 0)
    #expect(drag.heard == ["began view", "changed view", "cancelled view"])
    #expect(cards[0].heard.first == "began 10,25 taps 1" && cards[0].heard.last == "cancelled")
    drag.heard = []
    drag.onChange = { r in r.view?.removeGestureRecognizer(r) }
    dragged(70, at: 1)
    #expect(drag.heard == ["began view", "changed view"])
    drag.heard = []
    drag.onChange = { r in r.isEnabled = false }
    dragged(130, at: 2)
    #expect(drag.heard == ["began view", "changed view", "cancelled view"])
  }

  /// With `delaysTouchesBegan`, the view hears nothing of a press a tap recognises, and the
  /// whole of one it does not (began once the tap has failed).
  @Test func delayingRecognisersHoldTheViewsTouches() {
    let target = Target()
    let pad = Pad(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    let tap = UITapGestureRecognizer(target: target, action: Target.tap)
    tap.delaysTouchesBegan = true
    pad.addGestureRecognizer(tap)
    let tree = show(pad)
    click(tree, at: 0.1, 20, 20)
    #expect(target.heard == ["tap"] && pad.heard.isEmpty)
    play(tree, [(1, .began, 20, 20), (1.1, .moved, 60, 20), (1.2, .moved, 70, 20)])
    play(tree, [(1.3, .ended, 70, 20)])
    #expect(target.heard == ["tap"])
    // Began as the tap failed (the press had moved), then the move that failed it.
    #expect(
      pad.heard == ["began 60,20 taps 1", "moved 20,20->60,20", "moved 60,20->70,20", "ended"])
  }
}
