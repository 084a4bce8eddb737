/// How a bitmap's 8-bit samples sit in memory, as Core Graphics' colour space, alpha info,
/// byte order and bits per pixel say it; converts rows to and from the engine's
/// premultiplied RGBA pixels.
///
/// Bitmap contexts take the formats of Apple's "Supported Pixel Formats" table (Quartz 2D
/// Programming Guide; QA1037) at 8 bits per component: RGB in 32 bits with
/// `premultipliedLast`, `premultipliedFirst`, `noneSkipLast` or `noneSkipFirst`, in the
/// default (big-endian) or 32-bit little-endian byte order; grey with `none`; `alphaOnly`.
/// Images also take straight alpha (`last`, `first`) and 24-bit RGB with `none`.
struct BitmapLayout: Hashable, Sendable {
  /// What the samples describe.
  enum Model: Hashable, Sendable {
    /// Red, green and blue, and alpha or a skipped byte in 32 bits, or 24 bits with none.
    case rgb
    /// One grey level per pixel (white 255), opaque.
    case grey
    /// One alpha sample per pixel: colour is thrown away.
    case alphaOnly
  }

  let model: Model
  /// Where alpha sits and whether colours are multiplied by it.
  let alpha: CGImageAlphaInfo
  /// `CGBitmapInfo.byteOrder32Little`: a 32-bit pixel's bytes in reverse order.
  let littleEndian: Bool
  /// Bytes from one pixel to the next: 4, 3 or 1.
  let bytesPerPixel: Int

  /// The engine's own format: R, G, B, A premultiplied, in that order in memory.
  static let rgba = BitmapLayout(
    model: .rgb, alpha: .premultipliedLast, littleEndian: false, bytesPerPixel: 4)
  /// One grey byte per pixel, no alpha.
  static let grey = BitmapLayout(model: .grey, alpha: .none, littleEndian: false, bytesPerPixel: 1)
  /// One alpha byte per pixel.
  static let alphaOnly = BitmapLayout(
    model: .alphaOnly, alpha: .alphaOnly, littleEndian: false, bytesPerPixel: 1)

  private init(model: Model, alpha: CGImageAlphaInfo, littleEndian: Bool, bytesPerPixel: Int) {
    self.model = model
    self.alpha = alpha
    self.littleEndian = littleEndian
    self.bytesPerPixel = bytesPerPixel
  }

  /// A bitmap context's layout; nil where Core Graphics' bitmap contexts refuse it (16-bit
  /// or float components, straight alpha, a grey space with alpha, a 16-bit byte order).
  init?(context space: CGColorSpace?, bitsPerComponent: Int, bitmapInfo: UInt32) {
    guard bitsPerComponent == 8, bitmapInfo & ~Self.knownBits == 0,
      let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue),
      let little = Self.littleEndian(bitmapInfo)
    else { return nil }
    switch alpha {
    case .alphaOnly:
      self = .alphaOnly
    case .none where space?.model == .monochrome:
      self = .grey
    case .premultipliedLast, .premultipliedFirst, .noneSkipLast, .noneSkipFirst:
      guard space?.model == .rgb else { return nil }
      self.init(model: .rgb, alpha: alpha, littleEndian: little, bytesPerPixel: 4)
    default:
      return nil
    }
  }

  /// An image's layout from `CGImage(width:height:...)`'s arguments: a context's, or straight
  /// alpha in 32 bits, or 24-bit RGB; nil for any other.
  init?(image space: CGColorSpace?, bitsPerComponent: Int, bitsPerPixel: Int, bitmapInfo: UInt32) {
    guard bitsPerComponent == 8, bitmapInfo & ~Self.knownBits == 0,
      let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue),
      let little = Self.littleEndian(bitmapInfo)
    else { return nil }
    switch (alpha, space?.model) {
    case (.none, .rgb) where bitsPerPixel == 24 && !little:
      self.init(model: .rgb, alpha: .none, littleEndian: false, bytesPerPixel: 3)
    case (.last, .rgb), (.first, .rgb):
      guard bitsPerPixel == 32 else { return nil }
      self.init(model: .rgb, alpha: alpha, littleEndian: little, bytesPerPixel: 4)
    default:
      guard
        let layout = BitmapLayout(
          context: space, bitsPerComponent: bitsPerComponent, bitmapInfo: bitmapInfo),
        layout.bytesPerPixel * 8 == bitsPerPixel
      else { return nil }
      self = layout
    }
  }

  /// Alpha info and byte-order bits this module reads; the rest (float components, 16-bit
  /// orders, pixel formats) make a layout nil.
  private static let knownBits: UInt32 =
    CGBitmapInfo.alphaInfoMask.rawValue | CGBitmapInfo.byteOrderMask.rawValue

  /// Whether the byte order is 32-bit little-endian; nil for a 16-bit one.
  private static func littleEndian(_ info: UInt32) -> Bool? {
    switch info & CGBitmapInfo.byteOrderMask.rawValue {
    case CGBitmapInfo.byteOrderDefault.rawValue, CGBitmapInfo.byteOrder32Big.rawValue: false
    case CGBitmapInfo.byteOrder32Little.rawValue: true
    default: nil
    }
  }

  /// Core Graphics' bitmap info for it.
  var bitmapInfo: CGBitmapInfo {
    CGBitmapInfo(rawValue: alpha.rawValue).union(littleEndian ? .byteOrder32Little : [])
  }

  /// The colour space Core Graphics reports: none for alpha-only bitmaps.
  var colorSpace: CGColorSpace? {
    switch model {
    case .rgb: CGColorSpace()
    case .grey: CGColorSpace(model: .monochrome)
    case .alphaOnly: nil
    }
  }

  /// Whether its pixels have no alpha of their own: they are opaque.
  var isOpaque: Bool {
    model == .grey || alpha == .none || alpha == .noneSkipLast || alpha == .noneSkipFirst
  }

  /// Byte offsets of red, green, blue and alpha (or the skipped byte) in a pixel of RGB.
  private var offsets: (r: Int, g: Int, b: Int, a: Int) {
    let alphaFirst = alpha == .premultipliedFirst || alpha == .first || alpha == .noneSkipFirst
    let order = alphaFirst ? (r: 1, g: 2, b: 3, a: 0) : (r: 0, g: 1, b: 2, a: 3)
    guard littleEndian else { return order }
    return (3 - order.r, 3 - order.g, 3 - order.b, 3 - order.a)
  }

  /// The grey level (Rec. 601 luma, rounded) of a premultiplied pixel: what a grey bitmap
  /// keeps of a colour drawn into it, over black.
  static func luma(_ p: UInt32) -> UInt32 {
    (299 * (p & 0xFF) + 587 * (p >> 8 & 0xFF) + 114 * (p >> 16 & 0xFF) + 500) / 1000
  }

  /// `p` as a bitmap of this layout holds it: grey at its luma, opaque formats over black,
  /// alpha-only as black at its alpha.
  func canonical(_ p: UInt32) -> UInt32 {
    switch model {
    case .grey:
      let l = Self.luma(p)
      return l | l << 8 | l << 16 | 0xFF00_0000
    case .alphaOnly: return p & 0xFF00_0000
    case .rgb: return isOpaque ? p | 0xFF00_0000 : p
    }
  }

  /// Reads `width` pixels from `row` into `out` as premultiplied RGBA (straight alpha is
  /// multiplied in, rounded).
  func read(_ row: UnsafeRawPointer, into out: UnsafeMutableBufferPointer<UInt32>, width: Int) {
    let bytes = row.assumingMemoryBound(to: UInt8.self)
    switch model {
    case .grey:
      for x in 0..<width {
        let l = UInt32(bytes[x])
        out[x] = l | l << 8 | l << 16 | 0xFF00_0000
      }
    case .alphaOnly:
      for x in 0..<width { out[x] = UInt32(bytes[x]) << 24 }
    case .rgb:
      if self == .rgba {
        for x in 0..<width {
          out[x] = UInt32(littleEndian: row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self))
        }
        return
      }
      let (ro, go, bo, ao) = offsets
      let n = bytesPerPixel
      let straight = alpha == .last || alpha == .first
      for x in 0..<width {
        let p = bytes + x * n
        var r = UInt32(p[ro])
        var g = UInt32(p[go])
        var b = UInt32(p[bo])
        let a = isOpaque ? 255 : UInt32(p[ao])
        if straight {
          r = (r * a + 127) / 255
          g = (g * a + 127) / 255
          b = (b * a + 127) / 255
        }
        out[x] = r | g << 8 | b << 16 | a << 24
      }
    }
  }

  /// Writes `width` premultiplied RGBA pixels from `pixels` into `row` in this layout (a
  /// context's: no straight alpha); a skipped byte is written 255.
  func write(_ pixels: UnsafeBufferPointer<UInt32>, to row: UnsafeMutableRawPointer, width: Int) {
    let bytes = row.assumingMemoryBound(to: UInt8.self)
    switch model {
    case .grey:
      for x in 0..<width { bytes[x] = UInt8(Self.luma(pixels[x])) }
    case .alphaOnly:
      for x in 0..<width { bytes[x] = UInt8(pixels[x] >> 24) }
    case .rgb:
      if self == .rgba {
        for x in 0..<width {
          row.storeBytes(of: pixels[x].littleEndian, toByteOffset: 4 * x, as: UInt32.self)
        }
        return
      }
      let (ro, go, bo, ao) = offsets
      let n = bytesPerPixel
      for x in 0..<width {
        let v = pixels[x]
        let p = bytes + x * n
        p[ro] = UInt8(v & 0xFF)
        p[go] = UInt8(v >> 8 & 0xFF)
        p[bo] = UInt8(v >> 16 & 0xFF)
        if n == 4 { p[ao] = isOpaque ? 255 : UInt8(v >> 24) }
      }
    }
  }
}
