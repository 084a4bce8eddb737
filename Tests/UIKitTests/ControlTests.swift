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
    dial.removeAction(identifiedBy: .init("up"), for: .touchUpOutside)
    dial.sendActions(for: .touchUpInside)
    #expect(heard.last == "new up")
    dial.isEnabled = false
    dial.isSelected = true
    #expect(dial.state == [.disabled, .selected])
    dial.touchesBegan([touch], with: nil)
    #expect(dial.tracked.count == 3, "a disabled control does not track")
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

  @Test func pointsInOneLineMakeALine() {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 20, y: 0), radius: 5)
    #expect(path.currentPoint == CGPoint(x: 10, y: 0))
  }

  /// An image clips by its alpha, upside down in UIKit's flipped context (as `draw(_:in:)`
  /// places images); an opaque image clips by its grey level.
  @Test func anImageMaskClipsByAlphaOrGrey() {
    // The top half of the mask is opaque, the bottom clear.
    let topHalf = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { c in
      UIColor.black.setFill()
      c.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
    }.cgImage!
    let clipped = drawnPixels(width: 20, height: 20) { ctx in
      ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 20), mask: topHalf)
      ctx.setFillColor(UIColor.blue.cgColor)
      ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
    }
    #expect(clipped.pixel(x: 10, y: 15).blue == 255 && clipped.pixel(x: 10, y: 15).alpha == 255)
    #expect(clipped.pixel(x: 10, y: 5).alpha == 0, "flipped: the mask's top row is at the bottom")
    // Opaque: white shows, black hides, grey half shows.
    let grey = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { c in
      UIColor.white.setFill()
      c.fill(CGRect(x: 0, y: 0, width: 10, height: 20))
      UIColor.black.setFill()
      c.fill(CGRect(x: 10, y: 0, width: 10, height: 20))
    }.cgImage!
    let byGrey = drawnPixels(width: 20, height: 20) { ctx in
      ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 20), mask: grey)
      ctx.setFillColor(UIColor.blue.cgColor)
      ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
    }
    #expect(byGrey.pixel(x: 5, y: 10).alpha == 255 && byGrey.pixel(x: 15, y: 10).alpha == 0)
  }
}
