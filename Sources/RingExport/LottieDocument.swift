import Foundation
import RainbowRing
import RingCodecs

/// The ring as a Lottie animation (Bodymovin 5 JSON, as lottie-web, lottie-ios,
/// lottie-android, rlottie, ThorVG and Skottie play it): an ellipse with a gradient stroke
/// whose stops (colour, and opacity for translucent colours) hold one linear keyframe per
/// step, over a filled background rectangle. Its frames
/// run from 0 to `frameCount`, at `frameCount / period` frames per second, so the loop is
/// exactly the ring's period. Coordinates are in pixels (points times the scene's scale).
public enum LottieDocument {
  /// The animation as JSON, with `frameCount` frames in one period; throws `RingError` for
  /// a gradient Lottie cannot draw (conic; radial with unequal radii).
  public static func json(_ scene: RingScene, frameCount: Int) throws -> String {
    let v = try VectorRing(scene, format: .lottie)
    guard frameCount >= 1 else {
      throw RingError(.invalidSettings, "a Lottie animation needs at least one frame")
    }
    let s = scene.scale
    let num = { (x: Double) in VectorText.number(x, digits: 3) }
    func pair(_ p: Point) -> String { "[\(num(p.x * s)),\(num(p.y * s))]" }
    func fixed(_ k: String) -> String { "{\"a\":0,\"k\":\(k)}" }
    let (w, h) = scene.pixelSize
    let n = v.colorCount
    let periodNs = v.ring.stepDuration.nanoseconds * Int64(n)
    let rate = Double(frameCount) / (Double(periodNs) / 1e9)
    let op = "\(frameCount)"
    let layerTransform =
      "\"ks\":{\"o\":\(fixed("100")),\"r\":\(fixed("0")),\"p\":\(fixed("[0,0,0]")),\"a\":\(fixed("[0,0,0]")),\"s\":\(fixed("[100,100,100]"))}"
    let layerCommon = "\"ddd\":0,\"sr\":1,\"ao\":0,\"ip\":0,\"op\":\(op),\"st\":0,\"bm\":0"

    // One keyframe per step boundary, linear (out tangent 0,0, in tangent 1,1), the last
    // closing the loop on the first's colours.
    func keyframes(_ values: (Int) -> String) -> String {
      let frames = (0...n).map { k in
        let t = VectorText.number(Double(k) * Double(frameCount) / Double(n), digits: 6)
        let easing = k < n ? ",\"o\":{\"x\":[0],\"y\":[0]},\"i\":{\"x\":[1],\"y\":[1]}" : ""
        return "{\"t\":\(t),\"s\":[\(values(k))]\(easing)}"
      }
      return "{\"a\":1,\"k\":[\(frames.joined(separator: ","))]}"
    }
    func rgb(_ c: RGBAColor) -> String {
      let (r, g, b) = VectorText.bytes(c)
      return [r, g, b].map { VectorText.number(Double($0) / 255, digits: 3) }.joined(separator: ",")
    }

    let translucent = v.isTranslucent
    let paint: String
    switch v.paint {
    case .last:
      let opacity =
        translucent
        ? keyframes { k in
          VectorText.number(v.color(ofStop: n - 1, atStep: k).alpha * 100, digits: 2)
        }
        : fixed("100")
      paint =
        "{\"ty\":\"st\",\"nm\":\"colour\",\"o\":\(opacity),\"w\":\(fixed(num(v.ring.ringWidth * s))),\"lc\":1,\"lj\":1,\"ml\":4,\"c\":"
        + keyframes { k in rgb(v.color(ofStop: n - 1, atStep: k)) + ",1" } + "}"
    case .axial, .radial:
      let geometry: String
      switch v.paint {
      case .axial(let start, let end):
        geometry = "\"t\":1,\"s\":\(fixed(pair(start))),\"e\":\(fixed(pair(end)))"
      case .radial(let center, let radius, _):
        geometry =
          "\"t\":2,\"s\":\(fixed(pair(center))),\"e\":\(fixed(pair(Point(x: center.x + radius, y: center.y)))),\"h\":\(fixed("0")),\"a\":\(fixed("0"))"
      case .last: geometry = ""
      }
      // Colour stops (offset, r, g, b), then for translucent colours as many opacity stops
      // (offset, alpha), as the lottie-spec's gradient `k` lists them; `p` counts colour stops.
      let stops = keyframes { k in
        let colors = (0..<n).map { i in
          VectorText.number(v.offset(ofStop: i), digits: 4) + ","
            + rgb(v.color(ofStop: i, atStep: k))
        }
        let opacities =
          translucent
          ? (0..<n).map { i in
            VectorText.number(v.offset(ofStop: i), digits: 4) + ","
              + VectorText.number(v.color(ofStop: i, atStep: k).alpha, digits: 4)
          } : []
        return (colors + opacities).joined(separator: ",")
      }
      paint =
        "{\"ty\":\"gs\",\"nm\":\"gradient\",\"o\":\(fixed("100")),\"w\":\(fixed(num(v.ring.ringWidth * s))),\"lc\":1,\"lj\":1,\"ml\":4,\(geometry),\"g\":{\"p\":\(n),\"k\":\(stops)}}"
    }
    let ellipse =
      "{\"ty\":\"el\",\"nm\":\"oval\",\"d\":1,\"p\":\(fixed(pair(v.center))),\"s\":\(fixed(pair(Point(x: 2 * v.radiusX, y: 2 * v.radiusY))))}"
    let groupTransform =
      "{\"ty\":\"tr\",\"p\":\(fixed("[0,0]")),\"a\":\(fixed("[0,0]")),\"s\":\(fixed("[100,100]")),\"r\":\(fixed("0")),\"o\":\(fixed("100"))}"
    var layers = [
      "{\(layerCommon),\"ind\":1,\"ty\":4,\"nm\":\"ring\",\(layerTransform),\"shapes\":[{\"ty\":\"gr\",\"nm\":\"ring\",\"it\":[\(ellipse),\(paint),\(groupTransform)]}]}"
    ]
    // The background is a filled rectangle on a shape layer, not a solid layer: ThorVG 1.0
    // applies a solid layer's opacity twice.
    let background = scene.background
    if background.alpha > 0 {
      let (r, g, b) = VectorText.bytes(background)
      let fill = [r, g, b].map { VectorText.number(Double($0) / 255, digits: 4) }
        .joined(separator: ",")
      let opacity = VectorText.number(background.alpha * 100, digits: 2)
      let rect =
        "{\"ty\":\"rc\",\"nm\":\"canvas\",\"d\":1,\"p\":\(fixed("[\(num(Double(w) / 2)),\(num(Double(h) / 2))]")),\"s\":\(fixed("[\(w),\(h)]")),\"r\":\(fixed("0"))}"
      let paint =
        "{\"ty\":\"fl\",\"nm\":\"colour\",\"o\":\(fixed(opacity)),\"c\":\(fixed("[\(fill),1]")),\"r\":1}"
      layers.append(
        "{\(layerCommon),\"ind\":2,\"ty\":4,\"nm\":\"background\",\(layerTransform),\"shapes\":[{\"ty\":\"gr\",\"nm\":\"background\",\"it\":[\(rect),\(paint),\(groupTransform)]}]}"
      )
    }
    // The label on top (a Lottie's first layer is its front one): its glyphs' outlines,
    // filled non-zero, as every player draws paths.
    if let label = v.ring.label {
      let origin = scene.ringOrigin
      let path = label.path(label.text(progress: 1), in: v.ring.size).applying(
        Transform2D(a: s, b: 0, c: 0, d: s, tx: origin.x * s, ty: origin.y * s))
      let shapes = lottieShapes(path)
      let fill =
        "{\"ty\":\"fl\",\"nm\":\"colour\",\"o\":\(fixed(VectorText.number(label.color.alpha * 100, digits: 2))),\"c\":\(fixed("[\(rgb(label.color)),1]")),\"r\":1}"
      layers.insert(
        "{\(layerCommon),\"ind\":3,\"ty\":4,\"nm\":\"label\",\(layerTransform),\"shapes\":[{\"ty\":\"gr\",\"nm\":\"label\",\"it\":[\((shapes + [fill, groupTransform]).joined(separator: ","))]}]}",
        at: 0)
    }
    return
      "{\"v\":\"5.7.4\",\"meta\":{\"g\":\"RainbowRing\"},\"nm\":\"Rainbow ring\",\"fr\":\(VectorText.number(rate, digits: 6)),\"ip\":0,\"op\":\(op),\"w\":\(w),\"h\":\(h),\"ddd\":0,\"assets\":[],\"layers\":[\(layers.joined(separator: ","))]}\n"
  }

  /// The animation as a dotLottie file: a ZIP holding `manifest.json` (one animation,
  /// `ring`, playing and looping by itself) and `animations/ring.json`.
  public static func dotLottie(_ scene: RingScene, frameCount: Int) throws -> [UInt8] {
    let animation = try json(scene, frameCount: frameCount)
    let manifest =
      "{\"version\":\"1\",\"generator\":\"RainbowRing\",\"revision\":1,\"author\":\"RainbowRing\",\"animations\":[{\"id\":\"ring\",\"speed\":1,\"loop\":true,\"autoplay\":true,\"direction\":1,\"playMode\":\"normal\"}]}\n"
    return try ZipArchive.archive([
      .init(name: "manifest.json", bytes: Array(manifest.utf8)),
      .init(name: "animations/ring.json", bytes: Array(animation.utf8)),
    ])
  }
}

extension LottieDocument {
  /// `path` (in pixels) as Lottie shapes, one closed `sh` per contour: each on-curve point a
  /// vertex, its tangents the cubic control points relative to it (a quadratic's raised to
  /// a cubic, a line's zero). Arcs do not occur in glyph outlines; one would be a line to
  /// its end.
  static func lottieShapes(_ path: BezierPath) -> [String] {
    let num = { (x: Double) in VectorText.number(x, digits: 3) }
    var shapes: [String] = []
    var vertices: [Point] = []
    var ins: [Point] = []
    var outs: [Point] = []
    func finish() {
      // A contour that returns to its start: the last vertex is the first.
      if vertices.count > 1, let first = vertices.first, let last = vertices.last,
        abs(first.x - last.x) < 1e-9, abs(first.y - last.y) < 1e-9
      {
        ins[0] = ins.removeLast()
        vertices.removeLast()
        outs.removeLast()
      }
      if vertices.count > 1 {
        func list(_ points: [Point]) -> String {
          "[" + points.map { "[\(num($0.x)),\(num($0.y))]" }.joined(separator: ",") + "]"
        }
        shapes.append(
          "{\"ty\":\"sh\",\"nm\":\"glyph\",\"d\":1,\"ks\":{\"a\":0,\"k\":{\"c\":true,\"v\":\(list(vertices)),\"i\":\(list(ins)),\"o\":\(list(outs))}}}"
        )
      }
      vertices = []
      ins = []
      outs = []
    }
    func add(_ p: Point, in control: Point) {
      vertices.append(p)
      ins.append(Point(x: control.x - p.x, y: control.y - p.y))
      outs.append(.zero)
    }
    for element in path.elements {
      switch element {
      case .move(let p):
        finish()
        add(p, in: p)
      case .line(let p):
        add(p, in: p)
      case .quadCurve(let p, let c):
        guard let p0 = vertices.last else { continue }
        let c1 = Point(x: p0.x + 2 * (c.x - p0.x) / 3, y: p0.y + 2 * (c.y - p0.y) / 3)
        outs[outs.count - 1] = Point(x: c1.x - p0.x, y: c1.y - p0.y)
        add(p, in: Point(x: p.x + 2 * (c.x - p.x) / 3, y: p.y + 2 * (c.y - p.y) / 3))
      case .curve(let p, let c1, let c2):
        guard let p0 = vertices.last else { continue }
        outs[outs.count - 1] = Point(x: c1.x - p0.x, y: c1.y - p0.y)
        add(p, in: c2)
      case .arc(let c, let r, _, let end):
        add(Point(x: c.x + r.width * cos(end), y: c.y + r.height * sin(end)), in: .zero)
        ins[ins.count - 1] = .zero
      case .close:
        // The closing line, unless the contour already came back to its start.
        if let first = vertices.first, let last = vertices.last,
          abs(first.x - last.x) >= 1e-9 || abs(first.y - last.y) >= 1e-9
        {
          add(first, in: first)
        }
        finish()
      }
    }
    finish()
    return shapes
  }
}
