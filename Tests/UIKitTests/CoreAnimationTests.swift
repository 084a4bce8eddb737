import Foundation
import RingLayers
import Testing

@testable import UIKit

/// Records what an animation's delegate hears, with the media time it heard it at.
final class Listener: CAAnimationDelegate {
  var events: [String] = []
  let name: String
  init(_ name: String = "") { self.name = name }
  func animationDidStart(_ anim: CAAnimation) {
    events.append("start \(name) \(CACurrentMediaTime())")
  }
  func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
    events.append("stop \(name) \(flag) \(CACurrentMediaTime())")
  }
}

/// A 10-point view at the origin of the key window, shown at time 0.
@MainActor func showViewInKeyWindow() -> (KeyWindowTree, UIView) {
  let tree = showInKeyWindow(CALayer())
  let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
  UIApplication.shared.keyWindow!.rootViewController!.view.addSubview(view)
  tree.advance(to: .zero)
  return (tree, view)
}

/// A key window holding `layer` (in a plain view), shown once (so the layer is
/// committed), with the clock at zero.
@MainActor func showInKeyWindow(_ layer: CALayer) -> KeyWindowTree {
  UIApplication.shared.reset()
  let window = UIWindow(frame: UIScreen.main.bounds)
  window.rootViewController = UIViewController()
  window.makeKeyAndVisible()
  window.rootViewController!.view.layer.addSublayer(layer)
  let tree = KeyWindowTree(window: window)
  tree.advance(to: .zero)
  return tree
}

/// An animation of `keyPath` from `from` to `to` over `duration` seconds, at an even pace.
func linearAnimation(_ keyPath: String, from: Any, to: Any, duration: Double = 1)
  -> CABasicAnimation
{
  let animation = CABasicAnimation(keyPath: keyPath)
  (animation.fromValue, animation.toValue, animation.duration) = (from, to, duration)
  animation.timingFunction = CAMediaTimingFunction(name: .linear)
  return animation
}

/// Core Animation's rules, as the seed relies on them and other samples will.
@MainActor @Suite(.serialized) struct CoreAnimationTests {
  func show(_ layer: CALayer) -> KeyWindowTree { showInKeyWindow(layer) }

  func opacity(_ layer: CALayer) -> Float { layer.presentation()!.opacity }

  @Test func theDelegateIsHeldStronglyUntilTheAnimationEnds() {
    let layer = CALayer()
    let tree = show(layer)
    weak var weakListener: Listener?
    do {
      let listener = Listener()
      weakListener = listener
      let a = CABasicAnimation(keyPath: "opacity")
      a.toValue = 0
      a.duration = 1
      a.delegate = listener
      layer.add(a, forKey: "fade")
    }
    #expect(weakListener != nil, "the animation keeps its delegate")
    tree.advance(to: .seconds(0.5))
    #expect(weakListener != nil)
    let events = weakListener?.events ?? []
    tree.advance(to: .seconds(2))
    #expect(weakListener == nil, "released with the animation")
    #expect(events == ["start  0.0"])
  }

  @Test func anAnimationIsCopiedWhenAdded() {
    let layer = CALayer()
    let tree = show(layer)
    let a = CABasicAnimation(keyPath: "opacity")
    a.fromValue = 1
    a.toValue = 0
    a.duration = 1
    layer.add(a, forKey: "fade")
    a.duration = 100
    a.toValue = 1
    let held = layer.animation(forKey: "fade")
    #expect(held !== a)
    #expect(held?.duration == 1)
    tree.advance(to: .seconds(0.5))
    #expect(opacity(layer) == 0.5, "later changes to the original change nothing")
  }

  @Test func anAnimationReplacesOneUnderTheSameKey() {
    let layer = CALayer()
    let tree = show(layer)
    let first = Listener("first")
    let a = CABasicAnimation(keyPath: "opacity")
    a.toValue = 0
    a.duration = 1
    a.delegate = first
    layer.add(a, forKey: "k")
    let b = CABasicAnimation(keyPath: "opacity")
    b.fromValue = 0.2
    b.toValue = 0.2
    b.duration = 1
    layer.add(b, forKey: "k")
    #expect(layer.animationKeys() == ["k"])
    #expect(first.events.isEmpty, "the replaced one hears of it at the end of the turn")
    tree.advance(to: .seconds(0.25))
    #expect(first.events == ["stop first false 0.0"])
    #expect(opacity(layer) == 0.2)
  }

  /// Neither value: from what shows when it is added to the model's value (a button that
  /// collapsed its width by an animation held at its end restores it so): (time, width).
  @Test func anAnimationWithoutValuesRunsFromWhatShowsToTheModel() {
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 20)
    let tree = show(layer)
    let collapse = linearAnimation("bounds.size.width", from: 100, to: 20, duration: 0.1)
    collapse.fillMode = .forwards
    collapse.isRemovedOnCompletion = false
    layer.add(collapse, forKey: "width")
    tree.advance(to: .seconds(1))
    let restore = CABasicAnimation(keyPath: "bounds.size.width")
    restore.duration = 1
    restore.timingFunction = CAMediaTimingFunction(name: .linear)
    layer.add(restore, forKey: "width")
    for (time, width) in [(1.0, 20.0), (1.5, 60.0), (2.5, 100.0)] {
      tree.advance(to: .seconds(time))
      let shown = layer.presentation()!.bounds.width
      #expect(abs(shown - width) < 1e-6, "at \(time) s: \(shown)")
    }
  }

  @Test func finishedAnimationsAreRemovedUnlessAskedToStay() {
    let layer = CALayer()
    let tree = show(layer)
    let gone = CABasicAnimation(keyPath: "opacity")
    gone.toValue = 0
    gone.duration = 1
    gone.fillMode = .forwards
    layer.add(gone, forKey: "gone")
    let kept = CABasicAnimation(keyPath: "position.x")
    kept.toValue = 40
    kept.duration = 1
    kept.fillMode = .forwards
    kept.isRemovedOnCompletion = false
    layer.add(kept, forKey: "kept")
    tree.advance(to: .seconds(1.5))
    #expect(layer.animationKeys() == ["kept"])
    #expect(opacity(layer) == 1, "a removed animation shows nothing, whatever its fill mode")
    #expect(layer.presentation()!.position.x == 40, "a kept one holds its end value")
    #expect(layer.position.x == 0, "the model is unchanged")
  }

  @Test func stopsAreHeardInTimeOrderAtTheirEndTimes() {
    let layer = CALayer()
    let tree = show(layer)
    let listener = Listener()
    for (key, duration) in [("a", 0.3), ("b", 0.1), ("c", 0.2)] {
      let a = CABasicAnimation(keyPath: "opacity")
      a.duration = duration
      a.delegate = listener
      layer.add(a, forKey: key)
    }
    tree.advance(to: .seconds(5))
    #expect(
      listener.events.filter { $0.hasPrefix("stop") } == [
        "stop  true 0.1", "stop  true 0.2", "stop  true 0.3",
      ])
  }

  /// The seed's chain: each stop starts the next animation at exactly the stop's time.
  @Test func anAnimationAddedInAStopCallbackStartsThenWithNoGap() {
    final class Chain: CAAnimationDelegate {
      let layer: CALayer
      var starts: [CFTimeInterval] = []
      init(_ layer: CALayer) { self.layer = layer }
      func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { next() }
      func next() {
        starts.append(CACurrentMediaTime())
        let a = CABasicAnimation(keyPath: "opacity")
        a.duration = 0.1
        a.delegate = self
        layer.add(a, forKey: "step")
      }
    }
    let layer = CALayer()
    let tree = show(layer)
    let chain = Chain(layer)
    chain.next()
    tree.advance(to: .seconds(1.05))
    #expect(chain.starts.count == 11)
    for (k, t) in chain.starts.enumerated() { #expect(abs(t - Double(k) * 0.1) < 1e-9) }
  }

  @Test func implicitActionsAnimateAShownStandaloneLayer() {
    let layer = CALayer()
    let tree = show(layer)
    layer.opacity = 0
    #expect(layer.animationKeys() == ["opacity"])
    #expect(layer.animation(forKey: "opacity")?.duration == 0.25)
    #expect(layer.opacity == 0, "the model changes at once")
    tree.advance(to: .seconds(0.125))
    #expect(abs(opacity(layer) - 0.5) < 1e-6, "half way, linearly")
    tree.advance(to: .seconds(0.3))
    #expect(opacity(layer) == 0)
  }

  @Test func noImplicitActionForAViewsLayerANewLayerOrDisabledActions() {
    let layer = CALayer()
    let tree = show(layer)
    let view = UIApplication.shared.keyWindow!.rootViewController!.view!
    view.alpha = 0.5
    #expect(view.layer.animationKeys() == nil, "a view's own layer")
    let fresh = CALayer()
    layer.addSublayer(fresh)
    fresh.opacity = 0.5
    #expect(fresh.animationKeys() == nil, "a layer not yet committed")
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    layer.opacity = 0.5
    CATransaction.commit()
    #expect(layer.animationKeys() == nil, "inside setDisableActions(true)")
    layer.actions = ["opacity": NSNull()]
    layer.opacity = 0.2
    #expect(layer.animationKeys() == nil, "NSNull in actions")
    tree.advance(to: .seconds(0.1))
    CATransaction.setAnimationDuration(2)
    layer.actions = nil
    layer.opacity = 1
    #expect(layer.animation(forKey: "opacity")?.duration == 2, "the transaction's duration")
  }

  @Test func anExplicitAnimationReplacesTheImplicitOne() {
    let layer = CAGradientLayer()
    layer.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
    let tree = show(layer)
    layer.colors = [UIColor.blue.cgColor, UIColor.red.cgColor]
    #expect(layer.animation(forKey: "colors") is CABasicAnimation)
    let explicit = CABasicAnimation(keyPath: "colors")
    explicit.fromValue = [UIColor.green.cgColor, UIColor.green.cgColor]
    explicit.toValue = [UIColor.green.cgColor, UIColor.green.cgColor]
    explicit.duration = 1
    layer.add(explicit, forKey: "colors")
    tree.advance(to: .seconds(0.1))
    let shown = layer.presentation()!.colors as! [CGColor]
    #expect(shown.map(\.rgba) == [UIColor.green.cgColor.rgba, UIColor.green.cgColor.rgba])
  }

  @Test func presentationAndModel() {
    let layer = CAShapeLayer()
    #expect(layer.presentation() == nil, "none before the first commit")
    let tree = show(layer)
    let a = CABasicAnimation(keyPath: "strokeEnd")
    a.fromValue = 0
    a.toValue = 1
    a.duration = 2
    layer.add(a, forKey: nil)
    #expect(layer.animationKeys() == nil, "an animation without a key is not listed")
    tree.advance(to: .seconds(0.5))
    let p = layer.presentation()!
    #expect(p.strokeEnd == 0.25)
    #expect(layer.strokeEnd == 1)
    #expect(p.model() === layer && layer.model() === layer)
  }

  /// What a transaction added is not on screen before it commits: presentation() and the
  /// next implicit animation start from what shows.
  @Test func uncommittedAnimationsAreNotPresentedYet() {
    let layer = CALayer()
    layer.position = CGPoint(x: 70, y: 0)
    let tree = show(layer)
    tree.advance(to: .seconds(1))
    CATransaction.begin()
    CATransaction.setAnimationDuration(2)
    layer.position = CGPoint(x: 270, y: 0)
    #expect(layer.presentation()!.position.x == 70)
    CATransaction.commit()
    tree.advance(to: .seconds(2))
    #expect(layer.presentation()!.position.x == 170)
  }

  /// A layer subclass with iOS's usual initialisers, made by a view's `layerClass`.
  @Test func layerClassesAndLayerSubclasses() {
    final class Custom: CALayer {
      var laidOut = 0
      override init() { super.init() }
      override init(layer: Any) { super.init(layer: layer) }
      required init?(coder: NSCoder) { super.init(coder: coder) }
      override func layoutSublayers() { laidOut += 1 }
    }
    final class GradientView: UIView {
      override class var layerClass: AnyClass { CAGradientLayer.self }
    }
    final class CustomView: UIView {
      override class var layerClass: AnyClass { Custom.self }
    }
    #expect(GradientView(frame: .zero).layer is CAGradientLayer)
    #expect(CustomView(frame: .zero).layer is Custom)
    let custom = Custom()
    let tree = show(custom)
    #expect(custom.laidOut == 1, "laid out once shown")
    custom.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    tree.advance(to: .seconds(0.1))
    #expect(custom.laidOut == 2, "and again after a new size")
    #expect(custom.presentation() != nil)
  }

  @Test func completionBlocksWaitForTheirAnimations() {
    let layer = CALayer()
    let tree = show(layer)
    var heard: [CFTimeInterval] = []
    CATransaction.begin()
    CATransaction.setCompletionBlock { heard.append(CACurrentMediaTime()) }
    for d in [0.2, 0.6] {
      let a = CABasicAnimation(keyPath: "opacity")
      a.duration = d
      layer.add(a, forKey: "\(d)")
    }
    CATransaction.commit()
    tree.advance(to: .seconds(0.4))
    #expect(heard.isEmpty)
    tree.advance(to: .seconds(1))
    #expect(heard.count == 1 && abs(heard[0] - 0.6) < 1e-9)
  }

  @Test func keyframesTimingAndRepeats() {
    let layer = CALayer()
    let tree = show(layer)
    let k = CAKeyframeAnimation(keyPath: "opacity")
    k.values = [0, 1, 0.5]
    k.keyTimes = [0, 0.25, 1]
    k.duration = 1
    k.repeatCount = .infinity
    layer.add(k, forKey: "k")
    tree.advance(to: .seconds(10.125))
    #expect(abs(opacity(layer) - 0.5) < 1e-6)
    tree.advance(to: .seconds(10.625))
    #expect(abs(opacity(layer) - 0.75) < 1e-6)
    let discrete = CAKeyframeAnimation(keyPath: "position.y")
    discrete.values = [10, 20, 30]
    discrete.calculationMode = .discrete
    discrete.duration = 3
    layer.add(discrete, forKey: "d")
    tree.advance(to: .seconds(11.625))
    #expect(layer.presentation()!.position.y == 20)
    let move = CABasicAnimation(keyPath: "position")
    move.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0))
    move.toValue = NSValue(cgPoint: CGPoint(x: 100, y: 50))
    move.duration = 1
    layer.add(move, forKey: "move")
    tree.advance(to: .seconds(12.125))
    #expect(layer.presentation()!.position == CGPoint(x: 50, y: 25), "NSValue-boxed points")
  }

  @Test func defaultsAndConstantsAreCoreAnimations() {
    let shape = CAShapeLayer()
    #expect(shape.fillColor?.components == [0, 1], "opaque black fill")
    #expect(shape.strokeColor == nil && shape.lineWidth == 1 && shape.strokeEnd == 1)
    let gradient = CAGradientLayer()
    #expect(
      gradient.startPoint == CGPoint(x: 0.5, y: 0) && gradient.endPoint == CGPoint(x: 0.5, y: 1))
    #expect(kCAFillModeForwards == CAMediaTimingFillMode.forwards)
    #expect(
      CAMediaTimingFunction(name: kCAMediaTimingFunctionLinear)
        == CAMediaTimingFunction(name: .linear))
    var point: [Float] = [0, 0]
    CAMediaTimingFunction(name: .easeInEaseOut).getControlPoint(at: 1, values: &point)
    #expect(point == [0.42, 0])
    #expect(CABasicAnimation().duration == 0 && CAAnimation().isRemovedOnCompletion)
  }

  struct HSB: Sendable, CustomStringConvertible {
    var hue: Double, saturation: Double, brightness: Double
    var rgb: [Double]
    var description: String { "hsb(\(hue), \(saturation), \(brightness))" }
  }

  /// UIColor's conversions against published values (sRGB, HSB as in Apple's docs).
  @Test(
    arguments: [
      HSB(hue: 0, saturation: 1, brightness: 1, rgb: [1, 0, 0]),
      HSB(hue: 1.0 / 3, saturation: 1, brightness: 1, rgb: [0, 1, 0]),
      HSB(hue: 2.0 / 3, saturation: 1, brightness: 1, rgb: [0, 0, 1]),
      HSB(hue: 1.0 / 12, saturation: 1, brightness: 1, rgb: [1, 0.5, 0]),
      HSB(hue: 0.5, saturation: 0.5, brightness: 0.5, rgb: [0.25, 0.5, 0.5]),
      HSB(hue: 1, saturation: 1, brightness: 1, rgb: [1, 0, 0]),
    ])
  func hueSaturationBrightness(_ c: HSB) {
    let color = UIColor(
      hue: c.hue, saturation: c.saturation, brightness: c.brightness, alpha: 1
    ).cgColor
    for (got, want) in zip(color.components!.prefix(3), c.rgb) {
      #expect(abs(Double(got) - want) < 1e-12)
    }
    var h: CGFloat = 0
    var s: CGFloat = 0
    var v: CGFloat = 0
    _ = UIColor(cgColor: color).getHue(&h, saturation: &s, brightness: &v, alpha: nil)
    #expect(abs(Double(v) - c.brightness) < 1e-12 && abs(Double(s) - c.saturation) < 1e-12)
    #expect(abs(Double(h) - c.hue.truncatingRemainder(dividingBy: 1)) < 1e-12)
  }

  @Test func viewControllerLifecycleInOrder() {
    final class Controller: UIViewController {
      var log: [String] = []
      override func loadView() {
        log.append("loadView")
        super.loadView()
      }
      override func viewDidLoad() { log.append("viewDidLoad") }
      override func viewWillAppear(_ animated: Bool) { log.append("viewWillAppear") }
      override func viewWillLayoutSubviews() { log.append("viewWillLayoutSubviews") }
      override func viewDidLayoutSubviews() { log.append("viewDidLayoutSubviews") }
      override func viewDidAppear(_ animated: Bool) { log.append("viewDidAppear") }
    }
    UIApplication.shared.reset()
    let controller = Controller()
    #expect(!controller.isViewLoaded)
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.rootViewController = controller
    window.makeKeyAndVisible()
    KeyWindowTree(window: window).advance(to: .zero)
    #expect(
      controller.log == [
        "loadView", "viewDidLoad", "viewWillAppear", "viewWillLayoutSubviews",
        "viewDidLayoutSubviews", "viewDidAppear",
      ])
    #expect(controller.view.frame == CGRect(x: 0, y: 0, width: 375, height: 667))
    #expect(window.subviews.first === controller.view && controller.view.window === window)
  }

  @Test func imageRendererDrawsALayerAtTheFormatsScale() throws {
    UIApplication.shared.reset()
    let layer = CAShapeLayer()
    layer.frame = CGRect(x: 30, y: 40, width: 20, height: 10)
    layer.path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)).cgPath
    layer.fillColor = UIColor.red.cgColor
    let format = UIGraphicsImageRendererFormat()
    format.scale = 3
    let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10), format: format)
      .image { ctx in layer.render(in: ctx.cgContext) }
    #expect(image.size == CGSize(width: 20, height: 10) && image.scale == 3)
    #expect(image.pixmap.width == 60 && image.pixmap.height == 30)
    let inside = image.pixmap.pixel(x: 15, y: 15)
    let outside = image.pixmap.pixel(x: 45, y: 15)
    #expect(
      inside.red == 255 && inside.green == 0 && inside.alpha == 255, "in the layer's own space")
    #expect(outside.alpha == 0)
    let png = try #require(image.pngData())
    #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
  }

  /// "If you specify a negative value or 0, the changes are made without animating them"
  /// (Apple's documentation of `animate(withDuration:...)`): the idiom of a zero-length
  /// block for its completion. Core Animation would run them over its default 0.25 s.
  @Test(arguments: [0, -1, Double.nan])
  func aBlockOfNoDurationChangesAtOnce(duration: Double) {
    let tree = show(CALayer())
    let view = UIApplication.shared.keyWindow!.rootViewController!.view!
    var heard: [Bool] = []
    UIView.animate(withDuration: duration) {
      view.center.x += 100
      view.alpha = 0.5
    } completion: {
      heard.append($0)
    }
    #expect(view.layer.animationKeys() == nil)
    tree.advance(to: .seconds(0.1))
    #expect(view.layer.presentation()!.position == view.layer.position)
    #expect(heard == [true])
  }

  /// A completion's `finished` says whether the block's animations ran to their end: false
  /// when they were removed first (`removeAllAnimations`, a transition's key removed), or
  /// replaced by a later block of a property that does not add up (opacity).
  @Test(arguments: ["removed", "replaced", "transition"])
  func aCompletionHearsWhetherItsAnimationsFinished(how: String) {
    let tree = show(CALayer())
    let view = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
    UIApplication.shared.keyWindow!.rootViewController!.view!.addSubview(view)
    tree.advance(to: .zero)
    var heard: [String] = []
    if how == "transition" {
      UIView.transition(
        with: view, duration: 1, options: .transitionCrossDissolve,
        animations: { view.backgroundColor = .red }, completion: { heard.append("a \($0)") })
    } else {
      UIView.animate(withDuration: 1) {
        view.alpha = 0.5
      } completion: {
        heard.append("a \($0)")
      }
    }
    tree.advance(to: .seconds(0.25))
    switch how {
    case "replaced":
      UIView.animate(withDuration: 1) {
        view.alpha = 1
      } completion: {
        heard.append("b \($0)")
      }
    case "transition": view.layer.removeAnimation(forKey: "UIView.transition")
    default: view.layer.removeAllAnimations()
    }
    tree.advance(to: .seconds(3))
    #expect(heard == (how == "replaced" ? ["a false", "b true"] : ["a false"]))
  }

  @Test func viewAnimationBlocksAnimateViewsAndCallTheirCompletion() {
    let tree = show(CALayer())
    let view = UIApplication.shared.keyWindow!.rootViewController!.view!
    var finished: [CFTimeInterval] = []
    UIView.animate(withDuration: 1) {
      view.alpha = 0
    } completion: { done in
      if done { finished.append(CACurrentMediaTime()) }
    }
    UIView.animate(withDuration: 2) { view.center = CGPoint(x: 0, y: 0) }
    #expect(view.alpha == 0, "the model at once")
    tree.advance(to: .seconds(0.5))
    #expect(abs(view.layer.presentation()!.opacity - 0.5) < 1e-6, "ease in, ease out: half way")
    tree.advance(to: .seconds(3))
    #expect(finished.count == 1 && abs(finished[0] - 1) < 1e-9)
    view.alpha = 1
    #expect(view.layer.animationKeys() == nil, "outside a block, no animation")
    let transformed = CALayer()
    transformed.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
    #expect(abs(transformed.affineTransform().b - 1) < 1e-12)
  }

  /// The current path, saved states and transforms of an image context.
  @Test func contextPathsAndTransforms() {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40), format: format)
      .image { ctx in
        let c = ctx.cgContext
        c.saveGState()
        c.translateBy(x: 20, y: 20)
        c.rotate(by: .pi / 2)
        c.setFillColor(UIColor.red.cgColor)
        c.addRect(CGRect(x: 0, y: 0, width: 10, height: 5))  // rotated: x 15...20, y 20...30
        c.fillPath()
        c.restoreGState()
        c.setFillColor(UIColor.blue.cgColor)
        c.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
      }
    let red = image.pixmap.pixel(x: 17, y: 25)
    let blue = image.pixmap.pixel(x: 2, y: 2)
    #expect(red.red == 255 && red.blue == 0 && red.alpha == 255)
    #expect(image.pixmap.pixel(x: 25, y: 22).alpha == 0, "not where the unrotated rect was")
    #expect(blue.blue == 255 && blue.red == 0, "the saved state restored: no transform")
  }

  @Test func olderImageContexts() throws {
    UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 4), true, 2)
    UIColor.green.setFill()
    UIBezierPath(rect: CGRect(x: 0, y: 0, width: 5, height: 4)).fill()
    let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
    UIGraphicsEndImageContext()
    #expect(UIGraphicsGetCurrentContext() == nil)
    #expect(image.size == CGSize(width: 10, height: 4) && image.scale == 2)
    let left = image.pixmap.pixel(x: 2, y: 2)
    let right = image.pixmap.pixel(x: 15, y: 2)
    #expect(left.green == 255 && left.red == 0)
    #expect(right.red == 255 && right.green == 255 && right.alpha == 255, "opaque: white beneath")
  }

  @Test func bezierPathsAndCGPaths() {
    let oval = UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 140, height: 140))
    #expect(
      oval.bounds.insetBy(dx: -0.001, dy: -0.001).contains(
        CGRect(x: 10, y: 10, width: 140, height: 140)))
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addLine(to: CGPoint(x: 10, y: 0))
    path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
    path.closeSubpath()
    #expect(abs(path.currentPoint.x) < 1e-9 && abs(path.currentPoint.y) < 1e-9)
    let arc = UIBezierPath(
      arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
    #expect(abs(arc.currentPoint.y - 10) < 1e-9, "clockwise on screen ends below the centre")
  }
}
