import RingGraphics
import RingLayers

/// A progress ring's layers, back to front: the track, the full ring shown above one turn
/// (turned with the head), the end effect at the head, and the arc (above one turn, the last
/// part of the arc with the head's cap). `setProgress` animates the arc to a new value.
public final class ProgressRingView {
  /// The ring, its `progress` the value the arc is going to.
  public private(set) var ring: RainbowRing
  /// The plain layer holding the others, the size of the ring view.
  public let view: Layer
  public let track: ShapeLayer
  public let underlay: GradientLayer
  public let effect: GradientLayer
  public let arc: GradientLayer
  let layout: ProgressLayout
  let animated: Bool

  init(
    ring: RainbowRing, layout: ProgressLayout, view: Layer, track: ShapeLayer,
    underlay: GradientLayer, effect: GradientLayer, arc: GradientLayer, animated: Bool
  ) {
    self.ring = ring
    self.layout = layout
    self.view = view
    self.track = track
    self.underlay = underlay
    self.effect = effect
    self.arc = arc
    self.animated = animated
  }

  /// The progress the arc shows at clock time `time`, in turns.
  public func progress(at time: MediaTime) -> Double {
    max(0, ring.progress?.value(at: time) ?? 1)
  }

  /// Moves the arc to `value` turns: from what it shows at clock time `time`, over
  /// `duration` eased by `timing` (a zero duration jumps). Throws `RingError` for a value
  /// outside 0...100 or a duration outside 0...1e6 s.
  public func setProgress(
    _ value: Double, at time: MediaTime, duration: MediaTime = .milliseconds(250),
    timing: TimingFunction = .easeInEaseOut
  ) throws {
    guard let current = ring.progress else { return }
    let change = try ProgressChange(
      from: progress(at: time), beginTime: time, duration: duration, timing: timing)
    ring = try ring.with(progress: current.changing(to: value, change: change))
    ring.apply(to: self)
  }
}

/// The value a progress ring's layer shows at a clock time: the ring's colour flow and its
/// progress (with any animated change), laid out by `ProgressLayout`. One animation per
/// layer, so the renderer draws a progress ring from its layer tree like any other.
///
/// While the progress holds still it animates only the colours of its gradient layers
/// (geometry compiles once, and steady frames do not allocate); while it changes it
/// animates geometry too.
struct ProgressRingMotion: Animation {
  enum Role { case arc, arcMask, underlay, effect, effectMask }

  let ring: RainbowRing
  let progress: RingProgress
  let layout: ProgressLayout
  let role: Role
  let timing: AnimationTiming
  var delegate: (any AnimationDelegate)? { nil }
  var onStop: ((any Animation, Bool) -> Void)? { nil }

  init(ring: RainbowRing, progress: RingProgress, layout: ProgressLayout, role: Role) {
    self.ring = ring
    self.progress = progress
    self.layout = layout
    self.role = role
    // Always on: the clock time comes with the phase.
    timing = RingMotion(ring: ring).timing
  }

  var keyPath: PartialKeyPath<LayerProperties> {
    let moves = progress.change != nil
    switch role {
    case .arcMask, .effectMask: return \LayerProperties.strokeEnd
    case .arc, .underlay, .effect:
      return moves ? \LayerProperties.startPoint : \LayerProperties.colors
    }
  }

  func validateValues() throws {}

  func apply(
    _ phase: AnimationPhase, model: LayerProperties, to presented: inout LayerProperties
  ) {
    let t = phase.clockTime
    let p = max(0, progress.value(at: .nanoseconds(t)))
    let flow =
      ring.flows ? ColorFlow(count: ring.colors.count, step: ring.stepDuration, at: t) : .still
    ring.colors.withUnsafeBufferPointer { c0 in
      let color = { (j: Int) in flow.color(j, of: c0) }
      ProgressRingMotion.present(
        role, layout: layout, progress: progress, p: p, count: c0.count, color: color,
        into: &presented, geometry: progress.change != nil)
    }
  }

  /// Writes what layer `role` shows at progress `p` into `q`: the stops always, the geometry
  /// when `geometry`.
  static func present(
    _ role: Role, layout: ProgressLayout, progress: RingProgress, p: Double, count n: Int,
    color: (Int) -> RGBAColor, into q: inout LayerProperties, geometry: Bool
  ) {
    let rotation = ProgressLayout.rotation(p)
    switch role {
    case .arc:
      layout.write(
        p < 1 ? .arc(p) : .head, count: n, color: color, colors: &q.paint.colors,
        locations: &q.paint.locations)
      if geometry {
        (q.startPoint, q.endPoint) = layout.conicPoints(rotatedBy: rotation)
        q.isHidden = p <= 0
      }
    case .arcMask:
      // Up to a turn, the arc stroked with its caps; above, only the head's cap, filled (a
      // stroke along the head over the full ring would cover the ring's edges twice).
      if geometry {
        if p < 1 {
          q.path = layout.arcPath(from: 0, to: p)
          q.fillColor = .clear
          q.strokeColor = .black
        } else {
          q.path = layout.headCap(at: p, cap: progress.cap)
          q.fillColor = .black
          q.strokeColor = .clear
        }
      }
    case .effectMask:
      // The shadow falls on the ring ahead of the head; above a turn, not behind it (the
      // head's cap covers where it starts).
      if geometry {
        q.path =
          p < 1
          ? layout.arcPath(from: 0, to: 1)
          : layout.arcPath(from: p, to: p + ProgressLayout.headLength)
      }
    case .underlay:
      layout.write(
        .full, count: n, color: color, colors: &q.paint.colors, locations: &q.paint.locations)
      if geometry {
        (q.startPoint, q.endPoint) = layout.conicPoints(rotatedBy: rotation)
        q.isHidden = p < 1
      }
    case .effect:
      let head = ProgressLayout.color(at: p, count: n, color: color)
      writeEffect(progress.endEffect, head: head, into: &q)
      if geometry {
        let c = layout.point(at: p)
        let reach = effectRadius(progress.endEffect, layout.lineWidth) / layout.side
        q.startPoint = Point(x: c.x / layout.side, y: c.y / layout.side)
        q.endPoint = Point(x: q.startPoint.x + reach, y: q.startPoint.y + reach)
        q.isHidden = p <= 0 || progress.endEffect == .none
      }
    }
  }

  /// The effect's reach from the head's centre, in points.
  static func effectRadius(_ effect: RingEndEffect, _ lineWidth: Double) -> Double {
    effect == .glow ? lineWidth * 1.1 : lineWidth * 0.85
  }

  /// The effect's stops: a soft dark shadow, or a halo of the head's colour.
  static func writeEffect(_ effect: RingEndEffect, head: RGBAColor, into q: inout LayerProperties) {
    let base = effect == .glow ? head : .black
    let inner = effect == .glow ? 0.85 : 0.45
    let middle = effect == .glow ? 0.4 : 0.18
    if q.colors.count != 3 { q.colors = [.clear, .clear, .clear] }
    if q.locations.count != 3 { q.locations = [0, 0.45, 1] }
    q.colors[0] = base.withAlpha(inner * head.alpha)
    q.colors[1] = base.withAlpha(middle * head.alpha)
    q.colors[2] = base.withAlpha(0)
  }
}

/// The seed's colour flow at one time: during step k, with fraction f through it, stop j
/// mixes C0[(j - k) mod n] towards C0[(j - k - 1) mod n] by f.
struct ColorFlow {
  let shift: Int
  let fraction: Double

  static let still = ColorFlow(shift: 0, fraction: 0)

  private init(shift: Int, fraction: Double) {
    self.shift = shift
    self.fraction = fraction
  }

  /// The flow of `count` colours moving one stop every `step` at clock time `t` nanoseconds;
  /// floor division, so negative times run the loop backwards.
  init(count n: Int, step: MediaTime, at t: Int64) {
    let step = step.nanoseconds
    var k = t / step
    var within = t % step
    if within < 0 {
      k -= 1
      within += step
    }
    fraction = Double(within) / Double(step)
    shift = Int(((k % Int64(n)) + Int64(n)) % Int64(n))
  }

  @inline(__always)
  func color(_ j: Int, of c0: UnsafeBufferPointer<RGBAColor>) -> RGBAColor {
    let n = c0.count
    let from = c0[(j - shift + n) % n]
    let to = c0[(j - shift - 1 + 2 * n) % n]
    return from.interpolated(to: to, fraction: fraction)
  }
}

extension RGBAColor {
  /// This colour with its alpha replaced by `alpha` (clamped to 0...1).
  func withAlpha(_ alpha: Double) -> RGBAColor {
    RGBAColor(unchecked: red, green, blue, min(max(alpha, 0), 1))
  }
}

extension RainbowRing {
  /// A progress ring's layers (see `ProgressRingView`) for `progress`, at `origin`, each
  /// carrying its `ProgressRingMotion` when `animated`.
  public func makeProgressLayers(
    _ progress: RingProgress, origin: Point = .zero, animated: Bool = true
  ) -> ProgressRingView {
    let layout = ProgressLayout(size: size, ringWidth: ringWidth, progress: progress)
    let view = Layer()
    view.frame = Rect(origin: origin, size: size)
    let square = layout.square
    let local = Rect(x: 0, y: 0, width: square.width, height: square.height)

    let track = ShapeLayer()
    track.frame = square
    track.path = layout.arcPath(from: 0, to: 1)
    track.fillColor = nil
    track.strokeColor = progress.track
    track.lineWidth = progress.trackWidth ?? ringWidth

    func gradient(_ role: ProgressRingMotion.Role, masked path: BezierPath?) -> GradientLayer {
      let g = GradientLayer()
      g.frame = square
      g.type = role == .effect ? .radial : .conic
      if let path {
        let m = ShapeLayer()
        m.frame = local
        m.path = path
        m.fillColor = nil
        m.strokeColor = .black
        m.lineWidth = ringWidth
        m.lineCap = role == .arc ? progress.cap : .butt
        g.mask = m
      }
      return g
    }
    let underlay = gradient(.underlay, masked: layout.arcPath(from: 0, to: 1))
    let effect = gradient(
      .effect, masked: progress.endEffect == .shadow ? layout.arcPath(from: 0, to: 1) : nil)
    let arc = gradient(.arc, masked: BezierPath())
    view.addSublayer(track)
    view.addSublayer(underlay)
    view.addSublayer(effect)
    view.addSublayer(arc)
    let ring = progress == self.progress ? self : (try? with(progress: progress)) ?? self
    let rings = ProgressRingView(
      ring: ring, layout: layout, view: view, track: track, underlay: underlay, effect: effect,
      arc: arc, animated: animated)
    ring.apply(to: rings)
    return rings
  }

  /// This ring with `progress` in place of its own.
  func with(progress: RingProgress) throws -> RainbowRing {
    var copy = self
    copy.progress = progress
    return copy
  }

  /// Sets the model of `rings`' layers for this ring's progress (everything as it shows at
  /// time 0 with the flow stopped, geometry at the value the progress holds or starts from)
  /// and, when they animate, their motions.
  func apply(to rings: ProgressRingView) {
    guard let progress else { return }
    let layout = rings.layout
    let p0 = max(0, progress.value(at: .zero))
    var roles: [(Layer, ProgressRingMotion.Role)] = [
      (rings.arc, .arc), (rings.underlay, .underlay), (rings.effect, .effect),
      (rings.arc.mask!, .arcMask),
    ]
    if let mask = rings.effect.mask { roles.append((mask, .effectMask)) }
    colors.withUnsafeBufferPointer { c0 in
      let color = { (j: Int) in c0[j] }
      for (layer, role) in roles {
        ProgressRingMotion.present(
          role, layout: layout, progress: progress, p: p0, count: c0.count, color: color,
          into: &layer.properties, geometry: true)
      }
    }
    guard rings.animated else { return }
    for (layer, role) in roles {
      let moves =
        progress.change != nil && (role != .effect || progress.endEffect != .none)
      let colours =
        flows && role != .arcMask && role != .effectMask
        && (role != .effect || progress.endEffect == .glow)
      if moves || colours {
        // Valid by construction: each role's key path belongs to its layer's kind.
        try! layer.add(
          ProgressRingMotion(ring: self, progress: progress, layout: layout, role: role),
          forKey: "progress")
      } else {
        layer.removeAnimation(forKey: "progress")
      }
    }
  }
}
