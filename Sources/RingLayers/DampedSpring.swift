import Foundation

/// A mass on a damped spring pulled from 0 towards 1: the damped harmonic oscillator
/// `m·x″ + c·x′ + k·x = 0` for the displacement `x = fraction − 1`, starting at `x = −1`
/// with velocity `initialVelocity`. The fraction may overshoot 1 (underdamped springs do).
public struct DampedSpring: Hashable, Sendable {
  /// Mass, in arbitrary mass units (> 0).
  public let mass: Double
  /// Spring constant `k`, in mass units per second squared (> 0).
  public let stiffness: Double
  /// Damping coefficient `c`, in mass units per second (≥ 0).
  public let damping: Double
  /// Initial velocity towards the target, in fractions of the distance per second.
  public let initialVelocity: Double

  /// Fails for a non-finite value, a mass or stiffness not above 0, or a negative damping.
  public init?(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
    guard [mass, stiffness, damping, initialVelocity].allSatisfy(\.isFinite), mass > 0,
      stiffness > 0, damping >= 0
    else { return nil }
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = initialVelocity
  }

  /// Undamped angular frequency `ω₀ = √(k/m)`, in radians per second.
  public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
  /// Damping ratio `ζ = c / (2√(k·m))`: below 1 it oscillates, 1 is critical, above 1 creeps.
  public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

  /// The fraction of the way from 0 to 1 at `t` seconds after release.
  public func fraction(at t: Double) -> Double { 1 + displacement(at: t) }

  /// `x(t) = fraction − 1`, the solution of the three regimes.
  func displacement(at t: Double) -> Double {
    let w0 = naturalFrequency
    let z = dampingRatio
    let v0 = initialVelocity
    if abs(z - 1) < 1e-9 {
      return (-1 + (v0 - w0) * t) * exp(-w0 * t)
    }
    if z < 1 {
      let wd = w0 * (1 - z * z).squareRoot()
      let b = (v0 - z * w0) / wd
      return exp(-z * w0 * t) * (-cos(wd * t) + b * sin(wd * t))
    }
    let s = (z * z - 1).squareRoot()
    let (r1, r2) = (-w0 * (z - s), -w0 * (z + s))
    let c2 = (v0 + r1) / (r2 - r1)
    return (-1 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
  }

  /// A bound on `|x(t)|` that only falls after its peak: the oscillation's envelope
  /// `A·e^(−ζω₀t)` (`A` its amplitude) when underdamped, the sum of the terms' magnitudes
  /// otherwise.
  func envelope(at t: Double) -> Double {
    let w0 = naturalFrequency
    let z = dampingRatio
    let v0 = initialVelocity
    if abs(z - 1) < 1e-9 { return (1 + abs(v0 - w0) * t) * exp(-w0 * t) }
    if z < 1 {
      let wd = w0 * (1 - z * z).squareRoot()
      let b = (v0 - z * w0) / wd
      return (1 + b * b).squareRoot() * exp(-z * w0 * t)
    }
    let s = (z * z - 1).squareRoot()
    let (r1, r2) = (-w0 * (z - s), -w0 * (z + s))
    let c2 = (v0 + r1) / (r2 - r1)
    return abs(1 + c2) * exp(r1 * t) + abs(c2) * exp(r2 * t)
  }

  /// The time, in seconds, after which the envelope of the displacement stays below
  /// `epsilon` of the distance: when the spring counts as at rest. Infinite for an
  /// undamped spring.
  public func settlingTime(epsilon: Double = 0.001) -> Double {
    guard damping > 0 else { return .infinity }
    var (lo, hi) = (0.0, 1.0)
    while envelope(at: hi) >= epsilon {
      lo = hi
      hi *= 2
      if hi > 1e9 { return .infinity }
    }
    for _ in 0..<100 where hi - lo > 1e-12 {
      let mid = (lo + hi) / 2
      if envelope(at: mid) >= epsilon { lo = mid } else { hi = mid }
    }
    return hi
  }
}
