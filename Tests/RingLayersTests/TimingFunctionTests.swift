import RingGraphics
import Testing

@testable import RingLayers

@Suite struct TimingFunctionTests {
  /// y at x for the Bézier with the given control points, by bisection in extended precision
  /// on a dense parameter: an independent reference.
  static func reference(_ f: TimingFunction, _ x: Double) -> Double {
    func bez(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
      let u = 1 - s
      return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<200 {
      let mid = (lo + hi) / 2
      if bez(f.controlPoint1.x, f.controlPoint2.x, mid) < x { lo = mid } else { hi = mid }
    }
    return bez(f.controlPoint1.y, f.controlPoint2.y, (lo + hi) / 2)
  }

  @Test(arguments: TimingFunction.named.map(\.function))
  func namedCurvesMatchTheTrueBezier(function: TimingFunction) {
    var worst = 0.0
    for i in 0...1000 {
      let x = Double(i) / 1000
      worst = max(worst, abs(function.progress(at: x) - Self.reference(function, x)))
    }
    #expect(worst < 1e-9, "\(function): worst error \(worst)")
  }

  @Test func customCurvesWork() throws {
    let steep = try TimingFunction(controlPoints: 0.9, 0.0, 0.1, 1.0)
    let overshoot = try TimingFunction(controlPoints: 0.3, -0.5, 0.7, 1.5)
    for f in [steep, overshoot] {
      for i in 0...200 {
        let x = Double(i) / 200
        let err = abs(f.progress(at: x) - Self.reference(f, x))
        #expect(err < 1e-9, "\(f) at \(x): error \(err)")
      }
    }
  }

  @Test func knownValues() {
    #expect(TimingFunction.linear.progress(at: 0.37) == 0.37, "linear is exact")
    #expect(abs(TimingFunction.easeInEaseOut.progress(at: 0.5) - 0.5) < 1e-12, "symmetric curve")
    #expect(TimingFunction.easeIn.progress(at: 0.5) < 0.5, "ease in starts slow")
    #expect(TimingFunction.easeOut.progress(at: 0.5) > 0.5, "ease out starts fast")
  }

  @Test(arguments: [(-0.1, 0.0, 0.5, 1.0), (0.2, 0.0, 1.5, 1.0), (0.2, Double.nan, 0.5, 1.0)])
  func nonMonotonicCurvesAreRefused(x1: Double, y1: Double, x2: Double, y2: Double) {
    #expect(throws: RingError.self, "(\(x1), \(y1)), (\(x2), \(y2))") {
      try TimingFunction(controlPoints: x1, y1, x2, y2)
    }
  }
}
