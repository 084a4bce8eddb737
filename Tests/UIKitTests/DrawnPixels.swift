import Foundation
import RingGraphics

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
