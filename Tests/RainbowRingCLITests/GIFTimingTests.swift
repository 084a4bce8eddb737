import Testing

@testable import RainbowRingCLI
@testable import RingCommandLine
@testable import RingCommands

/// A GIF with default options works for any length: its frame count keeps every delay a
/// whole number of centiseconds, at least 2.
@Suite struct GIFTimingTests {
  static let lengths: [[String]] =
    [
      "0.02", "0.03", "0.039", "0.05", "0.1", "0.101", "0.15", "0.55", "0.555", "0.999", "1",
      "1.01", "1.23456789", "2.35", "7.3", "7.31", "9.99", "13.37", "60.01", "123.456",
    ].map { ["--duration", $0] }
    + ["0.001", "0.0015", "0.01", "0.0101", "0.099", "0.1", "0.101", "0.12345", "0.3"].map {
      // The fastest flash: timing is the point here, not the picture.
      ["--step-duration", $0, "--allow-flashing"]
    }
    + [["--step-duration", "0.101", "--loops", "3"], ["--duration", "0.55", "--fps", "33"]]

  @Test(arguments: lengths)
  func everyDelayIsAtLeastTwoCentiseconds(args: [String]) throws {
    let plan = try #require(try ExportCommand.makePlan(["-o", "r.gif"] + args).plan, "\(args)")
    let timing = plan.settings.timing
    let delays = timing.centisecondDelays()
    #expect(delays.count == timing.frameCount && !delays.isEmpty, "\(args): one delay a frame")
    #expect(delays.allSatisfy { $0 >= 2 }, "\(args): delays \(Set(delays).sorted()) are >= 2")
    let ns = timing.durationNanoseconds
    if ns % 10_000_000 == 0 {
      #expect(
        delays.reduce(0, +) == Int(ns / 10_000_000), "\(args): delays add up to the length")
    }
    #expect(
      Double(timing.frameCount) * 0.02 <= timing.duration + 1e-9, "\(args): frames fit the length"
    )
  }

  @Test func aCappedFrameCountIsNoted() throws {
    let plan = try #require(try ExportCommand.makePlan(["-o", "r.gif", "--duration", "0.55"]).plan)
    #expect(plan.settings.timing.frameCount == 27, "0.55 s holds 27 frames of at least 2 cs")
    #expect(
      plan.notes.contains { $0.contains("at least 2: writing 27 frames") }, "\(plan.notes)")
  }
}
