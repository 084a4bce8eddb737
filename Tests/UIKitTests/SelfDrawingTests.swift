import Foundation
import RingGraphics
import RingLayers
import Testing

@testable import UIKit

/// A layer that draws itself (`draw(in:)`, `display()`, `setNeedsDisplay()`,
/// `needsDisplay(forKey:)`), and Core Graphics drawing as progress views use it: clips,
/// gradients, shadows, dashes, stroked copies of paths.
@MainActor @Suite(.serialized) struct SelfDrawingTests {
  /// A pie of `progress` drawn with Core Graphics.
  class PieLayer: CALayer {
    var progress: CGFloat = 0.25 { didSet { setNeedsDisplay() } }
    var draws = 0

    override func draw(in ctx: CGContext) {
      draws += 1
      let c = CGPoint(x: bounds.midX, y: bounds.midY)
      ctx.move(to: c)
      ctx.addArc(
        center: c, radius: bounds.width / 2, startAngle: -.pi / 2,
        endAngle: -.pi / 2 + 2 * .pi * progress, clockwise: false)
      ctx.closePath()
      ctx.setFillColor(UIColor.systemRed.cgColor)
      ctx.fillPath()
    }
  }

  /// A pie redrawn when its bounds change.
  final class ResizingPieLayer: PieLayer {
    override class func needsDisplay(forKey key: String) -> Bool {
      key == "bounds" || super.needsDisplay(forKey: key)
    }
  }

  /// Nothing is drawn until the layer asks; then `draw(in:)` runs at the end of the turn,
  /// once, and again after a change that needs it (a property's `didSet`, the bounds named
  /// by `needsDisplay(forKey:)`).
  @Test func aLayerDrawsWhenItNeedsTo() {
    let pie = PieLayer()
    pie.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
    let tree = showInKeyWindow(pie)
    #expect(pie.draws == 0, "a new layer has no content until setNeedsDisplay")
    pie.setNeedsDisplay()
    tree.advance(to: .seconds(0.1))
    #expect(pie.draws == 1)
    // The quarter from twelve to three o'clock is red; the rest is clear.
    var p = renderedPixels(pie, width: 40, height: 40)
    #expect(p.pixel(x: 30, y: 10).red == 255 && p.pixel(x: 30, y: 10).alpha == 255)
    #expect(p.pixel(x: 10, y: 30).alpha == 0)
    pie.progress = 0.75
    tree.advance(to: .seconds(0.2))
    #expect(pie.draws == 2)
    p = renderedPixels(pie, width: 40, height: 40)
    #expect(p.pixel(x: 10, y: 30).alpha == 255, "three quarters now")
    tree.advance(to: .seconds(0.3))
    #expect(pie.draws == 2, "no change, no drawing")
    pie.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
    tree.advance(to: .seconds(0.4))
    #expect(pie.draws == 2, "a new size alone does not redraw")
    let resizing = ResizingPieLayer()
    resizing.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
    pie.addSublayer(resizing)
    tree.advance(to: .seconds(0.5))
    #expect(resizing.draws == 1, "its first bounds are a change needsDisplay(forKey:) names")
    resizing.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
    tree.advance(to: .seconds(0.6))
    #expect(resizing.draws == 2)
    resizing.position = .zero
    tree.advance(to: .seconds(0.7))
    #expect(resizing.draws == 2, "a key it does not name")
  }

  /// A delegate that implements `display(_:)` sets the content itself; one that implements
  /// only `draw(_:in:)` draws it.
  @Test func theDelegateDrawsOrDisplays() {
    final class Painter: NSObject, CALayerDelegate {
      var displayed = 0
      var drawn = 0
      let displays: Bool
      init(displays: Bool) { self.displays = displays }
      func display(_ layer: CALayer) {
        guard displays else { return layer.drawContent() }
        displayed += 1
      }
      func draw(_ layer: CALayer, in ctx: CGContext) {
        drawn += 1
        ctx.setFillColor(UIColor.blue.cgColor)
        ctx.fill(layer.bounds)
      }
    }
    for displays in [true, false] {
      let layer = CALayer()
      layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
      let painter = Painter(displays: displays)
      layer.delegate = painter
      let tree = showInKeyWindow(layer)
      layer.setNeedsDisplay()
      tree.advance(to: .seconds(0.1))
      #expect(painter.displayed == (displays ? 1 : 0))
      #expect(painter.drawn == (displays ? 0 : 1))
      let p = renderedPixels(layer, width: 10, height: 10)
      #expect(p.pixel(x: 5, y: 5).blue == (displays ? 0 : 255))
    }
  }

  /// A linear gradient clipped to a circle: red at the start, blue at the end, nothing
  /// outside the clip; without options nothing before the start or after the end.
  @Test(arguments: [false, true])
  func aClippedLinearGradient(extends: Bool) throws {
    let p = drawnPixels(width: 60, height: 60) { ctx in
      ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 60, height: 60))
      ctx.clip()
      let gradient = CGGradient(
        colorsSpace: CGColorSpaceCreateDeviceRGB(),
        colors: [UIColor.red.cgColor, UIColor.blue.cgColor] as CFArray, locations: [0, 1])!
      ctx.drawLinearGradient(
        gradient, start: CGPoint(x: 10, y: 30), end: CGPoint(x: 50, y: 30),
        options: extends ? [.drawsBeforeStartLocation, .drawsAfterEndLocation] : [])
    }
    #expect(p.pixel(x: 11, y: 30).red > 240 && p.pixel(x: 11, y: 30).blue < 15)
    #expect(p.pixel(x: 48, y: 30).blue > 240 && p.pixel(x: 48, y: 30).red < 15)
    #expect(p.pixel(x: 30, y: 30).red > 110 && p.pixel(x: 30, y: 30).red < 145, "half way")
    #expect(p.pixel(x: 1, y: 1).alpha == 0, "outside the circle")
    #expect((p.pixel(x: 4, y: 30).alpha == 255) == extends, "before the start")
    #expect((p.pixel(x: 56, y: 30).alpha == 255) == extends, "after the end")
  }

  /// A stroked copy of a path is the outline of its stroke: a 20-point square stroked
  /// 4 wide covers a 24-point square less a 16-point one.
  @Test func strokedCopiesAreOutlines() {
    let square = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
    let outline = square.copy(
      strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
    #expect(outline.boundingBox == CGRect(x: 8, y: 8, width: 24, height: 24))
    let layer = Layer()
    let shape = ShapeLayer()
    shape.anchorPoint = .zero
    shape.path = outline.bezier
    layer.addSublayer(shape)
    var p = try! Pixmap(width: 40, height: 40)
    LayerRenderer().render(layer, at: .zero, scale: 1, into: &p)
    let area = p.straightRGBABytes().enumerated().reduce(0.0) {
      $1.offset % 4 == 3 ? $0 + Double($1.element) / 255 : $0
    }
    #expect(abs(area - (24 * 24 - 16 * 16)) < 0.5, "\(area)")
  }

  /// A shadow set on the context falls under what is drawn after, offset; dashes dash.
  @Test func shadowsAndDashes() {
    let p = drawnPixels(width: 60, height: 60) { ctx in
      ctx.setShadow(offset: CGSize(width: 0, height: 10), blur: 0, color: UIColor.black.cgColor)
      ctx.setFillColor(UIColor.green.cgColor)
      ctx.fill(CGRect(x: 10, y: 10, width: 20, height: 10))
      ctx.setShadow(offset: .zero, blur: 0, color: nil)
      ctx.setLineDash(phase: 0, lengths: [5, 5])
      ctx.setLineWidth(2)
      ctx.move(to: CGPoint(x: 0, y: 50))
      ctx.addLine(to: CGPoint(x: 60, y: 50))
      ctx.strokePath()
    }
    #expect(p.pixel(x: 20, y: 15).green == 255, "the shape")
    #expect(p.pixel(x: 20, y: 25) == (0, 0, 0, 255), "its shadow 10 points down")
    #expect(p.pixel(x: 2, y: 50).alpha == 255 && p.pixel(x: 7, y: 50).alpha == 0, "dashes")
  }
}

/// A view's own layer asked to redraw redraws the view (its `draw(_:)`), not an empty
/// layer drawing.
@MainActor @Suite(.serialized) struct ViewLayerDisplayTests {
  final class Dot: UIView {
    var draws = 0
    override func draw(_ rect: CGRect) {
      draws += 1
      UIColor.red.setFill()
      UIBezierPath(ovalIn: bounds).fill()
    }
  }

  @Test func aViewsLayerRedrawsTheView() {
    let dot = Dot(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    let tree = showInKeyWindow(CALayer())
    UIApplication.shared.keyWindow!.rootViewController!.view.addSubview(dot)
    tree.advance(to: .seconds(0.1))
    #expect(dot.draws == 1)
    dot.layer.setNeedsDisplay()
    tree.advance(to: .seconds(0.2))
    #expect(dot.draws == 2)
    dot.layer.display()
    tree.advance(to: .seconds(0.3))
    #expect(dot.draws == 3)
    #expect(renderedPixels(dot.layer, width: 20, height: 20).pixel(x: 10, y: 10).red == 255)
  }
}

/// A view whose `layerClass` draws itself (the circular-progress libraries' pattern): the
/// layer's own `draw(in:)` draws the view, redrawn when a property it names changes.
@MainActor @Suite(.serialized) struct LayerClassDrawingTests {
  final class RingLayer: CALayer {
    var angle: CGFloat = 90 {
      didSet { setNeedsDisplay() }
    }
    override func draw(in ctx: CGContext) {
      UIGraphicsPushContext(ctx)
      let path = UIBezierPath(
        arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: bounds.width / 2 - 4,
        startAngle: -.pi / 2, endAngle: -.pi / 2 + angle * .pi / 180, clockwise: true)
      path.lineWidth = 6
      UIColor.systemBlue.setStroke()
      path.stroke()
      UIGraphicsPopContext()
    }
  }

  final class RingView: UIView {
    override class var layerClass: AnyClass { RingLayer.self }
    var ring: RingLayer { layer as! RingLayer }
  }

  @Test func theLayersOwnDrawingDrawsTheView() {
    let view = RingView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    let tree = showInKeyWindow(CALayer())
    UIApplication.shared.keyWindow!.rootViewController!.view.addSubview(view)
    tree.advance(to: .seconds(0.1))
    var p = renderedPixels(view.layer, width: 40, height: 40)
    #expect(p.pixel(x: 31, y: 8).blue == 255, "a quarter turn: half past one is drawn")
    #expect(p.pixel(x: 4, y: 20).alpha == 0, "nine o'clock is not")
    view.ring.angle = 270
    tree.advance(to: .seconds(0.2))
    p = renderedPixels(view.layer, width: 40, height: 40)
    #expect(p.pixel(x: 4, y: 20).blue == 255, "three quarters: nine o'clock is drawn")
  }
}
