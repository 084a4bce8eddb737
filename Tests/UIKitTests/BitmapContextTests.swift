import Foundation
import RingGraphics
import Testing

@testable import UIKit

/// Bitmap contexts as Core Graphics documents them: every 8-bit format it supports, the
/// program's memory as the context's pixels, images of that kind, and image masks.
@MainActor @Suite struct BitmapContextTests {
  /// A bitmap format as a program lays out a pixel's bytes: R, G, B, A (alpha), X (a
  /// skipped byte), W (grey).
  struct Format: CustomTestStringConvertible, Sendable {
    let bytes: String
    let grey: Bool
    let info: UInt32
    var testDescription: String { "\(bytes) (bitmap info \(info))" }

    var space: CGColorSpace {
      grey ? CGColorSpaceCreateDeviceGray() : CGColorSpaceCreateDeviceRGB()
    }
    var bytesPerPixel: Int { bytes.count }
    var hasAlpha: Bool { bytes.contains("A") }
    var alphaOnly: Bool { bytes == "A" }

    /// The bytes of premultiplied (red, green, blue, alpha) in this format (skipped bytes 0,
    /// grey the red).
    func encode(_ p: [Int]) -> [UInt8] {
      bytes.map { c in
        switch c {
        case "R", "W": UInt8(p[0])
        case "G": UInt8(p[1])
        case "B": UInt8(p[2])
        case "A": UInt8(p[3])
        default: 0
        }
      }
    }

    /// Premultiplied (red, green, blue, alpha) from a pixel's bytes (skipped: opaque).
    func decode(_ b: ArraySlice<UInt8>) -> [Int] {
      var p = [0, 0, 0, 255]
      for (c, v) in zip(bytes, b) {
        switch c {
        case "R": p[0] = Int(v)
        case "G": p[1] = Int(v)
        case "B": p[2] = Int(v)
        case "A": p[3] = Int(v)
        case "W": p = [Int(v), Int(v), Int(v), 255]
        default: break
        }
      }
      return p
    }
  }

  nonisolated static let premultipliedFirst = CGImageAlphaInfo.premultipliedFirst.rawValue
  nonisolated static let premultipliedLast = CGImageAlphaInfo.premultipliedLast.rawValue
  nonisolated static let skipFirst = CGImageAlphaInfo.noneSkipFirst.rawValue
  nonisolated static let skipLast = CGImageAlphaInfo.noneSkipLast.rawValue
  nonisolated static let little = CGBitmapInfo.byteOrder32Little.rawValue
  nonisolated static let big = CGBitmapInfo.byteOrder32Big.rawValue

  nonisolated static let formats: [Format] = [
    Format(bytes: "RGBA", grey: false, info: premultipliedLast),
    Format(bytes: "RGBA", grey: false, info: premultipliedLast | big),
    Format(bytes: "ARGB", grey: false, info: premultipliedFirst),
    Format(bytes: "BGRA", grey: false, info: premultipliedFirst | little),
    Format(bytes: "ABGR", grey: false, info: premultipliedLast | little),
    Format(bytes: "RGBX", grey: false, info: skipLast),
    Format(bytes: "XRGB", grey: false, info: skipFirst),
    Format(bytes: "BGRX", grey: false, info: skipFirst | little),
    Format(bytes: "XBGR", grey: false, info: skipLast | little),
    Format(bytes: "W", grey: true, info: CGImageAlphaInfo.none.rawValue),
    Format(bytes: "A", grey: true, info: CGImageAlphaInfo.alphaOnly.rawValue),
    Format(bytes: "A", grey: false, info: CGImageAlphaInfo.alphaOnly.rawValue),
  ]

  /// `p` as the format holds it: grey as its Rec. 601 luma, without alpha over black,
  /// alpha-only as alpha alone.
  static func held(_ p: [Double], in format: Format) -> [Double] {
    if format.alphaOnly { return [0, 0, 0, p[3]] }
    if format.grey {
      let l = 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2]
      return [l, l, l, 255]
    }
    return format.hasAlpha ? p : [p[0], p[1], p[2], 255]
  }

  static func near(_ a: [Int], _ b: [Double], by tolerance: Double = 1) -> Bool {
    zip(a, b).allSatisfy { abs(Double($0) - $1) <= tolerance }
  }

  static func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
    let p = image.pixmap.pixel(x: x, y: y)
    return [Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha)]
  }

  /// The program writes two pixels in the format, makes a context on them, fills the left
  /// one with half-transparent red: the buffer and `makeImage()` hold red over what was
  /// written, the right pixel as written.
  @Test(arguments: formats) func drawsOverWhatTheProgramWrote(_ format: Format) throws {
    let n = format.bytesPerPixel
    let written = [[40, 120, 200, 255], format.hasAlpha ? [60, 30, 0, 128] : [60, 30, 10, 255]]
    var bytes = written.flatMap { p in
      format.encode(Self.held(p.map(Double.init), in: format).map { Int($0.rounded()) })
    }
    // What the format holds of the written pixels, as premultiplied RGBA.
    let under = format.decode(bytes[0..<n]).map(Double.init)
    let right = format.decode(bytes[n..<2 * n]).map(Double.init)
    let image: CGImage = try bytes.withUnsafeMutableBytes { raw in
      let ctx = try #require(
        CGContext(
          data: raw.baseAddress, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 2 * n,
          space: format.space, bitmapInfo: format.info), "a \(format.bytes) context")
      ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
      ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
      return try #require(ctx.makeImage())
    }
    // Half red over what was there, premultiplied, as the format holds it.
    let over = zip([127.5, 0, 0, 127.5], under).map { $0 + $1 * 0.5 }
    let expected = Self.held(over, in: format)
    let tolerance = format.grey ? 1.5 : 1
    #expect(
      Self.near(format.decode(bytes[0..<n]), expected, by: tolerance),
      "the buffer holds red over what was written: \(bytes[0..<n]), expected \(expected)")
    #expect(
      Self.near(format.decode(bytes[n..<2 * n]), right, by: 0),
      "the pixel not drawn on is left as written: \(bytes[n..<2 * n])")
    #expect(
      Self.near(Self.pixel(image, 0, 0), expected, by: tolerance),
      "makeImage() shows red over what was written: \(Self.pixel(image, 0, 0))")
    #expect(Self.near(Self.pixel(image, 1, 0), right, by: 0), "and the pixel as written")
  }

  /// What the program writes after creating the context, and between drawing calls, is in
  /// `makeImage()` and drawn over (a gradient generator writes its pixels, then makes the
  /// image).
  @Test(arguments: [formats[3], formats[9]]) func pixelsWrittenLaterCount(_ format: Format) throws {
    let n = format.bytesPerPixel
    var bytes = [UInt8](repeating: 0, count: 2 * n)
    try bytes.withUnsafeMutableBytes { raw in
      let ctx = try #require(
        CGContext(
          data: raw.baseAddress, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
          space: format.space, bitmapInfo: format.info))
      let white = format.encode([255, 255, 255, 255])
      raw.copyBytes(from: white + white)
      let image = try #require(ctx.makeImage())
      #expect(Self.pixel(image, 1, 0) == [255, 255, 255, 255], "makeImage() shows the writes")
      ctx.setFillColor(gray: 0, alpha: 0.5)
      ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
      raw.copyBytes(from: format.encode([255, 255, 255, 255]) + format.encode([0, 0, 0, 255]))
      ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
      let after = try #require(ctx.makeImage())
      #expect(Self.near(Self.pixel(after, 0, 0), [255, 255, 255, 255], by: 0), "rewritten white")
      #expect(
        Self.near(Self.pixel(after, 1, 0), [0, 0, 0, 255], by: 0), "black under half black")
    }
  }

  /// A context made without memory gives its own through `data`: the program's writes there
  /// are the context's pixels, and drawing is written there.
  @Test func contextsOwnMemory() throws {
    let ctx = try #require(
      CGContext(
        data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.premultipliedFirst | Self.little))
    ctx.setFillColor(UIColor.green.cgColor)
    ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
    let data = try #require(ctx.data)
    #expect(ctx.bytesPerRow == 8 && ctx.bitsPerPixel == 32)
    let bottom = UnsafeRawBufferPointer(start: data + 8, count: 8)
    #expect(Array(bottom) == [0, 255, 0, 255, 0, 255, 0, 255], "green drawn, as BGRA")
    // The top row: blue, opaque, in BGRA.
    data.storeBytes(of: 0xFF00_00FF as UInt32, as: UInt32.self)
    let image = try #require(ctx.makeImage())
    #expect(Self.pixel(image, 0, 0) == [0, 0, 255, 255], "the program's blue at the top left")
    #expect(image.alphaInfo == .premultipliedFirst && image.bitmapInfo.contains(.byteOrder32Little))
  }

  /// Formats Core Graphics refuses for bitmap contexts give nil, as there.
  @Test(arguments: [
    (8, false, CGImageAlphaInfo.last.rawValue),
    (8, false, CGImageAlphaInfo.first.rawValue),
    (8, false, CGImageAlphaInfo.none.rawValue),
    (16, false, CGImageAlphaInfo.premultipliedLast.rawValue),
    (8, true, CGImageAlphaInfo.premultipliedLast.rawValue),
    (8, false, CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.floatComponents.rawValue),
    (
      8, false,
      CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder16Little.rawValue
    ),
  ])
  func unsupportedFormats(_ bits: Int, _ grey: Bool, _ info: UInt32) {
    let space = grey ? CGColorSpaceCreateDeviceGray() : CGColorSpaceCreateDeviceRGB()
    #expect(
      CGContext(
        data: nil, width: 2, height: 2, bitsPerComponent: bits, bytesPerRow: 0, space: space,
        bitmapInfo: info) == nil, "\(bits) bits, grey \(grey), info \(info) is refused")
  }

  /// `makeImage()` of a grey or alpha-only context is an image of that kind, as Core
  /// Graphics reports it, and its bytes are the context's.
  @Test(arguments: [(formats[9], CGImageAlphaInfo.none), (formats[10], .alphaOnly)])
  func imagesOfTheContextsKind(_ format: Format, _ alpha: CGImageAlphaInfo) throws {
    let ctx = try #require(
      CGContext(
        data: nil, width: 3, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
        space: format.space, bitmapInfo: format.info))
    ctx.setFillColor(gray: 1, alpha: 1)
    ctx.fill(CGRect(x: 0, y: 1, width: 1, height: 1))
    let image = try #require(ctx.makeImage())
    #expect(image.alphaInfo == alpha && image.bitsPerPixel == 8 && image.bytesPerRow == 3)
    #expect(image.colorSpace?.model == (format.alphaOnly ? nil : .monochrome))
    let data = try #require(image.dataProvider?.data)
    #expect(Array(Data(referencing: data)) == [255, 0, 0, 0, 0, 0], "top-left white or opaque")
    #expect(Self.pixel(image, 0, 0) == (format.alphaOnly ? [0, 0, 0, 255] : [255, 255, 255, 255]))
    #expect(
      Self.pixel(image, 1, 1) == (format.alphaOnly ? [0, 0, 0, 0] : [0, 0, 0, 255]),
      "the rest black (grey) or transparent (alpha only)")
  }

  /// A one-row image from `bytes` in a grey (or alpha-only) context.
  static func singleChannel(_ bytes: [UInt8], alphaOnly: Bool = false) throws -> CGImage {
    var bytes = bytes
    return try bytes.withUnsafeMutableBytes { raw in
      let ctx = try #require(
        CGContext(
          data: raw.baseAddress, width: raw.count, height: 1, bitsPerComponent: 8,
          bytesPerRow: 0, space: CGColorSpaceCreateDeviceGray(),
          bitmapInfo: alphaOnly
            ? CGImageAlphaInfo.alphaOnly.rawValue : CGImageAlphaInfo.none.rawValue),
        "a grey or alpha-only context")
      return try #require(ctx.makeImage())
    }
  }

  /// Red filled through `mask` (placed over a row of as many pixels) in an RGBA context.
  static func redThrough(_ mask: CGImage) throws -> CGImage {
    let ctx = try rgbaContext(width: mask.width)
    let row = CGRect(x: 0, y: 0, width: mask.width, height: 1)
    ctx.clip(to: row, mask: mask)
    ctx.setFillColor(UIColor.red.cgColor)
    ctx.fill(row)
    return try #require(ctx.makeImage())
  }

  /// An RGBA context of one row of `width` pixels.
  static func rgbaContext(width: Int) throws -> CGContext {
    try #require(
      CGContext(
        data: nil, width: width, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: premultipliedLast))
  }

  /// A grey image clips by its level (white shows), an alpha-only one by its alpha (fully
  /// opaque shows everywhere), and a grey image draws as grey.
  @Test func greyAndAlphaImagesAsMasks() throws {
    let grey = try Self.redThrough(Self.singleChannel([255, 0, 128]))
    #expect(Self.pixel(grey, 0, 0) == [255, 0, 0, 255] && Self.pixel(grey, 1, 0) == [0, 0, 0, 0])
    #expect(Self.near(Self.pixel(grey, 2, 0), [128, 0, 0, 128]), "half shows half")
    let alpha = try Self.redThrough(Self.singleChannel([255, 255], alphaOnly: true))
    #expect(Self.pixel(alpha, 1, 0) == [255, 0, 0, 255], "an opaque alpha-only mask shows all")
    let ctx = try Self.rgbaContext(width: 2)
    try ctx.draw(Self.singleChannel([200, 30]), in: CGRect(x: 0, y: 0, width: 2, height: 1))
    let drawn = try #require(ctx.makeImage())
    #expect(Self.pixel(drawn, 0, 0) == [200, 200, 200, 255], "a grey image draws grey")
  }

  /// An image mask from a data provider: samples are inverse alpha (0 paints, 255 masks
  /// out), it draws in the fill colour, and `decode` [1, 0] turns it round.
  @Test(arguments: [
    (8, 8, [0, 64, 255, 128] as [UInt8], false, [255, 191, 0, 127]),
    (8, 32, [0, 9, 9, 9, 64, 9, 9, 9, 255, 9, 9, 9, 128, 9, 9, 9], false, [255, 191, 0, 127]),
    (1, 1, [0b1010_0000], false, [0, 255, 0, 255]),
    (8, 8, [0, 64, 255, 128], true, [0, 64, 255, 128]),
  ])
  func imageMasks(
    _ bits: Int, _ pixelBits: Int, _ samples: [UInt8], _ inverted: Bool, _ alphas: [Int]
  )
    throws
  {
    let provider = try #require(CGDataProvider(data: Data(samples) as CFData))
    let decode: [CGFloat] = [1, 0]
    let mask = try #require(
      CGImage(
        maskWidth: 4, height: 1, bitsPerComponent: bits, bitsPerPixel: pixelBits,
        bytesPerRow: samples.count, provider: provider, decode: inverted ? decode : nil,
        shouldInterpolate: false))
    #expect(mask.isMask && mask.colorSpace == nil && mask.bitsPerPixel == pixelBits)
    let ctx = try Self.rgbaContext(width: 4)
    ctx.setFillColor(UIColor.blue.cgColor)
    ctx.draw(mask, in: CGRect(x: 0, y: 0, width: 4, height: 1))
    let drawn = try #require(ctx.makeImage())
    for x in 0..<4 {
      let a = Double(alphas[x])
      #expect(
        Self.near(Self.pixel(drawn, x, 0), [0, 0, a, a]),
        "blue painted at alpha \(alphas[x]) at \(x): \(Self.pixel(drawn, x, 0))")
    }
    let clipped = try Self.redThrough(mask)
    #expect(
      Self.near(Self.pixel(clipped, 1, 0), [Double(alphas[1]), 0, 0, Double(alphas[1])]),
      "clipping by an image mask: inverse alpha too")
  }

  /// An opaque green row of `width` pixels.
  static func greenRow(_ width: Int) throws -> CGImage {
    let ctx = try rgbaContext(width: width)
    ctx.setFillColor(UIColor.green.cgColor)
    ctx.fill(CGRect(x: 0, y: 0, width: width, height: 1))
    return try #require(ctx.makeImage())
  }

  /// `masking(_:)`: by an image mask, samples are inverse alpha; by a grey image, alpha
  /// (white shows); an image with alpha is not a mask (nil).
  @Test func maskingAnImage() throws {
    let samples: [UInt8] = [0, 64, 255, 128]
    let provider = try #require(CGDataProvider(data: Data(samples)))
    let mask = try #require(
      CGImage(
        maskWidth: 4, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 4,
        provider: provider, decode: nil, shouldInterpolate: false))
    let byMask = try #require(Self.greenRow(4).masking(mask))
    let byGrey = try #require(Self.greenRow(4).masking(Self.singleChannel(samples)))
    for x in 0..<4 {
      let a = 255 - Double(samples[x])
      #expect(Self.near(Self.pixel(byMask, x, 0), [0, a, 0, a]), "image mask at \(x)")
      let g = Double(samples[x])
      #expect(Self.near(Self.pixel(byGrey, x, 0), [0, g, 0, g]), "grey image at \(x)")
    }
    #expect(try Self.greenRow(4).masking(Self.greenRow(4)) == nil, "an RGBA image is no mask")
    let stretched = try #require(Self.greenRow(8).masking(mask))
    #expect(Self.pixel(stretched, 5, 0)[3] == 0, "a mask is stretched over the image")
  }

  /// GradientCircularProgress's idiom: an image mask made from a drawn RGBA image's own
  /// provider and layout (8 bits per component, 32 per pixel: the first byte of each pixel
  /// is the sample), then `masking(_:)`: white masks out, black and clear let through.
  @Test func maskFromADrawnImagesProvider() throws {
    let drawn = drawnPixels(width: 3, height: 1) { ctx in
      ctx.setFillColor(UIColor.white.cgColor)
      ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
      ctx.setFillColor(UIColor.black.cgColor)
      ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
    }
    let maskRef = try #require(UIImage(pixmap: drawn, scale: 1).cgImage)
    let provider = try #require(maskRef.dataProvider)
    let mask = try #require(
      CGImage(
        maskWidth: maskRef.width, height: maskRef.height,
        bitsPerComponent: maskRef.bitsPerComponent, bitsPerPixel: maskRef.bitsPerPixel,
        bytesPerRow: maskRef.bytesPerRow, provider: provider, decode: nil,
        shouldInterpolate: false))
    let masked = try #require(Self.greenRow(3).masking(mask))
    #expect(Self.pixel(masked, 0, 0)[3] == 0, "white masks out")
    #expect(Self.pixel(masked, 1, 0) == [0, 255, 0, 255], "black lets through")
    #expect(Self.pixel(masked, 2, 0) == [0, 255, 0, 255], "clear lets through")
    let bytes = try #require(maskRef.dataProvider?.data)
    #expect(CFDataGetLength(bytes) == 12 && CFDataGetBytePtr(bytes)[0] == 255, "RGBA bytes")
  }

  /// `CGImage(width:height:...provider:...)` reads a program's bytes in the formats bitmap
  /// contexts use, straight alpha and 24-bit RGB, and reports them.
  @Test(arguments: [
    ("BGRA", premultipliedFirst | little, 32, [0, 0, 128, 128] as [UInt8], [128, 0, 0, 128]),
    ("RGBA straight", CGImageAlphaInfo.last.rawValue, 32, [255, 0, 0, 128], [128, 0, 0, 128]),
    ("RGB", CGImageAlphaInfo.none.rawValue, 24, [10, 20, 30], [10, 20, 30, 255]),
    ("XRGB", skipFirst, 32, [0, 10, 20, 30], [10, 20, 30, 255]),
  ])
  func imagesFromProviders(
    _ name: String, _ info: UInt32, _ pixelBits: Int, _ bytes: [UInt8], _ pixel: [Int]
  ) throws {
    let provider = try #require(CGDataProvider(data: Data(bytes)))
    let image = try #require(
      CGImage(
        width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: pixelBits,
        bytesPerRow: bytes.count, space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGBitmapInfo(rawValue: info), provider: provider, decode: nil,
        shouldInterpolate: false, intent: .defaultIntent), "\(name)")
    #expect(Self.pixel(image, 0, 0) == pixel, "\(name) read as premultiplied RGBA")
    #expect(image.bitmapInfo.rawValue == info && image.bitsPerPixel == pixelBits)
    #expect(image.dataProvider === provider, "its provider is the one it was made from")
  }

  /// Sizes whose products overflow are refused with nil, as Core Graphics refuses them
  /// (they trapped on the overflow).
  @Test(arguments: [(Int.max / 2, 1, 1), (1, Int.max / 2, 1), (4, 4, Int.max / 4)])
  func hugeImagesAreRefused(width: Int, height: Int, bytesPerRow: Int) throws {
    let provider = try #require(CGDataProvider(data: Data(repeating: 0, count: 64)))
    #expect(
      CGImage(
        maskWidth: width, height: height, bitsPerComponent: 8, bitsPerPixel: 8,
        bytesPerRow: bytesPerRow, provider: provider, decode: nil, shouldInterpolate: false)
        == nil)
    #expect(
      CGImage(
        width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32,
        bytesPerRow: bytesPerRow, space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
        provider: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
        == nil)
  }
}
