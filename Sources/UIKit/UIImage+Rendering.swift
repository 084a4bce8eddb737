import RingGraphics

extension UIImage {
  /// Whether an image view draws the image as it is or as a shape in its tint colour.
  public enum RenderingMode: Int, Sendable {
    /// As the context decides: as it is, here (image views draw it as it is).
    case automatic
    case alwaysOriginal
    /// Its alpha as a mask filled with the image view's `tintColor`.
    case alwaysTemplate
  }

  /// The same pixels drawn in `renderingMode`.
  public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
    let image = UIImage(pixmap: pixmap, scale: scale)
    image.renderingMode = renderingMode
    (image.capInsets, image.resizingMode) = (capInsets, resizingMode)
    return image
  }

  /// The image's alpha filled with `color`: a new image, drawn as it is.
  public func withTintColor(_ color: UIColor) -> UIImage {
    UIImage(pixmap: tinted(color), scale: scale)
  }

  public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
    withTintColor(color).withRenderingMode(renderingMode)
  }

  /// The pixels with every colour replaced by `color`, each pixel's alpha times its own.
  func tinted(_ color: UIColor) -> Pixmap {
    var out = pixmap
    let c = color.cgColor.rgba
    // The colour at each of the 256 alphas, premultiplied.
    let shades = (0...255).map { a in
      RGBAColor(unchecked: c.red, c.green, c.blue, c.alpha * Double(a) / 255).premultipliedRGBA8
    }
    out.withUnsafeMutablePixels { px in
      for i in px.indices { px[i] = shades[Int(px[i] >> 24)] }
    }
    return out
  }
}
