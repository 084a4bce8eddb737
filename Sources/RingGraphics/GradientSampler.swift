/// A gradient's table index at each device pixel: the one place where pixel positions become
/// gradient positions, shared by every path that draws a gradient, so that they agree to the
/// bit.
///
/// Positions are sampled at pixel centres. An axial gradient under an affine transform is
/// affine in device space, t = t0 + tx (x + 1/2) + ty (y + 1/2), and is computed that way;
/// when tx equals ty (the seed's diagonal on a square), t depends on x + y alone.
public struct GradientSampler: Sendable {
  public let geometry: GradientGeometry
  let bounds: Rect
  let inverse: Transform2D?
  /// Device-space coefficients of an axial gradient's position, when it is axial.
  public let affine: (t0: Double, tx: Double, ty: Double)?

  /// A sampler for `geometry` on a layer with `bounds` (points) placed on the device by
  /// `transform` (layer points to device pixels).
  public init(geometry: GradientGeometry, bounds: Rect, transform: Transform2D) {
    self.geometry = geometry
    self.bounds = bounds
    inverse = transform.inverted()
    let s = geometry.startPoint
    let e = geometry.endPoint
    let dx = e.x - s.x
    let dy = e.y - s.y
    let len2 = dx * dx + dy * dy
    if geometry.kind == .axial, len2 > 0, let inv = inverse, inv.isAffine, bounds.width > 0,
      bounds.height > 0
    {
      // u = ((q - b.origin) / b.size) with q = inverse(p); t = dot(u - s, e - s) / |e - s|^2.
      let ax = dx / (bounds.width * len2)
      let ay = dy / (bounds.height * len2)
      affine = (
        t0: (inv.tx - bounds.minX) * ax + (inv.ty - bounds.minY) * ay - (s.x * dx + s.y * dy)
          / len2,
        tx: inv.a * ax + inv.b * ay,
        ty: inv.c * ax + inv.d * ay
      )
    } else {
      affine = nil
    }
  }

  /// The gradient position in [0, 1] at the centre of device pixel (x, y).
  @inlinable
  public func position(x: Int, y: Int) -> Double {
    if let a = affine {
      let t: Double
      if a.tx == a.ty {
        t = a.t0 + a.tx * (Double(x + y) + 1)
      } else {
        t = a.t0 + a.tx * (Double(x) + 0.5) + a.ty * (Double(y) + 0.5)
      }
      return min(max(t, 0), 1)
    }
    return generalPosition(x: x, y: y)
  }

  /// The table index at the centre of device pixel (x, y).
  @inlinable
  public func index(x: Int, y: Int) -> UInt16 {
    GradientTable.index(for: position(x: x, y: y))
  }

  /// Whether the index depends on x + y alone (so rows are shifted copies of one strip).
  public var dependsOnDiagonalOnly: Bool {
    guard let a = affine else { return false }
    return a.tx == a.ty
  }

  @usableFromInline
  func generalPosition(x: Int, y: Int) -> Double {
    guard let inv = inverse, bounds.width > 0, bounds.height > 0 else { return 1 }
    let p = inv.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
    let t = geometry.position(
      ux: (p.x - bounds.minX) / bounds.width, uy: (p.y - bounds.minY) / bounds.height)
    // Behind the viewer, or through a transform of NaNs: the last colour, not a trap.
    return t.isNaN ? 1 : t
  }
}
