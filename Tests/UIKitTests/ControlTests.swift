import Foundation
import RingGraphics
import Testing

@testable import UIKit

/// A dial in the style of the custom-control libraries: a `UIControl` subclass that tracks
/// touches and sends `.valueChanged`.
@MainActor final class Dial: UIControl {
  var value: CGFloat = 0
  var tracked: [String] = []
  override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    tracked.append("begin")
    return true
  }
  override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    tracked.append("continue")
    value += 0.1
    sendActions(for: .valueChanged)
    return true
  }
  override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
    tracked.append("end")
  }
}

/// Controls, buttons, and what control code reaches for beside them.
@MainActor @Suite(.serialized) struct ControlTests {
  @Test func actionsRunForTheirEventsInOrder() {
    let dial = Dial(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
    var heard: [String] = []
    dial.addAction(UIAction { _ in heard.append("changed") }, for: .valueChanged)
    let up = UIAction(identifier: .init("up")) { action in
      heard.append("up from \(action.sender === dial)")
    }
    dial.addAction(up, for: [.touchUpInside, .touchUpOutside])
    dial.sendActions(for: .valueChanged)
    dial.sendActions(for: .editingDidEnd)
    #expect(heard == ["changed"])
    let touch = UITouch()
    dial.touchesBegan([touch], with: nil)
    #expect(dial.isHighlighted && dial.isTracking && dial.state == .highlighted)
    dial.touchesMoved([touch], with: nil)
    dial.touchesEnded([touch], with: nil)
    #expect(dial.tracked == ["begin", "continue", "end"])
    #expect(heard == ["changed", "changed", "up from true"])
    #expect(!dial.isHighlighted && !dial.isTracking)
    // The same identifier replaces; removing it for one event keeps it for the other.
    dial.addAction(
      UIAction(identifier: .init("up")) { _ in heard.append("new up") }, for: .touchUpInside)
    #expect(dial.actions(for: .touchUpInside).count == 1)
    #expect(dial.actions(for: .touchUpOutside).count == 1, "added again, it keeps its events")
    dial.removeAction(identifiedBy: .init("up"), for: .touchUpOutside)
    dial.sendActions(for: .touchUpInside)
    #expect(heard.last == "new up")
    dial.isEnabled = false
    dial.isSelected = true
    #expect(dial.state == [.disabled, .selected])
    dial.touchesBegan([touch], with: nil)
    #expect(dial.tracked.count == 3, "a disabled control does not track")
  }

  /// Target-action with the method as the selector, in each of its three shapes; targets
  /// are not kept, and removing a target stops its calls.
  @Test func targetsHearTheirMethodsCalled() {
    @MainActor final class Screen {
      var heard: [String] = []
      func tapped() { heard.append("tapped") }
      func changed(_ sender: Dial) { heard.append("changed to \(sender.value)") }
      func touched(_ sender: UIControl, forEvent event: UIEvent) { heard.append("touched") }
    }
    let dial = Dial(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
    let screen = Screen()
    dial.addTarget(screen, action: Screen.tapped, for: .touchUpInside)
    dial.addTarget(screen, action: Screen.changed(_:), for: .valueChanged)
    dial.addTarget(screen, action: Screen.touched(_:forEvent:), for: [.touchDown, .touchUpInside])
    let touch = UITouch()
    dial.touchesBegan([touch], with: nil)
    dial.touchesMoved([touch], with: nil)
    dial.touchesEnded([touch], with: nil)
    #expect(screen.heard == ["touched", "changed to 0.1", "tapped", "touched"])
    #expect(dial.allTargets == [AnyHashable(ObjectIdentifier(screen))] || dial.allTargets.isEmpty)
    dial.removeTarget(screen, action: Screen.tapped, for: .touchUpInside)
    dial.sendActions(for: .touchUpInside)
    #expect(screen.heard.count == 4, "removed for that event")
    dial.sendActions(for: .valueChanged)
    #expect(screen.heard.last == "changed to 0.1", "still there for the others")
    dial.removeTarget(nil, action: nil, for: .allEvents)
    dial.sendActions(for: .allEvents)
    #expect(screen.heard.count == 5)

    weak var gone: Screen?
    do {
      let other = Screen()
      gone = other
      dial.addTarget(other, action: Screen.tapped, for: .touchUpInside)
    }
    #expect(gone == nil, "a control does not keep its targets")
    dial.sendActions(for: .touchUpInside)
  }

  @Test func aButtonShowsTheTitleAndImageOfItsState() {
    let button = UIButton(type: .system)
    button.setTitle("Start", for: .normal)
    button.setTitle("Stop", for: .selected)
    button.setTitleColor(.red, for: .highlighted)
    #expect(button.currentTitle == "Start" && button.title(for: .highlighted) == "Start")
    #expect(button.currentTitleColor == button.tintColor)
    button.isSelected = true
    #expect(button.currentTitle == "Stop" && button.titleLabel?.text == "Stop")
    button.isSelected = false
    button.isHighlighted = true
    #expect(button.currentTitleColor == .red && button.titleLabel?.textColor == .red)
    button.isHighlighted = false
    let custom = UIButton(type: .custom)
    custom.setTitle("Go", for: .normal)
    #expect(custom.currentTitleColor == .white)
    // Laid out in the middle of the bounds less the insets, image before title.
    let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { _ in }
    custom.setImage(image, for: .normal)
    custom.contentEdgeInsets = UIEdgeInsets(top: 4, left: 6, bottom: 4, right: 6)
    let natural = custom.intrinsicContentSize
    let label = custom.titleLabel!.intrinsicContentSize
    #expect(natural.width == 10 + label.width + 12)
    #expect(natural.height == max(10, label.height) + 8)
    custom.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
    custom.layoutIfNeeded()
    let (icon, title) = (custom.imageView!.frame, custom.titleLabel!.frame)
    #expect(icon.maxX == title.minX && icon.midY == 30 && title.midY == 30)
    #expect(abs((icon.minX + title.maxX) / 2 - 100) < 1e-9, "centred together: \(icon) \(title)")
  }

  /// A subclass that overrides `init(frame:)` inherits `init(type:)` and `init()`, as on iOS.
  @Test func aButtonSubclassInheritsTheConvenienceInitialisers() {
    final class RoundButton: UIButton {
      override init(frame: CGRect) { super.init(frame: frame) }
      required init?(coder: NSCoder) { super.init(coder: coder) }
    }
    #expect(RoundButton(type: .system).buttonType == .system)
    #expect(RoundButton().buttonType == .custom)
    // Its image view takes no touches: a hit lands on the button.
    let button = RoundButton(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    button.setBackgroundImage(
      UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { _ in }, for: .normal)
    button.layoutIfNeeded()
    #expect(button.hitTest(CGPoint(x: 20, y: 20), with: nil) === button)
  }

  /// UIKit adds a button's title label, image view and background image view at layout,
  /// once they show something: a ripple a subclass adds in its initialiser lies beneath the
  /// title, over the background.
  @Test func aButtonAddsItsContentViewsAtLayoutAboveASubclassesOwn() {
    final class RippleButton: UIButton {
      let ripple = UIView()
      override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(ripple)
      }
      required init?(coder: NSCoder) { super.init(coder: coder) }
    }
    let button = RippleButton(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
    #expect(button.subviews == [button.ripple], "nothing to show: no content views yet")
    button.setTitle("Tap", for: .normal)
    let square = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { _ in }
    button.setImage(square, for: .normal)
    button.setBackgroundImage(square, for: .normal)
    #expect(button.titleLabel?.superview == nil, "added at layout, not when set")
    button.layoutIfNeeded()
    #expect(
      button.subviews == [
        button.backgroundView, button.imageView!, button.ripple, button.titleLabel!,
      ])
    // Laid out again, they stay where they are.
    button.sendSubviewToBack(button.titleLabel!)
    button.setNeedsLayout()
    button.layoutIfNeeded()
    #expect(button.subviews.first === button.titleLabel)
  }

  @Test func aButtonMadeFromAnActionRunsItWhenTapped() {
    var taps = 0
    let button = UIButton(primaryAction: UIAction(title: "Play") { _ in taps += 1 })
    #expect(button.buttonType == .system && button.currentTitle == "Play")
    button.frame = CGRect(x: 0, y: 0, width: 80, height: 40)
    let touch = UITouch()
    button.touchesBegan([touch], with: nil)
    button.touchesEnded([touch], with: nil)
    #expect(taps == 1)
    // For other controls the primary action is not a tap (a slider's is its value).
    let dial = Dial(
      frame: CGRect(x: 0, y: 0, width: 40, height: 40), primaryAction: UIAction { _ in taps += 10 })
    dial.touchesBegan([touch], with: nil)
    dial.touchesEnded([touch], with: nil)
    #expect(taps == 1)
    button.setAttributedTitle(NSAttributedString(string: "Bold"), for: .normal)
    #expect(button.currentTitle == "Bold" && button.titleLabel?.attributedText?.string == "Bold")
  }

  /// An animation subclass written for iOS: its own designated initialiser, the coder's
  /// calling up, computed values, and its own state copied.
  @Test func anAnimationSubclassWrittenForIOSBuildsAndCopies() {
    final class Wobble: CAKeyframeAnimation {
      var amplitude: CGFloat
      init(amplitude: CGFloat) {
        self.amplitude = amplitude
        super.init()
        keyPath = "transform.rotation.z"
      }
      required init?(coder: NSCoder) {
        amplitude = 0
        super.init(coder: coder)
      }
      required convenience init(copyOf other: CAAnimation) {
        self.init(amplitude: (other as? Wobble)?.amplitude ?? 0)
      }
      override var values: [Any]? {
        get { [0, amplitude, -amplitude, 0] }
        set {}
      }
    }
    let wobble = Wobble(amplitude: 0.2)
    wobble.duration = 0.4
    let copy = wobble.copy() as! Wobble
    #expect(
      copy.amplitude == 0.2 && copy.values?.count == 4 && copy.keyPath == "transform.rotation.z")
    #expect(copy.duration == 0.4, "the settings are copied after the subclass makes it")
  }

  /// A view whose layer only masks another (never added as a subview) is laid out through
  /// its layer: its own `layoutSubviews` makes the mask's path, as the gradient rings do.
  @Test func aViewUsedOnlyForItsLayerIsLaidOut() {
    final class ArcView: UIView {
      override class var layerClass: AnyClass { CAShapeLayer.self }
      override func layoutSubviews() {
        super.layoutSubviews()
        (layer as! CAShapeLayer).path = UIBezierPath(rect: bounds).cgPath
      }
    }
    let arc = ArcView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    let gradient = CAGradientLayer()
    gradient.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
    gradient.colors = [UIColor.red.cgColor, UIColor.red.cgColor]
    gradient.mask = arc.layer
    let tree = showInKeyWindow(gradient)
    tree.advance(to: .seconds(0.1))
    let p = renderedPixels(gradient, width: 40, height: 40)
    #expect(p.pixel(x: 10, y: 10).red == 255 && p.pixel(x: 10, y: 10).alpha == 255)
    #expect(p.pixel(x: 30, y: 30).alpha == 0)
  }

  /// The idiom HUD and toast libraries use to find the key window: through the scenes.
  @Test func theKeyWindowIsFoundThroughTheScenes() {
    let tree = showInKeyWindow(CALayer())
    let key = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
      .flatMap(\.windows).first { $0.isKeyWindow }
    #expect(key != nil && key === tree.window)
    #expect(key?.windowScene?.interfaceOrientation == .portrait)
    #expect(UIImage(systemName: "checkmark") == nil, "no system symbols here")
  }

  @Test func dynamicColoursAreResolvedForTheLightAppearance() {
    let color = UIColor { traits in traits.userInterfaceStyle == .dark ? .black : .white }
    #expect(color == .white)
    #expect(UIColor.groupTableViewBackground.cgColor.rgba.blue > 0.95)
    #expect(
      UIDevice.current.userInterfaceIdiom == .phone && UIDevice.current.orientation.isPortrait)
  }
}

/// Core Graphics' tangent arcs and image masks, as self-drawing controls use them.
@MainActor @Suite struct TangentArcAndMaskTests {
  /// A rounded rectangle by tangent arcs equals the one `UIBezierPath` makes, pixel for pixel
  /// (within a level of rounding), with and without a transform on the path.
  @Test(arguments: [false, true])
  func tangentArcsRoundCorners(transformed: Bool) {
    let r = CGRect(x: 10, y: 8, width: 60, height: 30)
    let radius: CGFloat = 9
    let path = CGMutablePath()
    let t = transformed ? CGAffineTransform(translationX: 5, y: 3) : .identity
    path.move(to: CGPoint(x: r.midX, y: r.maxY).applying(t))
    path.addArc(
      tangent1End: CGPoint(x: r.maxX, y: r.maxY), tangent2End: CGPoint(x: r.maxX, y: r.minY),
      radius: radius, transform: t)
    path.addArc(
      tangent1End: CGPoint(x: r.maxX, y: r.minY), tangent2End: CGPoint(x: r.minX, y: r.minY),
      radius: radius, transform: t)
    path.addArc(
      tangent1End: CGPoint(x: r.minX, y: r.minY), tangent2End: CGPoint(x: r.minX, y: r.maxY),
      radius: radius, transform: t)
    path.addArc(
      tangent1End: CGPoint(x: r.minX, y: r.maxY), tangent2End: CGPoint(x: r.maxX, y: r.maxY),
      radius: radius, transform: t)
    path.closeSubpath()
    let ours = drawnPixels(width: 90, height: 50) { ctx in
      ctx.addPath(path)
      ctx.fillPath()
    }
    let reference = drawnPixels(width: 90, height: 50) { ctx in
      ctx.addPath(UIBezierPath(roundedRect: r.applying(t), cornerRadius: radius).cgPath)
      ctx.fillPath()
    }
    var worst = 0
    for y in 0..<50 {
      for x in 0..<90 {
        worst = max(
          worst, abs(Int(ours.pixel(x: x, y: y).alpha) - Int(reference.pixel(x: x, y: y).alpha)))
      }
    }
    #expect(worst <= 1, "\(worst) levels from the rounded rectangle")
  }

  /// Turned by a path transform, the rounded rectangle keeps its area: each arc keeps the
  /// straight edge that leads into it.
  @Test func aTurnedTangentArcPathKeepsItsEdges() {
    func covered(_ angle: CGFloat) -> Int {
      let t = CGAffineTransform(translationX: 50, y: 50).rotated(by: angle)
      let (w, h, radius): (CGFloat, CGFloat, CGFloat) = (30, 16, 6)
      let path = CGMutablePath()
      path.move(to: CGPoint(x: 0, y: h).applying(t))
      for (a, b) in [
        (CGPoint(x: w, y: h), CGPoint(x: w, y: -h)), (CGPoint(x: w, y: -h), CGPoint(x: -w, y: -h)),
        (CGPoint(x: -w, y: -h), CGPoint(x: -w, y: h)), (CGPoint(x: -w, y: h), CGPoint(x: w, y: h)),
      ] {
        path.addArc(tangent1End: a, tangent2End: b, radius: radius, transform: t)
      }
      path.closeSubpath()
      let p = drawnPixels(width: 100, height: 100) { ctx in
        ctx.addPath(path)
        ctx.fillPath()
      }
      return p.pixels.reduce(0) { $0 + Int($1 >> 24) }
    }
    let upright = covered(0)
    let turned = covered(0.5)
    #expect(abs(turned - upright) * 200 < upright, "\(turned) against \(upright)")
  }

  /// A relative arc sweeps exactly its delta: one and a half turns end opposite the start,
  /// where an absolute arc over the same angles makes one circle.
  @Test func aRelativeArcSweepsItsDelta() {
    let relative = CGMutablePath()
    relative.addRelativeArc(
      center: CGPoint(x: 20, y: 20), radius: 10, startAngle: 0, delta: 3 * .pi)
    #expect(abs(relative.currentPoint.x - 10) < 1e-9 && abs(relative.currentPoint.y - 20) < 1e-9)
    // Joined to the open subpath by a line, with a transform too.
    let joined = CGMutablePath()
    joined.move(to: .zero)
    joined.addRelativeArc(
      center: CGPoint(x: 20, y: 20), radius: 10, startAngle: 0, delta: .pi / 2,
      transform: CGAffineTransform(translationX: 1, y: 0))
    let moves = UIBezierPath(cgPath: joined).bezier.elements.filter {
      if case .move = $0 { true } else { false }
    }
    #expect(moves.count == 1)
  }

  @Test func pointsInOneLineMakeALine() {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 20, y: 0), radius: 5)
    #expect(path.currentPoint == CGPoint(x: 10, y: 0))
  }

  /// An image clips by its alpha, upside down in UIKit's flipped context (as `draw(_:in:)`
  /// places images); an opaque image clips by its grey level.
  @Test func anImageMaskClipsByAlphaOrGrey() {
    /// A 20-point square of `fills` (colour, rect), as an image.
    func image(_ fills: [(UIColor, CGRect)]) -> CGImage {
      UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { c in
        for (color, rect) in fills {
          color.setFill()
          c.fill(rect)
        }
      }.cgImage!
    }
    /// Blue filled over the square through `mask`.
    func blue(through mask: CGImage) -> Pixmap {
      drawnPixels(width: 20, height: 20) { ctx in
        ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 20), mask: mask)
        ctx.setFillColor(UIColor.blue.cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
      }
    }
    // The top half of the mask is opaque, the bottom clear.
    let clipped = blue(through: image([(.black, CGRect(x: 0, y: 0, width: 20, height: 10))]))
    #expect(clipped.pixel(x: 10, y: 15).blue == 255 && clipped.pixel(x: 10, y: 15).alpha == 255)
    #expect(clipped.pixel(x: 10, y: 5).alpha == 0, "flipped: the mask's top row is at the bottom")
    // Opaque: white shows, black hides.
    let byGrey = blue(
      through: image([
        (.white, CGRect(x: 0, y: 0, width: 10, height: 20)),
        (.black, CGRect(x: 10, y: 0, width: 10, height: 20)),
      ]))
    #expect(byGrey.pixel(x: 5, y: 10).alpha == 255 && byGrey.pixel(x: 15, y: 10).alpha == 0)
  }
}

/// What real code overrides and calls beside its drawing, as iOS allows it.
@MainActor @Suite struct OverridingTests {
  @Test func viewsAndLayersCanBeOverriddenAsOnIOS() {
    final class Pulse: CALayer {
      var removed = false
      override var backgroundColor: CGColor? {
        didSet { opacity = backgroundColor == nil ? 0 : 1 }
      }
      override func removeFromSuperlayer() {
        removed = true
        super.removeFromSuperlayer()
      }
    }
    final class Wave: UIView {
      var removed = false
      override func removeFromSuperview() {
        removed = true
        super.removeFromSuperview()
      }
    }
    let pulse = Pulse()
    let parent = CALayer()
    parent.addSublayer(pulse)
    pulse.backgroundColor = nil
    #expect(pulse.opacity == 0)
    pulse.removeFromSuperlayer()
    #expect(pulse.removed && pulse.superlayer == nil)
    let wave = Wave()
    UIView().addSubview(wave)
    wave.removeFromSuperview()
    #expect(wave.removed && wave.superview == nil)
  }

  /// A view's layer class that overrides `layoutSublayers()` runs at the view's layout, and
  /// its `super` lays out the view, as on iOS (shimmer views lay their content out so).
  @Test func aViewsLayerClassLaysOutWithTheView() {
    final class ContentLayer: CALayer {
      var order: [String] = []
      override func layoutSublayers() {
        order.append("layer")
        super.layoutSublayers()
      }
    }
    final class Shimmer: UIView {
      override class var layerClass: AnyClass { ContentLayer.self }
      override func layoutSubviews() {
        super.layoutSubviews()
        (layer as! ContentLayer).order.append("view")
      }
    }
    let view = Shimmer(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    view.layoutIfNeeded()
    #expect((view.layer as! ContentLayer).order == ["layer", "view"])
  }

  @Test func olderCoreGraphicsAndViewCalls() {
    #expect(
      CGRect(x: 1, y: 2, width: 3, height: 4).equalTo(CGRect(x: 1, y: 2, width: 3, height: 4)))
    #expect(!CGPoint(x: 1, y: 2).equalTo(.zero))
    #expect(UIColor(white: 0.5, alpha: 1).cgColor.colorSpace?.model == .monochrome)
    #expect(UIColor.red.cgColor.colorSpace?.model == .rgb)
    #expect(CGColorSpaceCreateDeviceGray().numberOfComponents == 1)
    let view = UIView()
    view.contentScaleFactor = 3
    #expect(view.layer.contentsScale == 3)
    view.tintAdjustmentMode = .dimmed
    #expect(view.tintAdjustmentMode == .dimmed)
    #expect(UIVisualEffectView().effect == nil)
    // Its content view follows its size at once (ARSLineProgress draws around its centre
    // right after setting the frame).
    let effect = UIVisualEffectView(effect: UIBlurEffect(style: .dark))
    effect.frame = CGRect(x: 10, y: 10, width: 100, height: 80)
    #expect(effect.contentView.frame == CGRect(x: 0, y: 0, width: 100, height: 80))
    #expect(effect.contentView.autoresizingMask == [.flexibleWidth, .flexibleHeight])
    // Haptics: none here, but the calls build and run.
    let tap = UIImpactFeedbackGenerator(style: .light)
    tap.prepare()
    tap.impactOccurred()
    #expect(tap.style == .light && UIImpactFeedbackGenerator().style == .medium)
    UINotificationFeedbackGenerator().notificationOccurred(.success)
  }
}
