import Foundation
import RingGraphics
import RingTestSupport
import Testing

@testable import RingLayers

/// A seeded SplitMix64: the same seed builds the same tree and times on every platform.
struct SplitMix64 {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  /// Uniform in [0, 1).
  mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
  mutating func chance(_ p: Double) -> Bool { unit() < p }
  mutating func pick<T>(_ xs: [T]) -> T { xs[below(xs.count)] }
  /// Uniform in [a, b], rounded to quarters so descriptions stay short.
  mutating func quarter(_ a: Double, _ b: Double) -> Double {
    ((a + (b - a) * unit()) * 4).rounded() / 4
  }
}

/// Builds random layer trees with random animations, describing what it built.
final class RandomTree {
  var rng: SplitMix64
  /// Picks blend modes from a stream of their own (the other choices stay as they were).
  var blendPicks: SplitMix64
  /// Every layer built (masks included), to check that presenting never changes a model.
  var layers: [Layer] = []
  /// Times in seconds where an animation begins, ends or turns.
  var keyTimes: [Double] = [0]
  /// Extent of the canvas, in points.
  let extent: Double

  init(seed: UInt64, extent: Double) {
    rng = SplitMix64(state: seed)
    blendPicks = SplitMix64(state: seed ^ 0xB1E4_D000)
    self.extent = extent
  }

  func color(translucent: Double = 0.3) -> RGBAColor {
    let c = [0, 0.25, 0.5, 0.75, 1.0]
    let a = rng.chance(translucent) ? rng.pick([0.2, 0.5, 0.8]) : 1
    return RGBAColor(unchecked: rng.pick(c), rng.pick(c), rng.pick(c), a)
  }

  func describe(_ c: RGBAColor) -> String {
    let hex = [c.red, c.green, c.blue].map { String(Int($0 * 4)) }.joined()
    return c.alpha == 1 ? hex : "\(hex)@\(c.alpha)"
  }

  func place(_ l: Layer, minSize: Double = 4) -> String {
    var d = ""
    if rng.chance(0.3) {
      l.anchorPoint = rng.pick([Point(x: 0, y: 0), Point(x: 1, y: 0.25), Point(x: 0.3, y: 0.9)])
      d += " anchor(\(l.anchorPoint.x),\(l.anchorPoint.y))"
    }
    let w = rng.quarter(minSize, extent)
    let h = rng.quarter(minSize, extent)
    l.frame = Rect(
      x: rng.quarter(-extent * 0.2, extent * 0.7), y: rng.quarter(-extent * 0.2, extent * 0.7),
      width: w, height: h)
    if rng.chance(0.15) {
      l.bounds.origin = Point(x: rng.quarter(-3, 3), y: rng.quarter(-3, 3))
      d += " origin(\(l.bounds.minX),\(l.bounds.minY))"
    }
    return " frame(\(l.frame.minX),\(l.frame.minY),\(w)x\(h))" + d
  }

  func path(in b: Rect) -> (BezierPath, String) {
    let inset = Rect(x: b.minX + 1, y: b.minY + 1, width: b.width - 2, height: b.height - 2)
    switch rng.below(5) {
    case 0: return (BezierPath(rect: inset), "rect")
    case 1: return (BezierPath(ovalIn: inset), "oval")
    case 2: return (BezierPath(roundedRect: inset, cornerRadius: 3), "rounded")
    case 3:
      var p = BezierPath()
      p.move(to: Point(x: inset.minX, y: inset.maxY))
      p.addLine(to: Point(x: inset.midX, y: inset.minY))
      p.addArc(
        center: Point(x: inset.midX, y: inset.midY), radius: min(inset.width, inset.height) / 3,
        startAngle: 0, endAngle: rng.quarter(1, 6), clockwise: rng.chance(0.5))
      p.addLine(to: Point(x: inset.maxX, y: inset.maxY))
      return (p, "open-arc")
    default:
      let p = BezierPath(polygon: [
        Point(x: inset.minX, y: inset.minY), Point(x: inset.maxX, y: inset.midY),
        Point(x: inset.midX, y: inset.maxY), Point(x: inset.maxX, y: inset.minY),
      ])
      return (p, "star")
    }
  }

  func gradient() -> (GradientLayer, String) {
    let g = GradientLayer()
    g.type = rng.pick(GradientKind.allCases)
    let n = 2 + rng.below(4)
    g.colors = (0..<n).map { _ in color(translucent: 0.35) }
    var d = "gradient[\(g.type) \(g.colors.map(describe).joined(separator: ","))"
    if rng.chance(0.4) {
      let count = rng.chance(0.85) ? n : n + 1
      g.locations = (0..<count).map { _ in rng.quarter(0, 1) }.sorted()
      d += " loc\(g.locations!)"
    }
    g.startPoint = Point(x: rng.quarter(0, 1), y: rng.quarter(0, 1))
    g.endPoint = Point(x: rng.quarter(0, 1), y: rng.quarter(0, 1))
    return (g, d)
  }

  /// A random layer with `depth` levels of sublayers at most.
  func layer(depth: Int, inMask: Bool = false) throws -> (Layer, String) {
    let l: Layer
    var d: String
    switch rng.below(10) {
    case 0..<3:
      l = Layer()
      d = "plain["
    case 3..<6:
      let (g, gd) = gradient()
      l = g
      d = gd
    default:
      let s = ShapeLayer()
      l = s
      d = "shape["
    }
    layers.append(l)
    d += place(l)
    if l.kind == .plain ? rng.chance(0.7) : rng.chance(0.15) {
      l.backgroundColor = color()
      d += " bg\(describe(l.backgroundColor!))"
    }
    if let s = l as? ShapeLayer {
      let (p, pd) = path(in: s.bounds)
      s.path = p
      d += " \(pd)"
      let style = rng.below(3)  // 0 fill, 1 stroke, 2 both
      s.fillColor = style == 1 ? nil : color()
      if style > 0 {
        s.strokeColor = color(translucent: inMask ? 0.6 : 0.3)
        s.lineWidth = rng.quarter(0.5, 4)
        s.lineCap = rng.pick(LineCap.allCases)
        s.lineJoin = rng.pick(LineJoin.allCases)
        d += " stroke\(describe(s.strokeColor!)) w\(s.lineWidth) \(s.lineCap)/\(s.lineJoin)"
        if rng.chance(0.3) {
          s.strokeStart = rng.quarter(0, 0.5)
          s.strokeEnd = rng.quarter(0.5, 1)
          d += " trim\(s.strokeStart)-\(s.strokeEnd)"
        }
      }
      if let f = s.fillColor { d += " fill\(describe(f))" }
      if rng.chance(0.2) {
        s.fillRule = .evenOdd
        d += " evenOdd"
      }
    }
    if rng.chance(0.2) {
      l.opacity = rng.pick([0, 0.3, 0.5, 0.9])
      d += " op\(l.opacity)"
    }
    if rng.chance(0.07) {
      l.isHidden = true
      d += " hidden"
    }
    if blendPicks.chance(0.15) {
      l.properties.blendMode = blendPicks.pick(BlendMode.allCases)
      d += " \(l.properties.blendMode)"
    }
    if blendPicks.chance(0.08) {
      l.properties.backdropFilter = BackdropFilter(
        sigma: blendPicks.pick([0.5, 2, 4]), saturation: blendPicks.pick([1, 1.8]))
      d += " frosted"
    }
    d += try animate(l)
    d += "]"
    if depth > 0 && rng.chance(inMask ? 0.2 : 0.3) {
      let (m, md) = try mask()
      l.mask = m
      d += " mask:" + md
    }
    if depth > 0 {
      let count = rng.pick([0, 0, 1, 1, 2, 3])
      if count > 0 {
        var subs: [String] = []
        for _ in 0..<count {
          let (s, sd) = try layer(depth: depth - 1, inMask: inMask)
          l.addSublayer(s)
          subs.append(sd)
        }
        d += " {" + subs.joined(separator: "; ") + "}"
      }
    }
    return (l, d)
  }

  /// A mask: a plain shape, a shape with a translucent stroke, or any layer with sublayers.
  func mask() throws -> (Layer, String) {
    switch rng.below(4) {
    case 0, 1:
      let s = ShapeLayer()
      layers.append(s)
      var d = "shape[" + place(s)
      let (p, pd) = path(in: s.bounds)
      s.path = p
      d += " \(pd)"
      if rng.chance(0.5) {
        s.strokeColor = rng.chance(0.5) ? .black : RGBAColor(unchecked: 0, 0, 0, 0.5)
        s.lineWidth = rng.quarter(1, 5)
        s.lineCap = rng.pick(LineCap.allCases)
        d += " stroke@\(s.strokeColor!.alpha) w\(s.lineWidth) \(s.lineCap)"
        if rng.chance(0.5) {
          s.fillColor = nil
          d += " nofill"
        }
      }
      d += try animate(s)
      return (s, d + "]")
    default:
      return try layer(depth: 1, inMask: true)
    }
  }

  /// Timing for an animation; records its begin and end in `keyTimes`.
  func timing<V>(_ a: inout BasicAnimation<V>) -> String {
    let begin = rng.chance(0.4) ? 0 : rng.quarter(0.1, 1)
    let duration = rng.quarter(0.25, 1.5)
    a.beginTime = .seconds(begin)
    a.duration = .seconds(duration)
    a.repeatCount = rng.pick([0, 0, 1.5, 2, .infinity])
    a.autoreverses = rng.chance(0.3)
    a.fillMode = rng.pick(FillMode.allCases)
    a.isRemovedOnCompletion = rng.chance(0.5)
    a.timingFunction = rng.pick([nil, .easeInEaseOut, .default])
    let once = duration * (a.autoreverses ? 2 : 1)
    let count = a.repeatCount == 0 ? 1 : a.repeatCount
    keyTimes += [begin, begin + duration, begin + once]
    if count.isFinite { keyTimes.append(begin + once * count) }
    return
      "@\(begin)+\(duration)x\(a.repeatCount)\(a.autoreverses ? "ar" : "") \(a.fillMode)"
      + "\(a.isRemovedOnCompletion ? "" : " kept")"
  }

  func animate(_ l: Layer) throws -> String {
    guard rng.chance(0.45) else { return "" }
    var d = ""
    for _ in 0..<(1 + rng.below(2)) {
      var keys = ["opacity", "position", "backgroundColor"]
      if l.kind == .gradient { keys += ["colors", "colors", "locations"] }
      if l.kind == .shape { keys += ["strokeEnd", "strokeEnd", "fillColor", "strokeColor"] }
      let key = rng.pick(keys)
      switch key {
      case "opacity":
        var a = BasicAnimation(keyPath: \.opacity)
        a.fromValue = rng.pick([nil, 0, 0.5, 1])
        a.toValue = rng.pick([0, 0.4, 1])
        d += " opacity(\(a.fromValue.map { "\($0)" } ?? "model")->\(a.toValue!))" + timing(&a)
        try l.add(a)
      case "position":
        var a = BasicAnimation(keyPath: \.position)
        a.toValue = l.position + Point(x: rng.quarter(-4, 4), y: rng.quarter(-4, 4))
        d += " position(->\(a.toValue!.x),\(a.toValue!.y))" + timing(&a)
        try l.add(a)
      case "backgroundColor", "fillColor", "strokeColor":
        let path: WritableKeyPath<LayerProperties, RGBAColor> =
          key == "fillColor"
          ? \.fillColor : key == "strokeColor" ? \.strokeColor : \.backgroundColor
        var a = BasicAnimation(keyPath: path)
        a.fromValue = rng.chance(0.3) ? nil : color()
        a.toValue = rng.chance(0.2) ? .clear : color()
        d += " \(key)(->\(describe(a.toValue!)))" + timing(&a)
        try l.add(a)
      case "colors":
        let n = l.properties.colors.count
        var a = BasicAnimation(keyPath: \.colors)
        let m = rng.chance(0.85) ? n : n + 1
        a.fromValue = rng.chance(0.3) ? nil : (0..<m).map { _ in color(translucent: 0.35) }
        a.toValue = (0..<m).map { _ in color(translucent: 0.35) }
        d += " colors(->\(a.toValue!.map(describe).joined(separator: ",")))" + timing(&a)
        try l.add(a)
      case "locations":
        let n = l.properties.colors.count
        var a = BasicAnimation(keyPath: \.locations)
        a.fromValue = (0..<n).map { _ in rng.quarter(0, 1) }.sorted()
        a.toValue = (0..<n).map { _ in rng.quarter(0, 1) }.sorted()
        d += " locations(\(a.fromValue!)->\(a.toValue!))" + timing(&a)
        try l.add(a)
      default:
        var a = BasicAnimation(keyPath: \.strokeEnd)
        a.fromValue = rng.quarter(0, 0.5)
        a.toValue = rng.pick([nil, 1, 0.75])
        d += " strokeEnd(\(a.fromValue!)->\(a.toValue.map { "\($0)" } ?? "model"))" + timing(&a)
        try l.add(a)
      }
    }
    return d
  }

  /// A random sequence of `count` times in seconds: key times, repeats, steps backwards.
  func times(_ count: Int) -> [Double] {
    var ts: [Double] = []
    var last = 0.0
    for _ in 0..<count {
      switch rng.below(6) {
      case 0: break  // the same time again
      case 1: last = rng.pick(keyTimes)
      case 2: last = rng.pick(keyTimes) - 1e-9 * Double(rng.below(2))
      case 3: last = rng.quarter(0, 4) + rng.unit() * 0.2
      case 4: last = max(0, last - rng.quarter(0.1, 1))
      default: last += 1.0 / 60
      }
      ts.append(last)
    }
    return ts
  }
}

/// Whether two presentations hold the same nodes.
func samePresentation(_ a: Presentation, _ b: Presentation) -> Bool {
  guard a.time == b.time, a.nodes.count == b.nodes.count else { return false }
  return zip(a.nodes, b.nodes).allSatisfy { x, y in
    x.kind == y.kind && x.properties == y.properties && x.mask == y.mask
      && x.sublayersStart == y.sublayersStart && x.end == y.end && x.isAnimated == y.isAnimated
      && x.isInMask == y.isInMask
  }
}

/// Records a failure with a message built from parts.
func fail(_ message: String) { Issue.record("\(message)") }

/// `p` with red and blue swapped.
func swappingRedAndBlue(_ p: Pixmap) -> Pixmap {
  var q = p
  q.swapRedAndBlue()
  return q
}

/// A failing frame's first differing pixel: where, expected and actual, packed hex.
func pixelReport(expected: Pixmap, actual: Pixmap) -> String {
  guard let d = PixmapDifference(expected, actual) else { return "equal" }
  let i = d.at.y * expected.width + d.at.x
  let hex = { (v: UInt32) in String(v, radix: 16) }
  return "\(d); at (\(d.at.x), \(d.at.y)) expected 0x\(hex(expected.pixels[i]))"
    + " actual 0x\(hex(actual.pixels[i]))"
}

/// Checks the renderer's invariants for one tree over a sequence of times: incremental
/// equals fresh (RGBA and BGRA), nothing changes outside the damage, a renderer reused for
/// other presentations draws the same, and presenting neither changes the model nor depends
/// on the storage it reuses. Stops at the first failure, naming `label`.
struct StreamCheck {
  let root: Layer
  let other: Layer
  let layers: [Layer]
  let label: String
  let width: Int
  let height: Int
  let transform: Transform2D
  /// Where the shared renderer draws `other`: another size and transform.
  var otherWidth = 20
  var otherHeight = 28
  var otherTransform = Transform2D(scaleX: 1.5, y: 1.5)

  func fresh(_ p: Presentation, _ m: Transform2D, _ w: Int, _ h: Int) throws -> Pixmap {
    var px = try Pixmap(width: w, height: h)
    LayerRenderer().render(p, transform: m, into: &px)
    return px
  }

  /// Runs the checks at `times` (seconds); returns the number of frames checked.
  @discardableResult
  func run(_ times: [Double]) throws -> Int {
    let model = layers.map(\.properties)
    let incremental = LayerRenderer()
    let bgra = LayerRenderer(swapsRedAndBlue: true)
    let shared = LayerRenderer()
    var frame = try Pixmap(width: width, height: height)
    var bgraFrame = frame
    var previous: Presentation?
    var reused = other.presentation(at: .zero)
    for (step, t) in times.enumerated() {
      let time = MediaTime.seconds(t)
      let at = "\(label)\n  step \(step) t=\(t) s (times \(times))"
      let p = root.presentation(at: time)
      root.present(at: time, into: &reused)
      guard samePresentation(reused, p) else {
        fail("present(at:into:) over another tree differs from presentation(at:): \(at)")
        return step
      }
      other.present(at: time + .milliseconds(7), into: &reused)
      guard layers.map(\.properties) == model else {
        fail("presenting changed a model: \(at)")
        return step
      }
      let expected = try fresh(p, transform, width, height)
      let before = frame
      let damage = incremental.update(&frame, to: p, from: previous, transform: transform)
      guard frame == expected else {
        fail(
          "update differs from a fresh render: \(pixelReport(expected: expected, actual: frame))"
            + "; damage \(damage): \(at)")
        return step
      }
      if previous != nil {
        for y in 0..<height {
          for x in 0..<width where !damage.contains(x: x, y: y) {
            guard frame.pixels[y * width + x] == before.pixels[y * width + x] else {
              fail("pixel (\(x), \(y)) changed outside the damage \(damage): \(at)")
              return step
            }
          }
        }
      }
      _ = bgra.update(&bgraFrame, to: p, from: previous, transform: transform)
      guard bgraFrame == swappingRedAndBlue(expected) else {
        fail(
          "BGRA update is not RGBA swapped: "
            + "\(pixelReport(expected: swappingRedAndBlue(expected), actual: bgraFrame)): \(at)")
        return step
      }
      previous = p
      guard step % 2 == 0 else { continue }
      // Every other step, the shared renderer draws this tree at another time (reusing its plan when the
      // geometry holds), at this time again, then another tree of another size.
      let later = root.presentation(at: time + .milliseconds(300))
      let q = other.presentation(at: time + .milliseconds(7))
      for (pres, m, w, h) in [
        (later, transform, width, height), (p, transform, width, height),
        (q, otherTransform, otherWidth, otherHeight),
      ] {
        var px = try Pixmap(width: w, height: h)
        shared.render(pres, transform: m, into: &px)
        let want = try fresh(pres, m, w, h)
        guard px == want else {
          fail(
            "a reused renderer differs from a fresh one: \(pixelReport(expected: want, actual: px))"
              + ": \(at)")
          return step
        }
      }
    }
    return times.count
  }
}

extension PixelRect {
  func contains(x px: Int, y py: Int) -> Bool {
    px >= x && px < x + width && py >= y && py < y + height
  }
}

@Suite struct IncrementalRenderingTests {
  /// Random trees checked: 200, or 50 in a sanitized build (CI's AddressSanitizer run, where
  /// memory errors, not more trees, are sought; the plain run checks all 200).
  static let cases = ProcessInfo.processInfo.environment["SANITIZED_BUILD"] == nil ? 200 : 50
  static let timesPerCase = 12

  /// Builds case `seed`: its tree, another tree for the shared renderer, and the check.
  static func randomCase(_ seed: UInt64) throws -> (StreamCheck, [Double]) {
    var setup = SplitMix64(state: seed ^ 0xA5A5)
    let scale = setup.pick([1.0, 1.5, 2])
    let width = setup.pick([24, 32, 40, 48])
    let height = setup.pick([24, 32, 40, 48])
    var transform = Transform2D(scaleX: scale, y: scale)
    if setup.chance(0.2) {
      transform = transform.concatenating(Transform2D(translationX: 0.5, y: -1.25))
    }
    let tree = RandomTree(seed: seed, extent: Double(min(width, height)) / scale)
    let (root, description) = try tree.layer(depth: 3)
    let otherTree = RandomTree(seed: seed &+ 1_000_003, extent: 16)
    let (other, _) = try otherTree.layer(depth: 2)
    let check = StreamCheck(
      root: root, other: other, layers: tree.layers + otherTree.layers,
      label: "seed \(seed) \(width)x\(height) @\(scale)x \(transform): \(description)",
      width: width, height: height, transform: transform)
    return (check, tree.times(timesPerCase))
  }

  @Test("Incremental frames equal fresh ones for random trees", arguments: 0..<UInt64(cases))
  func randomTree(seed: UInt64) throws {
    let (check, times) = try Self.randomCase(seed)
    try check.run(times)
  }

  /// A check of a hand-built tree at 1x over 32 x 32 pixels.
  func check(_ root: Layer, _ label: String) -> StreamCheck {
    let other = GradientLayer()
    other.frame = Rect(x: 2, y: 2, width: 12, height: 12)
    other.colors = [.white, .clear]
    return StreamCheck(
      root: root, other: other, layers: [], label: label, width: 32, height: 32,
      transform: .identity)
  }

  static let sweep = [0, 0.1, 0.2, 0.2, 0.35, 0.1, 0.5, 0.75, 1, 1.25, 2, 0.4]

  func root() -> Layer {
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: 32, height: 32)
    root.backgroundColor = RGBAColor(unchecked: 0.25, 0.5, 0.75, 1)
    return root
  }

  func ringGradient() -> GradientLayer {
    let g = GradientLayer()
    g.frame = Rect(x: 4, y: 4, width: 24, height: 24)
    g.type = .conic
    g.startPoint = Point(x: 0.5, y: 0.5)
    g.endPoint = Point(x: 1, y: 0.5)
    g.colors = [.black, RGBAColor(unchecked: 1, 0, 0, 0.5), .white]
    return g
  }

  func colorsAnimation() -> BasicAnimation<[RGBAColor]> {
    var a = BasicAnimation(keyPath: \.colors)
    a.toValue = [.white, RGBAColor(unchecked: 0, 1, 0, 0.25), .black]
    a.duration = .seconds(1)
    a.repeatCount = .infinity
    a.autoreverses = true
    return a
  }

  @Test func geometryThatChangesEveryFrame() throws {
    let r = root()
    let g = ringGradient()
    let mask = ShapeLayer()
    mask.frame = g.bounds
    var arc = BezierPath()
    arc.addArc(
      center: Point(x: 12, y: 12), radius: 9, startAngle: 0, endAngle: 6, clockwise: true)
    mask.path = arc
    mask.fillColor = nil
    mask.strokeColor = .black
    mask.lineWidth = 4
    mask.lineCap = .round
    var trim = BasicAnimation(keyPath: \.strokeEnd)
    trim.fromValue = 0
    trim.toValue = 1
    trim.duration = .seconds(1.5)
    try mask.add(trim)
    g.mask = mask
    r.addSublayer(g)
    let above = Layer()
    above.frame = Rect(x: 0, y: 14, width: 32, height: 4)
    above.backgroundColor = RGBAColor(unchecked: 1, 1, 0, 0.5)
    r.addSublayer(above)
    try check(r, "animated strokeEnd in a gradient's mask, a band above").run(Self.sweep)
  }

  /// A layer whose finished animation the clock removed shows its model in every frame
  /// after, though nothing of the model changed: the presentations a renderer refills in
  /// turn do not keep a value an animation wrote two frames before.
  @Test func aRemovedAnimationLeavesTheModel() throws {
    let r = root()
    let dot = Layer()
    dot.frame = Rect(x: 4, y: 20, width: 8, height: 8)
    dot.backgroundColor = RGBAColor(unchecked: 1, 0.2, 0.4, 1)
    r.addSublayer(dot)
    var drop = BasicAnimation(keyPath: \.position)
    drop.fromValue = Point(x: 8, y: 4)
    drop.duration = .seconds(0.25)
    let clock = AnimationClock(root: r)
    try dot.add(drop, forKey: "drop")
    let renderer = try FrameRenderer(root: r, width: 32, height: 32, scale: 1)
    for t in [0.1, 0.2, 0.3, 0.4, 0.5, 0.6] {
      clock.advance(to: .seconds(t))
      var fresh = try Pixmap(width: 32, height: 32)
      LayerRenderer().render(r, at: .seconds(t), scale: 1, into: &fresh)
      let same = renderer.render(at: .seconds(t)) == fresh
      #expect(same, "the frame at \(t) s is the one drawn from scratch")
    }
  }

  @Test func aBackgroundAboveTheAnimatedGradient() throws {
    let r = root()
    let g = ringGradient()
    try g.add(colorsAnimation())
    r.addSublayer(g)
    let above = Layer()
    above.frame = Rect(x: 10, y: 0, width: 8, height: 32)
    above.backgroundColor = RGBAColor(unchecked: 0, 0, 0, 0.5)
    r.addSublayer(above)
    try check(r, "translucent band above an animated gradient").run(Self.sweep)
  }

  @Test func aStillTreeReportsNoDamage() throws {
    let r = root()
    r.addSublayer(ringGradient())
    let renderer = LayerRenderer()
    var frame = try Pixmap(width: 32, height: 32)
    let first = r.presentation(at: .zero)
    let whole = renderer.update(&frame, to: first, from: nil, transform: .identity)
    #expect(whole == PixelRect(x: 0, y: 0, width: 32, height: 32), "first frame: everything")
    let drawn = frame
    for t in [0.0, 0.5, 3] {
      let damage = renderer.update(
        &frame, to: r.presentation(at: .seconds(t)), from: first, transform: .identity)
      #expect(damage.isEmpty, "nothing animated at \(t) s, damage \(damage)")
      #expect(
        PixmapDifference(drawn, frame) == nil, "nothing animated: the frame at \(t) s is unchanged")
    }
    try check(r, "still tree").run(Self.sweep)
  }

  @Test func theFirstAnimatedUnitIsNotTheLast() throws {
    let r = root()
    let still = Layer()
    still.frame = Rect(x: 2, y: 2, width: 10, height: 10)
    still.backgroundColor = .white
    r.addSublayer(still)
    let dot = ShapeLayer()
    dot.frame = Rect(x: 6, y: 6, width: 16, height: 16)
    dot.path = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 16, height: 16))
    var fill = BasicAnimation(keyPath: \.fillColor)
    fill.toValue = RGBAColor(unchecked: 1, 0, 0, 0.5)
    fill.duration = .seconds(1)
    try dot.add(fill)
    r.addSublayer(dot)
    let cover = Layer()
    cover.frame = Rect(x: 14, y: 0, width: 6, height: 32)
    cover.backgroundColor = RGBAColor(unchecked: 0, 0, 1, 0.75)
    r.addSublayer(cover)
    let g = ringGradient()
    g.frame = Rect(x: 16, y: 16, width: 14, height: 14)
    try g.add(colorsAnimation())
    r.addSublayer(g)
    let last = Layer()
    last.frame = Rect(x: 0, y: 20, width: 32, height: 3)
    last.backgroundColor = .black
    r.addSublayer(last)
    try check(r, "still, animated shape, band, animated gradient, band").run(Self.sweep)
  }

  /// One renderer keeping two frames of two trees with the same geometry (a white or a black
  /// background under the same animated gradient), each updated from its own previous frame:
  /// each must equal a fresh render. The renderer keeps one backdrop, drawn for the last
  /// frame redrawn whole, whichever frame that was.
  @Test func oneRendererUpdatingTwoFrames() throws {
    func tree(_ background: RGBAColor) throws -> Layer {
      let r = root()
      r.backgroundColor = background
      let g = ringGradient()
      try g.add(colorsAnimation())
      r.addSublayer(g)
      return r
    }
    let white = try tree(.white)
    let black = try tree(.black)
    let renderer = LayerRenderer()
    var whiteFrame = try Pixmap(width: 32, height: 32)
    var blackFrame = whiteFrame
    let first = white.presentation(at: .zero)
    _ = renderer.update(&whiteFrame, to: first, from: nil, transform: .identity)
    _ = renderer.update(
      &blackFrame, to: black.presentation(at: .zero), from: nil, transform: .identity)
    let second = white.presentation(at: .seconds(0.25))
    _ = renderer.update(&whiteFrame, to: second, from: first, transform: .identity)
    var expected = try Pixmap(width: 32, height: 32)
    LayerRenderer().render(second, transform: .identity, into: &expected)
    #expect(
      PixmapDifference(expected, whiteFrame) == nil,
      "white tree at 0.25 s: \(pixelReport(expected: expected, actual: whiteFrame))")
  }
}
