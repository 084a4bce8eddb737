import Foundation
import RingGraphics
import RingTestSupport
import Testing

@testable import RingLayers

/// A layer's appearance, measured by area (the rasterizer's coverage is exact, so areas
/// match the geometry's to within rounding): rounded corners, clipping to the bounds,
/// borders, dashes, shadows and z ordering.
@Suite struct AppearanceTests {
  static let size = 120

  static func render(_ root: Layer, scale: Double = 1) throws -> Pixmap {
    var p = try Pixmap(width: size, height: size)
    LayerRenderer().render(root, at: .zero, scale: scale, into: &p)
    return p
  }

  /// The sum of alpha over the frame, in pixels (a fully covered pixel counts 1).
  static func area(_ p: Pixmap) -> Double {
    p.straightRGBABytes().enumerated().reduce(0) {
      $1.offset % 4 == 3 ? $0 + Double($1.element) / 255 : $0
    }
  }

  static let red = try! RGBAColor(red: 1, green: 0, blue: 0)
  static let blue = try! RGBAColor(red: 0, green: 0, blue: 1)

  /// A background with rounded corners covers the rectangle less the four corners'
  /// (4 - π) r² (within half a pixel of rounding per edge pixel).
  @Test(arguments: [(0.0, 1.0), (8, 1), (20, 2), (35, 1), (80, 1)])
  func roundedCornersCoverTheirArea(radius: Double, scale: Double) throws {
    let layer = Layer()
    layer.frame = Rect(x: 5, y: 5, width: 50, height: 40)
    layer.backgroundColor = Self.red
    layer.properties.cornerRadius = radius
    let r = min(radius, 20)
    let expected = (50 * 40 - (4 - Double.pi) * r * r) * scale * scale
    let measured = Self.area(try Self.render(layer, scale: scale))
    #expect(abs(measured - expected) < 0.02 * scale * 50, "r \(radius): \(measured) vs \(expected)")
  }

  /// Only the `maskedCorners` are rounded: each rounded corner takes (1 - π/4) r² off.
  @Test(arguments: [RectCorners.all, [.topLeft], [.topRight, .bottomLeft], []])
  func onlyTheMaskedCornersAreRounded(corners: RectCorners) throws {
    let layer = Layer()
    layer.frame = Rect(x: 5, y: 5, width: 50, height: 40)
    layer.backgroundColor = Self.red
    layer.properties.cornerRadius = 12
    layer.properties.maskedCorners = corners
    let rounded = [RectCorners.topLeft, .topRight, .bottomLeft, .bottomRight].filter {
      corners.contains($0)
    }.count
    let expected = 50 * 40 - Double(rounded) * (1 - Double.pi / 4) * 144
    let p = try Self.render(layer)
    #expect(abs(Self.area(p) - expected) < 1, "\(corners)")
    #expect((p.pixel(x: 5, y: 5).alpha == 0) == corners.contains(.topLeft), "top-left pixel")
  }

  /// A layer that masks to its rounded bounds shows of a larger sublayer exactly its own
  /// rounded area; without masking, all of the sublayer.
  @Test(arguments: [true, false])
  func masksToBoundsClipsSublayers(masks: Bool) throws {
    let parent = Layer()
    parent.frame = Rect(x: 10, y: 10, width: 60, height: 60)
    parent.properties.cornerRadius = 30
    parent.properties.masksToBounds = masks
    let child = Layer()
    child.frame = Rect(x: -10, y: -10, width: 100, height: 100)
    child.backgroundColor = Self.blue
    parent.addSublayer(child)
    let measured = Self.area(try Self.render(parent))
    let expected = masks ? Double.pi * 900 : 10_000
    #expect(abs(measured - expected) < 1.5, "\(measured) vs \(expected)")
  }

  /// A border covers the rounded bounds less the same inset by its width, above the
  /// sublayers.
  @Test func aBorderIsARingAboveTheSublayers() throws {
    let layer = Layer()
    layer.frame = Rect(x: 10, y: 10, width: 80, height: 60)
    layer.properties.borderWidth = 4
    layer.properties.cornerRadius = 10
    layer.properties.borderColor = Self.red
    let child = Layer()
    child.frame = Rect(x: 0, y: 0, width: 80, height: 60)
    child.backgroundColor = Self.blue
    layer.addSublayer(child)
    let p = try Self.render(layer)
    #expect(p.pixel(x: 50, y: 11) == (255, 0, 0, 255), "the border over the sublayer")
    #expect(p.pixel(x: 50, y: 40) == (0, 0, 255, 255), "the sublayer inside")
    for sub in layer.sublayers { sub.removeFromSuperlayer() }
    let outer = 80 * 60 - (4 - Double.pi) * 100
    let inner = 72 * 52 - (4 - Double.pi) * 36
    let measured = Self.area(try Self.render(layer))
    #expect(abs(measured - (outer - inner)) < 1, "\(measured) vs \(outer - inner)")
  }

  /// A red line 100 points long across the middle, `width` points wide.
  static func line(width: Double) -> ShapeLayer {
    let line = ShapeLayer()
    line.frame = Rect(x: 0, y: 0, width: 120, height: 120)
    var path = BezierPath()
    path.move(to: Point(x: 10, y: 60))
    path.addLine(to: Point(x: 110, y: 60))
    line.path = path
    line.fillColor = .clear
    line.strokeColor = red
    line.lineWidth = width
    return line
  }

  /// A dashed line of butt-capped dashes covers the dashes' length times the width; the
  /// phase shifts where they fall; dots of zero length with round caps are discs.
  @Test(arguments: [
    ([6.0, 4.0], 0.0, 60.0), ([6, 4], 3, 60), ([5], 0, 50), ([3, 2, 1, 4], 0, 40),
  ])
  func dashesCoverTheirLength(pattern: [Double], phase: Double, dashed: Double) throws {
    let line = Self.line(width: 4)
    line.properties.lineDashPattern = pattern
    line.properties.lineDashPhase = phase
    let measured = Self.area(try Self.render(line))
    // 100 points long: the dashes' share of each period, as listed, times 4 points wide.
    #expect(abs(measured - dashed * 4) < 0.5, "\(pattern) from \(phase): \(measured)")
  }

  @Test func zeroLengthDashesWithRoundCapsAreDots() throws {
    let line = Self.line(width: 6)
    line.lineCap = .round
    line.properties.lineDashPattern = [0, 10]
    // Dots at 10, 20, ... 110: 11 discs of radius 3.
    let measured = Self.area(try Self.render(line))
    #expect(abs(measured - 11 * .pi * 9) < 1, "\(measured)")
  }

  /// A shadow keeps the shape's area (a blur moves alpha, it does not make it), at the
  /// shadow's opacity, centred at the offset; a layer that masks to its bounds casts none.
  @Test(arguments: [(0.0, true), (3, true), (6, false)])
  func aShadowKeepsItsAreaAtTheOffset(radius: Double, viaPath: Bool) throws {
    let card = Layer()
    card.frame = Rect(x: 40, y: 40, width: 30, height: 20)
    card.backgroundColor = Self.red
    card.properties.shadowOpacity = 0.5
    card.properties.shadowRadius = radius
    card.properties.shadowOffset = Size(width: 10, height: 12)
    if viaPath {
      card.properties.shadowPath = BezierPath(rect: Rect(x: 0, y: 0, width: 30, height: 20))
    }
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: 120, height: 120)
    root.addSublayer(card)
    let p = try Self.render(root)
    // The shadow alone: the frame less the card, which covers its own rectangle fully.
    let bytes = p.straightRGBABytes()
    var shadowArea = 0.0
    var cx = 0.0
    var cy = 0.0
    for y in 0..<120 {
      for x in 0..<120 where !(40..<70).contains(x) || !(40..<60).contains(y) {
        let a = Double(bytes[(y * 120 + x) * 4 + 3]) / 255
        shadowArea += a
        cx += a * Double(x)
        cy += a * Double(y)
      }
    }
    // The part of the shadow under the card is hidden: the visible area is the whole
    // (600 x 0.5) less what the card covers, which for the offset used is the overlap
    // of two 30 x 20 rectangles 10 and 12 apart (20 x 8) when there is no blur.
    if radius == 0 {
      #expect(abs(shadowArea - (600 - 160) * 0.5) < 1, "\(shadowArea)")
      #expect(p.pixel(x: 75, y: 65).alpha == 128, "black at half opacity beyond the card")
    } else {
      #expect(shadowArea > 200 && shadowArea < 300, "\(shadowArea)")
      #expect(cx / shadowArea > 55 && cy / shadowArea > 50, "pushed by the offset")
    }
    card.properties.masksToBounds = true
    #expect(Self.area(try Self.render(root)) == 600, "clipped: no shadow")
  }

  /// Sublayers draw in order of `zPosition`, ties in their order.
  @Test func zPositionOrdersSublayers() throws {
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: 120, height: 120)
    for (i, color) in [Self.red, Self.blue, try RGBAColor(red: 0, green: 1, blue: 0)].enumerated() {
      let l = Layer()
      l.frame = Rect(x: Double(i) * 10, y: 0, width: 40, height: 40)
      l.backgroundColor = color
      root.addSublayer(l)
    }
    #expect(try Self.render(root).pixel(x: 25, y: 10) == (0, 255, 0, 255), "the last in front")
    root.sublayers[0].properties.zPosition = 1
    #expect(try Self.render(root).pixel(x: 25, y: 10) == (255, 0, 0, 255), "raised in front")
    root.sublayers[1].properties.zPosition = 1
    #expect(try Self.render(root).pixel(x: 25, y: 10) == (0, 0, 255, 255), "ties keep order")
  }
}

/// Values a bug could give do not crash, hang or exhaust memory: they draw something
/// bounded or nothing.
@Suite struct HostileAppearanceTests {
  static func render(_ layer: Layer) throws -> Pixmap {
    var p = try Pixmap(width: 64, height: 64)
    LayerRenderer().render(layer, at: .seconds(1), scale: 1, into: &p)
    return p
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300])
  func oddNumbersEverywhere(value: Double) throws {
    let card = Layer()
    card.frame = Rect(x: 10, y: 10, width: 30, height: 30)
    card.backgroundColor = .black
    card.properties.cornerRadius = value
    card.properties.borderWidth = value
    card.properties.shadowOpacity = 1
    card.properties.shadowRadius = value
    card.properties.shadowOffset = Size(width: value, height: value)
    card.properties.zPosition = value
    let child = ShapeLayer()
    child.frame = card.bounds
    var line = BezierPath()
    line.move(to: Point(x: 0, y: 0))
    line.addLine(to: Point(x: 1e6, y: 30))
    child.path = line
    child.strokeColor = .white
    child.properties.lineDashPattern = [1e-9, 1e-9]
    child.properties.lineDashPhase = value
    card.addSublayer(child)
    _ = try Self.render(card)
    card.properties.transform.m34 = value
    card.properties.transform.m41 = value
    _ = try Self.render(card)
    for kind in GradientKind.allCases {
      let gradient = GradientLayer()
      gradient.frame = Rect(x: 0, y: 0, width: 40, height: 40)
      gradient.colors = [.black, .white]
      gradient.type = kind
      gradient.properties.transform = Transform3D(rotationAngle: 1.2, x: 0, y: 1, z: 0)
      gradient.properties.transform.m34 = -1 / 30
      _ = try Self.render(gradient)
      gradient.properties.transform.m11 = value
      _ = try Self.render(gradient)
    }
  }

  @Test func aHugeReplicatorIsCapped() throws {
    let replicator = ReplicatorLayer()
    replicator.instanceCount = .max
    replicator.instanceDelay = 1e300
    let dot = Layer()
    dot.frame = Rect(x: 0, y: 0, width: 2, height: 2)
    dot.backgroundColor = .black
    replicator.addSublayer(dot)
    let p = replicator.presentation(at: .seconds(1))
    #expect(p.nodes.count == 1 + ReplicatorLayer.maximumInstanceCount)
    _ = try Self.render(replicator)
  }
}
