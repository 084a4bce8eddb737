import Foundation
import RingGraphics
import RingLayers
import RingTestSupport
import Testing

/// A frosted layer's backdrop: the blur against Pillow's box blurs (three of the width
/// Apple's ImageEffects sample takes for the deviation), the saturation by its formula, and
/// the glass's shape, opacity and place in a tree.
struct BackdropFilterTests {
  /// An opaque pattern: stripes, a checker and a gradient, 64 x 48.
  static func pattern() throws -> Pixmap {
    var p = try Pixmap(width: 64, height: 48)
    p.withUnsafeMutablePixels { px in
      for y in 0..<48 {
        for x in 0..<64 {
          let r = UInt32(x % 16 < 8 ? 230 : 20)
          let g = UInt32((x / 4 + y / 4) % 2 == 0 ? 200 : 40)
          let b = UInt32(y * 5)
          px[y * 64 + x] = r | g << 8 | b << 16 | 0xFF00_0000
        }
      }
    }
    return p
  }

  @Test(arguments: [1.5, 4, 9])
  func theBlurIsThreeBoxBlursAsPillowDoesThem(sigma: Double) throws {
    var ours = try Self.pattern()
    let input = ours
    let all = Rasterizer.fill(
      BezierPath(rect: Rect(x: 0, y: 0, width: 64, height: 48)), rule: .nonZero,
      transform: .identity, width: 64,
      height: 48)
    ours.filterBackdrop(all, sigma: sigma, saturation: 1, opacity: 255, swapsRedAndBlue: false)
    let d = BackdropFilter.boxWidth(sigma: sigma)
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("blur-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let raw = dir.appendingPathComponent("in.rgba")
    try Data(input.pixels.flatMap { p in (0..<4).map { UInt8((p >> UInt32(8 * $0)) & 0xFF) } })
      .write(to: raw)
    let script = """
      import sys
      from PIL import Image, ImageFilter
      im = Image.frombytes('RGBA', (64, 48), open(sys.argv[1], 'rb').read()).convert('RGB')
      for _ in range(3):
          im = im.filter(ImageFilter.BoxBlur(int(sys.argv[2])))
      sys.stdout.buffer.write(im.tobytes())
      """
    let pillow = [UInt8](try runTool("python3", ["-c", script, raw.path, "\((d - 1) / 2)"]))
    try #require(pillow.count == 64 * 48 * 3)
    var worst = 0
    for i in 0..<(64 * 48) {
      for c in 0..<3 {
        let a = Int((ours.pixels[i] >> UInt32(8 * c)) & 0xFF)
        worst = max(worst, abs(a - Int(pillow[i * 3 + c])))
      }
    }
    #expect(d > 1, "a blur at all")
    #expect(worst <= 2, "σ \(sigma) (boxes of \(d)): \(worst) levels from Pillow")
    print("backdrop blur σ \(sigma): boxes of \(d), within \(worst) levels of Pillow")
  }

  @Test func saturationScalesAboutLuma() throws {
    var p = try Pixmap(width: 4, height: 1)
    let color: UInt32 = 0xFF20_80C0  // r 0xC0, g 0x80, b 0x20
    p.withUnsafeMutablePixels { $0.update(repeating: color) }
    let region = Rasterizer.fill(
      BezierPath(rect: Rect(x: 0, y: 0, width: 2, height: 1)), rule: .nonZero, transform: .identity,
      width: 4, height: 1)
    p.filterBackdrop(region, sigma: 0, saturation: 0, opacity: 255, swapsRedAndBlue: false)
    let red: Double = 0.2126 * 192
    let green: Double = 0.7152 * 128
    let blue: Double = 0.0722 * 32
    let luma = Int((red + green + blue).rounded())
    let first: UInt32 = p.pixels[0]
    let channels: [Int] = (0..<3).map { Int((first >> UInt32(8 * $0)) & 0xFF) }
    #expect(channels == [luma, luma, luma], "grey")
    #expect(p.pixels[3] == color, "outside the region, as it was")
  }

  /// In a tree: the glass blurs what lies beneath it inside its rounded bounds only, at
  /// its opacity, and what it holds draws over it.
  @Test func aFrostedLayerInATree() throws {
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: 40, height: 20)
    for i in 0..<4 {
      let stripe = Layer()
      stripe.frame = Rect(x: Double(i) * 10, y: 0, width: 10, height: 20)
      stripe.backgroundColor = i % 2 == 0 ? .black : .white
      root.addSublayer(stripe)
    }
    let glass = Layer()
    glass.frame = Rect(x: 0, y: 0, width: 20, height: 20)
    glass.properties.backdropFilter = BackdropFilter(sigma: 4)
    root.addSublayer(glass)
    var frame = try Pixmap(width: 40, height: 20)
    LayerRenderer().render(root, at: .zero, scale: 1, into: &frame)
    let inside = frame.pixels[10 * 40 + 9] & 0xFF
    #expect(inside > 40 && inside < 215, "blurred at the stripes' edge: \(inside)")
    #expect(frame.pixels[10 * 40 + 25] & 0xFF == 0, "beside the glass, untouched")
    glass.opacity = 0
    LayerRenderer().render(root, at: .zero, scale: 1, into: &frame)
    #expect(frame.pixels[10 * 40 + 9] & 0xFF == 0, "a transparent glass filters nothing")
    // Half faded by itself, or inside a group faded by half (a HUD fading in): the glass in
    // the group sees what the group is drawn over, so both show the same.
    glass.opacity = 0.5
    var alone = try Pixmap(width: 40, height: 20)
    LayerRenderer().render(root, at: .zero, scale: 1, into: &alone)
    glass.opacity = 1
    glass.removeFromSuperlayer()
    let fading = Layer()
    fading.frame = Rect(x: 0, y: 0, width: 40, height: 20)
    fading.opacity = 0.5
    fading.addSublayer(glass)
    root.addSublayer(fading)
    var grouped = try Pixmap(width: 40, height: 20)
    LayerRenderer().render(root, at: .zero, scale: 1, into: &grouped)
    var worst = 0
    for i in 0..<(40 * 20) {
      for c in 0..<4 {
        let a = Int((alone.pixels[i] >> UInt32(8 * c)) & 0xFF)
        worst = max(worst, abs(a - Int((grouped.pixels[i] >> UInt32(8 * c)) & 0xFF)))
      }
    }
    #expect(worst <= 1, "the glass in a fading group: \(worst) levels from the glass faded")
    #expect(grouped.pixels[10 * 40 + 9] & 0xFF > 20, "blurred, not only tinted")
  }
}
