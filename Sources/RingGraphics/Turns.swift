/// Angles in turns (one turn is 2π radians), computed without the C library so that the
/// per-pixel loops of conic gradients inline and run eight pixels at a time. The scalar and
/// the vector forms do the same arithmetic in the same order, so they agree to the bit.
public enum Turns {
  /// `atan2(y, x) / 2π`, in [-1/2, 1/2]: the angle of (x, y) from the positive x axis,
  /// positive towards positive y. Within 4e-15 of a turn of the exact angle; NaN when
  /// either is NaN or both are infinite. Unlike the C library's, it does not tell -0 from
  /// +0: the angle of (-0, y) is that of (+0, y).
  @inlinable @inline(__always)
  public static func atan2(_ y: Double, _ x: Double) -> Double {
    let ax = x < 0 ? -x : x
    let ay = y < 0 ? -y : y
    let hi = ax > ay ? ax : ay
    let r = hi > 0 ? (ax > ay ? ay : ax) / hi : hi
    var t = r * series(r * r)
    if ay > ax { t = 0.25 - t }
    if x < 0 { t = 0.5 - t }
    if y < 0 { t = 0 - t }  // as the lanes negate: never -0
    return x.isNaN || y.isNaN ? .nan : t
  }

  /// `atan2(y, x) / 2π` lane by lane, bit for bit the scalar form's.
  @inlinable @inline(__always)
  public static func atan2(_ y: SIMD8<Double>, _ x: SIMD8<Double>) -> SIMD8<Double> {
    let zero = SIMD8<Double>(repeating: 0)
    let ax = x.replacing(with: -x, where: x .< zero)
    let ay = y.replacing(with: -y, where: y .< zero)
    let xWins = ax .> ay
    let hi = ay.replacing(with: ax, where: xWins)
    let lo = ax.replacing(with: ay, where: xWins)
    let r = hi.replacing(with: lo / hi, where: hi .> zero)
    var t = r * series(r * r)
    t.replace(with: 0.25 - t, where: ay .> ax)
    t.replace(with: 0.5 - t, where: x .< zero)
    t.replace(with: zero - t, where: y .< zero)
    t.replace(with: .nan, where: (x .!= x) .| (y .!= y))
    return t
  }

  /// atan(r) / 2πr as a series in z = r²: a Chebyshev fit on [0, 1] of degree 15 (its error
  /// below 4e-15 of a turn), evaluated by Horner's rule from the highest power.
  @usableFromInline
  static let coefficients: [Double] = [
    -1.7427679118074572e-05, 0.00015853979317910808, -0.0006795122040726368,
    0.0018453579592616356, -0.003627469614297832, 0.005641697444107887, -0.007481115645472512,
    0.009044212817690696, -0.010525703401326397, 0.012226258721460853, -0.01446639254553979,
    0.01768367990399079, -0.02273640923872626, 0.03183098829044587, -0.0530516476934751,
    0.15915494309188788,
  ]

  @inlinable @inline(__always)
  static func series<V: SIMD>(_ z: V) -> V where V.Scalar == Double {
    var q = V(repeating: 0)
    for c in coefficients { q = q * z + c }
    return q
  }

  @inlinable @inline(__always)
  static func series(_ z: Double) -> Double {
    series(SIMD2(repeating: z))[0]
  }
}
