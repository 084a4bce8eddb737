import Foundation
import RingGraphics
import RingLayers
import Testing

@testable import UIKit

/// `CATransition`: a layer's change shown by fading, pushing, moving in or revealing, the
/// layer and the picture of it as it was moving by the layer's size.
@MainActor @Suite(.serialized) struct CATransitionTests {
  /// A red 100-point layer at x 100...200 of a white 300 x 150 window, shown at time 0.
  func scene() -> (KeyWindowTree, CALayer) {
    let layer = CALayer()
    layer.frame = CGRect(x: 100, y: 25, width: 100, height: 100)
    layer.backgroundColor = UIColor.red.cgColor
    return (showInWhiteWindow(width: 300, height: 150) { $0.layer.addSublayer(layer) }, layer)
  }

  func rgb(_ tree: KeyWindowTree, at time: Double, _ x: Int, _ y: Int) throws -> [Int] {
    try windowPixel(tree, width: 300, height: 150, at: time, x, y)
  }

  /// The change to blue, shown over 1 s, linearly, by `type` from `subtype`.
  func transition(_ layer: CALayer, _ type: CATransitionType, _ subtype: CATransitionSubtype?)
    -> Listener
  {
    let listener = Listener()
    // Without the implicit animation a standalone layer's change would also run.
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    layer.backgroundColor = UIColor.blue.cgColor
    CATransaction.commit()
    let transition = CATransition()
    transition.type = type
    transition.subtype = subtype
    transition.duration = 1
    transition.timingFunction = CAMediaTimingFunction(name: .linear)
    transition.delegate = listener
    layer.add(transition, forKey: kCATransition)
    return listener
  }

  static let red = [255, 0, 0]
  static let blue = [0, 0, 255]
  static let white = [255, 255, 255]

  /// Pushed from the right, a quarter of the way: the old (red) has moved 25 points left,
  /// the new (blue) is 75 points right of its place.
  @Test func pushMovesBoth() throws {
    let (tree, layer) = scene()
    let listener = transition(layer, .push, .fromRight)
    for (x, colour) in [
      (70, Self.white), (80, Self.red), (170, Self.red), (180, Self.blue), (270, Self.blue),
      (280, Self.white),
    ] {
      #expect(try rgb(tree, at: 0.25, x, 75) == colour, "at x \(x)")
    }
    #expect(try rgb(tree, at: 1.1, 150, 75) == Self.blue)
    #expect(try rgb(tree, at: 1.1, 90, 75) == Self.white, "the picture is gone")
    #expect(listener.events.contains { $0.hasPrefix("stop  true") }, "\(listener.events)")
  }

  /// Moved in from the bottom half-way: the new slides up over the old, which stays.
  @Test func moveInSlidesOverTheOld() throws {
    let (tree, layer) = scene()
    _ = transition(layer, .moveIn, .fromBottom)
    for (y, colour) in [
      (20, Self.white), (30, Self.red), (70, Self.red), (80, Self.blue), (170, Self.blue),
    ] where y < 150 {
      #expect(try rgb(tree, at: 0.5, 150, y) == colour, "at y \(y)")
    }
    #expect(try rgb(tree, at: 0.5, 150, 140) == Self.blue, "below its place, unclipped")
  }

  /// Revealed from the left (the default side), a quarter of the way: the old slides right,
  /// uncovering the new in place.
  @Test func revealUncoversTheNew() throws {
    let (tree, layer) = scene()
    _ = transition(layer, .reveal, nil)
    for (x, colour) in [
      (95, Self.white), (110, Self.blue), (120, Self.blue), (130, Self.red), (220, Self.red),
      (230, Self.white),
    ] {
      #expect(try rgb(tree, at: 0.25, x, 75) == colour, "at x \(x)")
    }
  }

  /// A layer added in this turn showed nothing at the last commit: a fade brings it in, and
  /// a push slides it in from the side, with no picture.
  @Test(arguments: [(CATransitionType.fade, [255, 128, 128]), (.push, [255, 255, 255])])
  func aLayerNotShownYetComesIn(type: CATransitionType, atHalfway: [Int]) throws {
    let tree = showInWhiteWindow(width: 300, height: 150) { _ in }
    let layer = CALayer()
    layer.frame = CGRect(x: 100, y: 25, width: 100, height: 100)
    layer.backgroundColor = UIColor.red.cgColor
    UIApplication.shared.keyWindow!.rootViewController!.view.layer.addSublayer(layer)
    let transition = CATransition()
    (transition.type, transition.subtype) = (type, .fromRight)
    transition.duration = 1
    transition.timingFunction = CAMediaTimingFunction(name: .linear)
    layer.add(transition, forKey: nil)
    let halfway = try rgb(tree, at: 0.5, 120, 75)
    #expect(zip(halfway, atHalfway).allSatisfy { abs($0 - $1) <= 2 }, "\(halfway)")
    #expect(try rgb(tree, at: 1.1, 120, 75) == Self.red)
  }

  /// Added under a key, the transition is listed there; removed, it ends at once (the
  /// picture goes, the delegate hears it unfinished).
  @Test func removedItEndsAtOnce() throws {
    let (tree, layer) = scene()
    let listener = transition(layer, .push, .fromRight)
    #expect(layer.animationKeys() == [kCATransition])
    _ = try rgb(tree, at: 0.25, 150, 75)
    layer.removeAnimation(forKey: kCATransition)
    #expect(try rgb(tree, at: 0.3, 150, 75) == Self.blue)
    #expect(try rgb(tree, at: 0.3, 80, 75) == Self.white, "the picture is gone")
    #expect(listener.events.contains { $0.hasPrefix("stop  false") }, "\(listener.events)")
  }

  /// A fade mixes the two in proportion.
  @Test(arguments: [0.2, 0.5, 0.9])
  func fadeMixes(time: Double) throws {
    let (tree, layer) = scene()
    _ = transition(layer, .fade, nil)
    let got = try rgb(tree, at: time, 150, 75)
    #expect(
      abs(Double(got[0]) - 255 * (1 - time)) <= 2 && abs(Double(got[2]) - 255 * time) <= 2, "\(got)"
    )
  }

  /// The idiom of swapping a window's root view controller through a transition added to
  /// the window's layer, which has no superlayer: a quarter of the way from the right, the
  /// old screen (red, a green square at x 100...130) and the new (blue) show as each type
  /// moves them; at the end only the new.
  @Test(arguments: ["fade", "push", "moveIn", "reveal"])
  func aWindowsRootViewControllerSwappedThroughItsLayer(type: String) throws {
    let tree = showInWhiteWindow(width: 300, height: 150) { view in
      view.backgroundColor = .red
      let square = UIView(frame: CGRect(x: 100, y: 60, width: 30, height: 30))
      square.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
      view.addSubview(square)
    }
    let window = UIApplication.shared.keyWindow!
    let next = UIViewController()
    next.view.backgroundColor = .blue
    let transition = CATransition()
    transition.type = CATransitionType(rawValue: type)
    transition.subtype = .fromRight
    transition.duration = 1
    transition.timingFunction = CAMediaTimingFunction(name: .linear)
    window.layer.add(transition, forKey: kCATransition)
    window.rootViewController = next
    let green = [0, 255, 0]
    let expected: [(x: Int, colour: [Int])] =
      switch type {
      case "fade": [(115, [0, 191, 64]), (200, [191, 0, 64])]
      case "moveIn": [(40, Self.red), (115, green), (250, Self.blue)]
      default: [(40, green), (115, Self.red), (250, Self.blue)]
      }
    for (x, colour) in expected {
      let got = try rgb(tree, at: 0.25, x, 75)
      #expect(zip(got, colour).allSatisfy { abs($0 - $1) <= 2 }, "at x \(x): \(got)")
    }
    for x in [40, 115, 250] { #expect(try rgb(tree, at: 1.1, x, 75) == Self.blue) }
  }

  /// A layer hidden at the last commit showed nothing: shown through a fade it fades in,
  /// through a move-in it comes in over nothing (no picture of it lies beneath).
  @Test(arguments: ["fade", "moveIn"])
  func aHiddenLayerShownComesInOverNothing(type: String) throws {
    let (tree, layer) = scene()
    layer.isHidden = true
    _ = try rgb(tree, at: 0.5, 150, 75)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    layer.isHidden = false
    CATransaction.commit()
    let transition = CATransition()
    transition.type = CATransitionType(rawValue: type)
    transition.subtype = .fromRight
    transition.duration = 1
    transition.timingFunction = CAMediaTimingFunction(name: .linear)
    layer.add(transition, forKey: nil)
    if type == "fade" {
      let got = try rgb(tree, at: 0.75, 150, 75)
      #expect(got[0] == 255 && abs(got[1] - 191) <= 2 && abs(got[2] - 191) <= 2, "\(got)")
    } else {
      #expect(try rgb(tree, at: 0.75, 150, 75) == Self.white)
      #expect(try rgb(tree, at: 0.75, 180, 75) == Self.red)
    }
    #expect(try rgb(tree, at: 1.6, 150, 75) == Self.red)
  }
}
