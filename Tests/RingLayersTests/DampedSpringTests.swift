import Testing

@testable import RingLayers

/// `DampedSpring`'s closed form against an independent reference: the equation
/// `m·x″ + c·x′ + k·x = 0` integrated numerically (fourth-order Runge–Kutta, 10 µs steps)
/// from `x = −1`, `x′ = v₀`.
@Suite struct DampedSpringTests {
  static func integrated(_ m: Double, _ k: Double, _ c: Double, _ v0: Double, to t: Double)
    -> Double
  {
    var (x, v) = (-1.0, v0)
    let h = 1e-5
    func a(_ x: Double, _ v: Double) -> Double { (-k * x - c * v) / m }
    for _ in 0..<Int((t / h).rounded()) {
      let (k1x, k1v) = (v, a(x, v))
      let (k2x, k2v) = (v + h / 2 * k1v, a(x + h / 2 * k1x, v + h / 2 * k1v))
      let (k3x, k3v) = (v + h / 2 * k2v, a(x + h / 2 * k2x, v + h / 2 * k2v))
      let (k4x, k4v) = (v + h * k3v, a(x + h * k3x, v + h * k3v))
      x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
      v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return 1 + x
  }

  /// Under, critically and over damped, with and without an initial velocity, mass ≠ 1.
  @Test(arguments: [
    (1.0, 100.0, 10.0, 0.0), (1.0, 100.0, 20.0, 5.0), (1.0, 100.0, 30.0, -3.0),
    (2.0, 50.0, 1.0, 2.0), (0.5, 300.0, 0.0, 0.0),
  ])
  func closedFormMatchesIntegration(m: Double, k: Double, c: Double, v0: Double) throws {
    let spring = try #require(DampedSpring(mass: m, stiffness: k, damping: c, initialVelocity: v0))
    for t in [0.05, 0.2, 0.5, 1.3] {
      #expect(abs(spring.fraction(at: t) - Self.integrated(m, k, c, v0, to: t)) < 1e-9)
    }
  }

  /// Nothing is made of a mass or stiffness not above 0, a negative damping or NaN.
  @Test(arguments: [(0.0, 1.0, 1.0), (1.0, 0.0, 1.0), (1.0, 1.0, -0.1), (Double.nan, 1.0, 1.0)])
  func badValuesMakeNoSpring(m: Double, k: Double, c: Double) {
    #expect(DampedSpring(mass: m, stiffness: k, damping: c) == nil)
  }

  /// After its settling time the spring stays within 0.001 of the end, sampled every ms
  /// for 5 s; undamped, it never settles.
  @Test(arguments: [(1.0, 100.0, 10.0, 0.0), (1.0, 100.0, 20.0, 5.0), (1.0, 100.0, 30.0, -3.0)])
  func staysSettled(m: Double, k: Double, c: Double, v0: Double) throws {
    let spring = try #require(DampedSpring(mass: m, stiffness: k, damping: c, initialVelocity: v0))
    let settled = spring.settlingTime(epsilon: 0.001)
    for i in 0..<5000 {
      #expect(abs(spring.fraction(at: settled + Double(i) / 1000) - 1) < 0.001)
    }
    #expect(DampedSpring(mass: 1, stiffness: 1, damping: 0)!.settlingTime() == .infinity)
  }
}
