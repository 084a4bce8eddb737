import Foundation
import RingTestSupport
import Testing

/// An activity indicator written as the popular libraries write one (Samples/Spinner:
/// `import QuartzCore` and `CoreGraphics`, a `CAAnimationGroup` of keyframe animations per
/// ball, `repeatCount = HUGE`, begin times from `CACurrentMediaTime()`) builds unchanged
/// and draws what its animations say.
@Suite struct ActivityIndicatorTests {
  static func snapshot(
    at time: String, grouped: Bool = true, environment: [String: String] = [:]
  ) throws -> Data {
    var environment = environment
    if !grouped { environment["SPINNER_UNGROUPED"] = "1" }
    let run = try runProcess(
      try UIKitProgram.program("Spinner"), ["--snapshot", "-", "--time", time],
      environment: environment)
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

  /// Growing the indicator's bounds runs its `override var bounds { didSet }`, which lays
  /// the balls out again: the same picture as an indicator made at that size.
  @Test(arguments: ["0.1", "0.42"])
  func anOverriddenBoundsObserverRuns(time: String) throws {
    let grown = try Self.snapshot(at: time, environment: ["SPINNER_GROW": "1"])
    let big = try Self.snapshot(at: time, environment: ["SPINNER_BIG": "1"])
    let small = try Self.snapshot(at: time)
    #expect(grown == big)
    #expect(grown != small)
  }
}
