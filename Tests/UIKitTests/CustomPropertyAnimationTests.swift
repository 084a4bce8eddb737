import Foundation
import RingGraphics
import Testing

@testable import UIKit

/// A self-drawing layer with a number of its own, as progress rings write one: key-value
/// coding reaches the property by name, and an animation of it redraws the layer at each
/// frame from a presentation copy holding the animated value (what Core Animation does for
/// a class whose `needsDisplay(forKey:)` names the property). On iOS the property is
/// `@NSManaged` or `@objc dynamic`; here it is a plain stored property.
@MainActor @Suite(.serialized) struct CustomPropertyAnimationTests {
  final class BarLayer: CALayer {
    var progress: CGFloat = 0
    var barColor: UIColor? = .red
    var label = "bar"
    var draws = 0

    override init() { super.init() }
    override init(layer: Any) {
      super.init(layer: layer)
      if let other = layer as? BarLayer { progress = other.progress }
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override class func needsDisplay(forKey key: String) -> Bool {
      key == "progress" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
      (model() as BarLayer).draws += 1
      ctx.setFillColor((barColor ?? .black).cgColor)
      ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
    }
  }

  /// A layer whose own number animates by itself when set, as ring libraries write one:
  /// its `action(forKey:)` gives an animation from the value shown.
  final class EasedBarLayer: CALayer {
    var progress: CGFloat = 0

    override init() { super.init() }
    override init(layer: Any) {
      super.init(layer: layer)
      if let other = layer as? EasedBarLayer { progress = other.progress }
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override class func needsDisplay(forKey key: String) -> Bool {
      key == "progress" || super.needsDisplay(forKey: key)
    }

    override func action(forKey event: String) -> CAAction? {
      guard event == "progress" else { return super.action(forKey: event) }
      let animation = CABasicAnimation(keyPath: event)
      animation.fromValue = presentation()?.value(forKey: event)
      animation.duration = 1
      animation.timingFunction = CAMediaTimingFunction(name: .linear)
      return animation
    }

    override func draw(in ctx: CGContext) {
      ctx.setFillColor(UIColor.red.cgColor)
      ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
    }
  }

  /// Setting the number on a shown layer redraws it at the end of the turn (its class
  /// names it in `needsDisplay(forKey:)`); until then its presentation shows the value
  /// before, as Core Animation's shows the committed one.
  @Test func settingItRedrawsAtTheEndOfTheTurn() {
    let layer = BarLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
    let tree = showInKeyWindow(layer)
    layer.progress = 0.4
    #expect((layer.presentation()?.value(forKey: "progress") as? NSNumber)?.doubleValue == 0)
    tree.advance(to: .seconds(0.1))
    #expect(Self.barLength(layer) == 40)
    #expect((layer.presentation()?.value(forKey: "progress") as? NSNumber)?.doubleValue == 0.4)
    let draws = layer.draws
    tree.advance(to: .seconds(0.2))
    #expect(layer.draws == draws, "nothing changed: not drawn again")
  }

  /// Its class's `action(forKey:)` animates a change: from the value shown, as on iOS.
  @Test func settingItRunsItsClassesAction() {
    let layer = EasedBarLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
    let tree = showInKeyWindow(layer)
    tree.advance(to: .seconds(0.5))
    layer.progress = 1
    tree.advance(to: .seconds(0.5))
    #expect(layer.animationKeys() == ["progress"])
    tree.advance(to: .seconds(1))
    #expect(abs(Self.barLength(layer) - 50) <= 1)
    tree.advance(to: .seconds(2))
    #expect(Self.barLength(layer) == 100)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    layer.progress = 0.2
    CATransaction.commit()
    tree.advance(to: .seconds(2.1))
    #expect(Self.barLength(layer) == 20, "a transaction's disabled actions hold")
    CATransaction.begin()
    CATransaction.setAnimationDuration(0.1)
    layer.progress = 0.6
    CATransaction.commit()
    #expect(layer.animationKeys() == ["progress"], "noticed as the transaction commits")
  }

  /// Set in the turn the layer is added, before it is first shown, the number draws it (it
  /// stayed blank: there was no earlier value to see a change from). Its action is asked, as
  /// on every change, but an animation from the value shown has nothing shown to start
  /// from: it shows the value set.
  @Test func setBeforeItIsFirstShownItDraws() {
    let layer = EasedBarLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
    layer.progress = 0.3
    let tree = showInKeyWindow(layer)
    tree.advance(to: .seconds(0.1))
    #expect(Self.barLength(layer) == 30)
  }

  /// A view whose own layer (`layerClass`) animates its number in a `UIView.animate` block by
  /// copying the block's animation of "opacity", as ring libraries do: the number runs over
  /// the block's duration (it jumped: the block had ended when the change was noticed).
  @Test func aViewsLayerCopiesTheBlocksAnimation() {
    final class RingLayer: CALayer {
      var progress: CGFloat = 0
      override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
      }
      override func action(forKey event: String) -> CAAction? {
        guard event == "progress" else { return super.action(forKey: event) }
        guard let template = super.action(forKey: "opacity") as? CABasicAnimation else {
          return nil
        }
        let animation = template.copy() as! CABasicAnimation
        animation.keyPath = event
        animation.fromValue = (presentation() ?? model()).value(forKey: event)
        animation.toValue = nil
        return animation
      }
      override func draw(in ctx: CGContext) {
        ctx.setFillColor(UIColor.red.cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
      }
    }
    final class RingView: UIView {
      override class var layerClass: AnyClass { RingLayer.self }
    }
    let (tree, host) = showViewInKeyWindow()
    let view = RingView(frame: CGRect(x: 0, y: 0, width: 100, height: 10))
    host.addSubview(view)
    tree.advance(to: .seconds(0.1))
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
      (view.layer as! RingLayer).progress = 1
    }
    #expect(view.layer.animationKeys() == ["progress"])
    tree.advance(to: .seconds(0.6))
    #expect(abs(Self.barLength(view.layer) - 50) <= 1, "\(Self.barLength(view.layer))")
    tree.advance(to: .seconds(1.2))
    #expect(Self.barLength(view.layer) == 100)
    // Set before an unrelated block, the number is not that block's: it jumps, as on iOS.
    (view.layer as! RingLayer).progress = 0.5
    UIView.animate(withDuration: 1) { host.alpha = 0.5 }
    #expect(view.layer.animationKeys() == nil)
  }

  /// How many of the layer's columns are red (its bar's length, in points).
  static func barLength(_ layer: CALayer) -> Int {
    let p = renderedPixels(layer, width: 100, height: 10)
    return (0..<100).filter { p.pixel(x: $0, y: 5).red > 128 }.count
  }

  @Test func keyValueCodingReachesTheProgramsOwnProperties() {
    let layer = BarLayer()
    layer.setValue(0.5, forKey: "progress")
    #expect(layer.progress == 0.5)
    #expect((layer.value(forKey: "progress") as? NSNumber)?.doubleValue == 0.5)
    layer.setValue(UIColor.blue, forKey: "barColor")
    #expect(layer.barColor == .blue)
    layer.setValue("ring", forKey: "label")
    #expect(layer.value(forKey: "label") as? String == "ring")
    layer.setValue("not a number", forKey: "progress")
    #expect(layer.progress == 0.5, "a value that does not fit is not set")
    layer.setValue(3, forKey: "other")
    #expect(layer.value(forKey: "other") as? Int == 3, "other keys are stored as before")
    #expect(layer.value(forKey: "opacity") as? NSNumber == 1, "the layer's own come first")
  }

  @Test(arguments: [0.0, 0.25, 0.5, 0.9])
  func anAnimationOfItRedrawsTheLayerAtEachFrame(time: Double) {
    let layer = BarLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
    let tree = showInKeyWindow(layer)
    let grow = linearAnimation("progress", from: 0, to: 1)
    layer.add(grow, forKey: "grow")
    tree.advance(to: .seconds(time))
    let shown = (layer.presentation()?.value(forKey: "progress") as? NSNumber)?.doubleValue
    #expect(abs((shown ?? -1) - time) < 1e-9)
    #expect(layer.progress == 0, "the model keeps its value")
    #expect(abs(Self.barLength(layer) - Int((time * 100).rounded())) <= 1)
  }

  /// A redraw of the model while the animation runs (its delegate committing a value, as
  /// RPCircularProgress's does when a new update replaces the running one) does not replace
  /// the presentation's drawing, which is what shows; at the end the model draws.
  @Test func aModelRedrawMidAnimationLeavesThePresentationsDrawing() {
    func blueLength(_ layer: CALayer) -> Int {
      let p = renderedPixels(layer, width: 100, height: 10)
      return (0..<100).filter { p.pixel(x: $0, y: 5).blue > 128 }.count
    }
    let layer = BarLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
    let tree = showInKeyWindow(layer)
    layer.add(linearAnimation("progress", from: 0, to: 1), forKey: "grow")
    tree.advance(to: .seconds(0.5))
    layer.progress = 0.1
    layer.setNeedsDisplay()
    tree.advance(to: .seconds(0.75))
    #expect(abs(Self.barLength(layer) - 75) <= 1, "\(Self.barLength(layer))")
    layer.barColor = .blue
    layer.setNeedsDisplay()
    tree.advance(to: .seconds(0.8))
    #expect(abs(blueLength(layer) - 80) <= 1, "the model's other values at the animated one")
    tree.advance(to: .seconds(2))
    #expect(blueLength(layer) == 10, "the model's value once it is over")
  }

  /// RPCircularProgress's update: the model takes the value shown, the running animation is
  /// replaced by one from there, and the old one's delegate commits its end value to the
  /// model and redraws it. What shows is the new animation's drawing.
  @Test func anAnimationReplacedWhileItsDelegateCommitsShowsTheNewOne() {
    final class Committer: NSObject, CAAnimationDelegate {
      let layer: BarLayer
      init(_ layer: BarLayer) { self.layer = layer }
      func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if let end = anim.value(forKey: "toValue") as? CGFloat { layer.progress = end }
        layer.setNeedsDisplay()
      }
    }
    let layer = BarLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
    let tree = showInKeyWindow(layer)
    func grow(from: CGFloat, to: CGFloat, duration: Double) -> CABasicAnimation {
      let grow = linearAnimation("progress", from: from, to: to)
      grow.duration = duration
      grow.fillMode = .forwards
      grow.isRemovedOnCompletion = false
      return grow
    }
    let first = grow(from: 0, to: 0.1, duration: 2)
    let committer = Committer(layer)
    first.delegate = committer
    layer.add(first, forKey: "progress")
    tree.advance(to: .seconds(0.5))
    let shown = layer.presentation()!.progress
    layer.progress = shown
    layer.removeAnimation(forKey: "progress")
    layer.add(grow(from: shown, to: 1, duration: 1), forKey: "progress")
    tree.advance(to: .seconds(1))
    let expected = Int(((shown + (1 - shown) * 0.5) * 100).rounded())
    #expect(abs(Self.barLength(layer) - expected) <= 1, "\(Self.barLength(layer)) \(expected)")
  }

  /// Once the animation is over, the model's value draws again; one that stays (forwards,
  /// not removed) holds its end, and frames that show the same value are not redrawn.
  @Test func afterItTheModelDrawsOrTheEndHolds() {
    let layer = BarLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
    layer.progress = 0.3
    layer.setNeedsDisplay()
    let tree = showInKeyWindow(layer)
    let grow = CABasicAnimation(keyPath: "progress")
    grow.toValue = 0.8
    grow.duration = 0.5
    layer.add(grow, forKey: "grow")
    tree.advance(to: .seconds(1))
    #expect(Self.barLength(layer) == 30)
    let hold = CABasicAnimation(keyPath: "progress")
    hold.fromValue = 0
    hold.toValue = 0.6
    hold.duration = 0.5
    hold.fillMode = .forwards
    hold.isRemovedOnCompletion = false
    layer.add(hold, forKey: "hold")
    tree.advance(to: .seconds(2))
    #expect(Self.barLength(layer) == 60)
    let draws = layer.draws
    tree.advance(to: .seconds(2.5))
    tree.advance(to: .seconds(3))
    #expect(layer.draws == draws, "an unchanged value is not drawn again")
  }

  /// A gradient bar as ring libraries write one: its colours in an array, its style an
  /// enum, copied by its `init(layer:)` on iOS.
  final class StopsLayer: CALayer {
    enum Style { case plain, reversed }
    var progress: CGFloat = 0
    var colors: [UIColor] = []
    var style = Style.plain
    var stops: [CGFloat]?
    lazy var names = ["a"]
    /// A buffer of its own, freed when it goes: a copy must not share it.
    let buffer = UnsafeMutablePointer<Double>.allocate(capacity: 4)
    deinit { buffer.deallocate() }

    override init() { super.init() }
    override init(layer: Any) {
      super.init(layer: layer)
      if let other = layer as? StopsLayer {
        (progress, colors, style) = (other.progress, other.colors, other.style)
      }
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override class func needsDisplay(forKey key: String) -> Bool {
      key == "progress" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
      guard style == .reversed else { return }
      ctx.setFillColor((colors.first ?? .black).cgColor)
      ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
    }
  }

  /// The copy drawn while the layer's number animates keeps the program's arrays and enums
  /// (it drew black, or nothing: the copy is made through `init?(coder:)` here).
  @Test func theDrawnCopyKeepsArraysAndEnums() {
    let layer = StopsLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
    layer.colors = [.red, .blue]
    layer.style = .reversed
    layer.stops = [0, 1]
    layer.names = ["a", "b"]
    let tree = showInKeyWindow(layer)
    let grow = linearAnimation("progress", from: 0, to: 1)
    layer.add(grow, forKey: "grow")
    tree.advance(to: .seconds(0.5))
    #expect(Self.barLength(layer) == 50)
    let shown = layer.presentation()!
    #expect(shown.colors == [.red, .blue] && shown.style == .reversed)
    #expect(shown.stops == [0, 1] && shown.names == ["a", "b"])
    #expect(
      shown.buffer != layer.buffer, "a pointer it owns is its own (shared, it was freed twice)")
  }

  /// A ring layer's optional structure of its own is drawn with (it was left out); its
  /// references to objects, strong, `weak` or `unowned`, are not copied: a copy's `deinit`
  /// would otherwise act on the model's objects (its timer invalidated), and a weak or
  /// unowned reference's storage is not its type's (copied as one, it corrupted the object).
  final class OwnedRingLayer: CALayer {
    final class Owner {
      var width: CGFloat = 10
    }
    struct Inset {
      var points: CGFloat
    }
    var inset: Inset?
    var timer: Timer?
    weak var owner: Owner?
    unowned var keeper: Owner? = nil
    unowned(unsafe) var raw: Owner? = nil
    weak var tint: UIColor?
    var progress: CGFloat = 0
    nonisolated(unsafe) static var drawn: [CGFloat] = []

    deinit { timer?.invalidate() }

    override class func needsDisplay(forKey key: String) -> Bool {
      key == "progress" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
      OwnedRingLayer.drawn.append(inset?.points ?? -1)
    }
  }

  @Test func theDrawnCopyKeepsValuesAndLeavesObjects() {
    let owner = OwnedRingLayer.Owner()
    let layer = OwnedRingLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
    layer.inset = .init(points: 0.5)
    layer.timer = Timer(timeInterval: 100, repeats: true) { _ in }
    (layer.owner, layer.keeper, layer.raw) = (owner, owner, owner)
    let tint = UIColor.red
    layer.tint = tint
    let tree = showInKeyWindow(layer)
    OwnedRingLayer.drawn = []
    layer.add(linearAnimation("progress", from: 0, to: 1), forKey: "grow")
    for t in [0.25, 0.5, 0.75] { tree.advance(to: .seconds(t)) }
    for _ in 0..<5 { _ = layer.presentation() }
    #expect(OwnedRingLayer.drawn.last == 0.5, "\(OwnedRingLayer.drawn)")
    #expect(layer.timer!.isValid, "the copies' deinit did not reach the model's timer")
    #expect(layer.presentation()!.owner == nil)
    #expect(layer.presentation()!.tint == nil, "a weak colour is not copied as a strong one")
    #expect(layer.tint === tint)
    #expect(owner.width == 10 && layer.keeper === owner && layer.raw === owner)
  }
}
