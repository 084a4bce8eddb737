import Foundation
import RainbowRing
import RingTestSupport
import Testing

/// One golden-image case: a layer tree drawn on a small canvas.
struct GoldenCase: Sendable, CustomTestStringConvertible {
  /// The golden's file name without `.png`.
  let name: String
  /// Canvas size, in pixels.
  let width: Int
  let height: Int
  /// Pixels per point.
  let scale: Double
  let tree: @Sendable () throws -> Layer

  var testDescription: String { name }
}

/// Golden images: what the renderer draws today, pinned pixel for pixel. Every render goes
/// through `GoldenRendering.swift`. See the README's testing section for recording.
@Suite struct GoldenImageTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden").path

  func check(_ pixmap: Pixmap, _ name: String) {
    if let failure = GoldenImage(name: name, folder: Self.folder).verify(RGBAImage(pixmap)) {
      Issue.record("\(failure)")
    }
  }

  @Test(arguments: GoldenImageTests.cases)
  func layerTreeMatchesItsGolden(_ c: GoldenCase) throws {
    check(try renderLayerTree(c.tree(), width: c.width, height: c.height, scale: c.scale), c.name)
  }

  @Test(arguments: [1.0, 2.0, 3.0])
  func seedHostFrameMatchesItsGolden(scale: Double) throws {
    check(try renderSeedFrame(scale: scale), "seed-host-\(Int(scale))x")
  }

  @Test(arguments: [1.0, 2.0, 3.0])
  func seedRingMatchesItsGolden(scale: Double) throws {
    check(try renderSeedFrame(scale: scale, hosted: false), "seed-ring-\(Int(scale))x")
  }

  // MARK: Cases

  static let cases: [GoldenCase] =
    LineJoin.allCases.map { join in
      GoldenCase(name: "join-\(join)", width: 96, height: 64, scale: 1) { joins(join) }
    }
    + LineCap.allCases.map { cap in
      GoldenCase(name: "cap-\(cap)", width: 96, height: 64, scale: 2) { caps(cap) }
    } + [
      GoldenCase(name: "trim-circle", width: 64, height: 64, scale: 1) { trimmedCircle() },
      GoldenCase(name: "trim-open-path", width: 64, height: 64, scale: 1) { trimmedOpenPath() },
      GoldenCase(name: "gradient-axial", width: 64, height: 64, scale: 1) { axial() },
      GoldenCase(name: "gradient-radial", width: 64, height: 64, scale: 1) { radial() },
      GoldenCase(name: "gradient-conic", width: 96, height: 96, scale: 1.5) { conic() },
      GoldenCase(name: "mask-stroke-only", width: 64, height: 64, scale: 1) {
        masked(by: strokeOnlyMask())
      },
      GoldenCase(name: "mask-fill-only", width: 64, height: 64, scale: 1) {
        masked(by: fillOnlyMask())
      },
      GoldenCase(name: "mask-translucent-stroke", width: 64, height: 64, scale: 1) {
        masked(by: translucentStrokeMask())
      },
      GoldenCase(name: "mask-with-sublayers", width: 64, height: 64, scale: 1) {
        masked(by: maskWithSublayers())
      },
      GoldenCase(name: "opacity-group", width: 96, height: 48, scale: 1) { opacityGroups() },
      GoldenCase(name: "background-colors", width: 64, height: 64, scale: 1) { backgrounds() },
      GoldenCase(name: "position-anchor", width: 64, height: 64, scale: 1) { positions() },
    ]
    + LineCap.allCases.map { cap in
      GoldenCase(name: "progress-cap-\(cap)", width: 120, height: 120, scale: 1.5) {
        try progressRing(RingProgress(value: 0.75, cap: cap, track: color("#9E9E9E66")))
      }
    } + [
      GoldenCase(name: "progress-overlap-shadow", width: 120, height: 120, scale: 1.5) {
        try progressRing(
          RingProgress(value: 1.3, cap: .round, track: color("#9E9E9E66"), endEffect: .shadow))
      },
      GoldenCase(name: "progress-glow-ccw", width: 120, height: 120, scale: 1.5) {
        try progressRing(
          RingProgress(
            value: 0.6, startAngle: 0, direction: .counterclockwise, cap: .round,
            endEffect: .glow),
          background: .black)
      },
    ]

  static func color(_ hex: String) -> RGBAColor { RGBAColor(parsing: hex)! }

  static func canvas(_ width: Double, _ height: Double, background: RGBAColor? = nil) -> Layer {
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: width, height: height)
    root.backgroundColor = background
    return root
  }

  static func shape(
    _ path: BezierPath, fill: RGBAColor? = nil, stroke: RGBAColor? = nil, lineWidth: Double = 1,
    frame: Rect = Rect(x: 0, y: 0, width: 96, height: 96)
  ) -> ShapeLayer {
    let s = ShapeLayer()
    s.frame = frame
    s.path = path
    s.fillColor = fill
    s.strokeColor = stroke
    s.lineWidth = lineWidth
    return s
  }

  /// Adds straight lines through `points` to `path` as a new subpath.
  static func polyline(
    _ points: [(Double, Double)], closed: Bool = false, into path: inout BezierPath
  ) {
    path.move(to: Point(x: points[0].0, y: points[0].1))
    for p in points.dropFirst() { path.addLine(to: Point(x: p.0, y: p.1)) }
    if closed { path.close() }
  }

  static func polyline(_ points: [(Double, Double)], closed: Bool = false) -> BezierPath {
    var path = BezierPath()
    polyline(points, closed: closed, into: &path)
    return path
  }

  /// A zigzag with a 90-degree, a 40-degree and a 7-degree corner (past the miter limit of
  /// 10, so a miter join falls back to a bevel there), and a closed triangle.
  static func joins(_ join: LineJoin) -> Layer {
    let root = canvas(96, 64)
    var path = polyline([(8, 36), (8, 8), (36, 8), (22, 48), (40, 56), (44, 10), (48, 56)])
    polyline([(60, 52), (88, 52), (74, 18)], closed: true, into: &path)
    let s = shape(path, stroke: color("#1F3A93"), lineWidth: 7)
    s.lineJoin = join
    root.addSublayer(s)
    return root
  }

  /// Two open strokes with a hairline at their ends, so each cap's extent shows.
  static func caps(_ cap: LineCap) -> Layer {
    let root = canvas(48, 32, background: .white)
    var path = polyline([(10, 8), (38, 8)])
    polyline([(10, 16), (38, 26)], into: &path)
    let s = shape(path, stroke: color("#2E7D32"), lineWidth: 5)
    s.lineCap = cap
    root.addSublayer(s)
    var guides = polyline([(10, 2), (10, 30)])
    polyline([(38, 2), (38, 30)], into: &guides)
    root.addSublayer(shape(guides, stroke: color("#E53935"), lineWidth: 0.5))
    return root
  }

  /// A circle stroked from 10 % to 70 % of its length, over the whole circle in grey.
  static func trimmedCircle() -> Layer {
    let root = canvas(64, 64)
    let circle = BezierPath(ovalIn: Rect(x: 12, y: 12, width: 40, height: 40))
    root.addSublayer(shape(circle, stroke: color("#BDBDBD"), lineWidth: 1))
    let s = shape(circle, stroke: color("#6A1B9A"), lineWidth: 6)
    s.strokeStart = 0.1
    s.strokeEnd = 0.7
    root.addSublayer(s)
    return root
  }

  /// A curve and a line, stroked from 10 % to 70 % of their length with round caps.
  static func trimmedOpenPath() -> Layer {
    let root = canvas(64, 64)
    var path = BezierPath()
    path.move(to: Point(x: 6, y: 50))
    path.addCurve(
      to: Point(x: 52, y: 14), controlPoint1: Point(x: 10, y: 4), controlPoint2: Point(x: 40, y: 60)
    )
    path.addLine(to: Point(x: 58, y: 58))
    root.addSublayer(shape(path, stroke: color("#BDBDBD"), lineWidth: 1))
    let s = shape(path, stroke: color("#EF6C00"), lineWidth: 5)
    s.lineCap = .round
    s.strokeStart = 0.1
    s.strokeEnd = 0.7
    root.addSublayer(s)
    return root
  }

  static func gradient(_ type: GradientKind, _ frame: Rect, _ colors: [RGBAColor]) -> GradientLayer
  {
    let g = GradientLayer()
    g.type = type
    g.frame = frame
    g.colors = colors
    return g
  }

  /// Three stops at uneven locations along a slanted axis, inset from the canvas.
  static func axial() -> Layer {
    let g = gradient(
      .axial, Rect(x: 4, y: 6, width: 56, height: 52),
      [color("#FF0000"), color("#FFEB3B"), color("#0D47A1")])
    g.locations = [0, 0.3, 1]
    g.startPoint = Point(x: 0, y: 0.2)
    g.endPoint = Point(x: 1, y: 0.8)
    return g
  }

  /// An elliptical radial gradient whose last stop is half transparent.
  static func radial() -> Layer {
    let g = gradient(
      .radial, Rect(x: 0, y: 0, width: 64, height: 64),
      [.white, color("#FF9800"), color("#4A148C80")])
    g.startPoint = Point(x: 0.4, y: 0.5)
    g.endPoint = Point(x: 0.9, y: 0.75)
    return g
  }

  /// A sweep around an off-centre point, drawn at 1.5x.
  static func conic() -> Layer {
    let g = gradient(
      .conic, Rect(x: 0, y: 0, width: 64, height: 64),
      [color("#F44336"), color("#FFEB3B"), color("#4CAF50"), color("#2196F3"), color("#F44336")]
    )
    g.startPoint = Point(x: 0.4, y: 0.55)
    g.endPoint = Point(x: 1, y: 0.3)
    return g
  }

  /// The ring's kind of gradient (hues along the diagonal) in a 64-point square, masked.
  static func masked(by mask: Layer) -> Layer {
    let hues = stride(from: 0.0, through: 1.0, by: 1.0 / 6).map {
      try! RGBAColor(hue: $0, saturation: 1, brightness: 1)
    }
    let g = gradient(.axial, Rect(x: 0, y: 0, width: 64, height: 64), hues)
    g.startPoint = Point(x: 0, y: 0)
    g.endPoint = Point(x: 1, y: 1)
    g.mask = mask
    return g
  }

  static func strokeOnlyMask() -> Layer {
    shape(
      BezierPath(ovalIn: Rect(x: 10, y: 10, width: 44, height: 44)), stroke: .black, lineWidth: 8,
      frame: Rect(x: 0, y: 0, width: 64, height: 64))
  }

  /// A five-pointed star filled even-odd, so its centre is a hole.
  static func fillOnlyMask() -> Layer {
    let points = (0..<5).map { i -> (Double, Double) in
      let angle = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
      return (32 + 28 * cos(angle), 33 + 28 * sin(angle))
    }
    let s = shape(
      polyline(points, closed: true), fill: .black, frame: Rect(x: 0, y: 0, width: 64, height: 64))
    s.fillRule = .evenOdd
    return s
  }

  /// A quarter-alpha fill under a 60 %-alpha stroke: the mask's alpha is stroke over fill.
  static func translucentStrokeMask() -> Layer {
    let s = shape(
      BezierPath(roundedRect: Rect(x: 10, y: 10, width: 44, height: 44), cornerRadius: 10),
      fill: color("#00000040"), stroke: color("#00000099"), lineWidth: 10,
      frame: Rect(x: 0, y: 0, width: 64, height: 64))
    return s
  }

  /// A plain layer holding a filled circle and a half-transparent bar.
  static func maskWithSublayers() -> Layer {
    let mask = Layer()
    mask.frame = Rect(x: 4, y: 4, width: 56, height: 56)
    mask.addSublayer(
      shape(
        BezierPath(ovalIn: Rect(x: 0, y: 0, width: 36, height: 36)), fill: .black,
        frame: Rect(x: 0, y: 0, width: 36, height: 36)))
    let bar = Layer()
    bar.frame = Rect(x: 20, y: 24, width: 36, height: 14)
    bar.backgroundColor = color("#00000080")
    mask.addSublayer(bar)
    return mask
  }

  /// Left: a group at opacity 0.5 holding two overlapping opaque layers (the overlap shows
  /// only the top one). Right: the same two layers each at opacity 0.5 (the overlap mixes).
  static func opacityGroups() -> Layer {
    let root = canvas(96, 48, background: color("#E0E0E0"))
    for (x, grouped) in [(0.0, true), (48.0, false)] {
      let group = Layer()
      group.frame = Rect(x: x, y: 0, width: 48, height: 48)
      let square = Layer()
      square.frame = Rect(x: 6, y: 6, width: 24, height: 24)
      square.backgroundColor = color("#D50000")
      let circle = shape(
        BezierPath(ovalIn: Rect(x: 0, y: 0, width: 26, height: 26)), fill: color("#2962FF"),
        frame: Rect(x: 16, y: 16, width: 26, height: 26))
      if grouped {
        group.opacity = 0.5
      } else {
        square.opacity = 0.5
        circle.opacity = 0.5
      }
      group.addSublayer(square)
      group.addSublayer(circle)
      root.addSublayer(group)
    }
    return root
  }

  /// Opaque and translucent backgrounds, fractional frames, a nested background, and a
  /// hidden and a fully transparent layer that must draw nothing.
  static func backgrounds() -> Layer {
    let root = canvas(64, 64, background: color("#263238"))
    let opaque = Layer()
    opaque.frame = Rect(x: 4, y: 4, width: 28, height: 20)
    opaque.backgroundColor = color("#FF6F00")
    root.addSublayer(opaque)
    let translucent = Layer()
    translucent.frame = Rect(x: 20.5, y: 14.25, width: 30, height: 30.5)
    translucent.backgroundColor = color("#00E67699")
    root.addSublayer(translucent)
    let nested = Layer()
    nested.frame = Rect(x: 6, y: 10, width: 12.5, height: 12.5)
    nested.backgroundColor = color("#FFFFFFCC")
    translucent.addSublayer(nested)
    let hidden = Layer()
    hidden.frame = Rect(x: 0, y: 40, width: 64, height: 24)
    hidden.backgroundColor = color("#FF0000")
    hidden.isHidden = true
    root.addSublayer(hidden)
    let transparent = Layer()
    transparent.frame = Rect(x: 0, y: 48, width: 64, height: 16)
    transparent.backgroundColor = color("#FF0000")
    transparent.opacity = 0
    root.addSublayer(transparent)
    let edge = Layer()
    edge.frame = Rect(x: 44.75, y: 50.5, width: 30, height: 10)
    edge.backgroundColor = color("#FFEB3B")
    root.addSublayer(edge)
    return root
  }

  /// Layers placed by position and anchor point, and one whose bounds do not start at 0, so
  /// its sublayer sits at its centre.
  static func positions() -> Layer {
    let root = canvas(64, 64)
    func square(_ size: Double, _ hex: String) -> Layer {
      let l = Layer()
      l.bounds = Rect(x: 0, y: 0, width: size, height: size)
      l.backgroundColor = color(hex)
      return l
    }
    let topLeft = square(20, "#E53935")
    topLeft.anchorPoint = Point(x: 0, y: 0)
    topLeft.position = Point(x: 4, y: 4)
    root.addSublayer(topLeft)
    let bottomRight = square(20, "#1E88E5")
    bottomRight.anchorPoint = Point(x: 1, y: 1)
    bottomRight.position = Point(x: 60, y: 60)
    root.addSublayer(bottomRight)
    let offset = square(24, "#FDD83580")
    offset.bounds.origin = Point(x: -12, y: -12)
    offset.position = Point(x: 32, y: 32)
    let dot = shape(
      BezierPath(ovalIn: Rect(x: 0, y: 0, width: 10, height: 10)), fill: color("#000000"),
      frame: Rect(x: 0, y: 0, width: 10, height: 10))
    offset.addSublayer(dot)
    root.addSublayer(offset)
    let fractional = square(12, "#43A047")
    fractional.anchorPoint = Point(x: 0.25, y: 0.75)
    fractional.position = Point(x: 50.5, y: 14.25)
    root.addSublayer(fractional)
    return root
  }

  // MARK: Progress rings

  /// A progress ring of six colours (red to purple, so the head's colour differs from the
  /// start's), 64 points with a 10-point ring, at (8, 8) on an 80-point canvas: room for
  /// a glow around the head.
  static func progressRing(_ progress: RingProgress, background: RGBAColor? = nil) throws
    -> Layer
  {
    let root = canvas(80, 80, background: background)
    let ring = try RainbowRing(
      size: Size(width: 64, height: 64), ringWidth: 10,
      colors: ["#E53935", "#FB8C00", "#FDD835", "#43A047", "#1E88E5", "#8E24AA"].map(color),
      progress: progress, flows: false)
    root.addSublayer(ring.makeViewLayer(origin: Point(x: 8, y: 8)).view)
    return root
  }
}
