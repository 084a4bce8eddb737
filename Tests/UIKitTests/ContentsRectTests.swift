import Foundation
import Testing

@testable import UIKit

/// `contentsRect`: the part of a layer's image it shows, placed by the gravity as if it were
/// the whole image, as sprite-sheet animations step a keyframe animation of it through the
/// sheet's frames. `contentsCenter`: the part that stretches, the edges around it keeping
/// their size (nine-slice), as resizable images draw in image views and buttons.
@MainActor @Suite(.serialized) struct ContentsRectTests {
  static let frameColors: [UIColor] = [.red, .green, .blue, .yellow]

  /// A sheet of four 10 x 10 pixel frames side by side, one colour each.
  static func sheet() -> CGImage {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    return UIGraphicsImageRenderer(size: CGSize(width: 40, height: 10), format: format).image {
      for (k, color) in frameColors.enumerated() {
        $0.cgContext.setFillColor(color.cgColor)
        $0.cgContext.fill(CGRect(x: 10 * k, y: 0, width: 10, height: 10))
      }
    }.cgImage!
  }

  static func frame(_ k: Int) -> CGRect {
    CGRect(x: 0.25 * Double(k), y: 0, width: 0.25, height: 1)
  }

  /// The layer's middle pixel as `[red, green, blue]`.
  private func middle(_ layer: CALayer) -> [Int] {
    let p = renderedPixels(layer, width: 20, height: 20).pixel(x: 10, y: 10)
    return [Int(p.red), Int(p.green), Int(p.blue)]
  }

  private func sprite() -> CALayer {
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
    layer.contents = Self.sheet()
    return layer
  }

  @Test(arguments: 0..<4) func aFrameOfTheSheetFillsTheLayer(k: Int) {
    let layer = sprite()
    layer.contentsRect = Self.frame(k)
    #expect(layer.contentsRect == Self.frame(k))
    let c = Self.frameColors[k].cgColor.components!.map { Int($0 * 255) }
    #expect(middle(layer) == Array(c.prefix(3)), "frame \(k)")
    // Its edges too: the frame, stretched, covers the bounds and no other frame shows.
    let p = renderedPixels(layer, width: 20, height: 20)
    for x in [1, 18] {
      let e = p.pixel(x: x, y: 10)
      #expect([Int(e.red), Int(e.green), Int(e.blue)] == Array(c.prefix(3)), "x \(x)")
    }
  }

  /// By default the whole sheet shows; a rectangle of no area shows nothing.
  @Test func theWholeImageByDefaultAndNothingForNoArea() {
    let layer = sprite()
    #expect(layer.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
    let p = renderedPixels(layer, width: 20, height: 20)
    #expect(p.pixel(x: 2, y: 10).red == 255 && p.pixel(x: 17, y: 10).blue == 0)
    layer.contentsRect = CGRect(x: 0.5, y: 0, width: 0, height: 1)
    #expect(renderedPixels(layer, width: 20, height: 20).pixel(x: 10, y: 10).alpha == 0)
  }

  /// The sprite idiom: a discrete keyframe animation of `contentsRect` over the frames, a
  /// quarter second each.
  @Test func aKeyframeAnimationStepsThroughTheFrames() throws {
    let layer = sprite()
    let tree = showInKeyWindow(layer)
    let animation = CAKeyframeAnimation(keyPath: "contentsRect")
    animation.values = (0..<4).map { NSValue(cgRect: Self.frame($0)) }
    animation.calculationMode = .discrete
    animation.duration = 1
    layer.add(animation, forKey: "sprite")
    tree.advance(to: .zero)
    for (t, k) in [(0.1, 0), (0.3, 1), (0.6, 2), (0.9, 3)] {
      tree.advance(to: .seconds(t))
      let shown = try #require(layer.presentation()).contentsRect
      #expect(shown == Self.frame(k), "at \(t) s: \(shown)")
    }
    #expect(
      layer.value(forKeyPath: "contentsRect") as? CGRect == CGRect(x: 0, y: 0, width: 1, height: 1))
  }

  /// A 30 x 30 point picture: a red frame 10 points wide around a blue middle.
  static func framed() -> UIImage {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    return UIGraphicsImageRenderer(size: CGSize(width: 30, height: 30), format: format).image {
      $0.cgContext.setFillColor(UIColor.red.cgColor)
      $0.cgContext.fill(CGRect(x: 0, y: 0, width: 30, height: 30))
      $0.cgContext.setFillColor(UIColor.blue.cgColor)
      $0.cgContext.fill(CGRect(x: 10, y: 10, width: 10, height: 10))
    }
  }

  /// `[red, green, blue]` at (`x`, `y`) of `layer` drawn `width` x `height`.
  private func rgb(_ layer: CALayer, _ width: CGFloat, _ height: CGFloat, _ x: Int, _ y: Int)
    -> [Int]
  {
    let p = renderedPixels(layer, width: width, height: height).pixel(x: x, y: y)
    return [Int(p.red), Int(p.green), Int(p.blue)]
  }

  /// Stretched to 100 x 60 with the middle third stretchable, the frame stays 10 points
  /// wide: 15 points in is the middle's blue (stretched whole, it would be the frame's red).
  @Test func theCentreStretchesAndTheEdgesKeepTheirSize() throws {
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
    layer.contents = Self.framed().cgImage
    layer.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
    let (red, blue) = ([255, 0, 0], [0, 0, 255])
    #expect(rgb(layer, 100, 60, 5, 5) == red && rgb(layer, 100, 60, 95, 55) == red)
    #expect(rgb(layer, 100, 60, 15, 30) == blue && rgb(layer, 100, 60, 50, 30) == blue)
    #expect(rgb(layer, 100, 60, 85, 30) == blue && rgb(layer, 100, 60, 92, 30) == red)
    #expect(rgb(layer, 100, 60, 50, 5) == red && rgb(layer, 100, 60, 50, 15) == blue)
    layer.contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    #expect(rgb(layer, 100, 60, 15, 30) == red, "the whole image stretched")
    // Too small for its edges, they shrink alike: 12 points wide, 6 each, no middle.
    layer.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
    layer.frame = CGRect(x: 0, y: 0, width: 12, height: 12)
    #expect(rgb(layer, 12, 12, 2, 2) == red && rgb(layer, 12, 12, 9, 9) == red)
  }

  /// A resizable image in an image view (a button's background is one) keeps its caps.
  @Test func aResizableImageKeepsItsCapsInAnImageView() throws {
    let image = Self.framed().resizableImage(
      withCapInsets: UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10), resizingMode: .stretch)
    #expect(image.capInsets == UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
    #expect(image.withRenderingMode(.alwaysOriginal).capInsets == image.capInsets)
    let view = UIImageView(image: image)
    view.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
    #expect(rgb(view.layer, 100, 60, 15, 30) == [0, 0, 255])
    #expect(rgb(view.layer, 100, 60, 5, 30) == [255, 0, 0])
    let old = Self.framed().stretchableImage(withLeftCapWidth: 10, topCapHeight: 10)
    #expect(old.capInsets == UIEdgeInsets(top: 10, left: 10, bottom: 19, right: 19))
    #expect(
      Self.framed().resizableImage(withCapInsets: .zero).stretchableCenter
        == CGRect(x: 0, y: 0, width: 1, height: 1))
  }
}
