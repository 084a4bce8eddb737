import Foundation
import RainbowRing

/// The ring as one self-contained SVG file: the gradient in user space, the stroked oval, and
/// the background. Animated, each gradient stop runs through the colours it takes at each
/// step, linearly in sRGB as Core Animation interpolates them, looping with the ring's
/// period; still, the stops hold the colours at one time.
public enum SVGDocument {
  /// How an animated SVG moves its colours.
  public enum Motion: String, CaseIterable, Sendable {
    /// SMIL `<animate>` on each stop: plays in `<img>` and as a file in every major
    /// browser; ignores the reader's reduced-motion setting.
    case smil
    /// One CSS `@keyframes` shared by the stops, each started one step later: smaller, and
    /// holds the first frame still when the reader prefers reduced motion.
    case css
  }

  /// The animation of `scene`, looping forever (`plays` 0) or `plays` times and then
  /// holding the first frame (where each loop ends); throws `RingError` for a conic gradient.
  /// A label is `<text>` in its font with fallbacks, or its glyphs' outlines when
  /// `textAsPaths` (the same on every reader, with no font needed).
  public static func animated(
    _ scene: RingScene, motion: Motion = .smil, plays: Int = 0, textAsPaths: Bool = false
  ) throws -> String {
    VectorID.stamped(
      try animationText(scene, motion: motion, plays: plays, textAsPaths: textAsPaths)
    ).text
  }

  /// The animation's text with `VectorID.placeholder` where its id goes.
  static func animationText(
    _ scene: RingScene, motion: Motion, plays: Int, textAsPaths: Bool = false
  ) throws -> String {
    let vector = try VectorRing(scene, format: .svg)
    return document(
      vector, stops: stops(vector, motion: motion, plays: plays),
      style: motion == .css ? style(vector, plays: plays) : nil, textAsPaths: textAsPaths)
  }

  /// The frame at `time`, without animation; throws `RingError` for a conic gradient.
  public static func still(_ scene: RingScene, at time: MediaTime, textAsPaths: Bool = false)
    throws -> String
  {
    let vector = try VectorRing(scene, format: .svg, still: true)
    let colors = scene.ring.colors(at: time)
    let stops = vector.stopIndices.map { i in
      "<stop offset=\"\(VectorText.number(vector.offset(ofStop: i)))\"\(paint(colors[i]))/>"
    }
    return VectorID.stamped(
      document(vector, stops: stops, style: nil, textAsPaths: textAsPaths)
    ).text
  }

  /// A stop's `stop-color`, and its `stop-opacity` when the colour is translucent.
  static func paint(_ c: RGBAColor) -> String {
    " stop-color=\"\(VectorText.hex(c))\""
      + (c.alpha < 1 ? " stop-opacity=\"\(VectorText.opacity(c))\"" : "")
  }

  static func document(_ v: VectorRing, stops: [String], style: String?, textAsPaths: Bool)
    -> String
  {
    let n = { (x: Double) in VectorText.number(x) }
    let (pw, ph) = v.scene.pixelSize
    let id = VectorID.placeholder
    var out =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(pw)\" height=\"\(ph)\" viewBox=\"0 0 \(n(v.canvas.width)) \(n(v.canvas.height))\"\(style == nil ? "" : " class=\"\(id)\"") role=\"img\">\n<title>Rainbow ring</title>\n"
    if let style { out += "<style>\(style)</style>\n" }
    switch v.paint {
    case .axial(let start, let end):
      out +=
        "<defs><linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(n(start.x))\" y1=\"\(n(start.y))\" x2=\"\(n(end.x))\" y2=\"\(n(end.y))\">\n"
    case .radial(let c, let rx, let ry) where VectorRing.isCircle(rx, ry):
      out +=
        "<defs><radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(n(c.x))\" cy=\"\(n(c.y))\" r=\"\(n(rx))\">\n"
    case .radial(let c, let rx, let ry):
      out +=
        "<defs><radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"0\" cy=\"0\" r=\"1\" gradientTransform=\"matrix(\(n(rx)) 0 0 \(n(ry)) \(n(c.x)) \(n(c.y)))\">\n"
    case .last:
      out += "<defs><linearGradient id=\"\(id)\">\n"
    }
    out += stops.joined(separator: "\n")
    if case .radial = v.paint {
      out += "\n</radialGradient></defs>\n"
    } else {
      out += "\n</linearGradient></defs>\n"
    }
    let background = v.scene.background
    if background.alpha > 0 {
      let opacity =
        background.alpha < 1 ? " fill-opacity=\"\(VectorText.number(background.alpha))\"" : ""
      out +=
        "<rect width=\"\(n(v.canvas.width))\" height=\"\(n(v.canvas.height))\" fill=\"\(VectorText.hex(background))\"\(opacity)/>\n"
    }
    let stroke =
      "fill=\"none\" stroke=\"url(#\(id))\" stroke-width=\"\(n(v.ring.ringWidth))\""
    if v.radiusX == v.radiusY {
      out +=
        "<circle cx=\"\(n(v.center.x))\" cy=\"\(n(v.center.y))\" r=\"\(n(v.radiusX))\" \(stroke)/>\n"
    } else {
      out +=
        "<ellipse cx=\"\(n(v.center.x))\" cy=\"\(n(v.center.y))\" rx=\"\(n(v.radiusX))\" ry=\"\(n(v.radiusY))\" \(stroke)/>\n"
    }
    if let label = v.ring.label {
      out += labelElement(label, at: v.scene.ringOrigin, in: v.ring.size, asPaths: textAsPaths)
    }
    return out + "</svg>\n"
  }

  /// The stops with their motion: SMIL values through every step's colour (and opacity,
  /// for translucent colours) over `VectorRing.smilRepeats` periods, or a CSS delay (and,
  /// for a finite count, the iterations that end every stop at the same time).
  static func stops(_ v: VectorRing, motion: Motion, plays: Int) -> [String] {
    let n = v.colorCount
    let d = v.ring.stepDuration.nanoseconds
    let translucent = v.isTranslucent
    let k = motion == .smil ? v.smilRepeats : 1
    let dur = MediaTime.nanoseconds(motion == .smil ? v.smilPeriod * Int64(k) : d * Int64(n))
      .decimalText
    // k divides 1,000,000, so plays / k is exact in 6 decimals.
    let repeats =
      plays == 0
      ? "indefinite"
      : VectorText.number(Double(plays) / Double(k), digits: 6) + "\" fill=\"freeze"
    return v.stopIndices.map { i in
      let first = v.color(ofStop: i, atStep: 0)
      let open =
        "<stop offset=\"\(VectorText.number(v.offset(ofStop: i)))\" stop-color=\"\(VectorText.hex(first))\""
        + (translucent ? " stop-opacity=\"\(VectorText.opacity(first))\"" : "")
      switch motion {
      case .smil:
        let colors = (0...k * n).map { v.color(ofStop: i, atStep: $0) }
        func animate(_ attribute: String, _ value: (RGBAColor) -> String) -> String {
          "<animate attributeName=\"\(attribute)\" dur=\"\(dur)s\" repeatCount=\"\(repeats)\" values=\"\(colors.map(value).joined(separator: ";"))\"/>"
        }
        return open + ">" + animate("stop-color") { VectorText.hex($0) }
          + (translucent ? animate("stop-opacity") { VectorText.opacity($0) } : "") + "</stop>"
      case .css:
        // Stop i shows at time t what stop 0 shows at t + (n - i) steps.
        let ahead = (n - i) % n
        guard ahead > 0 else { return open + "/>" }
        var style = "animation-delay:-\(MediaTime.nanoseconds(d * Int64(ahead)).decimalText)s"
        if plays > 0 {
          let count = Double(plays) + Double(ahead) / Double(n)
          style += ";animation-iteration-count:\(VectorText.number(count, digits: 7))"
        }
        return open + " style=\"\(style)\"/>"
      }
    }
  }

  /// The CSS variant's style sheet: stop 0's colours (and opacities, when translucent) as
  /// keyframes, one per step, run by every stop; paused on the first frame for a reader who
  /// prefers reduced motion.
  static func style(_ v: VectorRing, plays: Int) -> String {
    let n = v.colorCount
    let id = VectorID.placeholder
    let translucent = v.isTranslucent
    let frames = (0...n).map { k in
      let c = v.color(ofStop: 0, atStep: k)
      return
        "\(VectorText.number(Double(k) * 100 / Double(n), digits: 6))%{stop-color:\(VectorText.hex(c))"
        + (translucent ? ";stop-opacity:\(VectorText.opacity(c))}" : "}")
    }
    let period = MediaTime.nanoseconds(v.ring.stepDuration.nanoseconds * Int64(n)).decimalText
    let count = plays == 0 ? "infinite" : "\(plays) forwards"
    return "@keyframes \(id)-flow{\(frames.joined())}"
      + ".\(id) stop{animation:\(id)-flow \(period)s linear \(count)}"
      + "@media (prefers-reduced-motion:reduce){.\(id) stop{animation-play-state:paused}}"
  }
}

extension SVGDocument {
  /// The ring's label over a ring view of `size` points at `origin`: a `<text>` per line at
  /// the baselines the raster frames use, in its family with DejaVu Sans and sans-serif
  /// after it; or, `asPaths`, one `<path>` of its outlines.
  static func labelElement(_ label: RingLabel, at origin: Point, in size: Size, asPaths: Bool)
    -> String
  {
    let n = { (x: Double) in VectorText.number(x) }
    let text = label.text(progress: 1)
    let opacity =
      label.color.alpha < 1 ? " fill-opacity=\"\(VectorText.number(label.color.alpha))\"" : ""
    let fill = "fill=\"\(VectorText.hex(label.color))\"\(opacity)"
    if asPaths {
      let path = label.path(text, in: size).applying(
        Transform2D(translationX: origin.x, y: origin.y))
      return "<path d=\"\(pathData(path))\" \(fill)/>\n"
    }
    let (layout, at) = label.placed(text, in: size)
    let family = label.font.familyName
    let stack =
      [family, "DejaVu Sans"].map { "'\($0.replacingOccurrences(of: "'", with: ""))'" }
      .joined(separator: ", ") + ", sans-serif"
    let weight = Int(label.font.weight.value.rounded())
    let style = label.font.style == .italic ? " font-style=\"italic\"" : ""
    var out = ""
    for (line, laid) in zip(
      text.split(separator: "\n", omittingEmptySubsequences: false), layout.lines)
    where !line.isEmpty {
      let x = origin.x + size.width / 2
      let y = origin.y + at.y + laid.baseline
      out +=
        "<text x=\"\(n(x))\" y=\"\(n(y))\" text-anchor=\"middle\" font-family=\"\(HTMLPage.escaped(stack).replacingOccurrences(of: "\"", with: "&quot;"))\" font-weight=\"\(weight)\"\(style) font-size=\"\(n(label.font.size))\" font-variant-numeric=\"tabular-nums\" \(fill)>\(HTMLPage.escaped(String(line)))</text>\n"
    }
    return out
  }

  /// `path` as SVG path data, in points.
  static func pathData(_ path: BezierPath) -> String {
    let n = { (x: Double) in VectorText.number((x * 1000).rounded() / 1000) }
    var d = ""
    for element in path.elements {
      switch element {
      case .move(let p): d += "M\(n(p.x)) \(n(p.y))"
      case .line(let p): d += "L\(n(p.x)) \(n(p.y))"
      case .quadCurve(let p, let c): d += "Q\(n(c.x)) \(n(c.y)) \(n(p.x)) \(n(p.y))"
      case .curve(let p, let c1, let c2):
        d += "C\(n(c1.x)) \(n(c1.y)) \(n(c2.x)) \(n(c2.y)) \(n(p.x)) \(n(p.y))"
      case .arc(let c, let r, let start, let end):
        // SVG's arcs end at points: a line to the start, then halves of at most a turn.
        func at(_ t: Double) -> Point {
          Point(x: c.x + r.width * cos(t), y: c.y + r.height * sin(t))
        }
        let p0 = at(start)
        d += (d.isEmpty ? "M" : "L") + "\(n(p0.x)) \(n(p0.y))"
        let sweep = end >= start ? 1 : 0
        for (from, to) in [(start, (start + end) / 2), ((start + end) / 2, end)] {
          let q = at(to)
          let large = abs(to - from) > Double.pi ? 1 : 0
          d += "A\(n(r.width)) \(n(r.height)) 0 \(large) \(sweep) \(n(q.x)) \(n(q.y))"
          _ = from
        }
      case .close: d += "Z"
      }
    }
    return d
  }
}
