import Foundation
import Testing

@testable import UIKit

/// A self-drawing layer whose number of its own animates draws each frame through its
/// presentation, as Core Animation displays the presentation layer: its own `display()`
/// too (ring libraries set `contents` there, reading `presentation()`), and once more from
/// the model when the animation is over, however short. `presentation()` shows the values
/// committed, not those set in this turn.
@MainActor @Suite(.serialized) struct PresentationDisplayTests {
  /// A bar `progress` of the bounds wide from the left, in `colour`, drawn from what
  /// `presentation()` shows (0 before the layer is shown).
  class BarLayer: CALayer {
    var progress: CGFloat = 0
    var colour = UIColor.red

    override init() { super.init() }
    override init(layer: Any) {
      super.init(layer: layer)
      if let other = layer as? BarLayer { (progress, colour) = (other.progress, other.colour) }
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override class func needsDisplay(forKey key: String) -> Bool {
      key == "progress" || super.needsDisplay(forKey: key)
    }

    var shownProgress: CGFloat { presentation()?.progress ?? 0 }

    func bar(_ size: CGSize) -> CGRect {
      CGRect(x: 0, y: 0, width: size.width * shownProgress, height: size.height)
    }
  }

  /// Sets its image in `display()`, as MKRingProgressView does.
  class ImageBarLayer: BarLayer {
    override func display() {
      let size = bounds.size
      let bar = bar(size)
      contents =
        UIGraphicsImageRenderer(size: size).image { _ in
          self.colour.setFill()
          UIRectFill(bar)
        }.cgImage
    }
  }

  /// A view's layer whose number animates inside `UIView.animate` blocks by the block's
  /// animation of `opacity`, from what shows (MKRingProgressView's action).
  final class BlockBarLayer: ImageBarLayer {
    override func action(forKey event: String) -> CAAction? {
      guard event == "progress", let block = super.action(forKey: "opacity") as? CABasicAnimation
      else { return super.action(forKey: event) }
      let animation = block.copy() as! CABasicAnimation
      animation.keyPath = event
      animation.fromValue = (presentation() ?? model()).value(forKey: event)
      animation.toValue = nil
      return animation
    }
  }

  final class BarView: UIView {
    override class var layerClass: AnyClass { BlockBarLayer.self }
  }

  final class DrawnBarView: UIView {
    override class var layerClass: AnyClass { DrawnBarLayer.self }
  }

  /// Draws in `draw(in:)`; a change runs a 0.001 s animation without values, so that
  /// the layer redraws through its presentation (MKRingProgressView's action).
  final class DrawnBarLayer: BarLayer {
    override func draw(in ctx: CGContext) {
      ctx.setFillColor(colour.cgColor)
      ctx.fill(bar(bounds.size))
    }

    override func action(forKey event: String) -> CAAction? {
      guard event == "progress" else { return super.action(forKey: event) }
      let animation = CABasicAnimation(keyPath: event)
      animation.duration = 0.001
      return animation
    }
  }

  /// The red share of the 100-point bar's row at `time`: where the red ends, in points.
  func redWidth(_ tree: KeyWindowTree, at time: Double) throws -> Int {
    var x = 0
    while x < 100, try windowPixel(tree, width: 100, height: 20, at: time, x, 10) == [255, 0, 0] {
      x += 1
    }
    return x
  }

  func scene(_ layer: BarLayer, settingInTheSameTurn set: () -> Void = {}) -> KeyWindowTree {
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
    return showInWhiteWindow(width: 100, height: 20) {
      $0.layer.addSublayer(layer)
      set()
    }
  }

  /// An explicit animation of the number from 0 to 1 over 1 s, linearly: the bar grows
  /// through the layer's own `display()`, and the model's image is drawn at the end.
  @Test func aLayersOwnDisplayDrawsEachFrame() throws {
    let layer = ImageBarLayer()
    let tree = scene(layer)
    layer.progress = 1
    layer.add(linearAnimation("progress", from: 0, to: 1), forKey: "progress")
    #expect(layer.presentation()?.progress == 0, "the value committed, not the one just set")
    for (time, width) in [(0.25, 25), (0.5, 50), (1.5, 100)] {
      let measured = try redWidth(tree, at: time)
      #expect(abs(measured - width) <= 1, "at \(time) s: \(measured)")
    }
    #expect((layer.contents as? CGImage)?.contents == layer.backing.properties.contents)
  }

  /// Set before the layer is first shown, in the turn it is added: the first drawing has
  /// no presentation to read, and the drawing once the short animation is over shows it.
  @Test(arguments: ["sublayer", "view", "controller"])
  func aNumberSetBeforeTheFirstCommitIsDrawnOnceItIsCommitted(where: String) throws {
    let view = DrawnBarView(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
    let layer = `where` == "sublayer" ? DrawnBarLayer() : view.layer as! DrawnBarLayer
    layer.frame = view.frame
    let tree: KeyWindowTree
    if `where` == "controller" {
      UIApplication.shared.reset()
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
      window.rootViewController = BarController(bar: view)
      window.makeKeyAndVisible()
      tree = KeyWindowTree(window: window)
      tree.advance(to: .zero)
    } else {
      tree = showInWhiteWindow(width: 100, height: 20) {
        if `where` == "view" { $0.addSubview(view) } else { $0.layer.addSublayer(layer) }
        layer.progress = 0.6
      }
    }
    let width = try redWidth(tree, at: 0.05)
    #expect(width == 60)
  }

  /// Adds its bar and sets it as it loads (MKRingProgressView's examples).
  final class BarController: UIViewController {
    let bar: UIView
    init(bar: UIView) {
      self.bar = bar
      super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError() }
    override func viewDidLoad() {
      super.viewDidLoad()
      view.backgroundColor = .white
      view.addSubview(bar)
      (bar.layer as! DrawnBarLayer).progress = 0.6
    }
  }

  /// Inside a `UIView.animate` block: read back in the same turn, the presentation shows
  /// the value before; the bar then grows over the block's second, linearly.
  @Test func aViewsLayerAnimatesItsNumberByTheBlocksAnimation() throws {
    let view = BarView(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
    let tree = showInWhiteWindow(width: 100, height: 20) { $0.addSubview(view) }
    let layer = view.layer as! BlockBarLayer
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { layer.progress = 1 }
    #expect(layer.presentation()?.progress == 0)
    for (time, width) in [(0.5, 50), (1.5, 100)] {
      let measured = try redWidth(tree, at: time)
      #expect(abs(measured - width) <= 1, "at \(time) s: \(measured)")
    }
  }

  /// An explicit animation of the number with no values runs from what the presentation
  /// shows to the model's value, as one of a property of Core Animation's does.
  @Test func anAnimationWithoutValuesRunsFromWhatShows() throws {
    let layer = ImageBarLayer()
    let tree = scene(layer)
    layer.progress = 1
    let animation = CABasicAnimation(keyPath: "progress")
    animation.duration = 1
    animation.timingFunction = CAMediaTimingFunction(name: .linear)
    layer.add(animation, forKey: "progress")
    let measured = try redWidth(tree, at: 0.5)
    #expect(abs(measured - 50) <= 1, "\(measured)")
  }
}
