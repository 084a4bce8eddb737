import RainbowRing
import RingExport
import Testing

/// The export module's timing policy, as a library user gets it: whole periods, frames that
/// fill the length, a GIF's centiseconds, a progress change shown to its end.
@Suite struct ExportTimingPolicyTests {
  static let seed = try! RingScene()

  @Test(
    arguments: [
      // format, fps, duration (ns), loops: frames, length (ns)
      (ExportFormat.gif, nil, nil, nil, 365, Int64(7_300_000_000)),
      (.apng, nil, nil, nil, 438, 7_300_000_000),
      (.apng, 60.0, nil, 3, 1314, 21_900_000_000),
      (.webp, 10.0, 14_600_000_000, nil, 146, 14_600_000_000),
      (.svg, nil, nil, nil, 1, 7_300_000_000),
    ] as [(ExportFormat, Double?, Int64?, Int?, Int, Int64)])
  func theSeedsTiming(
    format: ExportFormat, fps: Double?, duration: Int64?, loops: Int?, frames: Int, length: Int64
  ) throws {
    let request = ExportTimingRequest(
      framesPerSecond: fps, duration: duration.map { .nanoseconds($0) }, loops: loops)
    let (timing, notes) = try ExportTiming.choose(for: Self.seed, format: format, request)
    #expect(timing.frameCount == frames && timing.durationNanoseconds == length, "\(format)")
    #expect(notes.isEmpty, "\(notes)")
  }

  /// Frames that do not fill the length are spread to fill it, or kept at the rate asked
  /// with a seam; a GIF at most 50 fps; each said in a note.
  @Test func unevenRatesAreSpreadOrKept() throws {
    var request = ExportTimingRequest(framesPerSecond: 7)
    let spread = try ExportTiming.choose(for: Self.seed, format: .apng, request)
    #expect(spread.timing.frameCount == 51 && spread.timing.durationNanoseconds == 7_300_000_000)
    #expect(spread.notes == [.framesSpread(exact: 7.3 * 7, frames: 51, duration: .seconds(7.3))])
    request.keepsFrameRate = true
    let kept = try ExportTiming.choose(for: Self.seed, format: .apng, request)
    #expect(kept.timing.frameCount == 51 && kept.timing.durationNanoseconds == 7_285_714_286)
    let gif = ExportTimingRequest(framesPerSecond: 60)
    #expect {
      try ExportTiming.choose(for: Self.seed, format: .gif, gif)
    } throws: { ($0 as? RingError)?.key == "fps" }
  }

  /// A progress change is shown to its end: whole periods covering it while the colours
  /// flow; with still colours, the change and half a second after it.
  @Test func aProgressChangeIsShownToItsEnd() throws {
    let change = try ProgressChange(
      from: 0, beginTime: .seconds(10), duration: .seconds(2))
    let progress = try RingProgress(value: 1, change: change)
    let flowing = try RingScene(ring: try RainbowRing(progress: progress))
    let still = try RingScene(ring: try RainbowRing(progress: progress, flows: false))
    let a = try ExportTiming.choose(for: flowing, format: .apng, ExportTimingRequest())
    #expect(a.timing.durationNanoseconds == 2 * 7_300_000_000, "two periods cover 12 s")
    let b = try ExportTiming.choose(for: still, format: .apng, ExportTimingRequest())
    #expect(b.timing.durationNanoseconds == 12_500_000_000)
    #expect {
      try ExportTiming.choose(
        for: flowing, format: .apng, ExportTimingRequest(loops: Int(1e9)))
    } throws: { ($0 as? RingError)?.key == "loops" }
  }
}
