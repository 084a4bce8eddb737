import RingGraphics
import Testing

@testable import UIKit

/// `CGPath.copy(dashingWithPhase:lengths:)`: the dashes a stroke with that pattern draws, as
/// a path of their own (progress and border code strokes or animates it).
@MainActor struct CGPathDashingTests {
  /// The subpaths of `path` as point lists.
  private func subpaths(_ path: CGPath) -> [[CGPoint]] {
    var out: [[CGPoint]] = []
    for (kind, points) in CGPathElementTests.elements(path) {
      if kind == .moveToPoint { out.append([]) }
      if let p = points.last { out[out.count - 1].append(p) }
    }
    return out
  }

  private func line() -> CGPath {
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addLine(to: CGPoint(x: 100, y: 0))
    return path
  }

  /// Dash and gap lengths from the phase on: `[10, 5]` from 0 dashes 0...10, 15...25, ...,
  /// 90...100; from 5, 0...5, 10...20, ...; an odd count repeats (`[10]` is 10 on, 10 off);
  /// a negative phase counts back from the pattern's end. A dash that starts at the very end
  /// is a dash of no length there (a dot, stroked with round caps), as the stroke draws it.
  nonisolated static let cases: [(Double, [Double], [(Double, Double)])] = [
    (0, [10, 5], [(0, 10), (15, 25), (30, 40), (45, 55), (60, 70), (75, 85), (90, 100)]),
    (
      5, [10, 5], [(0, 5), (10, 20), (25, 35), (40, 50), (55, 65), (70, 80), (85, 95), (100, 100)]
    ),
    (0, [10], [(0, 10), (20, 30), (40, 50), (60, 70), (80, 90), (100, 100)]),
    (-5, [30, 20], [(5, 35), (55, 85)]),
  ]

  @Test(arguments: cases)
  func aLineIsCutWhereTheStrokesDashesLie(
    phase: Double, lengths: [Double], expected: [(Double, Double)]
  ) {
    let dashed = subpaths(
      line().copy(dashingWithPhase: CGFloat(phase), lengths: lengths.map { CGFloat($0) }))
    #expect(dashed.count == expected.count, "\(dashed)")
    for (got, want) in zip(dashed, expected) {
      #expect(abs(got.first!.x - want.0) < 1e-9 && abs(got.last!.x - want.1) < 1e-9, "\(got)")
    }
  }

  /// A pattern that cannot dash leaves the path whole; the transform maps the dashes.
  @Test func anEmptyPatternKeepsThePathAndTheTransformMapsTheDashes() {
    #expect(subpaths(line().copy(dashingWithPhase: 0, lengths: [])).map(\.count) == [2])
    #expect(subpaths(line().copy(dashingWithPhase: 0, lengths: [-1, 2])).map(\.count) == [2])
    let moved = subpaths(
      line().copy(
        dashingWithPhase: 0, lengths: [50, 60], transform: CGAffineTransform(translationX: 0, y: 7))
    )
    #expect(moved == [[CGPoint(x: 0, y: 7), CGPoint(x: 50, y: 7)]])
    var lengths: [CGFloat] = [50, 60]
    let old = CGPath(__byDashing: line(), transform: nil, phase: 0, lengths: &lengths, count: 2)
    #expect(old.map(subpaths) == [[CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 0)]])
  }

  /// The general rule: stroking the dashed copy (butt caps) draws what stroking the path with
  /// the pattern draws, for curves and closed subpaths (whose dashes run across the start).
  @Test(arguments: [0.0, 7.5])
  func strokingTheDashesDrawsTheDashedStroke(phase: Double) {
    let path = CGMutablePath()
    path.addEllipse(in: CGRect(x: 10, y: 10, width: 60, height: 40))
    path.addRect(CGRect(x: 20, y: 60, width: 50, height: 30))
    let lengths: [CGFloat] = [12, 5, 3, 5]
    let width = 3.0
    func stroked(_ p: CGPath, dashed: Bool) -> Pixmap {
      drawnPixels(width: 100, height: 100) { ctx in
        ctx.addPath(p)
        ctx.setLineWidth(width)
        if dashed { ctx.setLineDash(phase: CGFloat(phase), lengths: lengths) }
        ctx.strokePath()
      }
    }
    let reference = stroked(path, dashed: true)
    let copy = stroked(
      path.copy(dashingWithPhase: CGFloat(phase), lengths: lengths), dashed: false)
    var worst = 0
    var drawn = 0
    for y in 0..<100 {
      for x in 0..<100 {
        let a = Int(reference.pixel(x: x, y: y).alpha)
        worst = max(worst, abs(a - Int(copy.pixel(x: x, y: y).alpha)))
        if a > 0 { drawn += 1 }
      }
    }
    #expect(drawn > 500)
    // Both flatten the curves, the stroke to its device tolerance, the copy finer, so the
    // ends of dashes along a curve may lie a hundredth of a pixel apart.
    #expect(worst <= 4, "worst alpha difference \(worst)")
  }
}
