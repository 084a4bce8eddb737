import RingGraphics

/// A 4 x 4 transform in Core Animation's row-vector convention (`m41`, `m42` translate,
/// `m34` gives perspective), drawn by the engine as `Transform3D`.
public struct CATransform3D: Hashable, Sendable {
  public var m11: CGFloat = 0, m12: CGFloat = 0, m13: CGFloat = 0, m14: CGFloat = 0
  public var m21: CGFloat = 0, m22: CGFloat = 0, m23: CGFloat = 0, m24: CGFloat = 0
  public var m31: CGFloat = 0, m32: CGFloat = 0, m33: CGFloat = 0, m34: CGFloat = 0
  public var m41: CGFloat = 0, m42: CGFloat = 0, m43: CGFloat = 0, m44: CGFloat = 0

  /// All zeros, as the C structure's initialiser gives.
  public init() {}

  public init(
    m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat, m21: CGFloat, m22: CGFloat,
    m23: CGFloat, m24: CGFloat, m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
    m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
  ) {
    (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
    (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
    (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
    (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
  }

  init(_ t: Transform3D) {
    self.init(
      m11: CGFloat(t.m11), m12: CGFloat(t.m12), m13: CGFloat(t.m13), m14: CGFloat(t.m14),
      m21: CGFloat(t.m21), m22: CGFloat(t.m22), m23: CGFloat(t.m23), m24: CGFloat(t.m24),
      m31: CGFloat(t.m31), m32: CGFloat(t.m32), m33: CGFloat(t.m33), m34: CGFloat(t.m34),
      m41: CGFloat(t.m41), m42: CGFloat(t.m42), m43: CGFloat(t.m43), m44: CGFloat(t.m44))
  }

  var transform3D: Transform3D {
    var t = Transform3D()
    (t.m11, t.m12, t.m13, t.m14) = (Double(m11), Double(m12), Double(m13), Double(m14))
    (t.m21, t.m22, t.m23, t.m24) = (Double(m21), Double(m22), Double(m23), Double(m24))
    (t.m31, t.m32, t.m33, t.m34) = (Double(m31), Double(m32), Double(m33), Double(m34))
    (t.m41, t.m42, t.m43, t.m44) = (Double(m41), Double(m42), Double(m43), Double(m44))
    return t
  }
}

public let CATransform3DIdentity = CATransform3D(Transform3D.identity)

public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }

public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
  a == b
}

/// `a` then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
  CATransform3D(a.transform3D.concatenating(b.transform3D))
}

public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat)
  -> CATransform3D
{
  CATransform3D(Transform3D(translationX: Double(tx), y: Double(ty), z: Double(tz)))
}

public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
  CATransform3D(Transform3D(scaleX: Double(sx), y: Double(sy), z: Double(sz)))
}

/// A rotation by `angle` radians about the axis (x, y, z); the identity for a zero axis.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat)
  -> CATransform3D
{
  CATransform3D(
    Transform3D(rotationAngle: Double(angle), x: Double(x), y: Double(y), z: Double(z)))
}

/// `t` after a translation (the translation is applied first).
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

/// The inverse, or `t` unchanged when it has none (as Core Animation returns it).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
  t.transform3D.inverted().map(CATransform3D.init) ?? t
}

public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
  CATransform3D(Transform3D(m.transform2D))
}

/// Whether `t` is an affine transform of the plane (no z and no perspective).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
  t.m13 == 0 && t.m23 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0
    && t.m43 == 0 && t.m14 == 0 && t.m24 == 0 && t.m44 == 1
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

extension NSValue {
  /// The Objective-C type this module stores a `CATransform3D` under: 16 doubles.
  static let transformType = "[16d]"

  public convenience init(caTransform3D t: CATransform3D) {
    var values = t.transform3D.rows.joined().map { $0 }
    self.init(bytes: &values, objCType: NSValue.transformType)
  }

  /// The transform an `NSValue(caTransform3D:)` holds; all zeros for another value.
  public var caTransform3DValue: CATransform3D {
    guard objCTypeName == NSValue.transformType else { return CATransform3D() }
    var values = [Double](repeating: 0, count: 16)
    values.withUnsafeMutableBytes { getValue($0.baseAddress!) }
    var t = Transform3D()
    (t.m11, t.m12, t.m13, t.m14) = (values[0], values[1], values[2], values[3])
    (t.m21, t.m22, t.m23, t.m24) = (values[4], values[5], values[6], values[7])
    (t.m31, t.m32, t.m33, t.m34) = (values[8], values[9], values[10], values[11])
    (t.m41, t.m42, t.m43, t.m44) = (values[12], values[13], values[14], values[15])
    return CATransform3D(t)
  }

  public convenience init(cgAffineTransform t: CGAffineTransform) {
    self.init(caTransform3D: CATransform3DMakeAffineTransform(t))
  }

  public var cgAffineTransformValue: CGAffineTransform {
    CATransform3DGetAffineTransform(caTransform3DValue)
  }
}

/// A transform as Core Animation takes it in `Any`: a `CATransform3D`, an `NSValue`
/// holding one, or a `CGAffineTransform`.
func transformValue(_ value: Any?) -> CATransform3D? {
  switch value {
  case let t as CATransform3D: t
  case let t as CGAffineTransform: CATransform3DMakeAffineTransform(t)
  case let v as NSValue where v.objCTypeName == NSValue.transformType:
    v.caTransform3DValue
  default: nil
  }
}
