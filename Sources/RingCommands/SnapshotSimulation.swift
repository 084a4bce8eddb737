import Foundation
import RainbowRing
import RingCommandLine
import RingExport
import RingPlayers

/// Runs a program's clock up to a snapshot's time in slices of animation stops, and refuses
/// the run when it would take more stops than its cap.
///
/// A program's animations move only when one stops and its delegate adds the next (the
/// seed does so every 0.1 s; a program may do it every nanosecond, or keep doing it
/// without the clock moving), so the work is the number of stops, not the time. After each
/// slice the stops still to come are estimated from the stops per second of the program's
/// time so far, or in the last slice if that was faster (a chain that speeds up late is
/// judged by its new pace, not its average); a run whose estimate (or whose count) passes
/// the cap is refused before anything is written. The cap is a count, so the same arguments give the same verdict on
/// any machine.
package struct SnapshotSimulation {
  /// Animation stops one snapshot may run (`--no-limits` lifts it): about 100,000 s of the
  /// seed's 0.1 s chain, a few minutes of computing in a debug build.
  package static let standardCap = 1_000_000
  /// The most stops one run may take.
  package var cap: Int
  /// Stops run between estimates, progress updates and interruption checks.
  package var slice = 1024

  /// Slices in a row that may run without the clock moving before the program is refused
  /// as one whose animations end as they begin (16 slices: 16,384 stops at one instant).
  package static let stalledSlices = 16

  /// Moves `tree` to `target`, telling `progress` the time reached (as a fraction of
  /// `target`, 0 to 1) after each slice. Throws a usage error when the run would pass the
  /// cap, and `RingError.interruption` when a terminating signal has arrived; the tree is then
  /// somewhere short of `target`.
  package func run(
    _ tree: any LiveLayerTree, to target: MediaTime, progress: (Double) -> Void = { _ in }
  ) throws(RingError) {
    var stops = 0
    var reached = MediaTime.zero
    var stalled = 0
    let clock = ContinuousClock()
    let start = clock.now
    while true {
      if let stop = RingError.interruption { throw stop }
      // One past the cap at most: passing it is what refuses the run.
      let room = cap - stops
      let step = tree.advance(to: target, stoppingAfter: room < slice ? room + 1 : slice)
      stops += step.stops
      stalled = step.time > reached ? 0 : stalled + 1
      let recent = step.time > reached ? Double(step.stops) / (step.time - reached).seconds : 0
      reached = step.time
      progress(target > .zero ? min(1, reached.seconds / target.seconds) : 1)
      guard reached < target else { return }
      let asked = Self.seconds(target)
      guard stalled < Self.stalledSlices else {
        throw RingError.usage(
          "A snapshot at --time \(asked) cannot be made: the program's animations stopped and restarted \(Self.count(stops)) times at \(Self.seconds(reached)) s without its clock moving (each one it adds ends as it begins)\(reached > .zero ? "; choose a --time before \(Self.seconds(reached)) s" : ", so no snapshot of it can be made")."
        )
      }
      guard stops <= cap else {
        throw RingError.usage(
          "A snapshot at --time \(asked) takes more than the cap of \(Self.count(cap)) animation stops (the program had reached \(Self.seconds(reached)) s); choose an earlier --time, or pass --no-limits."
        )
      }
      let average = reached > .zero ? Double(stops) / reached.seconds : 0
      let rate = max(average, recent)
      let estimate = Self.estimate(stops: stops, reached: reached, target: target, rate: rate)
      // Rounded: a chain that lands on the cap exactly is not refused for a rounding error.
      guard estimate.rounded() <= Double(cap) else {
        let spent = clock.now - start
        let seconds =
          Double(spent.components.seconds) + Double(spent.components.attoseconds) / 1e18
        let pace =
          rate > average
          ? "at \(Self.seconds(reached)) s" : "over its first \(Self.seconds(reached)) s"
        throw RingError.usage(
          "A snapshot at --time \(asked) would run about \(Self.count(estimate)) animation stops (\(Self.count(rate)) per second of the program's time \(pace)), over the cap of \(Self.count(cap)), about \(Self.duration(seconds / Double(stops) * estimate)) of computing; choose an earlier --time, or pass --no-limits."
        )
      }
    }
  }

  /// The stops a run to `target` takes: `stops` by `reached`, and the rest at `rate` stops
  /// per second of program time.
  package static func estimate(stops: Int, reached: MediaTime, target: MediaTime, rate: Double)
    -> Double
  {
    Double(stops) + rate * max(0, (target - reached).seconds)
  }

  /// `123.456`, `1000000000`: a time in seconds, to ten significant digits.
  package static func seconds(_ time: MediaTime) -> String { String(format: "%.10g", time.seconds) }

  /// `1,234,567`, or `1.2e+15` from a quadrillion on.
  package static func count(_ value: Double) -> String {
    guard value < 1e15 else { return String(format: "%.1e", value) }
    let digits = String(Int(value.rounded()))
    var out = ""
    for (i, c) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
      out.append(c)
    }
    return out
  }

  package static func count(_ value: Int) -> String { count(Double(value)) }

  /// `12 s`, `3 minutes`, `5 hours`, `23 days` or `1.0e+04 years`, rounded.
  package static func duration(_ seconds: Double) -> String {
    let units: [(String, Double)] = [
      ("years", 365.25 * 86400), ("days", 86400), ("hours", 3600), ("minutes", 60),
    ]
    for (name, size) in units where seconds >= 2 * size {
      let n = seconds / size
      return n < 1e6 ? "\(Int(n.rounded())) \(name)" : String(format: "%.1e \(name)", n)
    }
    return "\(Int(max(1, seconds.rounded()))) s"
  }
}
