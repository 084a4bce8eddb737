import Foundation
import RainbowRing

/// A scene as vector formats describe it: the ring's stroke, its gradient in the canvas's
/// user space (points), and its colour keyframes. SVG, Lottie and the HTML page are written
/// from it.
///
/// Core Animation places an axial gradient in the unit space of the layer's bounds; that is
/// an affine function of the canvas position, so it is written as an axial gradient in user
/// space, exact for any bounds. A radial gradient is an ellipse centred on the start point
/// with radii from the end point; one with a zero radius (or an axial one whose start is its
/// end) shows its last colour everywhere, written as a one-stop gradient.
struct VectorRing {
  /// Where the colours fall, in the canvas's points.
  enum Paint {
    /// Positions run from 0 at `start` to 1 at `end`, constant across the line.
    case axial(start: Point, end: Point)
    /// Positions run from 0 at `center` to 1 on the ellipse with these radii.
    case radial(center: Point, radiusX: Double, radiusY: Double)
    /// Every position is 1: the last colour everywhere.
    case last
  }

  let scene: RingScene
  /// The canvas in points, grown to the whole pixel size so that the scale is exact.
  let canvas: Size
  let center: Point
  /// Radii of the stroked oval's centre line, in points.
  let radiusX: Double
  let radiusY: Double
  let paint: Paint

  /// Refuses a progress ring and a conic gradient (SVG and Lottie have neither), pointing a
  /// `still` frame to PNG and an animation to the raster formats, and for Lottie a radial
  /// gradient with unequal radii (its radial gradients are circles). Each refusal's `key`
  /// names the ring's value at fault (`progress`, `gradient`, `end-point`), for the caller
  /// to say where it came from.
  init(_ scene: RingScene, format: ExportFormat, still: Bool = false) throws {
    let name =
      switch format {
      case .lottie, .dotLottie: "Lottie"
      case .html: "the HTML page's SVG"
      default: "SVG"
      }
    let ring = scene.ring
    if ring.progress != nil {
      throw RingError(
        .invalidSettings,
        "\(name) does not hold progress rings yet: \(Self.raster("progress", still: still))",
        key: "progress")
    }
    let (w, h) = (ring.size.width, ring.size.height)
    let origin = scene.ringOrigin
    let geometry = ring.gradient
    let (s, e) = (geometry.startPoint, geometry.endPoint)
    let (dx, dy) = (e.x - s.x, e.y - s.y)
    switch geometry.kind {
    case .conic:
      throw RingError(
        .invalidSettings,
        "\(name) has no conic gradient: \(Self.raster("conic", still: still)), or choose --gradient axial or radial",
        key: "gradient")
    case .axial:
      let length2 = dx * dx + dy * dy
      if length2 == 0 {
        paint = .last
      } else {
        // position(x, y) = a x + b y + c in points: its gradient (a, b) gives the end.
        let (a, b) = (dx / (w * length2), dy / (h * length2))
        let start = Point(x: origin.x + s.x * w, y: origin.y + s.y * h)
        let k = 1 / (a * a + b * b)
        paint = .axial(start: start, end: Point(x: start.x + a * k, y: start.y + b * k))
      }
    case .radial:
      let (rx, ry) = (abs(dx) * w, abs(dy) * h)
      paint =
        rx > 0 && ry > 0
        ? .radial(
          center: Point(x: origin.x + s.x * w, y: origin.y + s.y * h), radiusX: rx, radiusY: ry)
        : .last
    }
    if case .radial(_, let rx, let ry) = paint, !Self.isCircle(rx, ry), name == "Lottie" {
      // The radii are the end point's offsets (fractions of the ring's box) times the box's
      // sides: the ellipse comes from the offsets, the box, or both.
      let (key, fix): (String, String)
      if Self.isCircle(abs(dx), abs(dy)) {
        (key, fix) = ("size", "give the ring a square --size")
      } else if Self.isCircle(w, h) {
        (key, fix) = ("end-point", "give --end-point the same offset in x and y from --start-point")
      } else {
        (key, fix) = (
          "end-point",
          "give --end-point offsets from --start-point in the ratio of the ring's height to its width"
        )
      }
      throw RingError(
        .invalidSettings,
        "Lottie's radial gradients are circles, and this one is an ellipse (\(VectorText.radius(rx)) x \(VectorText.radius(ry)) points): \(fix), or export SVG, which draws the ellipse",
        key: key)
    }
    self.scene = scene
    let (pw, ph) = scene.pixelSize
    canvas = Size(width: Double(pw) / scene.scale, height: Double(ph) / scene.scale)
    center = Point(x: origin.x + w / 2, y: origin.y + h / 2)
    radiusX = (w - ring.ringWidth) / 2
    radiusY = (h - ring.ringWidth) / 2
  }

  /// Where a refused `what` ring can go instead: a still frame (`rainbow-ring render`) to
  /// PNG, which render writes; an animation to the raster formats export writes.
  static func raster(_ what: String, still: Bool) -> String {
    still
      ? "write the \(what) frame as PNG (a .png file)"
      : "export the \(what) ring as GIF, APNG, WebP, MP4 or WebM"
  }

  var ring: RainbowRing { scene.ring }
  var colorCount: Int { ring.colors.count }

  /// The stops written: every colour, or only the last when the paint is one colour.
  var stopIndices: Range<Int> {
    if case .last = paint { return colorCount - 1..<colorCount }
    return 0..<colorCount
  }

  /// Stop `i`'s position, evenly spaced as Core Animation spaces colours without locations.
  func offset(ofStop i: Int) -> Double {
    colorCount == 1 ? 0 : Double(i) / Double(colorCount - 1)
  }

  /// Stop `i`'s colour at the start of step `k`: C0[(i - k) mod n].
  func color(ofStop i: Int, atStep k: Int) -> RGBAColor {
    let n = colorCount
    return ring.colors[((i - k) % n + n) % n]
  }

  /// Whether any colour is translucent: then stops carry opacity as well as colour.
  var isTranslucent: Bool { ring.colors.contains { $0.alpha < 1 } }

  /// The period SMIL is given, in nanoseconds: the ring's, or the whole millisecond it is
  /// within a nanosecond a step of. A step that is a fraction of `--step-duration` (colours
  /// interpolated in between: 0.1 s / 3) is rounded down to the nanosecond, so 543 steps of
  /// 33,333,333 ns fall 181 ns short of 18.1 s; SMIL keeps the whole 18.1 s, off the
  /// raster frames by less than a microsecond a period, and needs no repeats.
  var smilPeriod: Int64 {
    let period = ring.period.nanoseconds
    let whole = (period + 500_000) / 1_000_000 * 1_000_000
    return abs(period - whole) <= Int64(ring.colors.count) ? whole : period
  }

  /// How many periods one SMIL iteration holds so that its `dur` is a whole number of
  /// milliseconds: Firefox keeps SMIL times in whole milliseconds, so a `dur` of 7.3073 s
  /// repeats every 7.307 s and drifts 0.3 ms a period. The smallest k with k x period a
  /// multiple of 1 ms: 1 when the period already is one, else a divisor of 1,000,000.
  var smilRepeats: Int {
    let period = smilPeriod
    var (a, b) = (period % 1_000_000, Int64(1_000_000))
    while a != 0 { (a, b) = (b % a, a) }
    return Int(1_000_000 / b)
  }

  /// Whether radii `rx` and `ry` (points) are one circle's: equal to 1 part in 10^6.
  ///
  /// Arithmetic on the unit square leaves a circle's radii unequal (0.8 - 0.5 and 0.5 - 0.2
  /// of 160 points are 48.00000000000001 and 48), and so does an end point typed to ten
  /// places (0.6000000001 about 0.5 of 160 points: 16.000000016 against 16). Drawing an
  /// ellipse whose radii differ by a fraction e as a circle moves every gradient position
  /// (distance over radius) by at most e, so a colour channel by at most 255 (n - 1) e of an
  /// 8-bit step for n stops: under a third of one step within the cap of 1,000 stops.
  static func isCircle(_ rx: Double, _ ry: Double) -> Bool {
    abs(rx - ry) <= 1e-6 * max(rx, ry)
  }
}

/// Text for numbers and colours in vector files.
enum VectorText {
  /// `value` with at most `digits` decimals and no trailing zeros: 80, 0.5, 0.0139.
  static func number(_ value: Double, digits: Int = 4) -> String {
    var text = String(format: "%.\(digits)f", value)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
  }

  /// A length for people, to 8 significant digits, which tell apart radii that `isCircle`
  /// calls unequal (1 part in 10^6): 80, 48 (for 48.00000000000001), 16.000016.
  static func radius(_ value: Double) -> String {
    String(format: "%.8g", value)
  }

  /// An opaque colour's 8-bit components, rounded as pixels are.
  static func bytes(_ c: RGBAColor) -> (UInt8, UInt8, UInt8) {
    func q(_ v: Double) -> UInt8 { UInt8(min(max(v, 0), 1) * 255 + 0.5) }
    return (q(c.red), q(c.green), q(c.blue))
  }

  /// A colour's alpha as an opacity, 0 to 1, to 4 decimals.
  static func opacity(_ c: RGBAColor) -> String { number(min(max(c.alpha, 0), 1)) }

  /// `#rrggbb`, or `#rgb` when that is the same colour (CSS and SVG read both).
  static func hex(_ c: RGBAColor, short: Bool = true) -> String {
    let (r, g, b) = bytes(c)
    if short, [r, g, b].allSatisfy({ $0 % 17 == 0 }) {
      return "#" + [r, g, b].map { String($0 / 17, radix: 16) }.joined()
    }
    return "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }
}
