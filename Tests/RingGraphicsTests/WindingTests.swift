import Foundation
import Testing

@testable import RingGraphics

/// `BezierPath.winding(at:)` and `contains(_:rule:)`: the fill's inside, exactly, for lines,
/// quadratic and cubic curves and elliptical arcs (hit-testing a pie chart's slices).
@Suite struct WindingTests {
  let centre = Point(x: 100, y: 100)

  func circle(radius: Double, clockwise: Bool = true) -> BezierPath {
    var path = BezierPath()
    path.addArc(
      center: centre, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: clockwise)
    path.close()
    return path
  }

  func polar(_ angle: Double, _ radius: Double) -> Point {
    Point(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
  }

  /// A millionth of a point either side of a circle of 50 points, all the way round: a
  /// polygon of the circle within 0.01 point would take the inside ones for outside.
  @Test(arguments: [true, false])
  func aCircleIsExactAtItsEdge(clockwise: Bool) {
    let path = circle(radius: 50, clockwise: clockwise)
    #expect(abs(path.winding(at: centre)) == 1, "the centre is wound once")
    for i in 0..<97 {
      let a = Double(i) / 97 * 2 * .pi
      #expect(path.contains(polar(a, 50 - 1e-6), rule: .nonZero), "inside at \(a) rad")
      #expect(!path.contains(polar(a, 50 + 1e-6), rule: .nonZero), "outside at \(a) rad")
    }
  }

  /// An ellipse (radii 100 and 40): exact as a circle is.
  @Test func anEllipseIsExactAtItsEdge() {
    let path = BezierPath(ovalIn: Rect(x: 0, y: 60, width: 200, height: 80))
    for i in 0..<61 {
      let a = Double(i) / 61 * 2 * .pi
      let edge = Point(x: 100 + 100 * cos(a), y: 100 + 40 * sin(a))
      let towardsCentre = (centre - edge) * (1e-6 / (centre - edge).length)
      #expect(path.contains(edge + towardsCentre, rule: .nonZero), "inside at \(a) rad")
      #expect(!path.contains(edge - towardsCentre, rule: .nonZero), "outside at \(a) rad")
    }
  }

  /// A pie slice (the centre, an arc of a quarter turn, closed): inside near its curved
  /// edge and its straight ones, outside beyond them and at the angles beside it.
  @Test func aPieSliceHoldsItsWedge() {
    var slice = BezierPath()
    slice.move(to: centre)
    slice.addArc(
      center: centre, radius: 80, startAngle: -.pi / 2, endAngle: 0, clockwise: true)
    slice.close()
    for a in stride(from: -1.5, through: -0.07, by: 0.1) {
      #expect(slice.contains(polar(a, 80 - 1e-6), rule: .nonZero), "inside the arc at \(a)")
      #expect(!slice.contains(polar(a, 80 + 1e-6), rule: .nonZero), "beyond the arc at \(a)")
      #expect(slice.contains(polar(a, 40), rule: .nonZero), "halfway out at \(a)")
    }
    #expect(!slice.contains(polar(0.05, 40), rule: .nonZero), "past the end angle")
    #expect(!slice.contains(polar(-.pi / 2 - 0.05, 40), rule: .nonZero), "before the start")
    #expect(!slice.contains(polar(.pi * 0.75, 40), rule: .nonZero), "opposite the slice")
    #expect(slice.contains(Point(x: 100 + 1e-6, y: 50), rule: .nonZero), "by the first edge")
    #expect(!slice.contains(Point(x: 100 - 1e-6, y: 50), rule: .nonZero), "over it")
  }

  /// A ring of two circles drawn the same way: the hole is wound twice, so the non-zero
  /// rule fills it and the even-odd one does not; drawn opposite ways, neither does.
  @Test func aRingsHoleDependsOnTheRuleAndTheDirections() {
    var same = circle(radius: 80)
    same.append(circle(radius: 40))
    let hole = polar(1, 20)
    let band = polar(1, 60)
    #expect(abs(same.winding(at: hole)) == 2)
    #expect(same.contains(hole, rule: .nonZero), "non-zero fills a hole wound twice")
    #expect(!same.contains(hole, rule: .evenOdd), "even-odd leaves it")
    #expect(same.contains(band, rule: .evenOdd) && same.contains(band, rule: .nonZero))
    var opposite = circle(radius: 80)
    opposite.append(circle(radius: 40, clockwise: false))
    #expect(opposite.winding(at: hole) == 0)
    #expect(!opposite.contains(hole, rule: .nonZero), "opposite ways: the hole is empty")
    #expect(!same.contains(polar(1, 80 + 1e-6), rule: .evenOdd), "outside the ring")
  }

  /// A cubic arch closed by its chord, and a quadratic one: a millionth of a point either
  /// side of each curve, along its normal.
  @Test(arguments: [false, true])
  func curvesAreExactAtTheirEdge(quadratic: Bool) {
    var arch = BezierPath()
    arch.move(to: Point(x: 0, y: 0))
    if quadratic {
      arch.addQuadCurve(to: Point(x: 100, y: 0), controlPoint: Point(x: 50, y: -100))
    } else {
      arch.addCurve(
        to: Point(x: 100, y: 0), controlPoint1: Point(x: 0, y: -100),
        controlPoint2: Point(x: 100, y: -100))
    }
    arch.close()
    for i in 1..<40 {
      let t = Double(i) / 40
      let u = 1 - t
      let (p, d): (Point, Point)
      if quadratic {
        p = Point(x: 2 * u * t * 50 + t * t * 100, y: 2 * u * t * -100)
        d = Point(x: 100, y: -200 * (1 - 2 * t))
      } else {
        p = Point(x: 3 * u * t * t * 100 + t * t * t * 100, y: 3 * u * t * -100)
        d = Point(x: 600 * u * t, y: -300 * (1 - 2 * t))
      }
      // The normal towards the chord (down the screen, +y): the inside.
      var n = Point(x: -d.y, y: d.x) * (1 / d.length)
      if n.y < 0 { n = n * -1 }
      #expect(arch.contains(p + n * 1e-6, rule: .nonZero), "inside at t = \(t)")
      #expect(!arch.contains(p - n * 1e-6, rule: .nonZero), "outside at t = \(t)")
    }
  }

  /// A ray through vertices counts each crossing once: a diamond's side corners lie on the
  /// line of its centre.
  @Test func aRayThroughVerticesCountsEachCrossingOnce() {
    let diamond = BezierPath(polygon: [
      Point(x: 0, y: -10), Point(x: 10, y: 0), Point(x: 0, y: 10), Point(x: -10, y: 0),
    ])
    #expect(abs(diamond.winding(at: Point(x: -5, y: 0))) == 1, "inside, level with a corner")
    #expect(diamond.winding(at: Point(x: -20, y: 0)) == 0, "outside, through both corners")
    #expect(diamond.winding(at: Point(x: 0, y: -20)) == 0, "above the top corner")
  }

  /// An open subpath counts as closed, as a fill closes it, unless asked not to.
  @Test func openSubpathsCloseUnlessAskedNot() {
    var open = BezierPath()
    open.move(to: Point(x: 0, y: 0))
    open.addLine(to: Point(x: 100, y: 0))
    open.addLine(to: Point(x: 0, y: 100))
    let p = Point(x: 20, y: 20)
    #expect(open.contains(p, rule: .nonZero), "closed as a fill closes it")
    #expect(!open.contains(p, rule: .nonZero, closingOpenSubpaths: false), "left open")
    var closed = open
    closed.close()
    #expect(closed.contains(p, rule: .nonZero, closingOpenSubpaths: false), "closed")
    #expect(!BezierPath().contains(p, rule: .nonZero), "an empty path holds nothing")
  }

  @Test func quadraticRoots() {
    #expect(BezierPath.roots(1, -3, 2).sorted() == [1, 2])
    #expect(BezierPath.roots(0, 2, -1) == [0.5])
    #expect(BezierPath.roots(1, 0, 1).isEmpty)
    #expect(BezierPath.roots(0, 0, 1).isEmpty)
  }
}
