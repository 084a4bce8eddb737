import Testing

@testable import UIKit

/// A path's elements as Core Graphics hands them out, and a path drawn backwards.
@MainActor struct CGPathElementTests {
  /// The elements of `path`: kind and points.
  static func elements(_ path: CGPath) -> [(CGPathElementType, [CGPoint])] {
    var out: [(CGPathElementType, [CGPoint])] = []
    path.applyWithBlock { element in
      let count = [1, 1, 2, 3, 0][Int(element.pointee.type.rawValue)]
      out.append(
        (element.pointee.type, (0..<count).map { element.pointee.points[$0] }))
    }
    return out
  }

  static func near(_ a: CGPoint, _ b: CGPoint) -> Bool {
    abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9
  }

  @Test func aRectangleIsAMoveThreeLinesAndAClose() {
    let found = Self.elements(
      CGPath(rect: CGRect(x: 1, y: 2, width: 10, height: 20), transform: nil))
    #expect(
      found.map(\.0) == [
        .moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath,
      ], "\(found)")
    #expect(found.first?.1 == [CGPoint(x: 1, y: 2)])
    #expect(found[2].1 == [CGPoint(x: 11, y: 22)])
  }

  /// A circle is four quarter-turn cubics, each control point 4/3·tan(π/8) of the radius
  /// along the tangent (Core Graphics' approximation).
  @Test(arguments: [true, false])
  func aCircleIsFourCubics(clockwise: Bool) {
    let path = UIBezierPath(
      arcCenter: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: 2 * .pi,
      clockwise: clockwise)
    let found = Self.elements(path.cgPath)
    #expect(found.map(\.0) == [.moveToPoint] + Array(repeating: .addCurveToPoint, count: 4))
    #expect(Self.near(found[0].1[0], CGPoint(x: 60, y: 50)))
    let k = 4.0 / 3.0 * tan(Double.pi / 8) * 10
    let sign: CGFloat = clockwise ? 1 : -1
    #expect(Self.near(found[1].1[0], CGPoint(x: 60, y: 50 + sign * k)), "\(found[1].1)")
    #expect(Self.near(found[1].1[2], CGPoint(x: 50, y: 50 + sign * 10)))
    #expect(Self.near(found[4].1[2], CGPoint(x: 60, y: 50)))
  }

  /// An arc after a point elsewhere begins with a line to its start; a line after a close
  /// begins a subpath with a move to where the closed one began. (Core Graphics'
  /// `clockwise` is y-up's: false here turns the angle up, three quarter turns.)
  @Test func anArcAfterALineAndDrawingOnAfterAClose() {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addArc(
      center: CGPoint(x: 20, y: 0), radius: 5, startAngle: .pi, endAngle: .pi / 2,
      clockwise: false)
    path.closeSubpath()
    path.addLine(to: CGPoint(x: 3, y: 4))
    let found = Self.elements(path)
    #expect(
      found.map(\.0) == [
        .moveToPoint, .addLineToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint,
        .closeSubpath, .moveToPoint, .addLineToPoint,
      ], "\(found.map(\.0))")
    #expect(Self.near(found[1].1[0], CGPoint(x: 15, y: 0)))
    #expect(Self.near(found[4].1[2], CGPoint(x: 20, y: 5)))
    #expect(found[6].1 == [.zero] && found[7].1 == [CGPoint(x: 3, y: 4)])
  }

  @Test func applyCallsTheFunctionWithItsInfo() {
    var count = 0
    withUnsafeMutablePointer(to: &count) { counter in
      CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 4, height: 2), transform: nil).apply(
        info: counter
      ) { info, element in
        if element.pointee.type == .addCurveToPoint {
          info!.assumingMemoryBound(to: Int.self).pointee += 1
        }
      }
    }
    #expect(count == 4)
  }

  @Test func aPathReversedRunsFromItsEndBackToItsStart() {
    let path = UIBezierPath()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addLine(to: CGPoint(x: 10, y: 0))
    path.addCurve(
      to: CGPoint(x: 20, y: 10), controlPoint1: CGPoint(x: 12, y: 0),
      controlPoint2: CGPoint(x: 20, y: 8))
    path.move(to: CGPoint(x: 30, y: 30))
    path.addLine(to: CGPoint(x: 40, y: 30))
    path.addLine(to: CGPoint(x: 40, y: 40))
    path.close()
    path.lineWidth = 7
    let reversed = path.reversing()
    #expect(reversed.lineWidth == 7 && path.lineWidth == 7)
    let found = Self.elements(reversed.cgPath)
    #expect(
      found.map(\.0) == [
        .moveToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath,
        .moveToPoint, .addCurveToPoint, .addLineToPoint,
      ], "\(found.map(\.0))")
    #expect(found[0].1 == [CGPoint(x: 40, y: 40)] && found[2].1 == [CGPoint(x: 30, y: 30)])
    #expect(found[4].1 == [CGPoint(x: 20, y: 10)])
    #expect(
      found[5].1 == [CGPoint(x: 20, y: 8), CGPoint(x: 12, y: 0), CGPoint(x: 10, y: 0)])
    #expect(found[6].1 == [.zero])
    #expect(reversed.currentPoint == .zero)
    #expect(reversed.reversing().cgPath == path.cgPath, "reversed twice is the path")
  }

  /// An arc reversed is the same arc the other way: exact, from the old end.
  @Test func anArcReversedIsExact() {
    let arc = UIBezierPath(
      arcCenter: CGPoint(x: 0, y: 0), radius: 10, startAngle: 0, endAngle: .pi / 2,
      clockwise: true)
    let reversed = arc.reversing()
    #expect(Self.near(reversed.currentPoint, CGPoint(x: 10, y: 0)))
    #expect(reversed.bezier.elements.contains { if case .arc = $0 { true } else { false } })
    let found = Self.elements(reversed.cgPath)
    #expect(Self.near(found[0].1[0], CGPoint(x: 0, y: 10)))
    #expect(found.map(\.0) == [.moveToPoint, .addCurveToPoint])
  }

  /// No line of no length before an arc that starts where the pen is, however the arc's
  /// start rounds (a rounded rectangle's corners, an arc after a move to its start).
  @Test func noLineOfNoLengthBeforeAnArc() {
    for path in [
      CGPath(
        roundedRect: CGRect(x: 0, y: 0, width: 10, height: 10), cornerWidth: 2, cornerHeight: 2,
        transform: nil),
      {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 5))
        p.addArc(
          center: .zero, radius: 5, startAngle: .pi / 2, endAngle: .pi, clockwise: false)
        return p
      }(),
    ] {
      var pen = CGPoint.zero
      for (type, points) in Self.elements(path) {
        if type == .addLineToPoint {
          #expect(hypot(points[0].x - pen.x, points[0].y - pen.y) > 1e-6, "\(Self.elements(path))")
        }
        if let last = points.last { pen = last }
      }
    }
  }

  /// A subclass inherits the initialisers, and its copies and reversals are of its class.
  @Test func aSubclassKeepsItsClass() {
    final class ArrowPath: UIBezierPath {}
    let arrow = ArrowPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4))
    arrow.lineWidth = 3
    #expect(arrow.copy() is ArrowPath && arrow.reversing() is ArrowPath)
    #expect((arrow.copy() as! ArrowPath).lineWidth == 3 && !arrow.isEmpty)
  }
}
