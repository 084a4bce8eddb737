import Testing

@testable import RingGraphics

/// `addArc` sweeps as UIKit's arcs do: the short way in the direction asked, and the whole
/// circle when the angles differ by whole turns (the activity indicators' circles,
/// `0` to `2π` counterclockwise).
@Suite struct ArcSweepTests {
  /// (start, end, clockwise, the sweep drawn in radians: positive clockwise on screen).
  @Test(arguments: [
    (0.0, 2 * Double.pi, false, -2 * Double.pi),
    (0.0, 2 * Double.pi, true, 2 * Double.pi),
    (-Double.pi / 2, 3 * Double.pi / 2, false, -2 * Double.pi),
    (-Double.pi / 2, 3 * Double.pi / 2, true, 2 * Double.pi),
    (2 * Double.pi, 0.0, true, 2 * Double.pi),
    (0.0, 4 * Double.pi, false, -2 * Double.pi),
    (0.0, Double.pi / 2, true, Double.pi / 2),
    (0.0, Double.pi / 2, false, -3 * Double.pi / 2),
    (1.0, 1.0, true, 0.0),
    (1.0, 1.0, false, 0.0),
  ])
  func arcsSweepAsUIKitDraws(start: Double, end: Double, clockwise: Bool, sweep: Double) throws {
    var path = BezierPath()
    path.addArc(
      center: Point(x: 0, y: 0), radius: 10, startAngle: start, endAngle: end,
      clockwise: clockwise)
    let drawn = path.elements.compactMap { element -> Double? in
      if case .arc(_, _, let a0, let a1) = element { return a1 - a0 }
      return nil
    }
    let total = drawn.reduce(0, +)
    #expect(abs(total - sweep) < 1e-9, "swept \(total)")
  }
}
