import Foundation
import RainbowRing

/// The one flash check behind every verdict (`check`, and the refusals of `export` and
/// `play`): the frames a viewer is shown of a scene, as `showing` says (at the output's
/// frame rate, over the whole output or until the motion provably repeats), seen over the
/// scene's background (over white, black and greys between where it is not opaque, since
/// the page or terminal behind is unknown: `transparentBackdrops`), counted by `FlashCounter`.
///
/// ```swift
/// let check = try FlashCheck(try RingScene(), showing: .live(frameRate: 60, duration: nil))
/// let verdict = try check.run()  // verdict.passes is true for the seed's ring
/// ```
///
/// The frames are the ring alone (its background around it): a scene's other pixels hold
/// still. A ring more than `screeningSide(for:)` pixels across is analysed shrunk to that side (its
/// proportions, colours and timing kept), unless `analysisScale` asks for another scale;
/// flashing depends on the ring's share of the 10-degree field, not its size, so the frames
/// of a small ring are exactly the output's and a large ring's verdict is the same to within
/// anti-aliasing. The viewing distance is by default the worst case, where the ring fills the
/// field (`FlashAnalysis.fillingDistance`).
///
/// A live showing with no duration is analysed until every one-second window repeats one
/// already seen: to the end of the progress change, then two periods of the flow (one to let
/// each pixel's transitions settle, one to see them all), and one second more. A flow slower
/// than 16 frames a step is analysed 16 times a step, on its step boundaries, after the
/// progress change (`SparseSampling`). A file is
/// analysed as played, the jump from its last frame to its first included: each pass, up to
/// two passes and a second more (later windows repeat those); within a pass, once its frames
/// repeat every period (a whole number of frames) and every pixel's state with them, whole
/// periods are skipped up to the last period and second before the seam.
///
/// Complexity: `frameCount` renders of `analysedScene` and, per backdrop, O(pixels) a frame;
/// memory about `estimatedMemory`.
public struct FlashCheck: Sendable {
  /// The scene as the output shows it.
  public let scene: RingScene
  public let showing: FlashShowing
  /// The viewer's distance from the screen, in centimetres.
  public let viewingDistance: Double
  /// Points per centimetre of the screen.
  public let pointsPerCentimetre: Double
  /// Pixels per point of the analysed frames when asked for; `nil` analyses the output's
  /// frames, or the ring shrunk to `screeningSide(for:)` when it is larger.
  public let analysisScale: Double?
  /// The scene whose frames are analysed: the ring alone over the scene's background.
  public let analysedScene: RingScene
  /// The 10-degree field's diameter, in pixels of the analysed frames.
  public let fieldDiameter: Double
  /// The colours seen behind transparent pixels, each analysed: the verdict is the worst.
  public let backdrops: [RGBAColor]
  /// Frames analysed.
  public let frameCount: Int
  /// The played frames analysed (a file's frame `j % frameCount`), in order.
  let frameRanges: [Range<Int>]
  /// How a live showing of a slow flow is sampled (`nil`: every frame at its rate).
  let sparse: SparseSampling?

  /// A live showing of a flow slower than the frames, analysed at `samplesPerStep` frames a
  /// step from `denseFrames` on: frames `0..<denseFrames` at the showing's rate (the
  /// progress change and a second after it), then sample k (counted on from
  /// `firstSample`) at k x `interval` seconds, on the flow's step boundaries and evenly
  /// between. Between two boundaries each pixel's colour moves in a straight line, so the
  /// samples hold its turns, and a turn shows in them at most 1/16 of a step after it comes
  /// on the screen; shown in fewer frames, transitions gather in the same frame, which
  /// counts more flashing concurrent, not less. The work then grows with the number of
  /// steps, not the seconds: a ring flowing a step every 20 s is checked in thousands of
  /// frames, not millions.
  struct SparseSampling: Sendable {
    var denseFrames: Int
    var firstSample: Int
    var interval: Double
  }

  /// Samples per step of a slow flow's live showing.
  static let samplesPerStep = 16.0
  /// Whether the output keeps only on/off transparency (a transparent GIF): pixels under
  /// half alpha are shown transparent, the others opaque in their own colour.
  public let onOffAlpha: Bool
  /// How the output shows each frame's colours when it cannot show them all (a terminal's
  /// 256 colours or shades), applied before counting; `nil` shows them as they are.
  public let look: FrameLook?

  /// A display's way of showing a frame's pixels with fewer colours: `apply` writes each
  /// pixel of a frame (premultiplied RGBA) as it is shown into a pixmap of the same size.
  public struct FrameLook: Sendable {
    public let apply: @Sendable (_ frame: Pixmap, _ shown: inout Pixmap) -> Void
    /// What a failing check blames when the same frames in all their colours pass.
    public let cause: FlashCause

    public init(
      cause: FlashCause = .fewerColors,
      apply: @escaping @Sendable (_ frame: Pixmap, _ shown: inout Pixmap) -> Void
    ) {
      self.apply = apply
      self.cause = cause
    }

    /// A format with only on/off transparency (`FlashCheck.makeOnOff`).
    static let onOff = FrameLook { frame, shown in FlashCheck.makeOnOff(frame, into: &shown) }
  }

  /// The pages a transparent output is checked over, since the one behind is unknown: white,
  /// black and three greys between (sRGB 64, 128 and 192). Compositing in sRGB is not
  /// linear, so a translucent change may flash over a mid grey and over neither white nor
  /// black; greys 64 apart keep any page within 32 levels of one checked.
  public static let transparentBackdrops: [RGBAColor] = [
    .white, .black, grey(64), grey(128), grey(192),
  ]

  static func grey(_ level: Double) -> RGBAColor {
    RGBAColor(unchecked: level / 255, level / 255, level / 255)
  }

  /// "white", "black" or "#808080": a backdrop, for people.
  public static func name(ofBackdrop c: RGBAColor) -> String {
    if c == .white { return "white" }
    if c == .black { return "black" }
    return String(format: "#%02x%02x%02x", Int(c.red * 255), Int(c.green * 255), Int(c.blue * 255))
  }

  /// The smallest side a larger ring is shrunk to for analysis by default, in pixels.
  public static let screeningSide = 48.0

  /// The side `ring` is analysed at by default when larger, in pixels: 48, or up to 72
  /// where the pixels' centres at 48 would fall at only a few places between an axial
  /// gradient's stops. (49 black and white stops across 48 pixels put every centre on a
  /// stop or half way between, where a pixel mixing its two neighbours holds still: half the
  /// ring would seem not to flash.) The side whose centres fall most evenly between the
  /// stops (fewest of 32 slots empty) is taken, the smallest of equals.
  public static func screeningSide(for ring: RainbowRing) -> Double {
    let n = ring.colors.count
    let g = ring.gradient
    guard g.kind == .axial, ring.progress == nil, n > 2 else { return screeningSide }
    let slots = 32
    var best = (side: screeningSide, empty: Int.max)
    var filled = [Bool](repeating: false, count: slots)
    for side in Int(screeningSide)...72 {
      let k = Double(side) / min(ring.size.width, ring.size.height)
      let (w, h) = (ring.size.width * k, ring.size.height * k)
      let (dx, dy) = ((g.endPoint.x - g.startPoint.x) * w, (g.endPoint.y - g.startPoint.y) * h)
      let length2 = dx * dx + dy * dy
      guard length2 > 0 else { return screeningSide }
      for i in filled.indices { filled[i] = false }
      for y in 0..<Int(h.rounded(.up)) {
        for x in 0..<Int(w.rounded(.up)) {
          let px = Double(x) + 0.5 - g.startPoint.x * w
          let py = Double(y) + 0.5 - g.startPoint.y * h
          let t = (px * dx + py * dy) / length2
          guard t >= 0, t <= 1 else { continue }
          let stops = t * Double(n - 1)
          filled[min(slots - 1, Int((stops - stops.rounded(.down)) * Double(slots)))] = true
        }
      }
      let empty = filled.count { !$0 }
      if empty < best.empty { best = (Double(side), empty) }
      if empty == 0 { break }
    }
    return best.side
  }
  /// Bytes each analysed pixel holds: a `FlashCounter`'s per backdrop (its measures,
  /// trackers and history), and the renderer's frames and plan.
  static let counterBytesPerPixel = 180.0
  static let rendererBytesPerPixel = 16.0

  /// A check of `scene` shown as `showing`, viewed from `viewingDistance` centimetres (by
  /// default where the ring fills the field) on a screen of `pointsPerCentimetre`; with
  /// `onOffAlpha`, as a format with only on/off transparency shows it. Throws
  /// `RingError` for a live frame rate outside (0, 1000], a file of no frames or no length, a
  /// negative play count, a distance or density that is not positive and finite (at most
  /// 1e5), or an analysis scale outside `RingScene.scaleRange`.
  public init(
    _ scene: RingScene, showing: FlashShowing, viewingDistance: Double? = nil,
    pointsPerCentimetre: Double = FlashAnalysis.cssPixelsPerCentimetre,
    analysisScale: Double? = nil, onOffAlpha: Bool = false, look: FrameLook? = nil
  ) throws {
    switch showing {
    case .still: break
    case .live(let rate, let duration):
      guard rate > 0, rate <= 1000 else {
        throw RingError(.invalidParameter, "frame rate \(rate) must be in (0, 1000]")
      }
      if let duration, duration <= .zero {
        throw RingError(.invalidParameter, "duration \(duration) must be positive")
      }
    case .file(let count, let duration, let plays, let tick):
      guard count >= 1, duration > .zero, plays >= 0, tick >= 1 else {
        throw RingError(
          .invalidParameter,
          "a file needs frames, a positive length, a play count of 0 or more and a positive tick")
      }
    }
    let ring = scene.ring
    let distance =
      viewingDistance
      ?? FlashAnalysis.fillingDistance(of: ring, pointsPerCentimetre: pointsPerCentimetre)
    guard distance > 0, distance <= 1e5, pointsPerCentimetre > 0, pointsPerCentimetre <= 1e5
    else {
      throw RingError(
        .invalidParameter,
        "viewing distance and density must be positive and finite (at most 1e5)")
    }
    let side = min(ring.size.width, ring.size.height)
    let analysed: RingScene
    if let analysisScale {
      analysed = try RingScene(ring: ring, background: scene.background, scale: analysisScale)
    } else if side * scene.scale <= FlashCheck.screeningSide(for: ring) {
      analysed = try RingScene(ring: ring, background: scene.background, scale: scene.scale)
    } else {
      analysed = try RingScene(
        ring: try ring.resized(toSide: FlashCheck.screeningSide(for: ring)),
        background: scene.background,
        scale: 1)
    }
    let analysedSide = min(analysed.ring.size.width, analysed.ring.size.height) * analysed.scale
    self.scene = scene
    self.showing = showing
    self.viewingDistance = distance
    self.pointsPerCentimetre = pointsPerCentimetre
    self.analysisScale = analysisScale
    analysedScene = analysed
    fieldDiameter =
      FlashAnalysis.fieldDiameter(
        viewingDistance: distance, pixelsPerCentimetre: pointsPerCentimetre) * analysedSide / side
    backdrops = scene.background.alpha >= 1 ? [.white] : FlashCheck.transparentBackdrops
    (frameRanges, sparse) = FlashCheck.frames(of: ring, showing)
    frameCount = frameRanges.reduce(0) { $0 + $1.count }
    self.onOffAlpha = onOffAlpha && scene.background.alpha < 1
    self.look = look
  }

  /// The played frames to analyse, in order (each range's frames shown one after another):
  /// at most `Int32.max` in all; the caller caps the cost.
  static func frames(of ring: RainbowRing, _ showing: FlashShowing) -> (
    [Range<Int>], SparseSampling?
  ) {
    guard let span = motionSpan(of: ring) else { return ([0..<1], nil) }
    let most = Double(Int32.max)
    switch showing {
    case .still: return ([0..<1], nil)
    case .live(let rate, let duration):
      let seconds = min(duration?.seconds ?? .infinity, span)
      let all = Int(min(most, (seconds * rate).rounded())) + 1
      let interval = ring.stepDuration.seconds / samplesPerStep
      guard flowsVisibly(ring), interval > 1 / rate else { return ([0..<all], nil) }
      let change = changesProgress(ring) ? max(0, ring.progress!.change!.endTime.seconds) + 1 : 0
      let dense = min(all, Int((change * rate).rounded(.up)))
      // The first sample on the step grid after the dense frames, up to the last before
      // the end.
      let first = Int((Double(dense) / rate / interval).rounded(.up))
      let last = Int(min(most, (seconds / interval).rounded(.down)))
      let samples = max(0, last - first + 1)
      let total = Int(min(most, Double(dense) + Double(samples)))
      return (
        [0..<total], SparseSampling(denseFrames: dense, firstSample: first, interval: interval)
      )
    case .file(let count, let duration, let plays, _):
      guard count > 1 else { return ([0..<1], nil) }
      // A window starting after the first pass is one starting in the second.
      let shown = plays == 0 ? Double.infinity : Double(count) * Double(plays)
      let second = Int(showing.frameRate.rounded(.up))
      let played = Int(min(most, shown, 2 * Double(count) + Double(second)))
      let repeats = framesPerRepeat(of: ring, count: count, duration: duration)
      var ranges: [Range<Int>] = []
      var start = 0
      while start < played {
        let end = min(start + count, played)
        // Within a pass, frame i + period shows frame i's picture once the motion repeats
        // (from frame `settled`); a period and a second after that, every pixel's state
        // repeats too, so whole periods are skipped up to a period and a second before
        // the pass ends (the loop's seam is analysed).
        if let (settled, period) = repeats {
          let skipFrom = start + settled + max(period, second) + period
          let skip = (end - second - period - skipFrom) / period
          if skip > 0 {
            ranges.append(start..<skipFrom)
            start = skipFrom + skip * period
          }
        }
        ranges.append(start..<end)
        start = end
      }
      return (ranges, nil)
    }
  }

  /// Where a file's frames start to repeat and every how many frames: `nil` unless a period
  /// of the flow is a whole number of frames (or the colours hold still, so the picture
  /// holds after the progress change).
  static func framesPerRepeat(of ring: RainbowRing, count: Int, duration: MediaTime)
    -> (settled: Int, period: Int)?
  {
    let d = duration.nanoseconds
    let settle = changesProgress(ring) ? max(0, ring.progress?.change?.endTime.nanoseconds ?? 0) : 0
    // The first frame at or after the settling time: ceil(settle x count / d).
    let product = settle.multipliedFullWidth(by: Int64(count))
    let (q, r) = d.dividingFullWidth((product.high, product.low))
    let settled = Int(q) + (r > 0 ? 1 : 0)
    guard flowsVisibly(ring) else { return (settled, 1) }
    let p = ring.period.nanoseconds.multipliedFullWidth(by: Int64(count))
    let (k, rest) = d.dividingFullWidth((p.high, p.low))
    guard rest == 0, k > 0, k < Int64(count) else { return nil }
    return (settled, Int(k))
  }

  /// Seconds of motion from time 0 after which every one-second window repeats one seen
  /// before, with each pixel's transitions settled; `nil` when nothing moves.
  static func motionSpan(of ring: RainbowRing) -> Double? {
    let flows = flowsVisibly(ring)
    let changes = changesProgress(ring)
    guard flows || changes else { return nil }
    let settled = changes ? max(0, ring.progress?.change?.endTime.seconds ?? 0) : 0
    return settled + (flows ? 2 * ring.period.seconds : 0) + 1
  }

  /// Whether the ring's colours flow and differ.
  static func flowsVisibly(_ ring: RainbowRing) -> Bool {
    ring.flows && ring.colors.contains { $0 != ring.colors[0] }
  }

  /// Whether the ring's progress changes.
  static func changesProgress(_ ring: RainbowRing) -> Bool {
    guard let progress = ring.progress, let change = progress.change else { return false }
    return change.from != progress.value
  }

  /// Peak memory of `run`, in bytes: the counters and the renderer for the analysed frames.
  public var estimatedMemory: Double {
    let (w, h) = analysedScene.pixelSize
    return Double(w) * Double(h)
      * (FlashCheck.counterBytesPerPixel * Double(backdrops.count)
        + FlashCheck.rendererBytesPerPixel)
  }

  /// The work of `run`, in pixels counted: frames x analysed pixels x backdrops.
  public var pixelsCounted: Double {
    let (w, h) = analysedScene.pixelSize
    return Double(frameCount) * Double(w) * Double(h) * Double(backdrops.count)
  }

  /// The time of analysed frame `j`.
  func time(ofFrame j: Int) -> MediaTime {
    switch showing {
    case .still: return .zero
    case .live(let rate, _):
      if let sparse, j >= sparse.denseFrames {
        return .seconds(Double(sparse.firstSample + j - sparse.denseFrames) * sparse.interval)
      }
      return .seconds(Double(j) / rate)
    case .file(let count, let duration, _, _):
      let i = Int64(j % count)
      return .nanoseconds(
        Int64(count).dividingFullWidth(duration.nanoseconds.multipliedFullWidth(by: i)).quotient)
    }
  }

  /// When played frame `j` starts to be shown, in nanoseconds from the start of play: live,
  /// `j / frameRate`; in a file, its pass's start plus frame `j % frameCount`'s time, each
  /// rounded to the file's tick.
  func playTime(ofFrame j: Int) -> Int64 {
    switch showing {
    case .still: return 0
    case .live: return time(ofFrame: j).nanoseconds
    case .file: return showing.filePlayTime(ofFrame: j)!
    }
  }

  /// Renders the frames and counts their flashes over each backdrop; the verdict is the
  /// worst. Each frame is counted at its play time (windows are one second of time, whatever
  /// the rate), with the periods skipped by `frameRanges` closed up: a frame after a skip
  /// follows the one before it by that one's showing time. Throws `RingError` when the
  /// frames cannot be allocated.
  public func run() throws -> FlashVerdict {
    let renderer = try FrameRenderer(scene: analysedScene)
    let (w, h) = analysedScene.pixelSize
    let rate = min(1000, max(1, showing.frameRate))
    var counters = try backdrops.map {
      try FlashCounter(
        width: w, height: h, frameRate: rate, fieldDiameter: fieldDiameter, backdrop: $0)
    }
    // A look shows alpha its own way (a GIF's palette has on/off transparency too).
    let shownAs = look ?? (onOffAlpha ? FrameLook.onOff : nil)
    var shown = try Pixmap(width: shownAs != nil ? w : 1, height: shownAs != nil ? h : 1)
    var clock: Int64 = 0
    var previous: Int?
    for j in frameRanges.joined() {
      if let p = previous { clock += playTime(ofFrame: p + 1) - playTime(ofFrame: p) }
      previous = j
      let at = MediaTime.nanoseconds(clock)
      let frame = renderer.render(at: time(ofFrame: j))
      if let shownAs {
        shownAs.apply(frame, &shown)
        for k in counters.indices { counters[k].append(shown, at: at) }
      } else {
        for k in counters.indices { counters[k].append(frame, at: at) }
      }
    }
    return FlashVerdict(worstOf: counters, over: backdrops)
  }

  /// The verdict of an output shown several ways (a page at each display rate): runs
  /// `checks` in turn and returns the first that fails, with its verdict, else the one with
  /// the most flashes a second. Throws as `run` does; `checks` must not be empty.
  public static func worst(of checks: [FlashCheck]) throws -> (
    check: FlashCheck, verdict: FlashVerdict
  ) {
    precondition(!checks.isEmpty, "no checks")
    var most: (check: FlashCheck, verdict: FlashVerdict)?
    for check in checks {
      let verdict = try check.run()
      if !verdict.passes { return (check, verdict) }
      if most == nil || verdict.flashesPerSecond > most!.verdict.flashesPerSecond {
        most = (check, verdict)
      }
    }
    return most!
  }

  /// The verdict of an output shown as `checks` (`worst(of:)`), and when it fails, the
  /// causes found (`causes(withinPixels:)`) within what the checks left of `budget` pixels
  /// counted.
  public static func review(_ checks: [FlashCheck], withinPixels budget: Double) throws -> (
    check: FlashCheck, verdict: FlashVerdict, causes: [FlashCause], complete: Bool
  ) {
    let (check, verdict) = try worst(of: checks)
    guard !verdict.passes else { return (check, verdict, [], true) }
    let spent = checks.reduce(0) { $0 + $1.pixelsCounted }
    let (causes, complete) = try check.causes(withinPixels: budget - spent)
    return (check, verdict, causes, complete)
  }

  /// `frame` as a format with on/off transparency shows it, into `out` (the same size):
  /// pixels under half alpha transparent, the others opaque, un-premultiplied (as
  /// `GIFQuantizer` writes them, before its palette).
  static func makeOnOff(_ frame: Pixmap, into out: inout Pixmap) {
    frame.pixels.withUnsafeBufferPointer { px in
      out.withUnsafeMutablePixels { o in
        for i in 0..<px.count {
          let v = px[i]
          let a = v >> 24
          if a < 128 {
            o[i] = 0
          } else if a == 255 {
            o[i] = v
          } else {
            let r = ((v & 0xFF) * 255 + a / 2) / a
            let g = ((v >> 8 & 0xFF) * 255 + a / 2) / a
            let b = ((v >> 16 & 0xFF) * 255 + a / 2) / a
            o[i] = min(255, r) | min(255, g) << 8 | min(255, b) << 16 | 0xFF00_0000
          }
        }
      }
    }
  }

  /// This check of another ring, or shown another way; the viewing kept.
  func with(
    ring: RainbowRing? = nil, showing: FlashShowing? = nil, onOffAlpha: Bool? = nil,
    look: FrameLook?? = nil
  ) throws -> FlashCheck {
    try FlashCheck(
      RingScene(
        ring: ring ?? scene.ring, background: scene.background, scale: scene.scale),
      showing: showing ?? self.showing, viewingDistance: viewingDistance,
      pointsPerCentimetre: pointsPerCentimetre, analysisScale: analysisScale,
      onOffAlpha: onOffAlpha ?? self.onOffAlpha, look: look ?? self.look)
  }

  /// What makes a failing check fail, found by changing one thing at a time and checking
  /// again (up to five more runs): on/off transparency or the display's fewer colours, when
  /// the same frames with their alpha or all their colours pass; the loop's seam, when the same motion without the jump passes; the progress change, when it fails with the colours held still; the flow, when
  /// it fails without the change, blamed on the colours when the seed's rainbow at the same
  /// speed passes, else on the step duration. Both the change and the flow when each alone
  /// passes. Empty when nothing moves.
  public func causes() throws -> [FlashCause] {
    try causes(withinPixels: .infinity).causes
  }

  /// `causes()` within a budget of work: each further run is made only when its
  /// `pixelsCounted` fits what the runs before it left of `budget` pixels. `complete` is
  /// false when a run did not fit: the causes are then those found before it (possibly
  /// none).
  public func causes(withinPixels budget: Double) throws -> (
    causes: [FlashCause], complete: Bool
  ) {
    var left = budget
    struct OverBudget: Error {}
    func passes(_ check: FlashCheck) throws -> Bool {
      let cost = check.pixelsCounted
      guard cost <= left else { throw OverBudget() }
      left -= cost
      return try check.run().passes
    }
    var found: [FlashCause] = []
    do {
      try findCauses(passes: passes, into: &found)
      return (found, true)
    } catch is OverBudget {
      return (found, false)
    }
  }

  /// The search of `causes()`, each run through `passes`, appending to `causes`.
  private func findCauses(
    passes: (FlashCheck) throws -> Bool, into causes: inout [FlashCause]
  ) throws {
    let ring = scene.ring
    if let look, try passes(with(look: .some(nil))) {
      causes = [look.cause]
      return
    }
    if onOffAlpha, try passes(with(onOffAlpha: false, look: .some(nil))) {
      causes = [.onOffTransparency]
      return
    }
    // A look made for this ring's colours (a GIF's palette) would not fit another's: the
    // variants below are checked in all their colours.
    let base = look?.cause == .gifPalette ? try with(look: .some(nil)) : self
    if case .file(_, _, let plays, _) = showing, plays != 1 {
      let rate = showing.frameRate
      let smooth = FlashShowing.live(
        frameRate: rate, duration: .seconds(Double(frameRanges.last?.upperBound ?? 1) / rate))
      if try passes(base.with(showing: smooth)) {
        causes = [.loopSeam]
        return
      }
    }
    let flows = FlashCheck.flowsVisibly(ring)
    let changes = FlashCheck.changesProgress(ring)
    let steadyProgress = try ring.progress.map { try $0.changing(to: $0.value, change: nil) }
    func variant(colors: [RGBAColor]? = nil, flows: Bool = ring.flows, steady: Bool = false)
      throws -> RainbowRing
    {
      try RainbowRing(
        size: ring.size, ringWidth: ring.ringWidth, stepDuration: ring.stepDuration,
        colors: colors ?? ring.colors, gradient: ring.gradient,
        progress: steady ? steadyProgress : ring.progress, flows: flows)
    }
    func flowCause() throws -> FlashCause {
      let rainbow = try variant(colors: RainbowRing.seed.colors, steady: true)
      return try passes(base.with(ring: rainbow)) ? .colors : .stepDuration
    }
    let changeAlone = try changes && (!flows || !passes(base.with(ring: variant(flows: false))))
    let flowAlone = try flows && (!changes || !passes(base.with(ring: variant(steady: true))))
    if changeAlone || (changes && !flowAlone) { causes.append(.progressChange) }
    if flowAlone || (flows && !changeAlone) { causes.insert(try flowCause(), at: 0) }
  }
}
