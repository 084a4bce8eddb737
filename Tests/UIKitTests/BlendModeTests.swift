import Foundation
import RingGraphics
import Testing

@testable import UIKit

/// Core Graphics' blend modes as drawing code uses them: erasing, tinting, cutting holes,
/// fading through an image's alpha, multiplying; and a layer's `compositingFilter`.
@MainActor @Suite struct BlendModeTests {
  /// `(red, green, blue, alpha)` of a packed premultiplied pixel.
  func channels(_ p: UInt32) -> [Int] {
    [Int(p & 0xFF), Int(p >> 8 & 0xFF), Int(p >> 16 & 0xFF), Int(p >> 24)]
  }

  @Test func everyCoreGraphicsModeIsTheEnginesOfTheSameName() {
    for raw in Int32(0)...27 {
      let mode = CGBlendMode(rawValue: raw)!
      #expect(mode.blendMode.rawValue == "\(mode)", "raw value \(raw)")
    }
  }

  @Test func clearErasesTheShapeOnly() {
    let pixels = drawnPixels(width: 8, height: 4) { c in
      c.setFillColor(UIColor.red.cgColor)
      c.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
      // The colour does not matter to clear: a translucent one erases all the same.
      c.setFillColor(UIColor.blue.withAlphaComponent(0.3).cgColor)
      c.setBlendMode(.clear)
      c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
    }
    #expect(pixels.pixels[0] == 0, "erased: \(channels(pixels.pixels[0]))")
    #expect(pixels.pixels[5] == 0xFF00_00FF, "outside the shape, red stays")
  }

  /// `UIRectFill` replaces what is there (`.copy`, as UIKit documents it), so a clear fill
  /// erases; `CGContext.clear` does too.
  @Test func rectFillCopiesAndClearErases() {
    let pixels = drawnPixels(width: 4, height: 1) { c in
      c.setFillColor(UIColor.red.cgColor)
      c.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
      UIGraphicsPushContext(c)
      UIColor.blue.withAlphaComponent(0.5).setFill()
      UIRectFill(CGRect(x: 0, y: 0, width: 1, height: 1))
      UIColor.clear.setFill()
      UIRectFill(CGRect(x: 1, y: 0, width: 1, height: 1))
      UIGraphicsPopContext()
      c.clear(CGRect(x: 2, y: 0, width: 1, height: 1))
    }
    #expect(channels(pixels.pixels[0]) == [0, 0, 128, 128], "half blue, not over red")
    #expect(pixels.pixels[1] == 0 && pixels.pixels[2] == 0, "erased")
    #expect(pixels.pixels[3] == 0xFF00_00FF, "untouched")
  }

  @Test func sourceInTintsWhatIsDrawn() {
    // A half-transparent icon tinted blue: the idiom of drawing an image, then filling its
    // rectangle with .sourceIn.
    let pixels = drawnPixels(width: 4, height: 1) { c in
      c.setFillColor(UIColor.red.cgColor)
      c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
      c.setFillColor(UIColor.red.withAlphaComponent(0.5).cgColor)
      c.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
      c.setBlendMode(.sourceIn)
      c.setFillColor(UIColor.blue.cgColor)
      c.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
    }
    #expect(channels(pixels.pixels[0]) == [0, 0, 255, 255], "opaque blue")
    #expect(channels(pixels.pixels[1]) == [0, 0, 128, 128], "half-alpha blue")
    #expect(pixels.pixels[2] == 0, "clear where the icon was clear")
  }

  @Test func destinationOutCutsAHoleInAViewsDrawing() {
    // A dimming overlay with a hole, drawn in `draw(_:)`: the view's drawing becomes a
    // bitmap, as its backing store is on iOS.
    final class Spotlight: UIView {
      override func draw(_ rect: CGRect) {
        UIColor.black.withAlphaComponent(0.5).setFill()
        UIRectFill(bounds)
        // The hole's colour is the fill colour: its alpha is what is taken away.
        UIColor.white.setFill()
        UIBezierPath(rect: CGRect(x: 2, y: 2, width: 4, height: 4)).fill(
          with: .destinationOut, alpha: 1)
        UIColor.white.withAlphaComponent(0.5).setFill()
        UIBezierPath(rect: CGRect(x: 0, y: 6, width: 2, height: 2)).fill(
          with: .destinationOut, alpha: 1)
      }
    }
    let view = Spotlight(frame: CGRect(x: 0, y: 0, width: 8, height: 8))
    view.backgroundColor = .clear
    view.layer.displayIfNeeded()
    let pixels = renderedPixels(view.layer, width: 8, height: 8)
    #expect(channels(pixels.pixels[0]) == [0, 0, 0, 128], "dimmed outside the hole")
    #expect(pixels.pixels[4 * 8 + 4] == 0, "clear in the hole")
    #expect(channels(pixels.pixels[7 * 8]) == [0, 0, 0, 64], "half taken by a half-alpha cut")
  }

  @Test func destinationInFadesThroughAnImagesAlpha() {
    // An image whose alpha falls from 1 to 0 left to right, drawn with .destinationIn over
    // an opaque green: green at each alpha.
    let fade = UIGraphicsImageRenderer(
      size: CGSize(width: 4, height: 1),
      format: {
        let f = UIGraphicsImageRendererFormat()
        f.scale = 1
        return f
      }()
    ).image { r in
      for x in 0..<4 {
        r.cgContext.setFillColor(UIColor.white.withAlphaComponent(1 - CGFloat(x) / 4).cgColor)
        r.cgContext.fill(CGRect(x: CGFloat(x), y: 0, width: 1, height: 1))
      }
    }
    let pixels = drawnPixels(width: 4, height: 1) { c in
      c.setFillColor(UIColor.green.cgColor)
      c.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
      UIGraphicsPushContext(c)
      fade.draw(in: CGRect(x: 0, y: 0, width: 4, height: 1), blendMode: .destinationIn, alpha: 1)
      UIGraphicsPopContext()
    }
    for x in 0..<4 {
      let a = Int((255 * (1 - Double(x) / 4)).rounded())
      #expect(
        abs(channels(pixels.pixels[x])[3] - a) <= 1 && channels(pixels.pixels[x])[1] <= a,
        "pixel \(x): \(channels(pixels.pixels[x])), alpha \(a)")
    }
  }

  @Test(arguments: [
    (CGBlendMode.multiply, [128, 128, 255]), (.screen, [255, 255, 255]),
    (.darken, [128, 128, 255]), (.difference, [127, 127, 0]), (.plusLighter, [255, 255, 255]),
    (.plusDarker, [128, 128, 255]), (.copy, [255, 128, 255]),
  ])
  func opaqueColoursMixByTheFormula(mode: CGBlendMode, expected: [Int]) {
    // (0.5, 1, 1) beneath, (1, 0.5, 1) drawn.
    let pixels = drawnPixels(width: 2, height: 2) { c in
      c.setFillColor(CGColor(red: 128 / 255, green: 1, blue: 1, alpha: 1))
      c.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
      c.setBlendMode(mode)
      c.setFillColor(CGColor(red: 1, green: 128 / 255, blue: 1, alpha: 1))
      c.fill(CGRect(x: 0, y: 0, width: 1, height: 2))
    }
    #expect(Array(channels(pixels.pixels[0]).prefix(3)) == expected, "\(mode)")
    #expect(Array(channels(pixels.pixels[1]).prefix(3)) == [128, 255, 255], "untouched")
  }

  @Test(arguments: [
    ("multiplyBlendMode", BlendMode.multiply), ("CIScreenBlendMode", .screen),
    ("colorDodgeBlendMode", .colorDodge), ("sourceOverCompositing", .normal),
    ("noSuchFilter", .normal),
  ])
  func compositingFilterTakesCoreImageNames(name: String, mode: BlendMode) {
    let layer = CALayer()
    layer.compositingFilter = name
    #expect(layer.backing.properties.blendMode == mode)
    layer.compositingFilter = nil
    #expect(layer.backing.properties.blendMode == .normal)
  }

  @Test func aMultiplyingLayerDarkensWhatIsBeneathIt() {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 4, height: 2)
    root.backgroundColor = CGColor(red: 128 / 255, green: 1, blue: 1, alpha: 1)
    let tint = CALayer()
    tint.frame = CGRect(x: 0, y: 0, width: 2, height: 2)
    tint.backgroundColor = CGColor(red: 1, green: 128 / 255, blue: 1, alpha: 1)
    tint.compositingFilter = "multiplyBlendMode"
    root.addSublayer(tint)
    let pixels = renderedPixels(root, width: 4, height: 2)
    #expect(channels(pixels.pixels[0]) == [128, 128, 255, 255], "multiplied")
    #expect(channels(pixels.pixels[3]) == [128, 255, 255, 255], "beside it, untouched")
  }
}
