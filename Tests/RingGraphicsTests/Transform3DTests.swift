import Foundation
import RingGraphics
import Testing

/// Core Animation's 4 x 4 transforms: made, taken apart, put back together, mixed and
/// flattened into the plane.
@Suite struct Transform3DTests {
  static func close(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
    zip(a.rows.joined(), b.rows.joined()).allSatisfy { abs($0 - $1) <= tolerance }
  }

  static let samples: [(String, Transform3D)] = {
    let r = Transform3D(rotationAngle: 0.7, x: 0, y: 0, z: 1)
    let ry = Transform3D(rotationAngle: 2.5, x: 0, y: 1, z: 0)
    var perspective = Transform3D.identity
    perspective.m34 = -1.0 / 500
    return [
      ("identity", .identity),
      ("translation", Transform3D(translationX: 3, y: -4, z: 5)),
      ("scale", Transform3D(scaleX: 2, y: 0.5, z: 1)),
      ("mirror", Transform3D(scaleX: -1, y: 1, z: 1)),
      ("rotation z", r),
      ("rotation y beyond a quarter", ry),
      ("rotation about a diagonal", Transform3D(rotationAngle: -1.9, x: 1, y: 2, z: 3)),
      (
        "scale, rotate, translate",
        Transform3D(scaleX: 1.5, y: 0.75, z: 2).concatenating(r)
          .concatenating(Transform3D(translationX: 10, y: 20, z: 0))
      ),
      ("shear", Transform3D(Transform2D(a: 1, b: 0.3, c: 0.4, d: 1, tx: 2, ty: 1))),
      ("perspective flip", ry.concatenating(perspective)),
      (
        "perspective after a move",
        Transform3D(translationX: 5, y: 0, z: 0).concatenating(r).concatenating(perspective)
      ),
    ]
  }()

  @Test(arguments: samples)
  func partsPutBackTogetherGiveTheTransform(name: String, t: Transform3D) throws {
    let parts = try #require(t.parts, "\(name)")
    #expect(Self.close(Transform3D(parts), t), "\(name): \(Transform3D(parts)) vs \(t)")
  }

  /// Mixing a transform with itself gives it back at every fraction, and the ends are
  /// exact.
  @Test(arguments: samples)
  func mixingEndsAndSelf(name: String, t: Transform3D) {
    let other = Transform3D(rotationAngle: 1, x: 0, y: 0, z: 1)
    #expect(Transform3D.interpolated(from: t, to: other, fraction: 0) == t)
    #expect(Transform3D.interpolated(from: t, to: other, fraction: 1) == other)
    for f in [0.25, 0.5, 0.9] {
      #expect(Self.close(Transform3D.interpolated(from: t, to: t, fraction: f), t), "\(name)")
    }
  }

  /// Between two rotations about z the mix is the rotation by the mixed angle (the shorter
  /// way), between two scales the mixed scale.
  @Test(arguments: [0.1, 0.5, 0.8])
  func mixingRotationsAndScales(f: Double) {
    let a = Transform3D(rotationAngle: 0.2, x: 0, y: 0, z: 1)
    let b = Transform3D(rotationAngle: 1.4, x: 0, y: 0, z: 1)
    let mixed = Transform3D.interpolated(from: a, to: b, fraction: f)
    #expect(Self.close(mixed, Transform3D(rotationAngle: 0.2 + 1.2 * f, x: 0, y: 0, z: 1)))
    let s = Transform3D.interpolated(
      from: Transform3D(scaleX: 1, y: 2, z: 1), to: Transform3D(scaleX: 3, y: 4, z: 1),
      fraction: f)
    #expect(Self.close(s, Transform3D(scaleX: 1 + 2 * f, y: 2 + 2 * f, z: 1)))
  }

  /// Rotation angles read back, and writing one keeps the rest (scale, translation,
  /// perspective).
  @Test(arguments: [
    SIMD3<Double>(0, 0, 0.5), SIMD3(0, 1.2, 0), SIMD3(0.3, 0, 0), SIMD3(0.3, -0.4, 2.9),
  ])
  func eulerAnglesReadAndWrite(angles: SIMD3<Double>) {
    var base = Transform3D(scaleX: 2, y: 3, z: 1)
      .concatenating(Transform3D(translationX: 7, y: -2, z: 0))
    base.m34 = -0.002
    let turned = base.withEulerAngles(angles)
    let read = turned.eulerAngles
    #expect(abs(read.x - angles.x) < 1e-9 && abs(read.y - angles.y) < 1e-9)
    #expect(abs(read.z - angles.z) < 1e-9, "\(read) vs \(angles)")
    let expected = Transform3D(scaleX: 2, y: 3, z: 1)
      .concatenating(Transform3D(rotationAngle: angles.x, x: 1, y: 0, z: 0))
      .concatenating(Transform3D(rotationAngle: angles.y, x: 0, y: 1, z: 0))
      .concatenating(Transform3D(rotationAngle: angles.z, x: 0, y: 0, z: 1))
      .concatenating(Transform3D(translationX: 7, y: -2, z: 0))
      .concatenating(
        {
          var p = Transform3D.identity
          p.m34 = -0.002
          return p
        }())
    #expect(Self.close(turned, expected), "\(turned) vs \(expected)")
  }

  /// A zero scale (a layer grown from nothing) still takes a new scale.
  @Test func aZeroScaleTakesANewOne() {
    let t = Transform3D(scaleX: 0, y: 0, z: 1).concatenating(
      Transform3D(translationX: 4, y: 5, z: 0))
    #expect(t.parts == nil)
    let grown = t.withScale(SIMD3(0.5, 0.5, 0.5))
    #expect(
      Self.close(
        grown,
        Transform3D(scaleX: 0.5, y: 0.5, z: 0.5).concatenating(
          Transform3D(translationX: 4, y: 5, z: 0))))
  }

  /// Concatenation and inversion agree; the plane part of a product is the product of the
  /// plane parts (layers flatten into their superlayer's plane).
  @Test(arguments: samples)
  func inverseAndFlattening(name: String, t: Transform3D) throws {
    let inverse = try #require(t.inverted())
    #expect(Self.close(t.concatenating(inverse), .identity, 1e-9), "\(name)")
    let other = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
      .concatenating(Transform3D(translationX: 1, y: 2, z: 0))
    let p = Point(x: 3, y: -7)
    let viaProduct = t.concatenating(other).flattened.apply(to: p)
    let stepwise = other.flattened.apply(to: t.flattened.apply(to: p))
    if t.m13 == 0 && t.m23 == 0 && t.m31 == 0 && t.m32 == 0 {
      // No z mixing: the 4 x 4 product is the plane product.
      #expect(abs(viaProduct.x - stepwise.x) < 1e-9 && abs(viaProduct.y - stepwise.y) < 1e-9)
    }
    let plane = try #require(t.flattened.inverted())
    let back = plane.apply(to: t.flattened.apply(to: p))
    #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9, "\(name)")
  }

  /// A point rotated about z by Core Animation's rotation goes clockwise on a y-down
  /// screen: (1, 0) to (0, 1) at a quarter turn.
  @Test func rotationDirection() {
    let q = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1).flattened.apply(
      to: Point(x: 1, y: 0))
    #expect(abs(q.x) < 1e-12 && abs(q.y - 1) < 1e-12)
  }
}
