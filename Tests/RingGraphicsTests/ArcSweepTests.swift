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
    // Far apart: more than a turn the way asked is the whole circle; the other way, the
    // remainder (taken at once: turning a turn at a time hung).
    (0.0, 1e12, true, 2 * Double.pi),
    (0.0, 201 * Double.pi, false, -Double.pi),
    (0.0, 200 * Double.pi, false, -2 * Double.pi),
    (1e20, 0.0, false, 0.0),  // a turn is lost in the rounding of 1e20: no arc, and no hang
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

  /// Angles that are not numbers add nothing, and an arc of many turns is at most 4,096
  /// cubic pieces (1,024 turns; it trapped or built one per quarter turn).
  @Test func anglesThatAreNotNumbersAndManyTurns() {
    var path = BezierPath()
    path.addArc(
      center: Point(x: 0, y: 0), radius: 10, startAngle: .nan, endAngle: 1, clockwise: true)
    path.addArc(center: Point(x: 0, y: 0), radius: 10, startAngle: 0, sweep: .infinity)
    #expect(path.elements.isEmpty)
    #expect(
      BezierPath.cubics(
        center: Point(x: 0, y: 0), radii: Size(width: 1, height: 1), from: 0, to: 1e12
      )
      .count == 4096)
  }
}
