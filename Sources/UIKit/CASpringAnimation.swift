import Foundation
import RingLayers

/// A basic animation driven by a mass on a damped spring (`m·x″ + c·x′ + k·x = 0`): at `t`
/// seconds into its duration it shows the oscillator's fraction of the way from the start
/// value to the end value, released from rest (or `initialVelocity`) at the start. The
/// fraction may overshoot 1; numbers, points and transforms follow it, colours stay in
/// range. The spring's timeline is its `duration`: a duration shorter than
/// `settlingDuration` cuts the motion short, as on iOS. The timing function is ignored.
///
/// An overdamped spring (damping ratio above 1) moves as a critically damped one unless
/// `allowsOverdamping` is set. Non-finite values, a mass or stiffness not above 0 and a
/// negative damping are refused when the animation is added (a note says so).
open class CASpringAnimation: CABasicAnimation {
  /// The mass on the spring, in mass units; 1 by default.
  open var mass: CGFloat = 1
  /// The spring constant `k`, in mass units per second squared; 100 by default.
  open var stiffness: CGFloat = 100
  /// The damping coefficient `c`, in mass units per second; 10 by default.
  open var damping: CGFloat = 10
  /// The velocity at the start towards the end value, in fractions of the whole distance
  /// per second (1 covers the distance in a second); 0 by default.
  open var initialVelocity: CGFloat = 0
  /// Whether a damping ratio above 1 creeps (overdamped) rather than moving as a critically
  /// damped spring; false by default.
  open var allowsOverdamping = false

  public override init() { super.init() }
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// A spring of mass 1 whose undamped period is `perceptualDuration` seconds and whose
  /// damping ratio is `1 − bounce` (for `bounce` in 0...1) or `1 / (1 + bounce)` (for
  /// `bounce` in −1..<0, overdamped, `allowsOverdamping` set), as SwiftUI's
  /// `Spring(duration:bounce:)` documents: stiffness `(2π/d)²`, damping `4π·ζ/d`. Its
  /// `duration` is set to its `settlingDuration`.
  public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
    self.init()
    let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    let omega = 2 * Double.pi / perceptualDuration
    mass = 1
    stiffness = omega * omega
    damping = 2 * ratio * omega
    allowsOverdamping = bounce < 0
    duration = settlingDuration
  }

  /// The undamped period `2π·√(m/k)`, in seconds.
  open var perceptualDuration: CFTimeInterval { 2 * Double.pi * (mass / stiffness).squareRoot() }

  /// `1 − ζ` for a damping ratio `ζ` up to 1, `1/ζ − 1` above (negative: overdamped).
  open var bounce: CGFloat {
    let ratio = damping / (2 * (stiffness * mass).squareRoot())
    return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
  }

  /// When the spring counts as at rest, in seconds: the time after which the envelope of
  /// its distance from the end value stays below 0.001 of the whole distance (SwiftUI's
  /// `Spring.settlingDuration` threshold; for an underdamped spring the envelope is
  /// `A·e^(−ζω₀t)`, `A` the oscillation's amplitude). About 1.41 s for the defaults; Apple's
  /// documented example (damping 5) gives 2.78 s here against Apple's "approximately 2.85".
  /// 0 for a spring that cannot run; infinite for an undamped one.
  open var settlingDuration: CFTimeInterval { motion?.settlingTime(epsilon: 0.001) ?? 0 }

  /// The motion as the engine draws it, or nil when the values cannot make one.
  var motion: DampedSpring? {
    var c = Double(damping)
    let critical = 2 * (Double(stiffness) * Double(mass)).squareRoot()
    if !allowsOverdamping && c > critical { c = critical }
    return DampedSpring(
      mass: Double(mass), stiffness: Double(stiffness), damping: c,
      initialVelocity: Double(initialVelocity))
  }

  override func copyValues(from other: CAAnimation) {
    super.copyValues(from: other)
    guard let other = other as? CASpringAnimation else { return }
    mass = other.mass
    stiffness = other.stiffness
    damping = other.damping
    initialVelocity = other.initialVelocity
    allowsOverdamping = other.allowsOverdamping
  }

  override var refusal: String? {
    motion == nil
      ? "CASpringAnimation needs finite values, mass and stiffness above 0, damping of 0 or more"
      : nil
  }

  override var timing: AnimationTiming? {
    guard var t = super.timing else { return nil }
    t.timingFunction = nil
    return t
  }
}
