import Foundation
import RingGraphics
import RingLayers

@testable import UIKit

/// What `draw` draws into a `width` x `height` point image at one pixel per point.
@MainActor func drawnPixels(width: CGFloat, height: CGFloat, _ draw: (CGContext) -> Void)
  -> Pixmap
{
  let format = UIGraphicsImageRendererFormat()
  format.scale = 1
  return UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format)
    .image { draw($0.cgContext) }.pixmap
}

/// The tree under `layer` (its model) at one pixel per point.
@MainActor func renderedPixels(_ layer: CALayer, width: CGFloat, height: CGFloat) -> Pixmap {
  drawnPixels(width: width, height: height) { layer.render(in: $0) }
}

/// A key window of `width` x `height` points with a white root view, to which `fill` adds
/// what a test draws; shown at time 0.
@MainActor func showInWhiteWindow(width: CGFloat, height: CGFloat, _ fill: (UIView) -> Void)
  -> KeyWindowTree
{
  UIApplication.shared.reset()
  let window = UIWindow(frame: CGRect(x: 0, y: 0, width: width, height: height))
  window.rootViewController = UIViewController()
  window.rootViewController!.view.backgroundColor = .white
  window.makeKeyAndVisible()
  fill(window.rootViewController!.view)
  let tree = KeyWindowTree(window: window)
  tree.advance(to: .zero)
  return tree
}

/// The window's pixel at (`x`, `y`) as `[red, green, blue]`, `time` seconds in, drawn at one
/// pixel per point.
@MainActor func windowPixel(
  _ tree: KeyWindowTree, width: Int, height: Int, at time: Double, _ x: Int, _ y: Int
) throws -> [Int] {
  tree.advance(to: .seconds(time))
  let root = tree.layer(
    canvas: Size(width: Double(width), height: Double(height)), background: .clear,
    origin: .zero)
  let p = try FrameRenderer(root: root, width: width, height: height, scale: 1)
    .render(at: .seconds(time)).pixel(x: x, y: y)
  return [Int(p.red), Int(p.green), Int(p.blue)]
}
