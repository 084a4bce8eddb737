import RingGraphics
import RingLayers

/// A bitmap image (Core Graphics'): 8-bit premultiplied RGBA pixels, row 0 at the top.
public final class CGImage: @unchecked Sendable {
  let pixmap: Pixmap
  /// What a layer shows of it, made once so that setting it again is no change.
  private(set) lazy var contents = LayerContents(image: pixmap)
  /// What it lets through as a mask: its alpha, or, when every pixel is opaque, its grey
  /// level (Rec. 601 luma) as alpha.
  private(set) lazy var maskContents: LayerContents = {
    guard pixmap.pixels.allSatisfy({ $0 >> 24 == 0xFF }) else { return contents }
    var grey = pixmap
    grey.withUnsafeMutablePixels { px in
      for i in px.indices {
        let v = px[i]
        let luma = (299 * (v & 0xFF) + 587 * (v >> 8 & 0xFF) + 114 * (v >> 16 & 0xFF) + 500) / 1000
        // Premultiplied white at that alpha.
        px[i] = luma | luma << 8 | luma << 16 | luma << 24
      }
    }
    return LayerContents(image: grey)
  }()

  init(pixmap: Pixmap) { self.pixmap = pixmap }

  /// The image a layer shows as `contents`.
  convenience init(contents: LayerContents) {
    self.init(pixmap: contents.image)
    self.contents = contents
  }

  public var width: Int { pixmap.width }
  public var height: Int { pixmap.height }
  public var bitsPerComponent: Int { 8 }
  public var bitsPerPixel: Int { 32 }
  public var bytesPerRow: Int { pixmap.width * 4 }
  public var colorSpace: CGColorSpace? { CGColorSpace() }
  public var alphaInfo: CGImageAlphaInfo { .premultipliedLast }

  /// The pixels of `rect` (in pixels, y down), or nil when it misses the image.
  public func cropping(to rect: CGRect) -> CGImage? {
    let r = rect.standardized.integral
    let x0 = max(0, Int(r.minX))
    let y0 = max(0, Int(r.minY))
    let x1 = min(width, Int(r.maxX))
    let y1 = min(height, Int(r.maxY))
    guard x1 > x0, y1 > y0, var out = try? Pixmap(width: x1 - x0, height: y1 - y0) else {
      return nil
    }
    let source = pixmap.pixels
    out.withUnsafeMutablePixels { px in
      for y in y0..<y1 {
        for x in x0..<x1 { px[(y - y0) * (x1 - x0) + x - x0] = source[y * width + x] }
      }
    }
    return CGImage(pixmap: out)
  }
}

public enum CGImageAlphaInfo: UInt32, Sendable {
  case none, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst
  case alphaOnly
}

/// How a bitmap context's bytes are laid out: this module draws 8-bit premultiplied RGBA.
public struct CGBitmapInfo: OptionSet, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
  public static let byteOrderDefault = CGBitmapInfo([])
  public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
  public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
}

extension CGContext {
  /// A bitmap context of `width` x `height` pixels whose y runs up from the bottom, as Core
  /// Graphics' bitmap contexts do; nil unless 8 bits per component, 4 bytes per pixel,
  /// premultiplied (or no) alpha. With `data`, what is drawn is also written there as RGBA
  /// rows of `bytesPerRow` bytes, top row first.
  public convenience init?(
    data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
    bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32
  ) {
    let alpha = bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue
    let supported: [UInt32] = [
      CGImageAlphaInfo.premultipliedLast.rawValue, CGImageAlphaInfo.noneSkipLast.rawValue,
    ]
    guard bitsPerComponent == 8, supported.contains(alpha),
      bytesPerRow == 0 || bytesPerRow >= width * 4,
      let pixmap = try? Pixmap(width: width, height: height)
    else { return nil }
    self.init(pixmap: pixmap, scale: 1)
    base = Transform2D(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: Double(height))
    if let data {
      target = (data, bytesPerRow == 0 ? width * 4 : bytesPerRow)
      didDraw()
    }
  }

  /// What is drawn, as an image (a copy).
  public func makeImage() -> CGImage? {
    recorded == nil ? CGImage(pixmap: pixmap) : nil
  }

  public var width: Int { pixmap.width }
  public var height: Int { pixmap.height }

  /// Draws `image` into `rect` (user space) as Core Graphics does: its top row at the
  /// rect's maximum y, so upright where y runs up (bitmap contexts) and upside down in
  /// UIKit's flipped contexts, as on iOS.
  public func draw(_ image: CGImage, in rect: CGRect) {
    drawImage(image, in: rect, upright: false)
  }

  /// Draws `image` into `rect`, its top row at the rect's minimum y when `upright`.
  func drawImage(_ image: CGImage, in rect: CGRect, upright: Bool) {
    if let layer = imageLayer(image.contents, in: rect, upright: upright) { emit(layer) }
  }

  /// Narrows drawing to where `mask` shows, placed in `rect` as `draw(_:in:)` places an
  /// image (upside down in UIKit's flipped contexts, as on iOS): by its alpha, or by its
  /// grey level when it is opaque (Core Graphics' grey masks, white showing).
  public func clip(to rect: CGRect, mask: CGImage) {
    guard let layer = imageLayer(mask.maskContents, in: rect, upright: false) else {
      return state.clips.append(.path(BezierPath(), .nonZero))
    }
    state.clips.append(.mask(layer, bounds: rect.applying(ctm).rect))
  }

  /// A layer showing `contents` in `rect` (user space), its top row at the rect's maximum
  /// y unless `upright`; nil for an empty rect.
  private func imageLayer(_ contents: LayerContents, in rect: CGRect, upright: Bool) -> Layer? {
    let r = rect.rect
    guard r.width != 0, r.height != 0 else { return nil }
    let layer = Layer()
    layer.anchorPoint = .zero
    layer.bounds = Rect(x: 0, y: 0, width: abs(r.width), height: abs(r.height))
    layer.properties.contents = contents
    let flip =
      upright
      ? Transform2D.identity
      : Transform2D(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: abs(r.height))
    let placed = flip.concatenating(Transform2D(translationX: r.minX, y: r.minY))
      .concatenating(state.transform)
    layer.properties.transform = Transform3D(placed)
    return layer
  }
}
