import Foundation
import RainbowRing
import RingTestSupport
import Testing

/// Progress rings' behaviour, checked on rendered pixels: the caps' colours, the seam, the
/// direction, the overlap, the animated change and the component's setter.
@Suite struct ProgressRingTests {
  /// A straight (un-premultiplied) pixel of `frame` at pixel (x, y), channels in 0...255.
  func pixel(_ frame: Pixmap, _ x: Int, _ y: Int) -> [Int] {
    let image = RGBAImage(frame)
    let i = (y * image.width + x) * 4
    return (0..<4).map { Int(image.bytes[i + $0]) }
  }

  func frame(_ ring: RainbowRing, at t: Double = 0, scale: Double = 2) throws -> Pixmap {
    try FrameRenderer(scene: RingScene(ring: ring, scale: scale)).render(at: .seconds(t))
  }

  func ring(
    _ value: Double, cap: LineCap = .round, direction: RingDirection = .clockwise,
    start: Double = -90, flows: Bool = false, change: ProgressChange? = nil,
    colors: [RGBAColor] = [.black, .white]
  ) throws -> RainbowRing {
    try RainbowRing(
      colors: colors,
      progress: RingProgress(
        value: value, startAngle: start, direction: direction, cap: cap, change: change),
      flows: flows)
  }

  /// The centre-line point at `turns` from twelve o'clock, clockwise, in pixels at 2x,
  /// pushed `beyond` points further along the circle's tangent.
  func point(turns: Double, beyond: Double = 0) -> (Int, Int) {
    let a = -Double.pi / 2 + 2 * .pi * turns
    let r = 70.0
    let x = 80 + r * cos(a) - beyond * sin(a)
    let y = 80 + r * sin(a) + beyond * cos(a)
    return (Int(x * 2), Int(y * 2))
  }

  /// A round cap shows the colour of its own end: black at the start, the colour at p at
  /// the head, on a black-to-white arc.
  @Test(arguments: [0.25, 0.5, 0.75])
  func roundCapsTakeTheirEndsColours(p: Double) throws {
    let f = try frame(ring(p))
    let expected = Int((p * 255).rounded())
    let (hx, hy) = point(turns: p, beyond: 6)
    let head = pixel(f, hx, hy)
    #expect(head[3] == 255 && abs(head[0] - expected) <= 2, "head cap at \(p): \(head)")
    let (sx, sy) = point(turns: 0, beyond: -6)
    let start = pixel(f, sx, sy)
    #expect(start[3] == 255 && start[0] <= 2, "start cap: \(start)")
    // Beyond the caps, only the track (none here).
    let (gx, gy) = point(turns: (1 + p) / 2)
    #expect(pixel(f, gx, gy)[3] == 0, "the gap is empty")
  }

  /// Butt caps end at the arc; square caps reach half the width beyond, in the end's colour.
  @Test(arguments: [(LineCap.butt, 0), (.square, 255)])
  func capsReachAsFarAsTheirShape(cap: LineCap, alpha: Int) throws {
    let f = try frame(ring(0.5, cap: cap))
    let (x, y) = point(turns: 0.5, beyond: 7)
    #expect(pixel(f, x, y)[3] == alpha, "\(cap) cap 7 points past the head")
  }

  /// A counterclockwise ring from twelve o'clock is the clockwise one mirrored left to right.
  @Test(arguments: [0.3, 0.75, 1.4])
  func counterclockwiseIsTheMirrorImage(p: Double) throws {
    let colors = try #require(Palette.named("viridis")).sampled(count: 24)
    let cw = RGBAImage(try frame(ring(p, colors: colors)))
    let ccw = RGBAImage(try frame(ring(p, direction: .counterclockwise, colors: colors)))
    var worst = 0
    for y in 0..<cw.height {
      for x in 0..<cw.width {
        let a = (y * cw.width + x) * 4
        let b = (y * cw.width + (cw.width - 1 - x)) * 4
        for c in 0..<4 { worst = max(worst, abs(Int(cw.bytes[a + c]) - Int(ccw.bytes[b + c]))) }
      }
    }
    // The conic table's sampling differs by under half an entry between the two sweeps.
    #expect(worst <= 3, "largest difference from the mirror image: \(worst)")
  }

  /// Above one turn the ring is full and the head's cap shows the last colour over the
  /// start, with the palette turned so that the colours just behind the head are the last.
  @Test func aboveOneTurnTheHeadLiesOverTheStart() throws {
    let f = try frame(ring(1.25))
    let (hx, hy) = point(turns: 0.25, beyond: 6)
    let head = pixel(f, hx, hy)
    #expect(head[0] >= 250 && head[3] == 255, "white head cap: \(head)")
    let (bx, by) = point(turns: 0.25, beyond: -8)
    #expect(pixel(f, bx, by)[0] >= 240, "just behind the head: near white")
    let (ax, ay) = point(turns: 0.25, beyond: 14)
    #expect(pixel(f, ax, ay)[0] <= 20, "just past the cap: the palette's start, near black")
    let (ox, oy) = point(turns: 0.75)
    #expect(pixel(f, ox, oy)[3] == 255, "the ring is full")
  }

  /// No seam: along the arc (past the start's cap up to the head's; above one turn, from
  /// just past the head's cap all the way round), a flowing rainbow has no jump in colour
  /// (neighbouring samples a degree apart differ by little). The one edge is the head's cap
  /// lying over the start above one turn.
  @Test(arguments: [0.5, 0.999, 1.0, 2.5])
  func theArcHasNoSeamAlongItsLength(p: Double) throws {
    let f = try frame(try RainbowRing(progress: RingProgress(value: p, cap: .round)), at: 1.23)
    let head = p.truncatingRemainder(dividingBy: 1)
    let (from, to) = p < 1 ? (0.03, p - 0.03) : (head + 0.03, head + 0.97)
    var previous: [Int]?
    var worst = 0
    for k in Int(from * 360)...Int(to * 360) {
      let (x, y) = point(turns: Double(k) / 360)
      let c = pixel(f, x, y)
      #expect(c[3] == 255, "the arc at \(k) degrees")
      if let previous { worst = max(worst, (0..<3).map { abs(c[$0] - previous[$0]) }.max()!) }
      previous = c
    }
    // The rainbow changes by about 1280 levels a turn: 3.6 a degree, 8 between pixels
    // rounding to different degrees; a seam would jump by up to 255.
    #expect(worst <= 16, "largest step between neighbouring degrees: \(worst)")
  }

  /// An animated change follows its timing curve, and the arc's length on screen follows it.
  @Test(arguments: [("linear", 0.5, 0.5), ("ease-in-out", 0.25, 0.1291)])
  func aChangeFollowsItsCurve(name: String, fraction: Double, eased: Double) throws {
    let timing: TimingFunction = name == "linear" ? .linear : .easeInEaseOut
    let change = try ProgressChange(
      from: 0.2, beginTime: .seconds(1), duration: .seconds(2), timing: timing)
    let progress = try RingProgress(value: 0.8, change: change)
    #expect(progress.value(at: .seconds(0.5)) == 0.2)
    #expect(progress.value(at: .seconds(3.5)) == 0.8)
    let mid = progress.value(at: .seconds(1 + 2 * fraction))
    #expect(abs(mid - (0.2 + 0.6 * eased)) < 1e-3, "\(name) at \(fraction): \(mid)")
    // On screen: the arc reaches just short of the value, not beyond.
    let f = try frame(ring(0.8, cap: .butt, change: change), at: 1 + 2 * fraction)
    let (inX, inY) = point(turns: mid - 0.01)
    let (outX, outY) = point(turns: mid + 0.01)
    #expect(pixel(f, inX, inY)[3] == 255 && pixel(f, outX, outY)[3] == 0)
  }

  /// The component's animated setter starts from what the arc shows, not from its target.
  @Test func setProgressStartsFromWhatIsShown() throws {
    let ring = try self.ring(0.2)
    let view = ring.makeProgressLayers(ring.progress!)
    try view.setProgress(0.6, at: .seconds(1), duration: .seconds(1), timing: .linear)
    #expect(view.progress(at: .seconds(1.5)) == 0.4)
    try view.setProgress(0.0, at: .seconds(1.5), duration: .seconds(1), timing: .linear)
    #expect(abs(view.progress(at: .seconds(2)) - 0.2) < 1e-12)
    #expect(view.progress(at: .seconds(3)) == 0)
    let renderer = try FrameRenderer(root: view.view, width: 320, height: 320, scale: 2)
    let f = renderer.render(at: .seconds(1.75))
    let (x, y) = point(turns: 0.25)
    let (ex, ey) = point(turns: 0.35)
    #expect(pixel(f, x, y)[3] == 255 && pixel(f, ex, ey)[3] == 0, "0.3 turns at 1.75 s")
  }

  /// A progress ring is the ring's colour flow plus a progress animation, each honest: the
  /// flow (added first) writes only `colors`; the progress declares only properties
  /// animatable on its layer, and geometry only while it changes; the masks animate only
  /// while it changes.
  @Test(arguments: [(false, true), (true, true), (true, false), (false, false)])
  func aProgressRingIsAFlowAndAProgressAnimation(changes: Bool, flows: Bool) throws {
    let change = changes ? try ProgressChange(from: 0.2, duration: .seconds(1)) : nil
    let ring = try RainbowRing(
      progress: RingProgress(value: 0.75, endEffect: .glow, change: change), flows: flows)
    let layers = ring.makeProgressLayers(ring.progress!)
    guard changes || flows else {
      for layer in [layers.arc, layers.underlay, layers.effect, layers.arc.mask!] {
        #expect(layer.animationKeys.isEmpty, "nothing moves, nothing animates")
      }
      return
    }
    for layer in [layers.arc, layers.underlay, layers.effect] {
      #expect(layer.animationKeys == (flows ? ["colors", "progress"] : ["progress"]))
      if flows {
        let flow = try #require(layer.animation(forKey: "colors"))
        #expect(flow.keyPaths == [\LayerProperties.colors], "the flow writes only colours")
      }
      let progress = try #require(layer.animation(forKey: "progress"))
      let declared = progress.keyPaths.map { LayerProperties.animatable($0) }
      #expect(
        declared.allSatisfy { $0?.kinds.contains(layer.kind) == true },
        "the progress declares what its layer animates")
      #expect(
        declared.contains { $0?.role == .geometry } == changes,
        "geometry declared only while the progress changes")
    }
    let mask = layers.arc.mask!
    #expect(mask.animationKeys == (changes ? ["progress"] : []), "the arc's shape")
    if changes {
      let names = mask.animation(forKey: "progress")!.keyPaths.map {
        LayerProperties.animatable($0)?.name
      }
      #expect(names == ["path", "fillColor", "strokeColor", "strokeEnd"])
    }
  }

  /// While the progress holds still the render plan compiles once however the colours
  /// flow; while it changes, geometry recompiles.
  @Test(arguments: [false, true])
  func thePlanCompilesOnlyWhileTheProgressChanges(changes: Bool) throws {
    let change =
      changes ? try ProgressChange(from: 0.2, beginTime: .seconds(0.5), duration: .seconds(1)) : nil
    let ring = try RainbowRing(
      progress: RingProgress(value: 0.75, endEffect: .shadow, change: change))
    let renderer = try FrameRenderer(scene: RingScene(ring: ring, scale: 1))
    for frame in 0..<30 { renderer.render(at: .milliseconds(Int64(frame) * 20)) }
    #expect((renderer.planCompilations == 1) == !changes, "\(renderer.planCompilations) plans")
    renderer.render(at: .seconds(2))
    let before = renderer.planCompilations
    for frame in 1..<10 { renderer.render(at: .seconds(2) + .milliseconds(Int64(frame) * 20)) }
    #expect(renderer.planCompilations == before, "after the change, the geometry holds")
  }
}
