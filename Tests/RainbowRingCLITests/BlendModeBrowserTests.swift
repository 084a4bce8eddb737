import Foundation
import RainbowRing
import RingTestSupport
import Testing

/// The engine's blend modes against real browsers' CSS `mix-blend-mode` (the W3C's
/// Compositing and Blending Level 1, which Chromium and Firefox implement independently):
/// one cell per mode and colour pair, a backdrop (opaque or translucent) and a source over
/// it, in an isolated group; each cell's centre compared over white.
@Suite(.serialized) struct BlendModeBrowserTests {
  /// The modes CSS can name, with their CSS names (`plusDarker` and the Porter-Duff
  /// operators have none).
  static let modes: [(BlendMode, String)] = [
    (.normal, "normal"), (.multiply, "multiply"), (.screen, "screen"), (.overlay, "overlay"),
    (.darken, "darken"), (.lighten, "lighten"), (.colorDodge, "color-dodge"),
    (.colorBurn, "color-burn"), (.hardLight, "hard-light"), (.softLight, "soft-light"),
    (.difference, "difference"), (.exclusion, "exclusion"), (.hue, "hue"),
    (.saturation, "saturation"), (.color, "color"), (.luminosity, "luminosity"),
    (.plusLighter, "plus-lighter"),
  ]

  /// (backdrop, source) as 8-bit red, green, blue and alpha in [0, 1]: opaque and
  /// translucent, dark and light (soft light's and the dodges' branches).
  static let pairs: [((Int, Int, Int, Double), (Int, Int, Int, Double))] = [
    ((230, 128, 51, 1), (51, 153, 204, 1)),
    ((26, 77, 179, 1), (204, 102, 77, 0.6)),
    ((179, 204, 51, 0.5), (128, 26, 230, 0.8)),
    ((242, 51, 153, 1), (64, 191, 102, 1)),
    ((40, 40, 40, 1), (250, 240, 20, 0.9)),
  ]

  static let cell = 20

  static func svg() -> String {
    let w = pairs.count * cell
    let h = modes.count * cell
    var s = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(w)" height="\(h)" \
      viewBox="0 0 \(w) \(h)">
      """
    for (row, mode) in modes.enumerated() {
      for (column, pair) in pairs.enumerated() {
        let (x, y) = (column * cell, row * cell)
        func rect(_ c: (Int, Int, Int, Double), _ style: String) -> String {
          """
          <rect x="\(x)" y="\(y)" width="\(cell)" height="\(cell)" \
          fill="rgb(\(c.0),\(c.1),\(c.2))" fill-opacity="\(c.3)"\(style)/>
          """
        }
        s += "<g style=\"isolation:isolate\">"
        s += rect(pair.0, "")
        s += rect(pair.1, " style=\"mix-blend-mode:\(mode.1)\"")
        s += "</g>\n"
      }
    }
    return s + "</svg>\n"
  }

  /// The same cells drawn by the engine, over white: RGBA bytes.
  static func engine() throws -> [UInt8] {
    let w = pairs.count * cell
    let h = modes.count * cell
    let root = Layer()
    root.anchorPoint = .zero
    root.bounds = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
    func color(_ c: (Int, Int, Int, Double)) -> RGBAColor {
      RGBAColor(unchecked: Double(c.0) / 255, Double(c.1) / 255, Double(c.2) / 255, c.3)
    }
    for (row, mode) in modes.enumerated() {
      for (column, pair) in pairs.enumerated() {
        let frame = Rect(
          x: Double(column * cell), y: Double(row * cell), width: Double(cell),
          height: Double(cell))
        let backdrop = Layer()
        backdrop.frame = frame
        backdrop.backgroundColor = color(pair.0)
        let source = Layer()
        source.frame = frame
        source.backgroundColor = color(pair.1)
        source.properties.blendMode = mode.0
        root.addSublayer(backdrop)
        root.addSublayer(source)
      }
    }
    var pixmap = try Pixmap(width: w, height: h)
    LayerRenderer().render(root, at: .zero, scale: 1, into: &pixmap)
    var white = try Pixmap(width: w, height: h)
    white.fill(.white)
    white.composite(pixmap, opacity: 255)
    return RGBAImage(white).bytes
  }

  @Test(arguments: ["chromium", "firefox"])
  func blendModesMatchTheBrowsers(browser: String) throws {
    let web = try WebPlayer()
    defer { try? FileManager.default.removeItem(atPath: web.dir) }
    let file = web.dir + "/blend.svg"
    try Self.svg().write(toFile: file, atomically: true, encoding: .utf8)
    _ = try web.browse(browser, file, out: web.dir + "/out", ["--scales", "1", "--times", "0"])
    let shot = try web.shot(web.dir + "/out/1x-0.png")
    let w = Self.pairs.count * Self.cell
    try #require(shot.width == w && shot.height == Self.modes.count * Self.cell)
    let ours = try Self.engine()
    var worst: [String] = []
    var largest = 0
    for (row, mode) in Self.modes.enumerated() {
      var modeWorst = 0
      for column in Self.pairs.indices {
        let i = ((row * Self.cell + Self.cell / 2) * w + column * Self.cell + Self.cell / 2) * 4
        for c in 0..<3 {
          modeWorst = max(modeWorst, abs(Int(ours[i + c]) - Int(shot.rgba[i + c])))
        }
        if modeWorst > 2 {
          worst.append(
            "\(mode.1) pair \(column): ours \(ours[i..<i + 3].map { $0 }), \(browser) "
              + "\(shot.rgba[i..<i + 3].map { $0 })")
        }
      }
      largest = max(largest, modeWorst)
    }
    print(
      "blend modes in \(browser): \(Self.modes.count) modes x \(Self.pairs.count) pairs, "
        + "largest difference \(largest) levels")
    #expect(worst.isEmpty, "beyond 2 levels: \(worst.joined(separator: "; "))")
  }
}
