import Foundation

extension UIView {
  /// How a view's content fills its bounds when their size differs (UIKit's).
  public enum ContentMode: Int, Sendable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
    case topLeft, topRight, bottomLeft, bottomRight

    /// The layer gravity that places content this way.
    var gravity: CALayerContentsGravity {
      switch self {
      case .scaleToFill, .redraw: .resize
      case .scaleAspectFit: .resizeAspect
      case .scaleAspectFill: .resizeAspectFill
      case .center: .center
      case .top: .top
      case .bottom: .bottom
      case .left: .left
      case .right: .right
      case .topLeft: .topLeft
      case .topRight: .topRight
      case .bottomLeft: .bottomLeft
      case .bottomRight: .bottomRight
      }
    }
  }
}

/// A view that shows an image (its layer's `contents`), placed by `contentMode`.
open class UIImageView: UIView {
  public var image: UIImage? {
    didSet {
      show()
      // Its natural size is the image's.
      invalidateIntrinsicContentSize()
    }
  }

  public init(image: UIImage?) {
    self.image = image
    let size = image?.size ?? .zero
    super.init(frame: CGRect(origin: .zero, size: size))
    show()
  }

  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  /// How the image fills the bounds (`.scaleToFill` unless set).
  open override var contentMode: UIView.ContentMode {
    didSet { show() }
  }

  /// A template image is drawn again in the new tint.
  open override func tintColorDidChange() { show() }

  open override var intrinsicContentSize: CGSize {
    image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
  }

  private func show() {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    if let image, image.renderingMode == .alwaysTemplate {
      layer.contents = CGImage(pixmap: image.tinted(tintColor))
    } else {
      layer.contents = image?.cgImage
    }
    layer.contentsScale = image?.scale ?? 1
    layer.contentsGravity = contentMode.gravity
    CATransaction.commit()
  }
}
