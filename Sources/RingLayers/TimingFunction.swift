import RingGraphics

/// A cubic Bézier timing curve from (0, 0) to (1, 1), as `CAMediaTimingFunction` defines it.
///
/// `progress(at:)` solves x(s) = f for the curve parameter s (Newton's method, then
/// bisection as a fallback) to within 1e-12 in x, then returns y(s).
public struct TimingFunction: Hashable, Sendable {
  public let controlPoint1: Point
  public let controlPoint2: Point

  /// A curve with control points (x1, y1) and (x2, y2); throws unless x1 and x2 lie in
  /// [0, 1] (so that x is monotonic) and all four values are finite.
  public init(controlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws {
    guard (0...1).contains(x1), (0...1).contains(x2), y1.isFinite, y2.isFinite else {
      throw RingError(
        .invalidTimingFunction,
        "timing function control points need x in 0...1 and finite y, got (\(x1), \(y1)), (\(x2), \(y2))"
      )
    }
    controlPoint1 = Point(x: x1, y: y1)
    controlPoint2 = Point(x: x2, y: y2)
  }

  private init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    controlPoint1 = Point(x: x1, y: y1)
    controlPoint2 = Point(x: x2, y: y2)
  }

  public static let linear = TimingFunction(0, 0, 1, 1)
  public static let easeIn = TimingFunction(0.42, 0, 1, 1)
  public static let easeOut = TimingFunction(0, 0, 0.58, 1)
  public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
  /// `kCAMediaTimingFunctionDefault`.
  public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

  /// The named curves by their Core Animation names.
  public static let named: [(name: String, function: TimingFunction)] = [
    ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
    ("easeInEaseOut", .easeInEaseOut), ("default", .default),
  ]

  /// The eased progress for linear progress `f` in [0, 1].
  public func progress(at f: Double) -> Double {
    let (x1, y1, x2, y2) = (controlPoint1.x, controlPoint1.y, controlPoint2.x, controlPoint2.y)
    if x1 == y1 && x2 == y2 { return f }  // the curve is the line y = x
    if f <= 0 { return 0 }
    if f >= 1 { return 1 }
    // Polynomial coefficients of x(s) and y(s): c*s + b*s^2 + a*s^3.
    let cx = 3 * x1
    let bx = 3 * (x2 - x1) - cx
    let ax = 1 - cx - bx
    let cy = 3 * y1
    let by = 3 * (y2 - y1) - cy
    let ay = 1 - cy - by
    func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    var s = f
    var solved = false
    for _ in 0..<8 {
      let err = x(s) - f
      if abs(err) < 1e-12 {
        solved = true
        break
      }
      let d = dx(s)
      if abs(d) < 1e-9 { break }
      s -= err / d
      if s < 0 || s > 1 { break }
    }
    if !solved {
      var lo = 0.0
      var hi = 1.0
      s = f
      for _ in 0..<100 {
        s = (lo + hi) / 2
        let v = x(s)
        if abs(v - f) < 1e-12 { break }
        if v < f { lo = s } else { hi = s }
      }
    }
    return ((ay * s + by) * s + cy) * s
  }
}
