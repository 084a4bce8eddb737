import RingGraphics
import RingTestSupport
import Testing

@testable import RingLayers

@Suite struct LayerRendererTests {
  func render(_ root: Layer, size: Int, scale: Double = 1, at t: Double = 0) throws -> Pixmap {
    var p = try Pixmap(width: size, height: size)
    LayerRenderer().render(root, at: .seconds(t), scale: scale, into: &p)
    return p
  }

  @Test func backgroundFillsTheFrameExactly() throws {
    let layer = Layer()
    layer.frame = Rect(x: 2, y: 2, width: 4, height: 3)
    layer.backgroundColor = try RGBAColor(red: 1, green: 0, blue: 0)
    let p = try render(layer, size: 8, scale: 1)
    #expect(p.pixel(x: 2, y: 2) == (255, 0, 0, 255), "inside")
    #expect(p.pixel(x: 5, y: 4) == (255, 0, 0, 255), "last inside pixel")
    #expect(p.pixel(x: 6, y: 4).alpha == 0 && p.pixel(x: 5, y: 5).alpha == 0, "outside")
    let half = try render(layer, size: 16, scale: 1.25)
    // x in points [2, 6] is [2.5, 7.5] in pixels: pixel 2 is half covered.
    #expect(half.pixel(x: 2, y: 4) == (128, 0, 0, 128), "half-covered edge pixel")
  }

  @Test func opacityCompositesTheWholeGroup() throws {
    let parent = Layer()
    parent.frame = Rect(x: 0, y: 0, width: 4, height: 4)
    parent.opacity = 0.5
    let child = Layer()
    child.frame = Rect(x: 0, y: 0, width: 4, height: 4)
    child.backgroundColor = .white
    parent.backgroundColor = .black
    parent.addSublayer(child)
    let p = try render(parent, size: 4)
    // The white child covers the black parent, then the group is drawn at half opacity.
    #expect(p.pixel(x: 1, y: 1) == (128, 128, 128, 128), "group opacity, not per layer")
  }

  @Test func radialGradientFollowsUnitSpaceDistance() throws {
    let g = GradientLayer()
    g.frame = Rect(x: 0, y: 0, width: 100, height: 100)
    g.type = .radial
    g.startPoint = Point(x: 0.5, y: 0.5)
    g.endPoint = Point(x: 1, y: 1)
    g.colors = [.black, .white]
    let p = try render(g, size: 100)
    // Pixel (75, 50) centre: u = (0.755, 0.505); distance 0.255 / radius 0.5 = 0.51.
    let expected = (0.51 * 255.0)
    let v = Double(p.pixel(x: 75, y: 50).red)
    #expect(abs(v - expected) <= 1, "radial at (75, 50): \(v), expected \(expected)")
    #expect(p.pixel(x: 99, y: 99) == (255, 255, 255, 255), "beyond the radius: last colour")
  }

  @Test func conicGradientSweepsClockwiseFromTheEndPoint() throws {
    let g = GradientLayer()
    g.frame = Rect(x: 0, y: 0, width: 100, height: 100)
    g.type = .conic
    g.startPoint = Point(x: 0.5, y: 0.5)
    g.endPoint = Point(x: 1, y: 0.5)
    g.colors = [.black, .white]
    let p = try render(g, size: 100)
    let below = Double(p.pixel(x: 50, y: 90).red)  // a quarter turn clockwise on screen
    let left = Double(p.pixel(x: 10, y: 50).red)  // half a turn
    #expect(abs(below - 0.25 * 255) <= 4, "below the centre: \(below)")
    #expect(abs(left - 0.5 * 255) <= 4, "left of the centre: \(left)")
  }

  @Test func aMaskOfAnyLayerUsesItsAlpha() throws {
    let content = Layer()
    content.frame = Rect(x: 0, y: 0, width: 8, height: 8)
    content.backgroundColor = try RGBAColor(red: 0, green: 0, blue: 1)
    let mask = Layer()
    mask.frame = Rect(x: 0, y: 0, width: 4, height: 8)
    mask.backgroundColor = try RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.5)
    content.mask = mask
    let p = try render(content, size: 8)
    #expect(p.pixel(x: 1, y: 1) == (0, 0, 128, 128), "half-alpha mask")
    #expect(p.pixel(x: 6, y: 1).alpha == 0, "outside the mask")
  }

  @Test func animatedStrokeEndShowsThroughTheRenderer() throws {
    let shape = ShapeLayer()
    shape.frame = Rect(x: 0, y: 0, width: 40, height: 40)
    shape.path = BezierPath(ovalIn: Rect(x: 5, y: 5, width: 30, height: 30))
    shape.fillColor = nil
    shape.strokeColor = .black
    shape.lineWidth = 4
    var a = BasicAnimation(keyPath: \.strokeEnd)
    a.fromValue = 0
    a.toValue = 1
    a.duration = .seconds(1)
    a.fillMode = .forwards
    a.isRemovedOnCompletion = false
    try shape.add(a, forKey: "draw")
    let quarter = try render(shape, size: 40, at: 0.25)
    let full = try render(shape, size: 40, at: 2)
    let q = quarter.pixels.reduce(0) { $0 + Int($1 >> 24) }
    let f = full.pixels.reduce(0) { $0 + Int($1 >> 24) }
    #expect(
      abs(Double(q) / Double(f) - 0.25) < 0.01, "a quarter of the ring at t = 0.25: \(q) / \(f)")
  }

  @Test func renderingIsAPureFunctionOfTime() throws {
    let g = GradientLayer()
    g.frame = Rect(x: 0, y: 0, width: 30, height: 30)
    g.colors = [.black, .white]
    var a = BasicAnimation(keyPath: \.colors)
    a.fromValue = [.black, .white]
    a.toValue = [.white, .black]
    a.duration = .seconds(1)
    try g.add(a, forKey: "swap")
    let renderer = LayerRenderer()
    var first = try Pixmap(width: 30, height: 30)
    var again = first
    renderer.render(g, at: .seconds(0.3), scale: 1, into: &first)
    var other = try Pixmap(width: 30, height: 30)
    renderer.render(g, at: .seconds(0.7), scale: 1, into: &other)
    renderer.render(g, at: .seconds(0.3), scale: 1, into: &again)
    #expect(PixmapDifference(first, again) == nil, "same time, same pixels, whatever came between")
    #expect(PixmapDifference(first, other) != nil, "different times differ")
  }

  /// A mask that draws nothing hides everything, as on iOS: a plain layer without a
  /// background, a shape without a path, an empty path, a gradient without colours, or a
  /// hidden mask.
  @Test(arguments: ["plain", "no path", "empty path", "no colours", "hidden"])
  func aMaskThatDrawsNothingHidesEverything(mask kind: String) throws {
    let content = Layer()
    content.frame = Rect(x: 0, y: 0, width: 8, height: 8)
    content.backgroundColor = try RGBAColor(red: 0, green: 0, blue: 1)
    let mask: Layer
    switch kind {
    case "no path": mask = ShapeLayer()
    case "empty path":
      let shape = ShapeLayer()
      shape.path = BezierPath()
      mask = shape
    case "no colours": mask = GradientLayer()
    case "hidden":
      mask = Layer()
      mask.backgroundColor = .black
      mask.isHidden = true
    default: mask = Layer()
    }
    mask.frame = Rect(x: 0, y: 0, width: 8, height: 8)
    content.mask = mask
    let p = try render(content, size: 8)
    #expect(p.pixels.allSatisfy { $0 >> 24 == 0 }, "nothing shows through \(kind)")
  }
}
