import Foundation
import RingGraphics

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
  open var image: UIImage? {
    didSet {
      show()
      // Its natural size is the image's.
      invalidateIntrinsicContentSize()
    }
  }

  /// An image view the image's size (a convenience initialiser, as on iOS, so a subclass
  /// that overrides `init(frame:)` inherits it).
  public convenience init(image: UIImage?) {
    self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    self.image = image
    // An initialiser's own assignment runs no observer.
    show()
  }

  /// Not interactive unless set, as on iOS: touches go to the view beneath.
  public override init(frame: CGRect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    isUserInteractionEnabled = false
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

  // MARK: Animating a sequence of images

  /// The images `startAnimating()` shows in turn, each for an equal share of
  /// `animationDuration`.
  open var animationImages: [UIImage]?
  /// Accepted; the view is never highlighted.
  open var highlightedAnimationImages: [UIImage]?
  /// One pass through the images, in seconds; 0 shows each for a thirtieth of a second.
  open var animationDuration: TimeInterval = 0
  /// How many passes; 0 repeats forever.
  open var animationRepeatCount = 0

  /// Shows `animationImages` in turn (as iOS does, a discrete keyframe animation of the
  /// layer's `contents`), after which `image` shows again; nothing without images.
  open func startAnimating() {
    guard let images = animationImages, !images.isEmpty else { return }
    animate(images, duration: animationDuration, repeatCount: animationRepeatCount)
  }

  open func stopAnimating() { layer.removeAnimation(forKey: UIImageView.animationKey) }

  /// Whether the images are being shown in turn.
  open var isAnimating: Bool { layer.animation(forKey: UIImageView.animationKey) != nil }

  private static let animationKey = "UIImageAnimation"

  private func animate(_ images: [UIImage], duration: TimeInterval, repeatCount: Int) {
    let frames = images.compactMap(\.cgImage)
    guard !frames.isEmpty else { return }
    let turn = CAKeyframeAnimation(keyPath: "contents")
    turn.values = frames
    turn.calculationMode = .discrete
    turn.duration = duration > 0 ? duration : Double(frames.count) / 30
    turn.repeatCount = repeatCount > 0 ? Float(repeatCount) : .infinity
    // Forever, it runs on through leaving the window, as iOS's image views do.
    turn.isRemovedOnCompletion = repeatCount > 0
    layer.contentsScale = images[0].scale
    layer.add(turn, forKey: UIImageView.animationKey)
  }

  private func show() {
    if let frames = image?.images, !frames.isEmpty {
      // An animated image animates by itself, forever.
      animate(frames, duration: image?.duration ?? 0, repeatCount: 0)
    } else if layer.animation(forKey: UIImageView.animationKey) != nil,
      animationImages?.isEmpty ?? true
    {
      stopAnimating()
    }
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    if let image, image.renderingMode == .alwaysTemplate {
      layer.contents = CGImage(pixmap: image.tinted(tintColor))
    } else {
      layer.contents = image?.cgImage
    }
    layer.contentsScale = image?.scale ?? 1
    layer.contentsGravity = contentMode.gravity
    layer.contentsCenter = image?.stretchableCenter ?? CGRect(Rect.unit)
    CATransaction.commit()
  }
}
