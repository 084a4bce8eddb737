import Foundation
import RainbowRing
import RingLayers
import RingPlayers
import Testing

@testable import RainbowRingCLI
@testable import RingCommandLine
@testable import RingCommands

/// A program's clock as a snapshot runs it, without a program: a chain of stops whose step
/// (in nanoseconds) `step` gives from the time of the last one; a step of 0 ends as it
/// begins.
final class ChainTree: LiveLayerTree {
  let step: (MediaTime) -> Int64
  private(set) var time = MediaTime.zero
  private var lastStop = MediaTime.zero
  private(set) var stops = 0

  init(step: @escaping (MediaTime) -> Int64) { self.step = step }

  var size: Size { Size(width: 1, height: 1) }
  var paletteColors: [RGBAColor] { [] }
  var focus: Rect { Rect(x: 0, y: 0, width: 1, height: 1) }
  func layer(canvas: Size, background: RGBAColor, origin: Point) -> Layer { Layer() }
  func advance(to time: MediaTime) { _ = advance(to: time, stoppingAfter: .max) }

  func advance(to target: MediaTime, stoppingAfter limit: Int) -> (stops: Int, time: MediaTime) {
    var n = 0
    while n < limit {
      let next = lastStop + .nanoseconds(step(lastStop))
      guard next <= target else { break }
      lastStop = next
      time = next
      n += 1
    }
    if n < limit { time = max(time, target) }
    stops += n
    return (n, time)
  }
}

@Suite struct SnapshotSimulationTests {
  static func refusal(
    _ tree: ChainTree, to seconds: Double, cap: Int = SnapshotSimulation.standardCap
  ) -> String? {
    do throws(RingError) {
      try SnapshotSimulation(cap: cap).run(tree, to: .seconds(seconds))
      return nil
    } catch {
      #expect(error.code == .usage, "a refusal is a usage error: \(error.message)")
      #expect(!error.message.contains("\n"), "on one line: \(error.message)")
      return error.message
    }
  }

  /// A chain of 1 ms steps to 1e9 s: refused after the first slice, with the estimate.
  @Test func aFastChainToAHugeTimeIsRefusedFromItsFirstSlice() throws {
    let tree = ChainTree { _ in 1_000_000 }
    let message = try #require(Self.refusal(tree, to: 1e9), "refused")
    #expect(tree.stops <= 1024, "after one slice, not \(tree.stops) stops")
    #expect(
      message.contains("would run about 1,000,000,000,000 animation stops (1,000 per second"),
      "\(message)")
    #expect(message.contains("over the cap of 1,000,000"), "\(message)")
    #expect(message.contains("pass --no-limits"), "\(message)")
  }

  /// Under the cap the run reaches its time, the stops all run, and the progress it
  /// reports only grows, to 1.
  @Test(arguments: [(1_000_000 as Int64, 999.0), (100_000_000, 99_999.9), (7, 0.0068)])
  func aRunUnderTheCapReachesItsTime(step: Int64, seconds: Double) throws {
    let tree = ChainTree { _ in step }
    var fractions: [Double] = []
    try SnapshotSimulation(cap: SnapshotSimulation.standardCap).run(tree, to: .seconds(seconds)) {
      fractions.append($0)
    }
    #expect(tree.time == .seconds(seconds), "reached \(tree.time)")
    #expect(tree.stops == Int(MediaTime.seconds(seconds).nanoseconds / step), "every stop ran")
    #expect(fractions == fractions.sorted() && fractions.last == 1, "\(fractions.suffix(3))")
  }

  /// A chain slow at first and fast later is judged by its new pace as soon as a slice
  /// shows it, not by its average since launch: refused a slice after it speeds up, with
  /// an estimate at the new pace.
  @Test func aChainThatSpeedsUpIsJudgedByItsNewPace() throws {
    let tree = ChainTree { $0 < .seconds(5000) ? 1_000_000_000 : 1000 }
    let message = try #require(Self.refusal(tree, to: 6000), "refused")
    #expect(tree.stops <= 5000 + 2 * 1024, "\(tree.stops) stops")
    #expect(message.contains("1,000,000 per second of the program's time at 50"), "\(message)")
    #expect(message.contains("--no-limits"), "\(message)")
  }

  /// A chain that speeds up so late that a slice spans the change is still stopped by
  /// the count, one past the cap at most.
  @Test func theCountStopsWhatTheEstimateMisses() throws {
    let tree = ChainTree { _ in 1_000 }
    let message = try #require(Self.refusal(tree, to: 0.0011, cap: 1000), "refused")
    #expect(tree.stops <= 1001, "\(tree.stops) stops")
    #expect(message.contains("more than the cap of 1,000"), "\(message)")
  }

  /// Steps that end as they begin never move the clock: refused after 16 slices at one
  /// instant, at time zero or later.
  @Test(arguments: [0.0, 2.5])
  func aChainThatNeverMovesTheClockIsRefused(from seconds: Double) throws {
    let tree = ChainTree { $0 < .seconds(seconds) ? 100_000_000 : 0 }
    let message = try #require(Self.refusal(tree, to: 10), "refused")
    #expect(message.contains("without its clock moving"), "\(message)")
    #expect(tree.stops <= 17 * 1024, "\(tree.stops) stops")
  }

  /// No cap (`--no-limits`): the count does not overflow, the run ends.
  @Test func noCapRunsToTheEnd() throws {
    let tree = ChainTree { _ in 1_000_000 }
    #expect(Self.refusal(tree, to: 5, cap: Limits.none.animationStops) == nil)
    #expect(tree.stops == 5000)
  }

  @Test(arguments: [
    (1_234_567.0, "1,234,567"), (999.4, "999"), (0, "0"), (1e15, "1.0e+15"),
  ])
  func countsAreGroupedInThousands(value: Double, text: String) {
    #expect(SnapshotSimulation.count(value) == text)
  }

  @Test(arguments: [
    (0.2, "1 s"), (42.0, "42 s"), (600.0, "10 minutes"), (86400.0 * 23, "23 days"),
    (365.25 * 86400 * 3e6, "3.0e+06 years"),
  ])
  func durationsAreRoundedToOneUnit(seconds: Double, text: String) {
    #expect(SnapshotSimulation.duration(seconds) == text)
  }
}
