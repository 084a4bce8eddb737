import Foundation
import Testing

@testable import RainbowRing
@testable import RingFlash

/// The one flash check: what is shown (background, alpha, frame rate, span) decides.
@Suite struct FlashCheckTests {
  static func ring(
    _ colors: [String]? = nil, step: Double = 0.1, size: Double = 40, width: Double = 12,
    progress: RingProgress? = nil, flows: Bool = true
  ) throws -> RainbowRing {
    let parsed = colors?.map { RGBAColor(parsing: $0)! }
    let s = Size(width: size, height: size)
    if let parsed {
      return try RainbowRing(
        size: s, ringWidth: width, stepDuration: .seconds(step), colors: parsed,
        progress: progress, flows: flows)
    }
    return try RainbowRing(
      size: s, ringWidth: width, stepDuration: .seconds(step), progress: progress, flows: flows)
  }

  static func verdict(
    _ ring: RainbowRing, background: RGBAColor = .clear, showing: FlashShowing
  ) throws -> FlashVerdict {
    try FlashCheck(RingScene(ring: ring, background: background), showing: showing).run()
  }

  static let live60 = FlashShowing.live(frameRate: 60, duration: nil)

  /// Translucent colours are seen over the real background: white and clear swapping every
  /// 0.1 s flash on black, not on white; clear red and red flash on either. A transparent
  /// background is checked over white and over black.
  @Test(arguments: [
    (["#ffffff00", "#ffffffff"], RGBAColor.black, false, "white on black"),
    (["#ffffff00", "#ffffffff"], RGBAColor.white, true, "white on white"),
    (["#ffffff00", "#ffffffff"], RGBAColor.clear, false, "white on an unknown page (black)"),
    (["#ff000000", "#ff0000ff"], RGBAColor.white, false, "red on white"),
    (["#ff000000", "#ff0000ff"], RGBAColor.black, false, "red on black"),
    (["#00000000", "#000000ff"], RGBAColor.black, true, "black on black"),
  ])
  func translucentColorsAreSeenOverTheBackground(
    colors: [String], background: RGBAColor, passes: Bool, why: String
  ) throws {
    let v = try Self.verdict(Self.ring(colors), background: background, showing: Self.live60)
    #expect(v.passes == passes, "\(why): \(v.analysis.summary)")
  }

  /// A change of progress that starts after 11 s, and a palette whose burst of black and
  /// white comes late in a 20 s period (seen by a small part of the ring at first), fail
  /// when the whole motion is checked, though their first two seconds pass.
  @Test func lateMotionIsChecked() throws {
    let spin = try RingProgress(
      value: 100, change: ProgressChange(from: 0, beginTime: .seconds(11), duration: .seconds(1)))
    let late = try Self.ring(progress: spin, flows: false)
    var burst = [String](repeating: "#808080", count: 190)
    for k in 0..<10 { burst.append(k % 2 == 0 ? "#000000" : "#ffffff") }
    let uneven = try Self.ring(burst, step: 0.1)
    for (ring, why) in [(late, "progress change after 11 s"), (uneven, "late burst")] {
      let whole = try Self.verdict(ring, background: .white, showing: Self.live60)
      #expect(!whole.passes, "\(why), whole motion: \(whole.analysis.summary)")
      let start = try Self.verdict(
        ring, background: .white, showing: .live(frameRate: 60, duration: .seconds(2)))
      #expect(start.passes, "\(why), first 2 s: \(start.analysis.summary)")
    }
  }

  /// The span runs to the end of the progress change, then two periods and a second: every
  /// frame at 60 fps to a second after the change, then the flow's 0.5 s steps sampled 16
  /// times each (32 a second) to the end.
  @Test func theSpanCoversTheChangeAndTwoPeriods() throws {
    let change = try RingProgress(
      value: 1, change: ProgressChange(from: 0, beginTime: .seconds(11), duration: .seconds(1)))
    let ring = try Self.ring(["#ff0000", "#00ff00"], step: 0.5, progress: change)
    let check = try FlashCheck(RingScene(ring: ring), showing: Self.live60)
    #expect(check.frameCount == 13 * 60 + 2 * 32 + 1, "\(check.frameCount) frames")
    let fast = try FlashCheck(RingScene(ring: Self.ring(step: 0.1)), showing: Self.live60)
    #expect(fast.frameCount == 937, "the seed's pace: every frame of 15.6 s at 60 fps")
    let still = try FlashCheck(RingScene(ring: Self.ring(flows: false)), showing: Self.live60)
    #expect(still.frameCount == 1, "nothing moves: one frame")
  }

  /// Frames are analysed at the output's rate: black and white swapping every 1/120 s
  /// alias to stillness at 60 fps, and to a 10 Hz flicker at 50 fps.
  @Test(arguments: [(60.0, true), (50.0, false), (30.0, true), (25.0, false)])
  func theFrameRateIsTheOutputs(fps: Double, passes: Bool) throws {
    let ring = try Self.ring(["#000000", "#ffffff"], step: 0.008333333)
    let frames = Int((ring.period.seconds * fps * 60).rounded())
    let file = FlashShowing.file(frameCount: frames, duration: ring.period * 60, plays: 0)
    for showing in [FlashShowing.live(frameRate: fps, duration: nil), file] {
      let v = try Self.verdict(ring, background: .white, showing: showing)
      #expect(v.passes == passes, "\(fps) fps, \(showing): \(v.analysis.summary)")
    }
  }

  /// A GIF shows each frame from its start rounded to whole centiseconds, as its delays are
  /// written: 3 frames in 0.1 s are shown for 3, 4 and 3 cs, not 3.33 each.
  @Test func aFilesFramesAreShownAtItsTicks() throws {
    let ring = try Self.ring(["#000000", "#ffffff"])
    let gif = try FlashCheck(
      RingScene(ring: ring),
      showing: .file(frameCount: 3, duration: .seconds(0.1), plays: 0, tick: 10_000_000))
    #expect((0...4).map(gif.playTime(ofFrame:)) == [0, 30, 70, 100, 130].map { $0 * 1_000_000 })
    let exact = try gif.with(showing: .file(frameCount: 3, duration: .seconds(0.1), plays: 0))
    #expect(exact.playTime(ofFrame: 1) == 33_333_333)
  }

  /// A flow slower than 16 frames a step is sampled 16 times a step, on its step
  /// boundaries: each pixel's flashes are those of every frame at 60 fps (a file of them),
  /// and flashes over an area are as many or more (fewer frames gather transitions into
  /// the same frame), so the verdict errs towards flashing; a step of 20 s takes thousands
  /// of frames, not the 175,000 of 2 periods at 60 fps.
  @Test(arguments: [0.3, 1, 5])
  func aSlowFlowIsSampledOnItsSteps(step: Double) throws {
    let ring = try Self.ring(["#000000", "#ffffff", "#ff0000", "#ffffff"], step: step)
    let span = 2 * ring.period.seconds + 1
    let sparse = try FlashCheck(RingScene(ring: ring, background: .white), showing: Self.live60)
    #expect(sparse.frameCount == Int((span * 16 / step).rounded(.down)) + 1)
    let every = try Self.verdict(
      ring, background: .white,
      showing: .file(frameCount: Int(span * 60), duration: .seconds(span), plays: 1))
    let (sampled, all) = (try sparse.run().analysis, every.analysis)
    #expect(sampled.largestPixelFlashesPerSecond == all.largestPixelFlashesPerSecond)
    #expect(sampled.fastFlashingFieldShare == all.fastFlashingFieldShare)
    #expect(sampled.generalFlashesPerSecond >= all.generalFlashesPerSecond)
    #expect(sampled.redFlashesPerSecond >= all.redFlashesPerSecond)
    #expect(sampled.largestFlashingFieldShare >= all.largestFlashingFieldShare)
    #expect(sampled.passes && all.passes, "a slow flow passes")
    let slow = try FlashCheck(RingScene(ring: Self.ring(step: 20)), showing: Self.live60)
    #expect(slow.frameCount == 2337, "73 steps of 20 s, twice, and a second: 16 a step")
  }

  /// A still frame cannot flash, whatever the ring.
  @Test func aStillFramePasses() throws {
    let check = try FlashCheck(
      RingScene(ring: Self.ring(["#000000", "#ffffff"], step: 0.01)), showing: .still)
    #expect(check.frameCount == 1)
    #expect(try check.run().passes)
  }

  /// The cause named is the one that, changed, stops the flashing.
  @Test(arguments: [
    ("rainbow 5 ms", [FlashCause.stepDuration]),
    ("black and white 0.1 s", [.colors]),
    ("translucent white on black", [.colors]),
    ("progress change, still colours", [.progressChange]),
    ("progress change, slow flow", [.progressChange]),
    ("loop seam", [.loopSeam]),
    ("nearly half-transparent grey in a GIF", [.onOffTransparency]),
  ])
  func theCauseIsNamed(what: String, causes: [FlashCause]) throws {
    let spin = try RingProgress(
      value: 100, change: ProgressChange(from: 0, beginTime: .seconds(0.5), duration: .seconds(1)))
    let jump = try RingProgress(
      value: 1, change: ProgressChange(from: 0, duration: .seconds(0.05)))
    var background = RGBAColor.white
    var showing = Self.live60
    var onOff = false
    let ring: RainbowRing
    switch what {
    case "rainbow 5 ms": ring = try Self.ring(step: 0.005)
    case "black and white 0.1 s": ring = try Self.ring(["#000000", "#ffffff"])
    case "translucent white on black":
      ring = try Self.ring(["#ffffff00", "#ffffffff"])
      background = .black
    case "progress change, still colours": ring = try Self.ring(progress: spin, flows: false)
    case "progress change, slow flow": ring = try Self.ring(progress: spin)
    case "nearly half-transparent grey in a GIF":
      // Alpha 123 and 132: hardly different, but on either side of a GIF's on/off line.
      ring = try Self.ring(["#1a1a1a7b", "#1a1a1a84"])
      background = .clear
      showing = .file(frameCount: 20, duration: .seconds(0.2), plays: 0)
      onOff = true
    default:
      ring = try Self.ring(width: 20, progress: jump, flows: false)
      showing = .file(frameCount: 10, duration: .seconds(0.2), plays: 0)
    }
    let check = try FlashCheck(
      RingScene(ring: ring, background: background), showing: showing, onOffAlpha: onOff)
    let v = try check.run()
    #expect(!v.passes, "\(what) flashes: \(v.analysis.summary)")
    #expect(try check.causes() == causes, "\(what)")
    // Within a budget: each further run only when it fits what is left.
    let full = try check.causes(withinPixels: 1e12)
    #expect(full.complete && full.causes == causes, "\(what): within a large budget")
    let none = try check.causes(withinPixels: check.pixelsCounted / 2)
    let needsNoRun = what == "progress change, still colours"
    #expect(none.complete == needsNoRun, "\(what): no run fits half a run's work")
    #expect(none.complete || none.causes.isEmpty, "\(what): none found without a run")
  }

  /// A large ring is analysed shrunk to 48 pixels, or 49 for the seed's 73 stops on its
  /// diagonal (at 48 the pixels' centres fall at only 4 places between stops); a small one
  /// at its own pixels.
  @Test(arguments: [(40.0, 1.0, 40), (160, 1, 49), (160, 4, 49), (2000, 4, 49)])
  func theAnalysedFramesAreSmall(size: Double, scale: Double, side: Int) throws {
    defer {
      // Two colours have one interval, which every side samples evenly; conic stops are
      // sampled by angle.
      #expect(FlashCheck.screeningSide(for: try! Self.ring(["#000000", "#ffffff"])) == 48)
      let conic = try! RainbowRing(
        colors: RainbowRing.seed.colors,
        gradient: GradientGeometry(
          kind: .conic, startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 0.5)))
      #expect(FlashCheck.screeningSide(for: conic) == 48)
    }
    let ring = try Self.ring(size: size, width: size / 8)
    let check = try FlashCheck(
      RingScene(ring: ring, scale: scale), showing: Self.live60)
    #expect(check.analysedScene.pixelSize.width == side, "\(size) pt at \(scale)x")
    #expect(abs(check.fieldDiameter - Double(side)) < 1e-9, "the ring fills the field")
    #expect(check.estimatedMemory < 3e6, "\(check.estimatedMemory) bytes")
  }

  /// Whole periods inside a long looping file are skipped once its frames and every pixel's
  /// state repeat: the result is the one of every played frame, to the last digit.
  @Test(arguments: [
    (["#000000", "#ffffff", "#808080"], 0.1, false, "a flow that fails"),
    (["#ff0000", "#00ff00", "#0000ff"], 0.3, true, "a flow that passes"),
    (["#000000", "#ffffff"], 0.25, false, "a flow after a progress change"),
  ])
  func longFilesSkipRepeatedPeriods(colors: [String], step: Double, change: Bool, why: String)
    throws
  {
    let progress = try RingProgress(
      value: 1, change: ProgressChange(from: 0, beginTime: .seconds(0.3), duration: .seconds(0.4)))
    let ring = try Self.ring(
      colors, step: step, size: 24, width: 8, progress: change ? progress : nil)
    let count = Int((ring.period.seconds * 20 * 40).rounded())
    let showing = FlashShowing.file(frameCount: count, duration: ring.period * 40, plays: 0)
    let check = try FlashCheck(RingScene(ring: ring, background: .white), showing: showing)
    #expect(check.frameCount < count, "\(why): \(check.frameCount) of \(count) frames analysed")
    let renderer = try FrameRenderer(scene: check.analysedScene)
    var counter = try FlashCounter(
      width: 24, height: 24, frameRate: 20, fieldDiameter: check.fieldDiameter)
    for j in 0..<(2 * count + 20) {
      let t = Int64(count).dividingFullWidth(
        (ring.period * 40).nanoseconds.multipliedFullWidth(by: Int64(j % count))
      ).quotient
      counter.append(renderer.render(at: .nanoseconds(t)))
    }
    let every = counter.analysis
    let skipped = try check.run().analysis
    #expect(
      skipped.generalFlashesPerSecond == every.generalFlashesPerSecond
        && skipped.redFlashesPerSecond == every.redFlashesPerSecond
        && skipped.fastFlashingFieldShare == every.fastFlashingFieldShare
        && skipped.largestPixelFlashesPerSecond == every.largestPixelFlashesPerSecond
        && skipped.passes == every.passes,
      "\(why): skipped \(skipped.summary)\nevery frame \(every.summary)")
  }
}
