import Foundation

/// A transform of the plane as Core Graphics writes it, `x' = a x + c y + tx`,
/// `y' = b x + d y + ty`, with an optional projective row: when `px`, `py` or `pw` differ
/// from (0, 0, 1) the result is divided by `w = px x + py y + pw` (a layer seen in
/// perspective). In matrix terms a point is the row `[x y 1]` times
/// `[[a b px] [c d py] [tx ty pw]]`.
public struct Transform2D: Hashable, Sendable {
  public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
  /// The projective row: `w = px x + py y + pw`; (0, 0, 1) for an affine transform.
  public var px = 0.0, py = 0.0, pw = 1.0

  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }

  /// A projective transform (see the type's documentation).
  public init(
    a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double, px: Double, py: Double,
    pw: Double
  ) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    (self.px, self.py, self.pw) = (px, py, pw)
  }

  public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  public init(translationX x: Double, y: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  public init(scaleX sx: Double, y sy: Double) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// A rotation by `angle` radians (clockwise on screen, since y grows downwards).
  public init(rotationAngle angle: Double) {
    let (s, c) = (sin(angle), cos(angle))
    self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
  }

  /// Whether there is no perspective: `w` is 1 everywhere.
  @inlinable public var isAffine: Bool { px == 0 && py == 0 && pw == 1 }

  /// `self` applied first, then `other`.
  public func concatenating(_ other: Transform2D) -> Transform2D {
    let o = other
    return Transform2D(
      a: a * o.a + b * o.c + px * o.tx, b: a * o.b + b * o.d + px * o.ty,
      c: c * o.a + d * o.c + py * o.tx, d: c * o.b + d * o.d + py * o.ty,
      tx: tx * o.a + ty * o.c + pw * o.tx, ty: tx * o.b + ty * o.d + pw * o.ty,
      px: a * o.px + b * o.py + px * o.pw, py: c * o.px + d * o.py + py * o.pw,
      pw: tx * o.px + ty * o.py + pw * o.pw)
  }

  public func translatedBy(x: Double, y: Double) -> Transform2D {
    Transform2D(translationX: x, y: y).concatenating(self)
  }

  public func scaledBy(x: Double, y: Double) -> Transform2D {
    Transform2D(scaleX: x, y: y).concatenating(self)
  }

  /// `p` mapped through the transform (divided by `w` when there is perspective).
  @inlinable
  public func apply(to p: Point) -> Point {
    let x = a * p.x + c * p.y + tx
    let y = b * p.x + d * p.y + ty
    if isAffine { return Point(x: x, y: y) }
    let w = px * p.x + py * p.y + pw
    return Point(x: x / w, y: y / w)
  }

  /// `w` at `p`: the point is in front of the viewer where it is positive.
  @inlinable
  public func w(at p: Point) -> Double { px * p.x + py * p.y + pw }

  /// The factor by which the transform scales lengths at most (for flattening tolerances).
  /// For a projective transform, its largest over `region` (its corners, where `w` is at
  /// its extremes).
  public func maximumScale(over region: Rect? = nil) -> Double {
    func scale(at p: Point) -> Double {
      // The Jacobian of (x/w, y/w): (A - q ∇w) / w, with q the image of p.
      let w = self.w(at: p)
      guard w > 0 else { return 0 }
      let q = apply(to: p)
      let ja = (a - q.x * px) / w
      let jb = (b - q.y * px) / w
      let jc = (c - q.x * py) / w
      let jd = (d - q.y * py) / w
      return max((ja * ja + jb * jb).squareRoot(), (jc * jc + jd * jd).squareRoot())
    }
    if isAffine || region == nil { return scale(at: region?.origin ?? Point(x: 0, y: 0)) }
    let r = region!
    return [
      Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.minX, y: r.maxY),
      Point(x: r.maxX, y: r.maxY),
    ].map(scale).max()!
  }

  /// The factor by which the transform scales lengths at most (affine transforms).
  public var maximumScale: Double { maximumScale(over: nil) }
}

extension Transform2D {
  /// The inverse transform, or `nil` when the transform is singular.
  public func inverted() -> Transform2D? {
    if isAffine {
      let det = a * d - b * c
      guard det != 0, det.isFinite else { return nil }
      let ia = d / det
      let ib = -b / det
      let ic = -c / det
      let id = a / det
      return Transform2D(
        a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }
    // The adjugate of [[a b px] [c d py] [tx ty pw]] over its determinant.
    let det = a * (d * pw - py * ty) - b * (c * pw - py * tx) + px * (c * ty - d * tx)
    guard det != 0, det.isFinite else { return nil }
    return Transform2D(
      a: (d * pw - py * ty) / det, b: -(b * pw - px * ty) / det,
      c: -(c * pw - py * tx) / det, d: (a * pw - px * tx) / det,
      tx: (c * ty - d * tx) / det, ty: -(a * ty - b * tx) / det,
      px: (b * py - px * d) / det, py: -(a * py - px * c) / det, pw: (a * d - b * c) / det)
  }
}
