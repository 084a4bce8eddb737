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
