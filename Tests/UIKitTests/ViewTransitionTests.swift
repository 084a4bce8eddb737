import Foundation
import RingGraphics
import RingLayers
import Testing

@testable import UIKit

/// `UIView.transition`: the view as it was gives way to the view as it is, dissolving or
/// turning over in perspective, as UIKit's transitions do.
@MainActor @Suite(.serialized) struct ViewTransitionTests {
  /// A 100-point red view filling a 100-point window, drawn at time 0.
  func scene() -> (KeyWindowTree, UIView) {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    view.backgroundColor = .red
    return (showInWhiteWindow(width: 100, height: 100) { $0.addSubview(view) }, view)
  }

  func rgb(_ tree: KeyWindowTree, at time: Double, _ x: Int, _ y: Int) throws -> [Int] {
    try windowPixel(tree, width: 100, height: 100, at: time, x, y)
  }

  /// Dissolving over 1 s, linearly: the old colour gives way to the new in proportion; the
  /// picture is gone and the completion heard at the end.
  @Test(arguments: [0.25, 0.5, 0.8])
  func aDissolveMixesTheOldAndTheNew(time: Double) throws {
    let (tree, view) = scene()
    var finished = false
    UIView.transition(
      with: view, duration: 1, options: [.transitionCrossDissolve, .curveLinear],
      animations: { view.backgroundColor = .blue }, completion: { finished = $0 })
    #expect(view.backgroundColor == .blue, "the change is made at once")
    let mixed = try rgb(tree, at: time, 50, 50)
    let expected = [255 * (1 - time), 0, 255 * time]
    for (got, want) in zip(mixed, expected) {
      #expect(abs(Double(got) - want) <= 2, "at \(time) s: \(mixed) vs \(expected)")
    }
    #expect(!finished)
    #expect(try rgb(tree, at: 1.1, 50, 50) == [0, 0, 255] && finished)
    #expect(
      !(view.superview!.layer.sublayers ?? []).contains { $0.name == "transition picture" },
      "the picture is taken away")
  }

  /// Flipping over 1 s, linearly: the picture turns away about the vertical (or horizontal)
  /// axis over the first half, the side the option names coming forward and so drawn
  /// larger in perspective; the new content turns in over the second half. Each edge is
  /// where the rotation and the projection `x / (1 − z/d)` (d = 1000 points) put it.
  @Test(arguments: [
    ("left", 0.25), ("left", 0.75), ("right", 0.25), ("right", 0.75), ("top", 0.25),
    ("bottom", 0.75),
  ])
  func aFlipTurnsOverInPerspective(side: String, time: Double) throws {
    let (tree, view) = scene()
    let option: UIView.AnimationOptions =
      switch side {
      case "left": .transitionFlipFromLeft
      case "right": .transitionFlipFromRight
      case "top": .transitionFlipFromTop
      default: .transitionFlipFromBottom
      }
    UIView.transition(
      with: view, duration: 1, options: [option, .curveLinear],
      animations: { view.backgroundColor = .blue })
    let firstHalf = time < 0.5
    // The angle turned, from the flat view: a quarter turn at the half.
    let turned = Double.pi / 2 * (firstHalf ? time / 0.5 : (1 - time) / 0.5)
    // The side named comes forward in the first half; in the second, the opposite side.
    let forward =
      firstHalf
      ? side : ["left": "right", "right": "left", "top": "bottom", "bottom": "top"][side]!
    let near = 50 * cos(turned) / (1 - 50 * sin(turned) / 1000)
    let far = 50 * cos(turned) / (1 + 50 * sin(turned) / 1000)
    let colour = firstHalf ? [255, 0, 0] : [0, 0, 255]
    let horizontal = side == "left" || side == "right"
    // Along the turning axis' normal: the near edge `near` from the centre on the side that
    // comes forward, the far edge `far` on the other.
    let (low, high) =
      forward == "left" || forward == "top" ? (50 - near, 50 + far) : (50 - far, 50 + near)
    func at(_ u: Double) throws -> [Int] {
      try horizontal ? rgb(tree, at: time, Int(u), 50) : rgb(tree, at: time, 50, Int(u))
    }
    #expect(try at(low + 1.5) == colour, "\(side) at \(time) s: inside near \(low)")
    #expect(try at(high - 1.5) == colour, "\(side) at \(time) s: inside near \(high)")
    #expect(try at(low - 1.5) == [255, 255, 255], "\(side) at \(time) s: outside \(low)")
    #expect(try at(high + 1.5) == [255, 255, 255], "\(side) at \(time) s: outside \(high)")
  }

  /// `transition(from:to:)` puts the new view where the old one was in its superview (or,
  /// with `.showHideTransitionViews`, hides one and shows the other).
  @Test(arguments: [false, true])
  func fromOneViewToAnother(showHide: Bool) throws {
    let (tree, view) = scene()
    let container = view.superview!
    let before = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
    let after = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
    after.backgroundColor = .green
    container.insertSubview(before, at: 0)
    if showHide {
      after.isHidden = true
      container.addSubview(after)
    }
    tree.advance(to: .zero)
    var finished = false
    UIView.transition(
      from: before, to: after, duration: 0.5,
      options: showHide
        ? [.transitionCrossDissolve, .showHideTransitionViews] : [.transitionCrossDissolve],
      completion: { finished = $0 })
    if showHide {
      #expect(before.isHidden && !after.isHidden && before.superview === container)
    } else {
      #expect(before.superview == nil && container.subviews.first === after)
    }
    _ = try rgb(tree, at: 0.6, 50, 50)
    #expect(finished)
  }

  /// The idiom of fading a view out or in: hidden in the block, it dissolves away (its
  /// picture, beside it, fades); shown, it fades in.
  @Test(arguments: [true, false])
  func hidingOrShowingInADissolve(hiding: Bool) throws {
    let (tree, view) = scene()
    if !hiding {
      view.isHidden = true
      _ = try rgb(tree, at: 0, 50, 50)
    }
    UIView.transition(
      with: view, duration: 1, options: [.transitionCrossDissolve, .curveLinear],
      animations: { view.isHidden = hiding })
    let mixed = try rgb(tree, at: 0.25, 50, 50)
    // Red over white: 0.75 of red left when hiding, 0.25 come when showing.
    let red = hiding ? 0.75 : 0.25
    #expect(mixed[0] == 255 && abs(Double(mixed[1]) - 255 * (1 - red)) <= 2, "\(mixed)")
    #expect(try rgb(tree, at: 1.1, 50, 50) == (hiding ? [255, 255, 255] : [255, 0, 0]))
  }

  /// Removing the view's animations ends its transition at once: the picture goes.
  @Test func removingTheAnimationsEndsTheTransition() throws {
    let (tree, view) = scene()
    UIView.transition(
      with: view, duration: 1, options: [.transitionFlipFromLeft],
      animations: { view.backgroundColor = .blue })
    #expect(view.layer.animationKeys() == ["UIView.transition"])
    _ = try rgb(tree, at: 0.2, 50, 50)
    view.layer.removeAllAnimations()
    #expect(try rgb(tree, at: 0.3, 5, 50) == [0, 0, 255], "the new content, flat")
    #expect(!(view.superview!.layer.sublayers ?? []).contains { $0.name == "transition picture" })
  }

  /// With `.allowAnimatedContent` the block's changes animate as well, with the curve.
  @Test func animatedContentAnimatesTheBlock() throws {
    let (tree, view) = scene()
    UIView.transition(
      with: view, duration: 1,
      options: [.transitionCrossDissolve, .allowAnimatedContent, .curveLinear],
      animations: { view.alpha = 0 })
    tree.advance(to: .seconds(0.5))
    #expect(abs(Double(view.layer.presentation()!.opacity) - 0.5) < 1e-6)
  }

  /// The idiom of swapping a window's root view controller in a dissolve of the window:
  /// a quarter of the way, three quarters of the old (red) over the new (blue).
  @Test func aWindowsRootViewControllerDissolves() throws {
    let (tree, _) = scene()
    let window = UIApplication.shared.keyWindow!
    let next = UIViewController()
    next.view.backgroundColor = .blue
    UIView.transition(
      with: window, duration: 1, options: [.transitionCrossDissolve, .curveLinear],
      animations: { window.rootViewController = next })
    let got = try rgb(tree, at: 0.25, 50, 50)
    #expect(abs(got[0] - 191) <= 2 && got[1] == 0 && abs(got[2] - 64) <= 2, "\(got)")
    #expect(try rgb(tree, at: 1.1, 50, 50) == [0, 0, 255])
  }
}
