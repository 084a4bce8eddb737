import Foundation
import Testing

@testable import UIKit

/// `CGPath.contains(_:using:transform:)` and `UIBezierPath.contains(_:)`: hit-testing a
/// shape (a pie chart's slices) by the area its fill covers, exactly at curved edges.
@MainActor @Suite struct PathContainsTests {
  let centre = CGPoint(x: 100, y: 100)

  func polar(_ angle: CGFloat, _ radius: CGFloat) -> CGPoint {
    CGPoint(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
  }

  /// A slice as PieCharts builds one: from the centre, an arc, closed.
  func slice(from start: CGFloat, to end: CGFloat, radius: CGFloat) -> UIBezierPath {
    let path = UIBezierPath()
    path.move(to: centre)
    path.addArc(
      withCenter: centre, radius: radius, startAngle: start, endAngle: end, clockwise: true)
    path.close()
    return path
  }

  @Test func aCircleHoldsWhatIsWithinItsRadius() {
    let circle = CGPath(
      ellipseIn: CGRect(x: 50, y: 50, width: 100, height: 100), transform: nil)
    #expect(circle.contains(centre), "the centre")
    #expect(!circle.contains(CGPoint(x: 52, y: 52)), "the bounding box's corner")
    for i in 0..<36 {
      let a = CGFloat(i) / 36 * 2 * .pi
      #expect(circle.contains(polar(a, 50 - 1e-6)), "just inside at \(a) rad")
      #expect(!circle.contains(polar(a, 50 + 1e-6)), "just outside at \(a) rad")
    }
  }

  /// Each point of a pie is in exactly the slice whose angles hold it, near the curved edge
  /// too; through `cgPath` as through the Bézier path.
  @Test func aPieSliceHoldsItsWedge() {
    let stops: [CGFloat] = [-.pi / 2, 0.3, 2.0, 3 * .pi / 2]
    let slices = (1..<stops.count).map { slice(from: stops[$0 - 1], to: stops[$0], radius: 80) }
    for a in stride(from: -1.45 as CGFloat, to: 4.7, by: 0.1) {
      for radius: CGFloat in [10, 79.999] {
        let p = polar(a, radius)
        let holding = slices.indices.filter { slices[$0].contains(p) }
        let expected = stops.indices.dropFirst().filter { stops[$0 - 1] < a && a < stops[$0] }
        #expect(holding == expected.map { $0 - 1 }, "\(a) rad at \(radius): \(holding)")
        #expect(
          slices.map { $0.cgPath.contains(p) } == slices.map { $0.contains(p) },
          "the CGPath agrees at \(a) rad")
      }
      #expect(!slices.contains { $0.contains(polar(a, 80.001)) }, "outside the pie at \(a)")
    }
  }

  /// Two circles drawn the same way: the hole is inside by the winding rule, outside by the
  /// even-odd rule (a ring, as `usesEvenOddFillRule` draws one).
  @Test func aRingsHoleFollowsTheFillRule() {
    let ring = CGMutablePath()
    ring.addEllipse(in: CGRect(x: 20, y: 20, width: 160, height: 160))
    ring.addEllipse(in: CGRect(x: 60, y: 60, width: 80, height: 80))
    #expect(ring.contains(centre), "winding: the hole is wound twice")
    #expect(!ring.contains(centre, using: .evenOdd), "even-odd: the hole is empty")
    #expect(ring.contains(polar(1, 60), using: .evenOdd), "the band")
    #expect(!ring.contains(polar(1, 40 - 1e-6), using: .evenOdd), "just inside the hole")
    #expect(ring.contains(polar(1, 40 + 1e-6), using: .evenOdd), "just outside it")
    let path = UIBezierPath(cgPath: ring)
    #expect(path.contains(centre))
    path.usesEvenOddFillRule = true
    #expect(!path.contains(centre), "usesEvenOddFillRule decides the hole")
  }

  /// The transform maps the point before the test, as Core Graphics documents.
  @Test func theTransformMapsThePoint() {
    let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
    let back = CGAffineTransform(translationX: -100, y: -100)
    #expect(square.contains(CGPoint(x: 105, y: 105), transform: back), "(105, 105) maps to (5, 5)")
    #expect(!square.contains(CGPoint(x: 5, y: 5), transform: back), "(5, 5) maps to (-95, -95)")
    let half = CGAffineTransform(scaleX: 0.5, y: 0.5)
    #expect(square.contains(CGPoint(x: 19, y: 19), transform: half))
    #expect(!square.contains(CGPoint(x: 21, y: 19), transform: half))
    let circle = CGPath(
      ellipseIn: CGRect(x: 50, y: 50, width: 100, height: 100), transform: nil)
    let turn = CGAffineTransform(rotationAngle: .pi / 2)
    // (100, -100) turned a quarter (y down: clockwise) is (100, 100).
    #expect(circle.contains(CGPoint(x: 100, y: -100), transform: turn))
    #expect(!circle.contains(CGPoint(x: 100, y: 100), transform: turn))
  }

  /// An open subpath: a CGPath fills it as if closed; a UIBezierPath's, as UIKit documents,
  /// encloses nothing until closed.
  @Test func openSubpathsCloseForCGPathOnly() {
    let open = UIBezierPath()
    open.move(to: .zero)
    open.addLine(to: CGPoint(x: 100, y: 0))
    open.addLine(to: CGPoint(x: 0, y: 100))
    let p = CGPoint(x: 20, y: 20)
    #expect(open.cgPath.contains(p), "CGPath: closed as a fill closes it")
    #expect(!open.contains(p), "UIBezierPath: an open subpath encloses nothing")
    open.close()
    #expect(open.contains(p), "closed, it holds the point")
    #expect(!UIBezierPath().contains(p) && !CGMutablePath().contains(p), "empty paths")
  }
}
