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
