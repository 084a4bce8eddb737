import Foundation
import RingTestSupport
import Testing

/// An activity indicator written as the popular libraries write one (Samples/Spinner:
/// `import QuartzCore` and `CoreGraphics`, a `CAAnimationGroup` of keyframe animations per
/// ball, `repeatCount = HUGE`, begin times from `CACurrentMediaTime()`) builds unchanged
/// and draws what its animations say.
@Suite struct ActivityIndicatorTests {
  static func snapshot(at time: String, grouped: Bool) throws -> Data {
    let run = try runProcess(
      try UIKitProgram.program("Spinner"), ["--snapshot", "-", "--time", time],
      environment: grouped ? [:] : ["SPINNER_UNGROUPED": "1"])
    try #require(run.status == 0, "\(run.stderr)")
    try #require(run.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    return run.stdout
  }

  /// A group whose children last as long as it does draws exactly what the same
  /// animations draw added one by one: before the balls start, on the way, and after
  /// hundreds of repeats.
  @Test(arguments: ["0.05", "0.2", "0.35", "0.5", "123.456"])
  func aGroupDrawsWhatItsAnimationsDraw(time: String) throws {
    let grouped = try Self.snapshot(at: time, grouped: true)
    let single = try Self.snapshot(at: time, grouped: false)
    #expect(grouped == single, "at \(time) s")
  }

  /// The balls move: a tenth of a second apart, the frames differ, and a period (0.6 s)
  /// apart they are the same.
  @Test func theBallsMoveAndRepeat() throws {
    let a = try Self.snapshot(at: "0.3", grouped: true)
    let b = try Self.snapshot(at: "0.4", grouped: true)
    let c = try Self.snapshot(at: "0.9", grouped: true)
    #expect(a != b, "moving")
    #expect(a == c, "one period later")
  }
}
