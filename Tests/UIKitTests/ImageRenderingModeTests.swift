import Foundation
import RingGraphics
import Testing

@testable import UIKit

/// Template images: an image view draws the image's alpha in its tint colour, as icon code
/// expects (`withRenderingMode(.alwaysTemplate)`), and `withTintColor` bakes a colour in.
@MainActor @Suite struct ImageRenderingModeTests {
  /// A 4 x 4 point image: a red square, its left half opaque, its right half at half alpha.
  func icon() -> UIImage {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    return UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).image {
      $0.cgContext.setFillColor(UIColor.red.cgColor)
      $0.cgContext.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
      $0.cgContext.setFillColor(UIColor.red.withAlphaComponent(0.5).cgColor)
      $0.cgContext.fill(CGRect(x: 2, y: 0, width: 2, height: 4))
    }
  }

  func shown(_ view: UIImageView) -> Pixmap {
    renderedPixels(view.layer, width: 4, height: 4)
  }

  @Test func aTemplateImageIsDrawnInTheTintColour() {
    let view = UIImageView(image: icon().withRenderingMode(.alwaysTemplate))
    view.tintColor = .blue
    let pixels = shown(view)
    #expect(pixels.pixels[0] == 0xFFFF_0000, "opaque blue where the image is opaque")
    let half = pixels.pixels[3]
    #expect(half >> 24 == 0x80 && half & 0xFFFF == 0, "half-alpha blue: \(String(half, radix: 16))")
    view.tintColor = .green
    #expect(shown(view).pixels[0] & 0xFF == 0, "a new tint redraws it")
    #expect(icon().withRenderingMode(.alwaysTemplate).renderingMode == .alwaysTemplate)
  }

  @Test func anOriginalImageKeepsItsColours() {
    let view = UIImageView(image: icon().withRenderingMode(.alwaysOriginal))
    view.tintColor = .blue
    #expect(shown(view).pixels[0] == 0xFF00_00FF, "still red")
    let baked = UIImageView(image: icon().withTintColor(.blue))
    #expect(shown(baked).pixels[0] == 0xFFFF_0000, "withTintColor bakes blue in")
  }
}
