import Foundation
import RingGraphics
import RingLayers

/// A bitmap image (Core Graphics'): drawn from 8-bit premultiplied RGBA pixels, row 0 at the
/// top; it reports the layout it was made in (a bitmap context's, or `CGImage(width:...)`'s
/// arguments), and an image mask (`CGImage(maskWidth:...)`) paints where its samples are 0.
public final class CGImage: @unchecked Sendable {
  /// What is drawn: an image mask's pixels are black at 1 minus its sample as alpha.
  let pixmap: Pixmap
  /// How `dataProvider`'s bytes are laid out (an image mask's: see `isMask`).
  let layout: BitmapLayout
  /// Whether it is an image mask: it paints the fill colour, and masks as inverse alpha.
  public let isMask: Bool
  public let bitsPerComponent: Int
  public let bitsPerPixel: Int
  public let bytesPerRow: Int
  /// The bytes it was made from, when a data provider gave them.
  private let source: CGDataProvider?

  /// What a layer shows of it, made once so that setting it again is no change.
  private(set) lazy var contents = LayerContents(image: pixmap)
  /// What it lets through as a mask: an image mask's or alpha-only image's alpha; a grey
  /// image's grey level; another image's alpha, or, when every pixel is opaque, its grey
  /// level (Rec. 601 luma) as alpha.
  private(set) lazy var maskContents: LayerContents = {
    guard !isMask, layout.model != .alphaOnly,
      pixmap.pixels.allSatisfy({ $0 >> 24 == 0xFF })
    else { return contents }
    var grey = pixmap
    grey.withUnsafeMutablePixels { px in
      for i in px.indices {
        let luma = BitmapLayout.luma(px[i])
        // Premultiplied white at that alpha.
        px[i] = luma | luma << 8 | luma << 16 | luma << 24
      }
    }
    return LayerContents(image: grey)
  }()

  /// An image of `pixmap` (premultiplied RGBA) laid out as `layout` says, its bytes made
  /// when asked for.
  init(pixmap: Pixmap, layout: BitmapLayout = .rgba) {
    self.pixmap = pixmap
    self.layout = layout
    isMask = false
    bitsPerComponent = 8
    bitsPerPixel = layout.bytesPerPixel * 8
    bytesPerRow = pixmap.width * layout.bytesPerPixel
    source = nil
  }

  private init(
    pixmap: Pixmap, layout: BitmapLayout, isMask: Bool, bitsPerComponent: Int,
    bitsPerPixel: Int, bytesPerRow: Int, source: CGDataProvider
  ) {
    self.pixmap = pixmap
    self.layout = layout
    self.isMask = isMask
    self.bitsPerComponent = bitsPerComponent
    self.bitsPerPixel = bitsPerPixel
    self.bytesPerRow = bytesPerRow
    self.source = source
  }

  /// The image a layer shows as `contents`.
  convenience init(contents: LayerContents) {
    self.init(pixmap: contents.image)
    self.contents = contents
  }

  /// An image of `width` x `height` pixels from `provider`'s rows of `bytesPerRow` bytes, top
  /// row first, laid out as a bitmap context's (8 bits per component: RGB in 32 bits with
  /// premultiplied or skipped alpha in either byte order, grey, alpha only) or with straight
  /// alpha (`last`, `first`) or 24-bit RGB (`none`); nil for other layouts (with a note), or
  /// when the provider holds too few bytes. `decode` is ignored (a note says so);
  /// `shouldInterpolate` and `intent` are accepted.
  public convenience init?(
    width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
    space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
    decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent
  ) {
    guard
      let layout = BitmapLayout(
        image: space, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
        bitmapInfo: bitmapInfo.rawValue)
    else {
      Notice.once(
        "image-layout \(bitsPerComponent) \(bitsPerPixel) \(bitmapInfo.rawValue)",
        "CGImage: \(bitsPerComponent) bits per component, \(bitsPerPixel) per pixel, "
          + "bitmap info \(bitmapInfo.rawValue) is not supported here: nil")
      return nil
    }
    if decode != nil { Notice.once("image-decode", "CGImage: decode arrays are ignored here") }
    guard
      CGImage.fits(
        width: width, height: height, bytesPerRow: bytesPerRow, bitsPerPixel: bitsPerPixel),
      bytesPerRow >= width * layout.bytesPerPixel,
      var pixmap = try? Pixmap(width: width, height: height),
      provider.bytes.length >= bytesPerRow * (height - 1) + width * layout.bytesPerPixel
    else { return nil }
    let base = provider.bytes.bytes
    pixmap.withUnsafeMutablePixels { px in
      for y in 0..<height {
        layout.read(
          base + y * bytesPerRow, into: UnsafeMutableBufferPointer(rebasing: px[(y * width)...]),
          width: width)
      }
    }
    self.init(
      pixmap: pixmap, layout: layout, isMask: false, bitsPerComponent: bitsPerComponent,
      bitsPerPixel: bitsPerPixel, bytesPerRow: bytesPerRow, source: provider)
  }

  /// Whether an image's sizes are small enough for their products to be counted (a larger
  /// one is refused with nil, as Core Graphics refuses it, not trapped on overflow).
  static func fits(width: Int, height: Int, bytesPerRow: Int, bitsPerPixel: Int) -> Bool {
    (1...(1 << 20)).contains(width) && (1...(1 << 20)).contains(height)
      && (0...(1 << 32)).contains(bytesPerRow) && (1...256).contains(bitsPerPixel)
  }

  /// An image mask of `width` x `height` samples of `bitsPerComponent` bits (1, 2, 4 or 8),
  /// each the first of a pixel of `bitsPerPixel` bits, from `provider`'s rows of
  /// `bytesPerRow` bytes, top row first. As Apple documents image masks ("Creating an Image
  /// Mask", Quartz 2D Programming Guide): a sample is an inverse alpha, 0 painting fully, the
  /// largest value masking out, between them painting at 1 minus the sample; `decode` (two
  /// values, nil for [0, 1]) maps samples first. Drawn, it paints the fill colour. Nil for
  /// other sample sizes or when the provider holds too few bytes.
  public convenience init?(
    maskWidth width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int,
    bytesPerRow: Int, provider: CGDataProvider, decode: UnsafePointer<CGFloat>?,
    shouldInterpolate: Bool
  ) {
    guard [1, 2, 4, 8].contains(bitsPerComponent), bitsPerPixel >= bitsPerComponent,
      CGImage.fits(
        width: width, height: height, bytesPerRow: bytesPerRow, bitsPerPixel: bitsPerPixel),
      bytesPerRow * 8 >= width * bitsPerPixel,
      var pixmap = try? Pixmap(width: width, height: height),
      provider.bytes.length >= bytesPerRow * (height - 1) + (width * bitsPerPixel + 7) / 8
    else { return nil }
    let largest = Double((1 << bitsPerComponent) - 1)
    let (low, high) = decode.map { (Double($0[0]), Double($0[1])) } ?? (0, 1)
    // The alpha painted for each sample value, by table.
    let alphas: [UInt32] = (0...Int(largest)).map { s in
      let v = min(1, max(0, low + Double(s) / largest * (high - low)))
      return UInt32(((1 - v) * 255).rounded())
    }
    let bytes = provider.bytes.bytes.assumingMemoryBound(to: UInt8.self)
    pixmap.withUnsafeMutablePixels { px in
      for y in 0..<height {
        let row = bytes + y * bytesPerRow
        for x in 0..<width {
          let bit = x * bitsPerPixel
          let byte = UInt32(row[bit >> 3])
          let sample = ((byte << UInt32(bit & 7)) & 0xFF) >> UInt32(8 - bitsPerComponent)
          px[y * width + x] = alphas[Int(sample)] << 24
        }
      }
    }
    self.init(
      pixmap: pixmap, layout: .alphaOnly, isMask: true, bitsPerComponent: bitsPerComponent,
      bitsPerPixel: bitsPerPixel, bytesPerRow: bytesPerRow, source: provider)
  }

  public var width: Int { pixmap.width }
  public var height: Int { pixmap.height }
  /// The colour space of its samples: nil for an image mask or an alpha-only image.
  public var colorSpace: CGColorSpace? { isMask ? nil : layout.colorSpace }
  public var alphaInfo: CGImageAlphaInfo { isMask ? .none : layout.alpha }
  public var bitmapInfo: CGBitmapInfo { isMask ? [] : layout.bitmapInfo }

  /// Its bytes: the provider's it was made from, or its pixels in its layout, rows of
  /// `bytesPerRow` bytes, top row first (a copy made once).
  public private(set) lazy var dataProvider: CGDataProvider? =
    source ?? CGDataProvider(bytes: encoded())

  /// Its pixels as `layout` lays them out, top row first.
  private func encoded() -> NSData {
    guard let data = NSMutableData(length: bytesPerRow * height) else { return NSData() }
    let base = data.mutableBytes
    pixmap.pixels.withUnsafeBufferPointer { px in
      for y in 0..<height {
        layout.write(
          UnsafeBufferPointer(rebasing: px[(y * width)..<((y + 1) * width)]),
          to: base + y * bytesPerRow, width: width)
      }
    }
    return data
  }

  /// A layout that pixels of `pixmap` can be written back in: its own, or RGBA for straight
  /// alpha and 24-bit RGB (the engine's pixels are premultiplied).
  private var derivedLayout: BitmapLayout {
    layout.alpha == .last || layout.alpha == .first || layout.bytesPerPixel == 3
      ? .rgba : layout
  }

  /// This image masked by `mask`, as Apple documents `masking(_:)` (and "Masking" in the
  /// QuickDraw to Quartz 2D guide): an image mask's samples act as inverse alpha (0 shows
  /// the image, 1 hides it), a grey image's samples as alpha (white shows it, black hides
  /// it); the mask is stretched over the image (nearest sample). Nil when `mask` is an
  /// image with colour or alpha (Core Graphics wants a DeviceGray image without alpha),
  /// with a note, or when this image is itself a mask. The result's pixels are the masked
  /// ones (premultiplied RGBA).
  public func masking(_ mask: CGImage) -> CGImage? {
    guard !isMask else { return nil }
    guard mask.isMask || mask.layout.model == .grey else {
      Notice.once(
        "masking",
        "CGImage.masking(_:): the mask must be an image mask or a grey image "
          + "without alpha, as in Core Graphics: nil")
      return nil
    }
    var out = pixmap
    let (w, h, mw, mh) = (width, height, mask.width, mask.height)
    mask.pixmap.pixels.withUnsafeBufferPointer { m in
      out.withUnsafeMutablePixels { px in
        for y in 0..<h {
          let my = y * mh / h
          for x in 0..<w {
            let sample = m[my * mw + x * mw / w]
            // An image mask's pixels carry their coverage as alpha, a grey image's as grey.
            let coverage = mask.isMask ? sample >> 24 : sample & 0xFF
            px[y * w + x] = PixelMath.scale(px[y * w + x], by: coverage)
          }
        }
      }
    }
    return CGImage(pixmap: out, layout: .rgba)
  }

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
    return CGImage(pixmap: out, layout: isMask ? .rgba : derivedLayout)
  }
}

/// Where bytes for an image come from (Core Graphics'): here, a copy of them held in
/// memory.
public final class CGDataProvider: @unchecked Sendable {
  /// The bytes, never changed.
  let bytes: NSData

  init(bytes: NSData) { self.bytes = bytes }

  /// A provider of a copy of `data` (Swift on Apple platforms sees Core Foundation's
  /// `CFData`, written `data as CFData`: here the same as `NSData`).
  public convenience init?(data: CFData) { self.init(bytes: NSData(data: Data(referencing: data))) }

  /// A provider of a copy of `data`.
  public convenience init?(data: Data) { self.init(bytes: NSData(data: data)) }

  /// A provider of a copy of `size` bytes at `data`; `releaseData` is called at once, as
  /// the bytes are not used again.
  public convenience init?(
    dataInfo info: UnsafeMutableRawPointer?, data: UnsafeRawPointer, size: Int,
    releaseData: CGDataProviderReleaseDataCallback
  ) {
    guard size >= 0 else { return nil }
    self.init(bytes: NSData(bytes: data, length: size))
    releaseData(info, data, size)
  }

  /// The bytes (Core Graphics' copy of them).
  public var data: CFData? { bytes }
}

/// Called when a data provider no longer needs the bytes it was given: info, bytes, size.
public typealias CGDataProviderReleaseDataCallback =
  @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer, Int) -> Void

/// Core Foundation's byte buffer: `NSData` here, so `data as CFData` reads as on Apple
/// platforms (Foundation on Linux does not export `CFData`).
public typealias CFData = NSData

/// The first of `data`'s bytes, valid while `data` is.
public func CFDataGetBytePtr(_ data: CFData!) -> UnsafePointer<UInt8>! {
  data.bytes.assumingMemoryBound(to: UInt8.self)
}

/// How many bytes `data` holds.
public func CFDataGetLength(_ data: CFData!) -> CFIndex { data.length }

/// How colours outside a destination's gamut are brought in (Core Graphics'): accepted.
public enum CGColorRenderingIntent: Int32, Sendable {
  case defaultIntent, absoluteColorimetric, relativeColorimetric, perceptual, saturation
}

public enum CGImageAlphaInfo: UInt32, Sendable {
  case none, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst
  case alphaOnly
}

/// How a bitmap's bytes are laid out (Core Graphics'): where alpha sits (`alphaInfoMask`
/// bits, a `CGImageAlphaInfo`) and the byte order of its pixels.
public struct CGBitmapInfo: OptionSet, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
  public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
  public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
  public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
  public static let byteOrderDefault = CGBitmapInfo([])
  public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
  public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
  public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
  public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
}

extension CGContext {
  /// A bitmap context of `width` x `height` pixels whose y runs up from the bottom, as Core
  /// Graphics' bitmap contexts do, in one of the formats Core Graphics supports at 8 bits
  /// per component: RGB in 32 bits with `premultipliedLast`, `premultipliedFirst`,
  /// `noneSkipLast` or `noneSkipFirst` in the default (big-endian) or `byteOrder32Little`
  /// byte order (BGRA: `premultipliedFirst` and little); grey (`CGColorSpaceCreateDeviceGray()`)
  /// with `none`; `alphaOnly` (whatever the space). Nil for others, with a note (Core
  /// Graphics refuses straight alpha, 16-bit and float components for contexts too).
  ///
  /// With `data` (rows of `bytesPerRow` bytes, top row first), those bytes are the
  /// context's pixels, as in Core Graphics: what the program wrote there before or between
  /// drawing calls is drawn over and is in `makeImage()`; each drawing call reads them in
  /// and writes them back. Without, the context's own memory starts transparent (black in
  /// formats without alpha), and only `data` asked for turns it into bytes. A grey context
  /// keeps a colour's Rec. 601 luma; formats without alpha keep colours over black (a
  /// skipped byte is written 255); an alpha-only one keeps alpha alone.
  public convenience init?(
    data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
    bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32
  ) {
    guard
      let layout = BitmapLayout(
        context: space, bitsPerComponent: bitsPerComponent, bitmapInfo: bitmapInfo)
    else {
      Notice.once(
        "bitmap-context \(bitsPerComponent) \(space.model) \(bitmapInfo)",
        "CGContext: \(bitsPerComponent) bits per component in a \(space.model) space with "
          + "bitmap info \(bitmapInfo) is not a supported bitmap context: nil")
      return nil
    }
    guard bytesPerRow == 0 || bytesPerRow >= width * layout.bytesPerPixel,
      let pixmap = try? Pixmap(width: width, height: height)
    else { return nil }
    self.init(pixmap: pixmap, scale: 1)
    base = Transform2D(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: Double(height))
    self.layout = layout
    rowBytes = bytesPerRow == 0 ? width * layout.bytesPerPixel : bytesPerRow
    if let data {
      target = Bitmap(data: data, bytesPerRow: rowBytes, owned: false)
    } else {
      normalise()
    }
  }

  /// What is drawn, as an image (a copy) in the context's layout; nil while recording a
  /// view's drawing.
  public func makeImage() -> CGImage? {
    guard recorded == nil else { return nil }
    readBitmap()
    return CGImage(pixmap: pixmap, layout: layout)
  }

  /// A bitmap context's pixels in its layout, rows of `bytesPerRow` bytes, top row first:
  /// the memory it was made with, or, the first time it is asked for, memory of its own
  /// holding what was drawn (the program may write there, as into the memory it gives);
  /// nil for other contexts.
  public var data: UnsafeMutableRawPointer? {
    guard recorded == nil, rowBytes > 0 else { return nil }
    if let target { return target.data }
    let count = rowBytes * pixmap.height
    let memory = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
    memory.initializeMemory(as: UInt8.self, repeating: 0, count: count)
    target = Bitmap(data: memory, bytesPerRow: rowBytes, owned: true)
    writeBitmap()
    return memory
  }

  /// A bitmap context's row length in bytes; 0 for other contexts.
  public var bytesPerRow: Int { rowBytes }
  public var bitsPerComponent: Int { 8 }
  public var bitsPerPixel: Int { layout.bytesPerPixel * 8 }
  public var alphaInfo: CGImageAlphaInfo { layout.alpha }
  public var bitmapInfo: CGBitmapInfo { layout.bitmapInfo }
  public var colorSpace: CGColorSpace? { layout.colorSpace }

  public var width: Int { pixmap.width }
  public var height: Int { pixmap.height }

  /// Draws `image` into `rect` (user space) as Core Graphics does: its top row at the
  /// rect's maximum y, so upright where y runs up (bitmap contexts) and upside down in
  /// UIKit's flipped contexts, as on iOS.
  public func draw(_ image: CGImage, in rect: CGRect) {
    drawImage(image, in: rect, upright: false)
  }

  /// Draws `image` into `rect`, its top row at the rect's minimum y when `upright`; an image
  /// mask paints the fill colour where its samples let it, as Core Graphics draws one.
  func drawImage(_ image: CGImage, in rect: CGRect, upright: Bool) {
    guard let layer = imageLayer(image.contents, in: rect, upright: upright) else { return }
    if image.isMask {
      let stencil = Layer()
      stencil.anchorPoint = .zero
      stencil.bounds = layer.bounds
      stencil.properties.contents = image.contents
      layer.properties.contents = nil
      layer.backgroundColor = state.fill.rgba
      layer.mask = stencil
    }
    emit(layer)
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
