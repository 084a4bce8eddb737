import Foundation
import RingGraphics
import RingLayers
import Testing

@testable import UIKit

/// Images as Core Graphics and Core Animation handle them: bitmap contexts whose y runs up,
/// `makeImage`, drawing an image (upside down in UIKit's flipped contexts, as on iOS;
/// upright through `UIImage.draw`), and a layer's `contents` placed by its gravity.
@MainActor @Suite(.serialized) struct ImageTests {
  static let rgba = CGImageAlphaInfo.premultipliedLast.rawValue

  /// A 2 x 2 image: red and green on top, blue and white below.
  static func quad() -> CGImage {
    let ctx = CGContext(
      data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: rgba)!
    // y runs up: y 1..2 is the top row.
    for (x, y, color) in [
      (0, 1, UIColor.red), (1, 1, .green), (0, 0, .blue), (1, 0, .white),
    ] {
      ctx.setFillColor(color.cgColor)
      ctx.fill(CGRect(x: x, y: y, width: 1, height: 1))
    }
    return ctx.makeImage()!
  }

  static func color(_ p: Pixmap, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
    let c = p.pixel(x: x, y: y)
    return (c.red, c.green, c.blue)
  }

  @Test func bitmapContextsRunUp() {
    let image = Self.quad()
    #expect(image.width == 2 && image.height == 2)
    #expect(Self.color(image.pixmap, 0, 0) == (255, 0, 0), "red at the top left")
    #expect(Self.color(image.pixmap, 0, 1) == (0, 0, 255), "blue at the bottom left")
  }

  /// `CGContext.draw` puts an image's top row at the rect's maximum y: upright in a bitmap
  /// context, upside down in a UIKit image context; `UIImage.draw(in:)` is upright there.
  @Test func drawingAnImage() {
    let image = Self.quad()
    let bitmap = CGContext(
      data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.rgba)!
    bitmap.draw(image, in: CGRect(x: 0, y: 0, width: 2, height: 2))
    #expect(Self.color(bitmap.makeImage()!.pixmap, 0, 0) == (255, 0, 0), "upright")
    let square = CGRect(x: 0, y: 0, width: 2, height: 2)
    let flipped = drawnPixels(width: 2, height: 2) { $0.draw(image, in: square) }
    #expect(Self.color(flipped, 0, 0) == (0, 0, 255), "upside down, as on iOS")
    let upright = drawnPixels(width: 2, height: 2) { _ in
      UIImage(cgImage: image).draw(in: square)
    }
    #expect(Self.color(upright, 0, 0) == (255, 0, 0), "UIImage draws upright")
  }

  /// A bitmap context made with memory of the caller's writes its pixels there.
  @Test func drawingIntoTheCallersMemory() {
    var bytes = [UInt8](repeating: 0, count: 4 * 4 * 4)
    bytes.withUnsafeMutableBytes { raw in
      let ctx = CGContext(
        data: raw.baseAddress, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.rgba)!
      ctx.setFillColor(UIColor.green.cgColor)
      ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
    }
    // y runs up: the bottom row (the last in memory) is green.
    #expect(Array(bytes[48..<52]) == [0, 255, 0, 255])
    #expect(Array(bytes[0..<4]) == [0, 0, 0, 0])
  }

  /// A layer's contents fill its bounds (`.resize`), keep their shape (`.resizeAspect`),
  /// or sit at their size in the centre, sampled linearly between pixel centres.
  @Test func contentsFollowTheirGravity() throws {
    let image = Self.quad()
    func render(_ gravity: CALayerContentsGravity, size: CGSize) -> Pixmap {
      let layer = CALayer()
      layer.frame = CGRect(origin: .zero, size: size)
      layer.contents = image
      layer.contentsGravity = gravity
      return renderedPixels(layer, width: size.width, height: size.height)
    }
    let resized = render(.resize, size: CGSize(width: 20, height: 20))
    #expect(
      Self.color(resized, 2, 2) == (255, 0, 0) && Self.color(resized, 17, 17) == (255, 255, 255))
    let mid = resized.pixel(x: 10, y: 2)
    #expect(abs(Int(mid.red) - 128) <= 14 && abs(Int(mid.green) - 128) <= 14, "a blend at the seam")
    let aspect = render(.resizeAspect, size: CGSize(width: 40, height: 20))
    #expect(aspect.pixel(x: 5, y: 10).alpha == 0, "bars beside a square image")
    #expect(Self.color(aspect, 12, 2) == (255, 0, 0))
    let centred = render(.center, size: CGSize(width: 10, height: 10))
    #expect(centred.pixel(x: 4, y: 4).alpha == 255 && centred.pixel(x: 3, y: 3).alpha == 0)
  }

  /// An image view shows its image placed by its content mode; its natural size is the
  /// image's.
  @Test func anImageViewShowsItsImage() {
    let view = UIImageView(image: UIImage(cgImage: Self.quad()))
    #expect(view.intrinsicContentSize == CGSize(width: 2, height: 2))
    view.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
    view.contentMode = .scaleAspectFit
    let p = renderedPixels(view.layer, width: 40, height: 20)
    #expect(p.pixel(x: 5, y: 10).alpha == 0, "beside the square image")
    #expect(Self.color(p, 12, 2) == (255, 0, 0), "its top-left quarter")
    #expect(Self.color(p, 28, 18) == (255, 255, 255), "its bottom-right quarter")
  }
}

/// `render(in:)` into a bitmap context made with the caller's memory writes the layer's
/// pixels there (the activity-indicator libraries read a colour back this way).
@MainActor @Suite struct RenderIntoMemoryTests {
  @Test func aLayerRendersIntoTheCallersMemory() {
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 1, height: 1)
    layer.backgroundColor = UIColor.systemPink.cgColor
    var pixel = [UInt8](repeating: 0, count: 4)
    pixel.withUnsafeMutableBytes { raw in
      let ctx = CGContext(
        data: raw.baseAddress, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
        space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
      layer.render(in: ctx)
    }
    #expect(pixel == [255, 45, 85, 255])
  }
}
