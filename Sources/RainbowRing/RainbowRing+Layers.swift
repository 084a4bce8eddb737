import RingGraphics
import RingLayers

extension RainbowRing {
  /// The seed's layers: a gradient layer filling the ring's bounds, masked by a shape layer
  /// stroking the oval inset by half the ring width, with the colours at time 0.
  public func makeGradientLayer() -> GradientLayer {
    let bounds = Rect(origin: .zero, size: size)
    let g = GradientLayer()
    g.frame = bounds
    g.startPoint = gradient.startPoint
    g.endPoint = gradient.endPoint
    g.type = gradient.kind
    g.colors = colors
    let mask = ShapeLayer()
    mask.frame = bounds
    mask.path = BezierPath(ovalIn: bounds.insetBy(dx: ringWidth / 2, dy: ringWidth / 2))
    mask.strokeColor = .gray
    mask.fillColor = .clear
    mask.lineWidth = ringWidth
    g.mask = mask
    return g
  }

  /// The ring view: a plain layer with `frame`'s origin holding the gradient layer.
  public func makeViewLayer(origin: Point = .zero) -> (view: Layer, gradient: GradientLayer) {
    let view = Layer()
    view.frame = Rect(origin: origin, size: size)
    let g = makeGradientLayer()
    view.addSublayer(g)
    return (view, g)
  }
}

/// Drives a ring's gradient layer the way the seed does: each step sets the layer's colours
/// to the shifted list and adds a `stepDuration` linear animation from the old list to the
/// new one; its stop callback starts the next step. Run it with an `AnimationClock`.
///
/// The gradient layer holds the animation, the animation holds this animator weakly: keep
/// the animator alive as long as the ring animates.
public final class SeedAnimator: AnimationDelegate {
  public let layer: GradientLayer
  public let stepDuration: Double

  public init(layer: GradientLayer, stepDuration: Double) {
    self.layer = layer
    self.stepDuration = stepDuration
  }

  /// Starts the first step (the seed's `performAnimation()` in `init`).
  public func start() { performAnimation() }

  public func animationDidStop(_ animation: BasicAnimation, finished: Bool) {
    // The seed restarts on any stop; a step replaced or removed by hand does not chain here.
    if finished { performAnimation() }
  }

  private func performAnimation() {
    let from = layer.colors
    let to = RainbowRing.shifted(from)
    layer.colors = to
    var animation = BasicAnimation(keyPath: "colors")
    animation.duration = stepDuration
    animation.fromValue = .colors(from)
    animation.toValue = .colors(to)
    animation.isRemovedOnCompletion = true
    animation.fillMode = .forwards
    animation.timingFunction = .linear
    animation.delegate = self
    // Valid by construction: a colours animation on a gradient layer with a positive duration.
    try! layer.add(animation, forKey: "colors")
  }
}
