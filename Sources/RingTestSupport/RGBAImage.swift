import RingGraphics

/// An image as straight (un-premultiplied) 8-bit RGBA bytes, row-major, as golden PNGs
/// store it; fully transparent pixels are all zero.
public struct RGBAImage: Hashable, Sendable {
  /// Width and height, in pixels.
  public let width: Int
  public let height: Int
  /// R, G, B, A per pixel, `4 * width * height` bytes.
  public let bytes: [UInt8]

  /// An image from `bytes`; throws unless both sides are positive, the pixel count is at
  /// most `Pixmap.maximumPixelCount` and there are `4 * width * height` bytes.
  public init(width: Int, height: Int, bytes: [UInt8]) throws {
    guard width > 0, height > 0, width <= Pixmap.maximumPixelCount / height else {
      throw GoldenPNGError("image size \(width)x\(height) is empty or too large")
    }
    guard bytes.count == 4 * width * height else {
      throw GoldenPNGError(
        "\(bytes.count) bytes do not make a \(width)x\(height) RGBA image (\(4 * width * height))")
    }
    self.width = width
    self.height = height
    self.bytes = bytes
  }

  /// `pixmap`'s pixels un-premultiplied (a one-to-one map: no two premultiplied pixels
  /// share straight bytes, so comparing these is as strict as comparing the pixmaps).
  public init(_ pixmap: Pixmap) {
    width = pixmap.width
    height = pixmap.height
    bytes = pixmap.straightRGBABytes()
  }

  /// The pixel at (x, y) as (red, green, blue, alpha).
  public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    let i = 4 * (y * width + x)
    return (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
  }
}
