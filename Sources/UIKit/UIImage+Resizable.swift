import Foundation
import RingGraphics

extension UIImage {
  /// How a resizable image fills the space between its cap insets.
  public enum ResizingMode: Int, Sendable {
    case tile, stretch
  }

  /// The image with edges, in points, that an image view (and so a button's background)
  /// keeps at their size while it stretches the rest, as a bubble or a button's background
  /// is drawn: its layer's `contentsCenter`. Tiling is drawn as stretching here.
  public func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
    resizableImage(withCapInsets: capInsets, resizingMode: .tile)
  }

  public func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode)
    -> UIImage
  {
    let image = UIImage(pixmap: pixmap, scale: scale)
    image.renderingMode = renderingMode
    image.capInsets = capInsets
    image.resizingMode = resizingMode
    if resizingMode == .tile, capInsets != .zero {
      Notice.once("tiled caps", "UIImage: a tiled resizable image is drawn stretched here")
    }
    return image
  }

  /// The older form (iOS 2): the left and top caps as given, the right and bottom ones what
  /// is left beside a middle one point wide or tall (none when a cap is 0), stretched.
  public func stretchableImage(withLeftCapWidth leftCapWidth: Int, topCapHeight: Int)
    -> UIImage
  {
    let (w, h) = (size.width, size.height)
    let left = CGFloat(leftCapWidth)
    let top = CGFloat(topCapHeight)
    let insets = UIEdgeInsets(
      top: top, left: left, bottom: top > 0 ? max(0, h - top - 1) : 0,
      right: left > 0 ? max(0, w - left - 1) : 0)
    return resizableImage(withCapInsets: insets, resizingMode: .stretch)
  }

  /// The part between the cap insets in the image's unit space: a layer's `contentsCenter`
  /// (the unit rectangle when there are none).
  var stretchableCenter: CGRect {
    let (w, h) = (size.width, size.height)
    guard capInsets != .zero, w > 0, h > 0 else { return CGRect(Rect.unit) }
    let left = min(max(capInsets.left, 0), w)
    let top = min(max(capInsets.top, 0), h)
    return CGRect(
      x: left / w, y: top / h, width: max(0, w - left - max(capInsets.right, 0)) / w,
      height: max(0, h - top - max(capInsets.bottom, 0)) / h)
  }
}
