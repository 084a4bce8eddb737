import Foundation
import Testing

@testable import UIKit

/// `CAKeyframeAnimation`'s calculation modes and paths as Apple documents them. Expected
/// values are worked out by hand: paced key times are the running distance over the total;
/// cubic segments are Hermite curves `h₀₀P₀ + h₁₀m₀ + h₀₁P₁ + h₁₁m₁` (at s = ½: ½, ⅛, ½,
/// −⅛) with Kochanek–Bartels tangents; a path's keyframes are its start and the end of
/// each element.
@MainActor @Suite(.serialized) struct CAKeyframeAnimationTests {
  func show(_ layer: CALayer) -> KeyWindowTree { showInKeyWindow(layer) }

  /// The presented position after running `animation` (1 s) to `time`.
  func shown(_ animation: CAKeyframeAnimation, at time: Double) -> CALayer {
    let layer = CALayer()
    let tree = show(layer)
    animation.duration = 1
    layer.add(animation, forKey: "k")
    tree.advance(to: .seconds(time))
    return layer.presentation()!
  }

  func keyframes(_ keyPath: String, _ values: [Any], _ mode: CAAnimationCalculationMode)
    -> CAKeyframeAnimation
  {
    let a = CAKeyframeAnimation(keyPath: keyPath)
    a.values = values
    a.calculationMode = mode
    return a
  }

  /// Paced numbers 0, 10, 40: key times 0, ¼, 1, so x = 40t throughout; the key times and
  /// timing functions given are ignored.
  @Test(arguments: [0.1, 0.125, 0.25, 0.625, 0.9])
  func pacedNumbersRunAtOneSpeed(time: Double) {
    let a = keyframes("position.x", [0, 10, 40], .paced)
    a.keyTimes = [0, 0.9, 1]
    a.timingFunctions = [
      CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut),
    ]
    #expect(abs(Double(shown(a, at: time).position.x) - 40 * time) < 1e-6)
  }

  /// Paced points (0,0) → (30,40) → (30,0): legs of 50 and 40, key times 0, 5/9, 1; at
  /// half time 45 of 90 along: (27, 36).
  @Test(arguments: [(0.5, 27.0, 36.0), (0.75, 30.0, 22.5)])
  func pacedPointsUseEuclideanDistance(time: Double, x: Double, y: Double) {
    let points = [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 40), CGPoint(x: 30, y: 0)]
    let a = keyframes("position", points.map { NSValue(cgPoint: $0) }, .paced)
    let p = shown(a, at: time).position
    #expect(abs(p.x - x) < 1e-6 && abs(p.y - y) < 1e-6)
  }

  /// Cubic through 0, 10, 0 at a quarter (s = ½ into the first segment), the middle
  /// value's (tension, continuity, bias) set: Catmull-Rom m₀ = 5, m₁ = 0 gives 5.625;
  /// tension 1 (m = 0) 5; tension −1 (m₀ 10, m₁ 0) 6.25; bias 1 (m₁ = 10) 4.375;
  /// continuity 1 (m₁ = −10) 6.875.
  @Test(arguments: [
    (0.0, 0.0, 0.0, 5.625), (1.0, 0.0, 0.0, 5.0), (-1.0, 0.0, 0.0, 6.25),
    (0.0, 0.0, 1.0, 4.375), (0.0, 1.0, 0.0, 6.875),
  ])
  func cubicKochanekBartels(tension: Double, continuity: Double, bias: Double, x: Double) {
    let a = keyframes("position.x", [0, 10, 0], .cubic)
    a.tensionValues = [tension, tension, tension].map { NSNumber(value: $0) }
    a.continuityValues = [0, continuity, 0].map { NSNumber(value: $0) }
    a.biasValues = [0, bias, 0].map { NSNumber(value: $0) }
    #expect(abs(Double(shown(a, at: 0.25).position.x) - x) < 1e-6)
  }

  /// Cubic paced through 0, 10, 20: the spline is the line, run at one speed: x = 20t
  /// (within the 64-chord length table).
  @Test(arguments: [0.1, 0.3, 0.5, 0.8])
  func cubicPacedRunsAtOneSpeed(time: Double) {
    let a = keyframes("position.x", [0, 10, 20], .cubicPaced)
    #expect(abs(Double(shown(a, at: time).position.x) - 20 * time) < 1e-3)
  }

  /// An L-shaped path (0,0) → (100,0) → (100,50): linear reaches each corner at its key
  /// time (evenly ½, or as given), paced at 100/150 of the time.
  @Test(arguments: [
    ("linear", [Double](), 0.25, 50.0, 0.0), ("linear", [], 0.75, 100.0, 25.0),
    ("linear", [0, 0.2, 1], 0.1, 50.0, 0.0), ("linear", [0, 0.2, 1], 0.6, 100.0, 25.0),
    ("paced", [0, 0.2, 1], 0.5, 75.0, 0.0), ("paced", [], 0.8, 100.0, 20.0),
    ("discrete", [], 0.5, 100.0, 0.0),
  ])
  func pathKeyframesAreElementEnds(
    mode: String, keyTimes: [Double], time: Double, x: Double, y: Double
  ) {
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addLine(to: CGPoint(x: 100, y: 0))
    path.addLine(to: CGPoint(x: 100, y: 50))
    let a = keyframes("position", [NSValue(cgPoint: CGPoint(x: 7, y: 7))], .init(rawValue: mode))
    a.path = path
    if !keyTimes.isEmpty { a.keyTimes = keyTimes.map { NSNumber(value: $0) } }
    let p = shown(a, at: time).position
    #expect(abs(p.x - x) < 1e-6 && abs(p.y - y) < 1e-6)
  }

  /// A quarter circle of radius 100 from (100, 0) to (0, 100), paced: at half time the
  /// layer is at 45° and, turned to the tangent (−sin, cos), rotated by 3π/4 (rotateAuto)
  /// or 3π/4 + π (rotateAutoReverse).
  @Test(arguments: [("auto", 0.75 * Double.pi), ("autoReverse", 1.75 * Double.pi)])
  func rotationFollowsThePath(mode: String, angle: Double) {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 100, y: 0))
    path.addArc(center: .zero, radius: 100, startAngle: 0, endAngle: .pi / 2, clockwise: false)
    let a = keyframes("position", [], .paced)
    a.path = path
    a.rotationMode = CAAnimationRotationMode(rawValue: mode)
    let layer = shown(a, at: 0.5)
    let r = 100 / 2.0.squareRoot()
    #expect(abs(layer.position.x - r) < 0.01 && abs(layer.position.y - r) < 0.01)
    #expect(
      abs(layer.transform.m11 - cos(angle)) < 1e-3 && abs(layer.transform.m12 - sin(angle)) < 1e-3,
      "\(layer.transform)")
  }

  /// Key times that fall or leave 0...1, and non-finite shape values, are refused.
  @Test(arguments: [[0, 0.6, 0.5], [0, 0.5, 1.5], [-0.1, 0.5, 1]])
  func badKeyTimesAreRefused(keyTimes: [Double]) {
    let layer = CALayer()
    _ = show(layer)
    let a = keyframes("opacity", [0, 1, 0], .linear)
    a.keyTimes = keyTimes.map { NSNumber(value: $0) }
    layer.add(a, forKey: "bad")
    let b = keyframes("opacity", [0, 1, 0], .cubic)
    b.tensionValues = [0, NSNumber(value: Double.nan), 0]
    layer.add(b, forKey: "bad2")
    #expect(layer.animationKeys() == nil)
  }
}
