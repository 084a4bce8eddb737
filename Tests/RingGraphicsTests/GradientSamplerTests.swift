import Testing

@testable import RingGraphics

@Suite struct GradientSamplerTests {
  static let placements: [Transform2D] = {
    var tilted = Transform2D(rotationAngle: 0.7).concatenating(Transform2D(scaleX: 2, y: 1.5))
    tilted.tx = 40
    var projective = Transform2D(scaleX: 2, y: 2)
    projective.px = 0.002
    projective.pw = 1.1
    return [Transform2D(scaleX: 2, y: 2), tilted, projective]
  }()

  /// A row's indices computed in one loop (eight lanes at a time, then one at a time) are each
  /// pixel's own, for every kind and placement, at any start and length.
  @Test(arguments: GradientKind.allCases, [0, 1, 2])
  func rowsAreEachPixelsIndex(kind: GradientKind, placement: Int) {
    let geometry = GradientGeometry(
      kind: kind, startPoint: Point(x: 0.45, y: 0.55), endPoint: Point(x: 0.9, y: 0.2))
    let sampler = GradientSampler(
      geometry: geometry, bounds: Rect(x: -3, y: 5, width: 90, height: 70),
      transform: GradientSamplerTests.placements[placement])
    let out = UnsafeMutablePointer<UInt16>.allocate(capacity: 200)
    defer { out.deallocate() }
    var mismatches: [String] = []
    for y in stride(from: -2, to: 180, by: 7) {
      for (x0, count) in [(0, 200), (3, 17), (-5, 9), (150, 8), (11, 1)] {
        sampler.indices(row: y, from: x0, count: count, into: out)
        for k in 0..<count where out[k] != sampler.index(x: x0 + k, y: y) {
          mismatches.append("(\(x0 + k), \(y))")
        }
      }
    }
    #expect(mismatches.isEmpty, "differ at \(mismatches.prefix(5))")
  }

  /// Similarities of square bounds: scaled, turned and moved, and mirrored.
  static let similarities: [Transform2D] = {
    var turned = Transform2D(rotationAngle: 0.7).concatenating(Transform2D(scaleX: 2, y: 2))
    turned.tx = 40
    turned.ty = -7
    return [
      Transform2D(scaleX: 2, y: 2), turned,
      Transform2D(scaleX: -1.5, y: 1.5).concatenating(Transform2D(translationX: 150, y: 3)),
    ]
  }()

  /// A conic gradient on square bounds placed by a similarity is drawn by device angles
  /// about its centre (kept while it turns about it): each row's indices are each pixel's
  /// own, and each position is within 1e-5 turn (a twenty-fifth of a table entry) of the
  /// angle measured in the layer's unit square, at every placement, mirrored too.
  @Test(arguments: 0..<3)
  func aConicOnASimilarityIsDrawnByDeviceAngles(placement: Int) throws {
    let geometry = GradientGeometry(
      kind: .conic, startPoint: Point(x: 0.45, y: 0.55), endPoint: Point(x: 0.9, y: 0.2))
    let bounds = Rect(x: -3, y: 5, width: 80, height: 80)
    let m = GradientSamplerTests.similarities[placement]
    let sampler = GradientSampler(geometry: geometry, bounds: bounds, transform: m)
    try #require(sampler.deviceConic != nil)
    let inverse = try #require(m.inverted())
    let start = Turns.atan2(0.2 - 0.55, 0.9 - 0.45)
    let out = UnsafeMutablePointer<UInt16>.allocate(capacity: 200)
    defer { out.deallocate() }
    var mismatches: [String] = []
    var worst = 0.0
    for y in stride(from: -2, to: 180, by: 7) {
      sampler.indices(row: y, from: -5, count: 200, into: out)
      for k in 0..<200 {
        let x = k - 5
        if out[k] != sampler.index(x: x, y: y) { mismatches.append("(\(x), \(y))") }
        let q = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
        let u = Point(x: (q.x - bounds.minX) / 80 - 0.45, y: (q.y - bounds.minY) / 80 - 0.55)
        // Near the centre an angle means little; a pixel there is a few turns' worth wide.
        guard u.length > 0.02 else { continue }
        let expected = GradientGeometry.conicPosition(u.x, u.y, from: start)
        var d = abs(sampler.position(x: x, y: y) - expected)
        d = min(d, 1 - d)
        worst = max(worst, d)
      }
    }
    #expect(mismatches.isEmpty, "differ at \(mismatches.prefix(5))")
    #expect(worst < 1e-5, "worst \(worst) turn")
  }

  /// Indices from kept device angles, eight lanes at a time, are each angle's own index by
  /// `position(angle:)`, at every placement: angles about whole turns and their halves (where
  /// truncation and rounding decide), either side of zero, and a spread of others.
  @Test(arguments: 0..<3)
  func keptAnglesGiveEachAnglesOwnIndex(placement: Int) throws {
    let geometry = GradientGeometry(
      kind: .conic, startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0))
    let sampler = GradientSampler(
      geometry: geometry, bounds: Rect(x: -3, y: 5, width: 80, height: 80),
      transform: GradientSamplerTests.similarities[placement])
    let conic = try #require(sampler.deviceConic)
    var angles: [Float] = []
    for base in [-1.0, -0.5, -0.25, 0, 0.25, 0.5, 1] {
      // The angle whose position is a whole turn, and its neighbours.
      let whole = Float(base)
      angles += [whole, whole.nextUp, whole.nextDown, whole.nextUp.nextUp]
    }
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<300 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      angles.append(Float(Double(seed >> 11) / Double(1 << 53)) - 0.5)
    }
    var out = [UInt16](repeating: 0, count: angles.count)
    angles.withUnsafeBufferPointer { a in
      out.withUnsafeMutableBufferPointer { o in
        sampler.conicIndices(angles: a.baseAddress!, count: a.count, into: o.baseAddress!)
      }
    }
    let scale = Double(GradientTable.resolution - 1)
    let mismatches = angles.indices.filter { k in
      out[k] != UInt16(Int(conic.position(angle: Double(angles[k])) * scale + 0.5))
    }
    #expect(mismatches.isEmpty, "differ for angles \(mismatches.prefix(5).map { angles[$0] })")
  }

  /// Bounds that are not square, a skew, or unequal scales keep the unit-square angle.
  @Test func otherPlacementsDoNotUseDeviceAngles() {
    let geometry = GradientGeometry(
      kind: .conic, startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 0.5))
    let square = Rect(x: 0, y: 0, width: 50, height: 50)
    var skew = Transform2D(scaleX: 2, y: 2)
    skew.c = 0.5
    #expect(
      GradientSampler(
        geometry: geometry, bounds: Rect(x: 0, y: 0, width: 50, height: 40),
        transform: Transform2D(scaleX: 2, y: 2)
      ).deviceConic == nil)
    #expect(GradientSampler(geometry: geometry, bounds: square, transform: skew).deviceConic == nil)
    #expect(
      GradientSampler(geometry: geometry, bounds: square, transform: Transform2D(scaleX: 2, y: 1))
        .deviceConic == nil)
  }

  /// A conic gradient's position is the clockwise angle from the start-end direction in
  /// turns: a quarter below the centre when it starts to the right.
  @Test func aConicTurnsClockwiseFromItsStart() {
    let g = GradientGeometry(
      kind: .conic, startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 0.5))
    #expect(abs(g.position(ux: 0.5, uy: 0.9) - 0.25) < 1e-15)
    #expect(abs(g.position(ux: 0.1, uy: 0.5) - 0.5) < 1e-15)
    #expect(abs(g.position(ux: 0.5, uy: 0.1) - 0.75) < 1e-15)
    #expect(g.position(ux: 0.9, uy: 0.5) == 0)
  }
}
