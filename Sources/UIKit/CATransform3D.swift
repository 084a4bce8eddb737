/// A 4 x 4 transform in Core Animation's row-vector convention. Layers keep it so that
/// samples build; the engine draws layers without transforms (a note says so once).
public struct CATransform3D: Hashable, Sendable {
  public var m11: CGFloat = 0, m12: CGFloat = 0, m13: CGFloat = 0, m14: CGFloat = 0
  public var m21: CGFloat = 0, m22: CGFloat = 0, m23: CGFloat = 0, m24: CGFloat = 0
  public var m31: CGFloat = 0, m32: CGFloat = 0, m33: CGFloat = 0, m34: CGFloat = 0
  public var m41: CGFloat = 0, m42: CGFloat = 0, m43: CGFloat = 0, m44: CGFloat = 0

  /// All zeros, as the C structure's initialiser gives.
  public init() {}

  init(rows r: [[CGFloat]]) {
    (m11, m12, m13, m14) = (r[0][0], r[0][1], r[0][2], r[0][3])
    (m21, m22, m23, m24) = (r[1][0], r[1][1], r[1][2], r[1][3])
    (m31, m32, m33, m34) = (r[2][0], r[2][1], r[2][2], r[2][3])
    (m41, m42, m43, m44) = (r[3][0], r[3][1], r[3][2], r[3][3])
  }

  var rows: [[CGFloat]] {
    [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
  }
}

public let CATransform3DIdentity = CATransform3D(
  rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])

public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }

/// `a` then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
  let (x, y) = (a.rows, b.rows)
  return CATransform3D(
    rows: (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0) { $0 + x[i][$1] * y[$1][j] } } })
}

public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat)
  -> CATransform3D
{
  CATransform3D(rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [tx, ty, tz, 1]])
}

public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
  CATransform3D(rows: [[sx, 0, 0, 0], [0, sy, 0, 0], [0, 0, sz, 0], [0, 0, 0, 1]])
}

/// A rotation by `angle` radians about the axis (x, y, z).
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat)
  -> CATransform3D
{
  let length = (x * x + y * y + z * z).squareRoot()
  guard length > 0 else { return CATransform3DIdentity }
  let (u, v, w) = (x / length, y / length, z / length)
  let (c, s) = (CGFloat(cos(Double(angle))), CGFloat(sin(Double(angle))))
  let t = 1 - c
  return CATransform3D(rows: [
    [t * u * u + c, t * u * v + s * w, t * u * w - s * v, 0],
    [t * u * v - s * w, t * v * v + c, t * v * w + s * u, 0],
    [t * u * w + s * v, t * v * w - s * u, t * w * w + c, 0],
    [0, 0, 0, 1],
  ])
}

public func CATransform3DTranslate(
  _ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat
) -> CATransform3D {
  CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat)
  -> CATransform3D
{
  CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

public func CATransform3DRotate(
  _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
  CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
  CATransform3D(rows: [[m.a, m.b, 0, 0], [m.c, m.d, 0, 0], [0, 0, 1, 0], [m.tx, m.ty, 0, 1]])
}

public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
  CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

extension CALayer {
  /// The layer's transform as an affine one.
  public func setAffineTransform(_ m: CGAffineTransform) {
    transform = CATransform3DMakeAffineTransform(m)
  }

  public func affineTransform() -> CGAffineTransform {
    CATransform3DGetAffineTransform(transform)
  }
}
