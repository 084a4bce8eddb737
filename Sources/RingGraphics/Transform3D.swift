import Foundation

/// A 4 x 4 transform in Core Animation's convention: a point is the row `[x y z 1]` times
/// the matrix, so `m41`, `m42`, `m43` translate and `m34` gives perspective
/// (`CATransform3D`). A layer's content lies in its plane (z = 0), and a layer flattens what
/// it shows into its superlayer's plane, so what draws is the plane part, `flattened`.
public struct Transform3D: Hashable, Sendable {
  public var m11 = 1.0, m12 = 0.0, m13 = 0.0, m14 = 0.0
  public var m21 = 0.0, m22 = 1.0, m23 = 0.0, m24 = 0.0
  public var m31 = 0.0, m32 = 0.0, m33 = 1.0, m34 = 0.0
  public var m41 = 0.0, m42 = 0.0, m43 = 0.0, m44 = 1.0

  /// The identity.
  public init() {}

  public static let identity = Transform3D()

  /// The matrix whose row `i`, column `j` is `rows[i][j]` (4 rows of 4).
  public init(rows r: [[Double]]) {
    precondition(r.count == 4 && r.allSatisfy { $0.count == 4 }, "a 4 x 4 matrix")
    (m11, m12, m13, m14) = (r[0][0], r[0][1], r[0][2], r[0][3])
    (m21, m22, m23, m24) = (r[1][0], r[1][1], r[1][2], r[1][3])
    (m31, m32, m33, m34) = (r[2][0], r[2][1], r[2][2], r[2][3])
    (m41, m42, m43, m44) = (r[3][0], r[3][1], r[3][2], r[3][3])
  }

  public var rows: [[Double]] {
    [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
  }

  public init(translationX x: Double, y: Double, z: Double) {
    (m41, m42, m43) = (x, y, z)
  }

  public init(scaleX x: Double, y: Double, z: Double) {
    (m11, m22, m33) = (x, y, z)
  }

  /// A rotation by `angle` radians about the axis (x, y, z), as `CATransform3DMakeRotation`
  /// makes it (about z, positive angles turn clockwise on a y-down screen); the identity for
  /// a zero axis.
  public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else {
      self.init()
      return
    }
    let (u, v, w) = (x / length, y / length, z / length)
    let (c, s) = (cos(angle), sin(angle))
    let t = 1 - c
    // Field by field: a frame's spinner makes several of these, and rows would allocate.
    self.init()
    (m11, m12, m13) = (t * u * u + c, t * u * v + s * w, t * u * w - s * v)
    (m21, m22, m23) = (t * u * v - s * w, t * v * v + c, t * v * w + s * u)
    (m31, m32, m33) = (t * u * w + s * v, t * v * w - s * u, t * w * w + c)
  }

  /// The affine transform of the plane, as a 4 x 4 one.
  public init(_ t: Transform2D) {
    (m11, m12, m14) = (t.a, t.b, t.px)
    (m21, m22, m24) = (t.c, t.d, t.py)
    (m41, m42, m44) = (t.tx, t.ty, t.pw)
  }

  public var isIdentity: Bool { self == .identity }

  /// `self` applied first, then `other` (`CATransform3DConcat(self, other)`).
  public func concatenating(_ other: Transform3D) -> Transform3D {
    let o = other.simdRows
    func row(_ r: SIMD4<Double>) -> SIMD4<Double> {
      var out: SIMD4<Double> = r.x * o.0
      out += r.y * o.1
      out += r.z * o.2
      out += r.w * o.3
      return out
    }
    let r = simdRows
    return Transform3D(simdRows: (row(r.0), row(r.1), row(r.2), row(r.3)))
  }

  /// What the transform does to the plane z = 0, with the result flattened back into the
  /// plane: rows and columns 1, 2 and 4. Projective when the layer is seen in perspective.
  public var flattened: Transform2D {
    Transform2D(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42, px: m14, py: m24, pw: m44)
  }

  /// Whether every entry is finite.
  public var isFinite: Bool {
    let r = simdRows
    var zero: SIMD4<Double> = r.0 * 0
    zero += r.1 * 0
    zero += r.2 * 0
    zero += r.3 * 0
    return zero == .zero
  }

  /// The inverse, or `nil` when the matrix is singular.
  public func inverted() -> Transform3D? {
    // Gauss-Jordan with partial pivoting, in place on fixed-size rows.
    var m = simdRows
    var inv: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) = (
      SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1)
    )
    return withUnsafeMutableBytes(of: &m) { mb in
      withUnsafeMutableBytes(of: &inv) { ib in
        let m = mb.bindMemory(to: SIMD4<Double>.self)
        let inv = ib.bindMemory(to: SIMD4<Double>.self)
        for col in 0..<4 {
          var pivot = col
          for i in col + 1..<4 where abs(m[i][col]) > abs(m[pivot][col]) { pivot = i }
          guard abs(m[pivot][col]) > 1e-300 else { return nil }
          m.swapAt(col, pivot)
          inv.swapAt(col, pivot)
          let p = m[col][col]
          m[col] /= p
          inv[col] /= p
          for i in 0..<4 where i != col {
            let f = m[i][col]
            guard f != 0 else { continue }
            m[i] -= f * m[col]
            inv[i] -= f * inv[col]
          }
        }
        let result = Transform3D(simdRows: (inv[0], inv[1], inv[2], inv[3]))
        return result.isFinite ? result : nil
      }
    }
  }
}

extension Transform3D {
  /// The rows as vectors.
  var simdRows: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
    (
      SIMD4(m11, m12, m13, m14), SIMD4(m21, m22, m23, m24), SIMD4(m31, m32, m33, m34),
      SIMD4(m41, m42, m43, m44)
    )
  }

  init(simdRows r: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)) {
    (m11, m12, m13, m14) = (r.0.x, r.0.y, r.0.z, r.0.w)
    (m21, m22, m23, m24) = (r.1.x, r.1.y, r.1.z, r.1.w)
    (m31, m32, m33, m34) = (r.2.x, r.2.y, r.2.z, r.2.w)
    (m41, m42, m43, m44) = (r.3.x, r.3.y, r.3.z, r.3.w)
  }

  /// A transform taken apart as Core Animation and CSS interpolate it: `scale`, then
  /// `skew`, then `rotation` (a unit quaternion), then `translation`, then `perspective`
  /// (the matrix's fourth column), each applied to a row vector in that order.
  public struct Parts: Hashable, Sendable {
    public var scale = SIMD3<Double>(1, 1, 1)
    /// Shears xy, xz and yz.
    public var skew = SIMD3<Double>(0, 0, 0)
    /// (x, y, z, w).
    public var quaternion = SIMD4<Double>(0, 0, 0, 1)
    public var translation = SIMD3<Double>(0, 0, 0)
    public var perspective = SIMD4<Double>(0, 0, 0, 1)

    public init() {}
  }

  /// The transform taken apart, or `nil` when it cannot be (singular, or `m44` zero).
  public var parts: Parts? {
    guard m44 != 0, isFinite else { return nil }
    let scaled = Transform3D(
      simdRows: {
        let r = simdRows
        return (r.0 / m44, r.1 / m44, r.2 / m44, r.3 / m44)
      }())
    // The transform without perspective: N, with M = N x P.
    var n = scaled
    (n.m14, n.m24, n.m34, n.m44) = (0, 0, 0, 1)
    guard let nInverse = n.inverted() else { return nil }
    var parts = Parts()
    if scaled.m14 != 0 || scaled.m24 != 0 || scaled.m34 != 0 {
      // P's fourth column is N⁻¹ times M's.
      let column = SIMD4(scaled.m14, scaled.m24, scaled.m34, scaled.m44)
      let ni = nInverse.simdRows
      parts.perspective = SIMD4(
        (ni.0 * column).sum(), (ni.1 * column).sum(), (ni.2 * column).sum(),
        (ni.3 * column).sum())
    }
    parts.translation = SIMD3(n.m41, n.m42, n.m43)
    var r0 = SIMD3(n.m11, n.m12, n.m13)
    var r1 = SIMD3(n.m21, n.m22, n.m23)
    var r2 = SIMD3(n.m31, n.m32, n.m33)
    func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
    func length(_ a: SIMD3<Double>) -> Double { dot(a, a).squareRoot() }
    parts.scale.x = length(r0)
    r0 /= parts.scale.x
    parts.skew.x = dot(r0, r1)
    r1 -= parts.skew.x * r0
    parts.scale.y = length(r1)
    r1 /= parts.scale.y
    parts.skew.x /= parts.scale.y
    parts.skew.y = dot(r0, r2)
    r2 -= parts.skew.y * r0
    parts.skew.z = dot(r1, r2)
    r2 -= parts.skew.z * r1
    parts.scale.z = length(r2)
    r2 /= parts.scale.z
    parts.skew.y /= parts.scale.z
    parts.skew.z /= parts.scale.z
    // A mirror: flip every axis so that the rotation is proper.
    let cross = SIMD3(
      r1.y * r2.z - r1.z * r2.y, r1.z * r2.x - r1.x * r2.z, r1.x * r2.y - r1.y * r2.x)
    if dot(r0, cross) < 0 {
      parts.scale = -parts.scale
      (r0, r1, r2) = (-r0, -r1, -r2)
    }
    guard (parts.scale * parts.scale).min() > 0, parts.scale.x.isFinite,
      parts.scale.y.isFinite, parts.scale.z.isFinite
    else { return nil }
    parts.quaternion = Transform3D.quaternion(of: (r0, r1, r2))
    return parts
  }

  typealias Rotation = (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

  /// The unit quaternion of the rotation whose rows are `r` (row-vector convention).
  static func quaternion(of r: Rotation) -> SIMD4<Double> {
    let trace = r.0.x + r.1.y + r.2.z
    var q: SIMD4<Double>
    if trace > 0 {
      let s = 0.5 / (trace + 1).squareRoot()
      q = SIMD4((r.1.z - r.2.y) * s, (r.2.x - r.0.z) * s, (r.0.y - r.1.x) * s, 0.25 / s)
    } else if r.0.x > r.1.y && r.0.x > r.2.z {
      let s = 2 * (1 + r.0.x - r.1.y - r.2.z).squareRoot()
      q = SIMD4(0.25 * s, (r.1.x + r.0.y) / s, (r.2.x + r.0.z) / s, (r.1.z - r.2.y) / s)
    } else if r.1.y > r.2.z {
      let s = 2 * (1 + r.1.y - r.0.x - r.2.z).squareRoot()
      q = SIMD4((r.1.x + r.0.y) / s, 0.25 * s, (r.2.y + r.1.z) / s, (r.2.x - r.0.z) / s)
    } else {
      let s = 2 * (1 + r.2.z - r.0.x - r.1.y).squareRoot()
      q = SIMD4((r.2.x + r.0.z) / s, (r.2.y + r.1.z) / s, 0.25 * s, (r.0.y - r.1.x) / s)
    }
    return q / (q * q).sum().squareRoot()
  }

  /// The rotation of unit quaternion `q`, as rows (row-vector convention).
  static func rotation(_ q: SIMD4<Double>) -> Rotation {
    let (x, y, z, w) = (q.x, q.y, q.z, q.w)
    return (
      SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
      SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
      SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
    )
  }

  /// The transform put back together from its parts.
  public init(_ parts: Parts) {
    let r = Transform3D.rotation(parts.quaternion)
    let (s, k) = (parts.scale, parts.skew)
    // Rows of scale x skew x rotation, the skew unit lower-triangular (xy, xz, yz).
    let u0 = s.x * r.0
    let u1 = s.y * (k.x * r.0 + r.1)
    let u2 = s.z * (k.y * r.0 + k.z * r.1 + r.2)
    let t = parts.translation
    let p = parts.perspective
    // Times P, the identity with fourth column p: each row's w becomes its dot with p.
    func row(_ u: SIMD3<Double>, _ w: Double) -> SIMD4<Double> {
      SIMD4(u.x, u.y, u.z, (SIMD4(u.x, u.y, u.z, w) * p).sum())
    }
    self.init(simdRows: (row(u0, 0), row(u1, 0), row(u2, 0), row(t, 1)))
  }

  /// The rotation of the transform as angles about x, then y, then z (radians), as Core
  /// Animation's `transform.rotation.x`, `.y` and `.z` key paths read it.
  public var eulerAngles: SIMD3<Double> {
    guard let parts else { return .zero }
    return Transform3D.euler(Transform3D.rotation(parts.quaternion))
  }

  /// Angles (x, y, z) with rows == Rx(x) Ry(y) Rz(z).
  static func euler(_ r: Rotation) -> SIMD3<Double> {
    // Rx Ry Rz has row 0 (cy cz, cy sz, -sy), and rows 1 and 2 end in sx cy and cx cy.
    let sy = -r.0.z
    if abs(sy) < 1 - 1e-12 {
      return SIMD3(atan2(r.1.z, r.2.z), asin(sy), atan2(r.0.y, r.0.x))
    }
    // Gimbal lock: the z angle is folded into x.
    return SIMD3(atan2(-r.2.y, r.1.y), sy > 0 ? .pi / 2 : -.pi / 2, 0)
  }

  /// The parts, or for a transform that cannot be taken apart (a zero scale) its
  /// translation and the lengths of its axes, unrotated.
  public var partsOrAxes: Parts {
    if let parts { return parts }
    var p = Parts()
    p.translation = SIMD3(m41, m42, m43)
    func length(_ x: Double, _ y: Double, _ z: Double) -> Double {
      (x * x + y * y + z * z).squareRoot()
    }
    p.scale = SIMD3(length(m11, m12, m13), length(m21, m22, m23), length(m31, m32, m33))
    return p
  }

  /// The transform with its rotation replaced by Rx(x) Ry(y) Rz(z), everything else kept.
  public func withEulerAngles(_ angles: SIMD3<Double>) -> Transform3D {
    var p = partsOrAxes
    let r = Transform3D(rotationAngle: angles.x, x: 1, y: 0, z: 0)
      .concatenating(Transform3D(rotationAngle: angles.y, x: 0, y: 1, z: 0))
      .concatenating(Transform3D(rotationAngle: angles.z, x: 0, y: 0, z: 1))
    p.quaternion = Transform3D.quaternion(
      of: (
        SIMD3(r.m11, r.m12, r.m13), SIMD3(r.m21, r.m22, r.m23), SIMD3(r.m31, r.m32, r.m33)
      ))
    return Transform3D(p)
  }

  /// The transform with its scale replaced by `scale`, everything else kept.
  public func withScale(_ scale: SIMD3<Double>) -> Transform3D {
    var p = partsOrAxes
    p.scale = scale
    return Transform3D(p)
  }

  /// The transform with its translation replaced by `translation`, everything else kept.
  public func withTranslation(_ translation: SIMD3<Double>) -> Transform3D {
    var p = partsOrAxes
    p.translation = translation
    return Transform3D(p)
  }

  /// Mixes the parts of `a` and `b` (the rotation along the shorter arc), as Core
  /// Animation interpolates transforms; `b` when either cannot be taken apart.
  public static func interpolated(from a: Transform3D, to b: Transform3D, fraction f: Double)
    -> Transform3D
  {
    if f == 0 { return a }
    if f == 1 || a == b { return b }
    guard let pa = a.parts, let pb = b.parts else { return b }
    var p = Parts()
    p.scale = pa.scale + (pb.scale - pa.scale) * f
    p.skew = pa.skew + (pb.skew - pa.skew) * f
    p.translation = pa.translation + (pb.translation - pa.translation) * f
    p.perspective = pa.perspective + (pb.perspective - pa.perspective) * f
    var qb = pb.quaternion
    var cosine = (pa.quaternion * qb).sum()
    if cosine < 0 {
      qb = -qb
      cosine = -cosine
    }
    var q: SIMD4<Double>
    if cosine > 1 - 1e-9 {
      q = pa.quaternion + (qb - pa.quaternion) * f
    } else {
      let angle = acos(min(1, cosine))
      q = pa.quaternion * (sin((1 - f) * angle) / sin(angle)) + qb * (sin(f * angle) / sin(angle))
    }
    p.quaternion = q / (q * q).sum().squareRoot()
    return Transform3D(p)
  }
}
