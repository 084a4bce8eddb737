import Foundation
import Testing

@testable import RingGraphics

/// `BezierPath.elementPolylines(tolerance:)`: one polyline per drawing element, from where
/// the element starts to where it ends, within the tolerance of the true curve.
@Suite struct ElementPolylinesTests {
  /// A line, a move, a quarter arc of radius 100 and a close: three pieces (the move makes
  /// none); the arc's chords stay within the tolerance of the circle; the close returns to the arc's
  /// subpath start.
  @Test(arguments: [0.01, 0.5])
  func piecesFollowTheElements(tolerance: Double) throws {
    var path = BezierPath()
    path.move(to: Point(x: 0, y: 0))
    path.addLine(to: Point(x: 10, y: 0))
    path.move(to: Point(x: 100, y: 0))
    path.addArc(
      center: .zero, radius: 100, startAngle: 0, endAngle: .pi / 2, clockwise: true)
    path.close()
    let pieces = path.elementPolylines(tolerance: tolerance)
    try #require(pieces.count == 3)
    #expect(pieces[0] == [Point(x: 0, y: 0), Point(x: 10, y: 0)])
    #expect(pieces[1].first == Point(x: 100, y: 0))
    let end = try #require(pieces[1].last)
    #expect(abs(end.x) < 1e-9 && abs(end.y - 100) < 1e-9)
    for (a, b) in zip(pieces[1], pieces[1].dropFirst()) {
      #expect(abs(a.length - 100) < 1e-9)
      #expect(100 - ((a + b) * 0.5).length <= tolerance + 1e-9, "each chord's middle")
    }
    #expect(pieces[2].last == Point(x: 100, y: 0))
  }
}
