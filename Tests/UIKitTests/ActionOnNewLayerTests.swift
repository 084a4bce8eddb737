import Foundation
import Testing

@testable import UIKit

/// Core Animation asks a layer's `action(forKey:)` on every change of a property, whether
/// or not the layer has been shown; only the implicit animation it gives by default waits
/// for a shown layer. Chart libraries rely on it: a slice layer added and set in one turn
/// sweeps open through the animation its `action(forKey:)` returns, and its delegate hears
/// the stop (where the chart adds its labels).
@MainActor @Suite(.serialized) struct ActionOnNewLayerTests {
  /// A layer with a number of its own, `end`, that redraws it (what the slices below share).
  class EndLayer: CALayer {
    var end: CGFloat = 0

    override init() { super.init() }
    override init(layer: Any) {
      super.init(layer: layer)
      if let other = layer as? EndLayer { end = other.end }
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override class func needsDisplay(forKey key: String) -> Bool {
      key == "end" || super.needsDisplay(forKey: key)
    }
  }

  /// A slice whose own number sweeps from 0 whenever it is set.
  final class SliceLayer: EndLayer, CAAnimationDelegate {
    var stops: [Bool] = []

    override func action(forKey event: String) -> CAAction? {
      guard event == "end" else { return super.action(forKey: event) }
      let animation = CABasicAnimation(keyPath: event)
      animation.fromValue = 0
      animation.duration = 1
      animation.timingFunction = CAMediaTimingFunction(name: .linear)
      animation.delegate = self
      return animation
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops.append(flag) }
  }

  /// A shape layer whose stroke end grows from 0 whenever it is set.
  final class GrowingShapeLayer: CAShapeLayer {
    override func action(forKey event: String) -> CAAction? {
      guard event == "strokeEnd" else { return super.action(forKey: event) }
      return linearAnimation(event, from: 0, to: 1)
    }
  }

  /// A key window holding `layer`, to which `set` is done in the turn the layer is added.
  private func show(_ layer: CALayer, settingInTheSameTurn set: () -> Void) -> KeyWindowTree {
    UIApplication.shared.reset()
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.rootViewController = UIViewController()
    window.makeKeyAndVisible()
    window.rootViewController!.view.layer.addSublayer(layer)
    set()
    let tree = KeyWindowTree(window: window)
    tree.advance(to: .zero)
    return tree
  }

  @Test func aProgramsOwnNumberSweepsOnALayerAddedInTheSameTurn() {
    let slice = SliceLayer()
    let tree = show(slice) { slice.end = 2 }
    #expect(slice.animationKeys() == ["end"])
    tree.advance(to: .seconds(0.5))
    let shown = (slice.presentation()?.value(forKey: "end") as? NSNumber)?.doubleValue ?? -1
    #expect(abs(shown - 1) < 1e-9, "halfway from 0 to 2: \(shown)")
    tree.advance(to: .seconds(1.1))
    #expect(slice.stops == [true], "the delegate hears the stop")
  }

  @Test func aShapesActionRunsOnALayerAddedInTheSameTurn() {
    let shape = GrowingShapeLayer()
    let tree = show(shape) { shape.strokeEnd = 1 }
    tree.advance(to: .seconds(0.25))
    #expect(abs((shape.presentation()?.strokeEnd ?? -1) - 0.25) < 1e-9)
  }

  /// A slice that animates from the value it holds when its action is asked, as PieCharts'
  /// does: Core Animation asks before the change and runs the action after it.
  final class ReadingSliceLayer: EndLayer {
    override func action(forKey event: String) -> CAAction? {
      guard event == "end" else { return super.action(forKey: event) }
      return linearAnimation(event, from: end, to: 2)
    }
  }

  /// A shape whose stroke end animates from the value it holds when its action is asked.
  final class ReadingShapeLayer: CAShapeLayer {
    override func action(forKey event: String) -> CAAction? {
      guard event == "strokeEnd" else { return super.action(forKey: event) }
      return linearAnimation(event, from: strokeEnd, to: 0.5)
    }
  }

  @Test func anActionIsAskedBeforeTheChange() {
    let slice = ReadingSliceLayer()
    let tree = show(slice) {
      slice.end = 1
      slice.end = 2
    }
    tree.advance(to: .seconds(0.5))
    let shown = (slice.presentation()?.value(forKey: "end") as? NSNumber)?.doubleValue ?? -1
    #expect(abs(shown - 1) < 1e-9, "from the value before the turn's change, 0: \(shown)")
    #expect(slice.end == 2, "and the model holds the new one")

    let shape = ReadingShapeLayer()
    let shapes = show(shape) {}
    shapes.advance(to: .seconds(0.1))
    shape.strokeEnd = 0.5
    shapes.advance(to: .seconds(0.6))
    #expect(abs((shape.presentation()?.strokeEnd ?? -1) - 0.75) < 1e-9, "from 1, halfway")
  }

  /// A bar of the layer's own length, as a chart's slice draws its angles.
  final class DrawnSliceLayer: EndLayer {
    override func action(forKey event: String) -> CAAction? {
      guard event == "end" else { return super.action(forKey: event) }
      return linearAnimation(event, from: 0, to: end, duration: 0.5)
    }

    override func draw(in ctx: CGContext) {
      ctx.setFillColor(UIColor.red.cgColor)
      ctx.fill(CGRect(x: 0, y: 0, width: end, height: 10))
    }
  }

  /// A controller that adds the slice when it appears, as PieCharts' demo sets its models.
  final class ChartController: UIViewController {
    let slice = DrawnSliceLayer()
    override func viewDidAppear(_ animated: Bool) {
      super.viewDidAppear(animated)
      slice.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
      view.layer.addSublayer(slice)
      slice.end = 80
    }
  }

  /// The model draws when the animation is over, also when no frame was drawn while it ran
  /// (a snapshot runs the turns of a short animation, not its frames): its drawing was
  /// owed since the change, which the presentation had taken. PieCharts' slices vanished.
  @Test func theModelDrawsAfterAnAnimationNoFrameShowed() throws {
    UIApplication.shared.reset()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
    let controller = ChartController()
    window.rootViewController = controller
    controller.view.backgroundColor = .white
    window.makeKeyAndVisible()
    let tree = KeyWindowTree(window: window)
    #expect(try windowPixel(tree, width: 100, height: 20, at: 0.7, 70, 5) == [255, 0, 0])
    #expect(try windowPixel(tree, width: 100, height: 20, at: 0.7, 90, 5) == [255, 255, 255])
  }

  /// Without an action of its own, a layer added and changed in one turn appears as set:
  /// the default implicit animation is for a shown layer.
  @Test func theImplicitAnimationWaitsForAShownLayer() {
    let shape = CAShapeLayer()
    let tree = show(shape) { shape.strokeEnd = 0.5 }
    #expect(shape.animationKeys() == nil)
    tree.advance(to: .seconds(0.1))
    shape.strokeEnd = 1
    #expect(shape.animationKeys() == ["strokeEnd"], "shown, it animates")
  }

  /// An action of `byValue` alone runs as such: from what shows to that plus `byValue`
  /// (it ran from the old value to the new one, or, on a new layer, not at all).
  @Test func anActionOfByValueAloneRunsByIt() {
    let by = CABasicAnimation(keyPath: "position")
    by.byValue = CGPoint(x: 100, y: 0)
    by.duration = 1
    by.timingFunction = CAMediaTimingFunction(name: .linear)
    let layer = CALayer()
    layer.actions = ["position": by]
    let tree = show(layer) { layer.position = CGPoint(x: 50, y: 50) }
    tree.advance(to: .seconds(0.5))
    #expect(abs((layer.presentation()?.position.x ?? -1) - 100) < 1e-9, "50 + 100 halfway")
  }

  /// An action's animation without a key path animates the property it was asked for, as
  /// Apple's own examples of actions return one.
  @Test func anActionWithoutAKeyPathAnimatesItsProperty() {
    let fade = CABasicAnimation()
    (fade.fromValue, fade.toValue, fade.duration) = (0, 1, 1)
    fade.timingFunction = CAMediaTimingFunction(name: .linear)
    let layer = CALayer()
    let tree = show(layer) {}
    tree.advance(to: .seconds(0.1))
    layer.actions = ["opacity": fade]
    layer.opacity = 1
    #expect((layer.animation(forKey: "opacity") as? CABasicAnimation)?.keyPath == "opacity")
    tree.advance(to: .seconds(0.6))
    #expect(abs((layer.presentation()?.opacity ?? -1) - 0.5) < 1e-6)
  }

  /// A program's own number set before another layer's transaction that disables actions
  /// keeps its action: it is noticed as that transaction begins, under the settings it was
  /// set in.
  @Test func anotherTransactionDoesNotTurnOffAnEarlierChange() {
    let slice = SliceLayer()
    let other = SliceLayer()
    let tree = show(slice) {}
    tree.advance(to: .seconds(0.1))
    slice.end = 1
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    other.end = 1
    CATransaction.commit()
    #expect(slice.animationKeys() == ["end"])
    #expect(other.animationKeys() == nil, "its own change: no action")
  }
}
