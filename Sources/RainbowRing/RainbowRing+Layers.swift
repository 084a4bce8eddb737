import RingGraphics
import RingLayers

extension RainbowRing {
  /// The seed's layers: a gradient layer filling the ring's bounds, masked by a shape layer
  /// stroking the oval inset by half the ring width, with the colours at time 0 and, when
  /// `animated`, the ring's motion (`motion`) under the key `"colors"`.
  public func makeGradientLayer(animated: Bool = true) -> GradientLayer {
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
    mask.fillColor = nil
    mask.lineWidth = ringWidth
    g.mask = mask
    // Valid by construction: a colours animation on a gradient layer.
    if animated && flows { try! g.add(motion, forKey: "colors") }
    return g
  }

  /// The ring view: a plain layer at `origin` holding the gradient layer, or for a progress
  /// ring its layers (see `makeProgressLayers`; `gradient` is then the arc's); the label,
  /// if any, on top.
  public func makeViewLayer(origin: Point = .zero, animated: Bool = true) -> (
    view: Layer, gradient: GradientLayer
  ) {
    if let progress {
      let layers = makeProgressLayers(progress, origin: origin, animated: animated)
      return (layers.view, layers.arc)
    }
    let view = Layer()
    view.frame = Rect(origin: origin, size: size)
    let g = makeGradientLayer(animated: animated)
    view.addSublayer(g)
    if let label { view.addSublayer(label.makeLayer(size: size, progress: 1)) }
    return (view, g)
  }

  /// The ring's motion as one animation of a gradient layer's colours: its value at any
  /// time is the closed form (`colors(at:)`), repeating forever with the period.
  public var motion: RingMotion { RingMotion(ring: self) }
}

/// The ring's colour flow as an animation (`colors` of a gradient layer): at clock time t
/// it shows `ring.colors(at: t)` exactly, for every time after 1e9 s before zero.
///
/// Equal to the seed's chain of one-step animations (`SeedAnimator`), without a clock to
/// drive it: it is added once and repeats with the ring's period.
public struct RingMotion: Animation {
  public let ring: RainbowRing
  public let timing: AnimationTiming
  public var delegate: (any AnimationDelegate)? { nil }
  public var onStop: ((any Animation, Bool) -> Void)? { nil }

  public init(ring: RainbowRing) {
    self.ring = ring
    var timing = AnimationTiming()
    timing.duration = ring.period
    timing.repeatCount = .infinity
    timing.fillMode = .both
    // Begins a whole number of periods before zero, so that the loop's phase is the clock's.
    let periods = MediaTime.limit / ring.period.nanoseconds
    timing.beginTime = .nanoseconds(-periods * ring.period.nanoseconds)
    self.timing = timing
  }

  public var keyPath: PartialKeyPath<LayerProperties> { \LayerProperties.colors }

  public func validateValues() throws {}

  public func apply(
    _ phase: AnimationPhase, model: LayerProperties, to presented: inout LayerProperties
  ) {
    RainbowRing.cycle(
      ring.colors, step: ring.stepDuration.nanoseconds, at: phase.elapsed, into: &presented.colors)
  }
}

/// Drives a ring's gradient layer the way the seed does: each step sets the layer's colours
/// to the shifted list and adds a `stepDuration` linear animation from the old list to the
/// new one; its stop callback starts the next step. Run it with an `AnimationClock`; kept
/// as the oracle that `RingMotion` is checked against.
///
/// The gradient layer holds the animation, the animation holds this animator weakly: keep
/// the animator alive as long as the ring animates.
public final class SeedAnimator: AnimationDelegate {
  public let layer: GradientLayer
  public let stepDuration: MediaTime

  public init(layer: GradientLayer, stepDuration: MediaTime) {
    self.layer = layer
    self.stepDuration = stepDuration
  }

  /// Starts the first step (the seed's `performAnimation()` in `init`).
  public func start() { performAnimation() }

  public func animationDidStop(_ animation: any Animation, finished: Bool) {
    // The seed restarts on any stop; a step replaced or removed by hand does not chain here.
    if finished { performAnimation() }
  }

  private func performAnimation() {
    let from = layer.colors
    let to = RainbowRing.shifted(from)
    layer.colors = to
    var animation = BasicAnimation(keyPath: \.colors)
    animation.duration = stepDuration
    animation.fromValue = from
    animation.toValue = to
    animation.isRemovedOnCompletion = true
    animation.fillMode = .forwards
    animation.timingFunction = .linear
    animation.delegate = self
    // Valid by construction: a colours animation on a gradient layer with a positive duration.
    try! layer.add(animation, forKey: "colors")
  }
}
