import Foundation
import Testing

@testable import UIKit

/// `CASpringAnimation` as Apple documents it: the damped harmonic oscillator
/// `m·x″ + c·x′ + k·x = 0` from the start value to the end value. Expected values are the
/// closed-form solutions worked out by hand (ω₀ = √(k/m), ζ = c / 2√(km)):
/// underdamped `1 + e^(−ζω₀t)(−cos ω_d t + (v₀ − ζω₀)/ω_d · sin ω_d t)`, critically damped
/// `1 + (−1 + (v₀ − ω₀)t)e^(−ω₀t)`, overdamped `1 + C₁e^(r₁t) + C₂e^(r₂t)`.
@MainActor @Suite(.serialized) struct CASpringAnimationTests {
  func show(_ layer: CALayer) -> KeyWindowTree { showInKeyWindow(layer) }

  /// A spring on `position.x` from 0 to 100 over 2 s.
  func spring(_ configure: (CASpringAnimation) -> Void = { _ in }) -> CASpringAnimation {
    let a = CASpringAnimation(keyPath: "position.x")
    a.fromValue = 0
    a.toValue = 100
    a.duration = 2
    configure(a)
    return a
  }

  func shownX(_ a: CASpringAnimation, at time: Double) -> Double {
    let layer = CALayer()
    layer.position = CGPoint(x: 100, y: 0)
    let tree = show(layer)
    layer.add(a, forKey: "spring")
    tree.advance(to: .seconds(time))
    return Double(layer.presentation()!.position.x)
  }

  /// Defaults (m 1, k 100, c 10: ω₀ 10, ζ 0.5, ω_d √75): it overshoots to 112.4 at 0.3 s.
  @Test(arguments: [
    (0.1, 34.029984660829825), (0.3, 112.43547674084115), (0.5, 107.45905665950333),
    (1.0, 100.21701167393262),
  ])
  func underdampedDefaults(time: Double, x: Double) {
    #expect(abs(shownX(spring(), at: time) - x) < 1e-6)
  }

  /// Damping 20 is critical (ζ 1); 30 is overdamped (ζ 1.5) only with `allowsOverdamping`,
  /// else it moves as the critical spring. Initial velocity 5 (distances per second).
  @Test(arguments: [
    (20.0, false, 0.1, 44.81808382428365), (20.0, false, 0.3, 87.55323290803402),
    (30.0, false, 0.3, 87.55323290803402), (30.0, true, 0.1, 34.965886952789624),
    (30.0, true, 0.3, 69.88240585020418),
  ])
  func criticalAndOverdamped(damping: Double, overdamping: Bool, time: Double, x: Double) {
    let a = spring {
      $0.damping = damping
      $0.initialVelocity = 5
      $0.allowsOverdamping = overdamping
    }
    #expect(abs(shownX(a, at: time) - x) < 1e-6)
  }

  /// The time after which the envelope stays below 0.001: defaults ln(1000·√(4/3))/5;
  /// critical (1 + 10t)e^(−10t) = 0.001; Apple's damping-5 example says "approximately 2.85".
  @Test(arguments: [
    (10.0, false, 1.4103192630416057), (5.0, false, 2.776009815820369),
    (20.0, false, 0.9233413476451586), (30.0, false, 0.9233413476451586),
    (30.0, true, 1.8497614355162997),
  ])
  func settlingDuration(damping: Double, overdamping: Bool, seconds: Double) {
    let a = spring {
      $0.damping = damping
      $0.allowsOverdamping = overdamping
    }
    #expect(abs(a.settlingDuration - seconds) < 1e-9)
  }

  /// SwiftUI's documented pair: duration 0.5, bounce 0.3 is (1, 157.9, 17.6); the
  /// defaults are duration 0.63, bounce 0.5. Negative bounce overdamps: ζ = 1/(1 + b).
  @Test(arguments: [
    (0.5, 0.3, 157.91367041742973, 17.592918860102842),
    (1.0, -0.5, 39.47841760435743, 25.132741228718345),
  ])
  func perceptualDuration(duration: Double, bounce: Double, stiffness: Double, damping: Double) {
    let a = CASpringAnimation(perceptualDuration: duration, bounce: bounce)
    #expect(a.mass == 1 && abs(a.stiffness - stiffness) < 1e-9 && abs(a.damping - damping) < 1e-9)
    #expect(abs(a.perceptualDuration - duration) < 1e-12 && abs(a.bounce - bounce) < 1e-12)
    #expect(a.allowsOverdamping == (bounce < 0) && a.duration == a.settlingDuration)
    let defaults = CASpringAnimation()
    #expect(abs(defaults.perceptualDuration - 0.6283185307179586) < 1e-12 && defaults.bounce == 0.5)
  }

  /// The spring's timeline is its duration: cut at 0.5 s, the model's 100 shows after it,
  /// though the spring is still at 107.5 then.
  @Test func aShortDurationCutsTheSpring() {
    let a = spring { $0.duration = 0.5 }
    #expect(abs(shownX(a, at: 0.499) - shownX(spring(), at: 0.499)) < 1e-9)
    #expect(shownX(a, at: 0.51) == 100)
  }

  /// A colour's spring (black to white, damping 2: ζ 0.1) overshoots to fraction 1.72 at
  /// 0.3 s: its components are clamped to 1 there, and follow the spring below 1.
  @Test(arguments: [(0.1, 0.4310281090539003), (0.3, 1.0), (0.6, 0.49489444073372946)])
  func coloursStayInRange(time: Double, component: Double) throws {
    let layer = CALayer()
    let tree = show(layer)
    let a = CASpringAnimation(keyPath: "backgroundColor")
    a.fromValue = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    a.toValue = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    a.damping = 2
    a.duration = 2
    layer.add(a, forKey: "c")
    tree.advance(to: .seconds(time))
    let c = try #require(layer.presentation()!.backgroundColor?.components)
    #expect(abs(c[0] - component) < 1e-6 && c[3] == 1)
  }

  /// Bad physics is refused when added: nothing is put on the layer.
  @Test(arguments: [(0.0, 100.0, 10.0), (1.0, -1.0, 10.0), (1.0, 100.0, -1.0), (.nan, 100.0, 10.0)])
  func badValuesAreRefused(mass: Double, stiffness: Double, damping: Double) {
    let layer = CALayer()
    _ = show(layer)
    layer.add(
      spring {
        $0.mass = mass
        $0.stiffness = stiffness
        $0.damping = damping
      }, forKey: "bad")
    #expect(layer.animationKeys() == nil)
  }

  /// UIKit's spring (damping ratio 0.5, 1 s): ω₀ = ln 1500/0.5, k 213.93, c 14.63, so
  /// the fraction is 0.5908 at 0.1 s and 1.1630 at 0.25 s: the centre moves 100 × that.
  @Test(arguments: [
    (0.1, 0.5907734133077338), (0.25, 1.1629655884655712), (0.5, 0.9734639441033398),
  ])
  func viewSpringAnimations(time: Double, fraction: Double) throws {
    let tree = show(CALayer())
    let view = UIApplication.shared.keyWindow!.rootViewController!.view!
    let start = view.center
    UIView.animate(
      withDuration: 1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
      animations: { view.center = CGPoint(x: start.x + 100, y: start.y) })
    let added = try #require(view.layer.animation(forKey: "position") as? CASpringAnimation)
    #expect(abs(added.stiffness - 213.93276972061287) < 1e-9 && added.duration == 1)
    tree.advance(to: .seconds(time))
    let x = Double(view.layer.presentation()!.position.x - start.x)
    #expect(abs(x - 100 * fraction) < 1e-6)
  }
}
