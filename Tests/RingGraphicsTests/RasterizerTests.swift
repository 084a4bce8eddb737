import Foundation
import Testing

@testable import RingGraphics

/// Exact area of the disk of radius `r` at the origin inside [x0, x1] x [y0, y1].
func diskRectArea(r: Double, x0: Double, x1: Double, y0: Double, y1: Double) -> Double {
  // Integral over x of the disk's chord clipped to [y0, y1], by dense midpoint sampling of x
  // with the exact chord per column.
  let lo = max(x0, -r)
  let hi = min(x1, r)
  guard hi > lo else { return 0 }
  let n = 400
  let dx = (hi - lo) / Double(n)
  var area = 0.0
  for i in 0..<n {
    let x = lo + (Double(i) + 0.5) * dx
    let h = (max(0, r * r - x * x)).squareRoot()
    area += max(0, min(h, y1) - max(-h, y0)) * dx
  }
  return area
}

@Suite struct RasterizerTests {
  @Test(arguments: [3.3, 17.0, 40.25, 123.7])
  func circleCoverageIsTheAreaInside(radius: Double) {
    let c = Point(x: radius + 2.3, y: radius + 1.6)
    let size = Int(2 * radius + 6)
    let path = BezierPath(
      ovalIn: Rect(x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius))
    let mask = Rasterizer.fill(path, transform: .identity, width: size, height: size)
    var worst = 0.0
    var at = (0, 0)
    for y in 0..<size {
      for x in 0..<size {
        let exact = diskRectArea(
          r: radius, x0: Double(x) - c.x, x1: Double(x + 1) - c.x, y0: Double(y) - c.y,
          y1: Double(y + 1) - c.y)
        let err = abs(Double(mask.coverage(x: x, y: y)) / 255 - exact)
        if err > worst { (worst, at) = (err, (x, y)) }
      }
    }
    #expect(
      worst <= 1.0 / 255, "radius \(radius): worst coverage error \(worst * 255)/255 at \(at)")
  }

  /// Edges that end on the device's borders, where an x interpolated between rows may round
  /// a hair outside the device, stay inside the mask (the AddressSanitizer run holds the
  /// cells' bounds), and each shape covers its area: fans of triangles with vertices on the
  /// left and right borders, in one band and (4,000 pixels wide) in many.
  @Test(arguments: [20, 4000])
  func edgesOnTheBordersStayInside(width: Int) throws {
    var generator = SystemRandomNumberGenerator()
    let w = Double(width)
    for _ in 0..<60 {
      var path = BezierPath()
      let y0 = Double.random(in: 0.1...3, using: &generator)
      let y1 = Double.random(in: 20...47.9, using: &generator)
      // Each triangle reaches less than halfway: they do not overlap.
      let tip = Double.random(in: 0.3...(w / 2 - 0.1), using: &generator)
      let mid = Double.random(in: y0...y1, using: &generator)
      // A triangle against the left border, one against the right.
      path.move(to: Point(x: 0, y: y0))
      path.addLine(to: Point(x: tip, y: mid))
      path.addLine(to: Point(x: 0, y: y1))
      path.close()
      path.move(to: Point(x: w, y: y0))
      path.addLine(to: Point(x: w - tip / 2, y: mid))
      path.addLine(to: Point(x: w, y: y1))
      path.close()
      let mask = Rasterizer.fill(
        path, rule: .nonZero, transform: .identity, width: width, height: 50)
      #expect(mask.runs.allSatisfy { $0.start >= 0 && $0.end <= mask.width })
      let expected = (y1 - y0) * (tip + tip / 2) / 2
      // Each pixel on an edge rounds its coverage to 1/255 (and its float sum to 1e-4).
      let edgePixels = mask.runs.filter { $0.value < 255 }.reduce(0) { $0 + $1.end - $1.start }
      let allowed = Double(edgePixels) * (0.5 / 255 + 1e-4) + 1e-3
      #expect(abs(mask.area - expected) <= allowed, "\(mask.area) vs \(expected)")
    }
  }

  /// Bands change nothing: a ring and a star swept in bands of a few rows are the same
  /// runs, bit for bit, as swept whole (each cell sums its edges in the order they came).
  @Test(arguments: [1, 3, 7, 64])
  func bandsGiveTheSameCoverage(rows: Int) {
    var path = BezierPath(ovalIn: Rect(x: 3.3, y: 2.7, width: 90.5, height: 88.25))
    path.append(BezierPath(ovalIn: Rect(x: 23.3, y: 22.7, width: 50.5, height: 48.25)))
    path.move(to: Point(x: 50, y: -4))
    for k in 1..<11 {
      let a = Double(k) * 0.6 * Double.pi * 2 / 2
      path.addLine(to: Point(x: 50 + 60 * sin(a), y: 46 - 60 * cos(a)))
    }
    path.close()
    let transform = Transform2D(rotationAngle: 0.3).concatenating(Transform2D(scaleX: 1.7, y: 1.7))
    for rule in [FillRule.nonZero, .evenOdd] {
      let whole = Rasterizer.fill(path, rule: rule, transform: transform, width: 180, height: 190)
      var storage = CoverageMask.empty
      let outline = Rasterizer.outlines(
        of: path, style: nil, tolerance: Rasterizer.tolerance(path, nil, transform))
      let banded = Rasterizer.coverage(
        of: outline, transform: transform, rule: rule, width: 180, height: 190,
        scratch: RasterScratch(bandCells: 182 * rows), reusing: &storage)
      #expect(whole.runs == banded.runs && whole.runStarts == banded.runStarts, "\(rule)")
    }
  }

  /// Hostile vertices: a rise of a subnormal height across the mask (its slope overflows),
  /// points a long way off, a sliver, and vertices on the mask's right border. Nothing
  /// traps, every run lies in the mask, and the square beside them is drawn as alone.
  @Test(arguments: [
    [Point(x: 5, y: 0), Point(x: 35, y: 1e-320), Point(x: 20, y: 38)],
    [Point(x: -1e300, y: 20), Point(x: 1e300, y: 21), Point(x: 3, y: 39)],
    [Point(x: 1e-300, y: 1e300), Point(x: 39, y: -1e300), Point(x: 20, y: 0.5)],
    [Point(x: 2, y: 1), Point(x: 2 + 1e-300, y: 39), Point(x: 2, y: 39)],
    [Point(x: 40, y: 3), Point(x: 40, y: 37), Point(x: 30, y: 20)],
    [Point(x: 39.999999999, y: 0), Point(x: 40, y: 40), Point(x: 41, y: 20)],
  ])
  func hostileVerticesDrawWithoutTrapping(_ vertices: [Point]) {
    var path = BezierPath()
    path.move(to: vertices[0])
    for p in vertices.dropFirst() { path.addLine(to: p) }
    path.close()
    var square = BezierPath(rect: Rect(x: 50, y: 10, width: 8, height: 8))
    let alone = Rasterizer.fill(square, transform: .identity, width: 60, height: 40)
    square.append(path)
    for rule in [FillRule.nonZero, .evenOdd] {
      let mask = Rasterizer.fill(square, rule: rule, transform: .identity, width: 60, height: 40)
      #expect(mask.runs.allSatisfy { $0.start >= 0 && $0.end <= mask.width && $0.end > $0.start })
      for y in 10..<18 {
        for x in 50..<58 {
          #expect(mask.coverage(x: x, y: y) == alone.coverage(x: x, y: y), "(\(x), \(y))")
        }
      }
    }
  }

  @Test func rectangleCoverageIsExact() {
    let mask = Rasterizer.fill(
      BezierPath(rect: Rect(x: 1.25, y: 2.5, width: 3.5, height: 1.75)), transform: .identity,
      width: 8, height: 8)
    // Column 1 covers x in [1.25, 2): 0.75 wide; row 2 covers y in [2.5, 3): 0.5 tall.
    #expect(mask.coverage(x: 1, y: 2) == UInt8((0.75 * 0.5 * 255).rounded()), "corner pixel")
    #expect(mask.coverage(x: 2, y: 3) == 255, "inside pixel")
    #expect(
      mask.coverage(x: 4, y: 3) == UInt8((0.75 * 255).rounded()), "right edge: x in [4, 4.75)")
    #expect(
      mask.coverage(x: 2, y: 4) == UInt8((0.25 * 255).rounded()), "bottom edge: y in [4, 4.25)")
    #expect(mask.coverage(x: 5, y: 3) == 0 && mask.coverage(x: 0, y: 0) == 0, "outside")
  }

  @Test func evenOddLeavesTheHoleOfOverlappingSquares() {
    var path = BezierPath(rect: Rect(x: 0, y: 0, width: 6, height: 6))
    for e in BezierPath(rect: Rect(x: 2, y: 2, width: 2, height: 2)).elements {
      switch e {
      case .move(let p): path.move(to: p)
      case .line(let p): path.addLine(to: p)
      case .close: path.close()
      default: break
      }
    }
    let nonZero = Rasterizer.fill(path, rule: .nonZero, transform: .identity, width: 6, height: 6)
    let evenOdd = Rasterizer.fill(path, rule: .evenOdd, transform: .identity, width: 6, height: 6)
    #expect(nonZero.coverage(x: 3, y: 3) == 255, "non-zero fills the overlap")
    #expect(evenOdd.coverage(x: 3, y: 3) == 0, "even-odd empties the overlap")
    #expect(evenOdd.coverage(x: 1, y: 1) == 255, "even-odd keeps the single layer")
  }

  @Test(arguments: [(LineCap.butt, 0.0), (.square, 8.0), (.round, 2 * Double.pi)])
  func capsAddTheirArea(cap: LineCap, extraPerEnd: Double) throws {
    // A horizontal segment 10 long, 4 wide: area 40, plus per end a 2x4 box (square) or a
    // half disc of radius 2 (round).
    var path = BezierPath()
    path.move(to: Point(x: 5, y: 8))
    path.addLine(to: Point(x: 15, y: 8))
    let style = try StrokeStyle(lineWidth: 4, lineCap: cap)
    let mask = Rasterizer.stroke(path, style: style, transform: .identity, width: 24, height: 16)
    let area = mask.area
    let expected = 40 + 2 * extraPerEnd
    #expect(abs(area - expected) < 0.05, "\(cap): area \(area), expected \(expected)")
  }

  @Test(arguments: [LineJoin.miter, .round, .bevel])
  func joinsFillTheOuterCorner(join: LineJoin) throws {
    // A right angle, 2 wide: miter adds a 1x1 square, round a quarter disc, bevel a triangle.
    var path = BezierPath()
    path.move(to: Point(x: 4, y: 12))
    path.addLine(to: Point(x: 4, y: 4))
    path.addLine(to: Point(x: 12, y: 4))
    let style = try StrokeStyle(lineWidth: 2, lineJoin: join)
    let mask = Rasterizer.stroke(path, style: style, transform: .identity, width: 16, height: 16)
    let area = mask.area
    let corner: Double =
      switch join {
      case .miter: 1
      case .round: Double.pi / 4
      case .bevel: 0.5
      }
    // Legs: x in [3,5] for y in [4,12] (16) and y in [3,5] for x in [4,12] (16), sharing
    // [4,5]x[4,5] (1); the join fills (part of) the outer square [3,4]x[3,4].
    let expected = 16 + 16 - 1 + corner
    #expect(abs(area - expected) < 0.06, "\(join): area \(area), expected \(expected)")
  }

  /// (cap, fraction where start and end meet, area drawn): trimmed to no length, a stroke
  /// still draws its caps there, as Core Animation draws a round-capped dot at
  /// `strokeStart == strokeEnd`: a disc or a square as wide as the line, nothing for butt
  /// caps.
  @Test(arguments: [
    (LineCap.round, 0.5, Double.pi * 25), (.round, 0, Double.pi * 25),
    (.round, 1, Double.pi * 25), (.square, 0.5, 100), (.butt, 0.5, 0),
  ])
  func aStrokeTrimmedToNoLengthDrawsItsCaps(cap: LineCap, at fraction: Double, area: Double)
    throws
  {
    var path = BezierPath()
    path.move(to: Point(x: 10, y: 20))
    path.addLine(to: Point(x: 90, y: 20))
    let style = try StrokeStyle(
      lineWidth: 10, lineCap: cap, strokeStart: fraction, strokeEnd: fraction)
    let dot = Rasterizer.stroke(path, style: style, transform: .identity, width: 100, height: 40)
    #expect(abs(dot.area - area) < 0.5, "\(dot.area)")
    if area > 0 {
      let centre = dot.coverage(x: 10 + Int(80 * fraction) - (fraction == 1 ? 1 : 0), y: 20)
      #expect(centre == 255, "the dot lies where start and end meet")
    }
  }

  @Test func trimmingKeepsTheRequestedFraction() throws {
    let path = BezierPath(ovalIn: Rect(x: 10, y: 10, width: 40, height: 40))
    let full = Rasterizer.stroke(
      path, style: try StrokeStyle(lineWidth: 4), transform: .identity, width: 60, height: 60)
    let half = Rasterizer.stroke(
      path, style: try StrokeStyle(lineWidth: 4, strokeStart: 0.25, strokeEnd: 0.75),
      transform: .identity, width: 60, height: 60)
    let a = full.area
    let b = half.area
    #expect(abs(a - Double.pi * (22 * 22 - 18 * 18)) < 0.2, "full annulus area \(a)")
    #expect(abs(b - a / 2) < 0.2, "half the ring: \(b) vs \(a / 2)")
    // The kept half runs from the bottom (a quarter turn clockwise from the right) through
    // the left to the top; its butt ends are cut square across the ring along x = 30. The
    // ring is the annulus 18 ... 22 around (30, 30): pixels wholly inside it are fully
    // covered on the left of that line and empty on its right, to within one level (the
    // accuracy of coverage on curves; the trimmed ends land a hair left of x = 30).
    let expected: [(x: Int, y: Int, coverage: UInt8, what: String)] = [
      (11, 30, 255, "left side kept"), (48, 30, 0, "right side trimmed away"),
      (29, 49, 255, "bottom end, left of the cut"), (30, 49, 0, "bottom end, right of the cut"),
      (29, 10, 255, "top end, left of the cut"), (30, 10, 0, "top end, right of the cut"),
    ]
    for e in expected {
      #expect(
        abs(Int(half.coverage(x: e.x, y: e.y)) - Int(e.coverage)) <= 1,
        "\(e.what): coverage at (\(e.x), \(e.y)) is \(half.coverage(x: e.x, y: e.y))")
    }
  }
}
