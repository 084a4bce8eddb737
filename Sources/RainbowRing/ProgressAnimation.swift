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
  /// The label's layer, on top, if the ring has a label.
  public let label: ShapeLayer?
  let layout: ProgressLayout
  let animated: Bool

  init(
    ring: RainbowRing, layout: ProgressLayout, view: Layer, track: ShapeLayer,
    underlay: GradientLayer, effect: GradientLayer, arc: GradientLayer, label: ShapeLayer?,
    animated: Bool
  ) {
    self.ring = ring
    self.layout = layout
    self.view = view
    self.track = track
    self.underlay = underlay
    self.effect = effect
    self.arc = arc
    self.label = label
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

/// The progress of a progress ring's layer as an animation: what the layer shows at progress
/// p turns, p read from the animation's own phase (`from + (to - from) * fraction`, `to`
/// once the pass ends). Its timing is the ring's `ProgressChange`'s (begin, duration,
/// curve), filled both ways and never removed; a progress that holds still has `from` equal
/// to `to`.
///
/// A gradient layer's palette comes from beneath: the model's colours, or the flowed ones
/// that the ring's colour flow (`RingMotion`, added first) writes; this animation reshapes
/// those `n` colours, in place, into the layer's stops for p (the arc's, the full ring's or
/// the end effect's). While the progress changes it also writes the geometry for p (the
/// gradient's points, whether it is hidden, the masks' paths); while it holds still it
/// declares and writes only the stops, and the geometry is the model's.
struct ProgressAnimation: Animation {
  enum Role { case arc, arcMask, underlay, effect, effectMask }

  let role: Role
  let layout: ProgressLayout
  let cap: LineCap
  let endEffect: RingEndEffect
  /// The progress at the start and at the end of the pass, in turns.
  let from: Double
  let to: Double
  let timing: AnimationTiming
  var delegate: (any AnimationDelegate)? { nil }
  var onStop: ((any Animation, Bool) -> Void)? { nil }

  init(role: Role, layout: ProgressLayout, progress: RingProgress) {
    self.role = role
    self.layout = layout
    cap = progress.cap
    endEffect = progress.endEffect
    from = progress.change?.from ?? progress.value
    to = progress.value
    timing = ProgressAnimation.timing(of: progress.change)
  }

  /// The timing of `change` (a still progress's when `nil`): filled both ways and kept
  /// after its end, so that it shows its start before the change and its end after it.
  static func timing(of change: ProgressChange?) -> AnimationTiming {
    var timing = AnimationTiming()
    timing.fillMode = .both
    timing.isRemovedOnCompletion = false
    guard let change else { return timing }
    var begin = change.beginTime
    var duration = change.duration
    if duration == .zero {
      // A jump at the begin time: a zero duration is Core Animation's default of 0.25 s,
      // so a pass of one nanosecond ending there.
      begin = begin - .nanoseconds(1)
      duration = .nanoseconds(1)
    }
    timing.beginTime = begin
    timing.duration = duration
    timing.timingFunction = change.timing
    if begin == .zero {
      // A zero begin time means "when added"; the same start, written without it.
      timing.beginTime = .nanoseconds(-1)
      timing.timeOffset = .nanoseconds(-1)
    }
    return timing
  }

  /// Whether the progress changes: then the geometry moves with it.
  var moves: Bool { from != to }

  var keyPath: PartialKeyPath<LayerProperties> { keyPaths[0] }

  var keyPaths: [PartialKeyPath<LayerProperties>] {
    switch role {
    case .arc, .underlay, .effect:
      let stops: [PartialKeyPath<LayerProperties>] = [
        \LayerProperties.colors, \LayerProperties.locations,
      ]
      let geometry: [PartialKeyPath<LayerProperties>] = [
        \LayerProperties.startPoint, \LayerProperties.endPoint, \LayerProperties.isHidden,
      ]
      return moves ? stops + geometry : stops
    case .arcMask:
      return [
        \LayerProperties.path, \LayerProperties.fillColor, \LayerProperties.strokeColor,
        \LayerProperties.strokeEnd,
      ]
    case .effectMask:
      return [\LayerProperties.path]
    }
  }

  func validateValues() throws {}

  func apply(
    _ phase: AnimationPhase, model: LayerProperties, to presented: inout LayerProperties
  ) {
    let p = ProgressAnimation.progress(phase, from: from, to: to)
    ProgressAnimation.present(
      role, layout: layout, cap: cap, endEffect: endEffect, p: p, into: &presented,
      stops: true, geometry: moves)
  }

  /// The progress shown at `phase` of a change from `from` to `to` turns: `to` once the
  /// pass ends, never below 0.
  static func progress(_ phase: AnimationPhase, from: Double, to: Double) -> Double {
    max(0, phase.fraction >= 1 ? to : from + (to - from) * phase.fraction)
  }

  /// Writes what layer `role` shows at progress `p` into `q`: when `stops`, the stops made
  /// from the palette `q` holds (evenly spaced colours); when `geometry`, the geometry, the
  /// masks below a turn being the layout's kept turn trimmed: a moving arc keeps its path,
  /// so its outline is only trimmed and stroked again each frame, and nothing is allocated.
  static func present(
    _ role: Role, layout: ProgressLayout, cap: LineCap, endEffect: RingEndEffect, p: Double,
    into q: inout LayerProperties, stops: Bool, geometry: Bool
  ) {
    let rotation = ProgressLayout.rotation(p)
    switch role {
    case .arc:
      if stops {
        layout.reshape(
          p < 1 ? .arc(p) : .head, colors: &q.paint.colors, locations: &q.paint.locations)
      }
      if geometry {
        (q.startPoint, q.endPoint) = layout.conicPoints(rotatedBy: rotation)
        q.isHidden = p <= 0
      }
    case .arcMask:
      // Up to a turn, the arc stroked with its caps; above, only the head's cap, filled (a
      // stroke along the head over the full ring would cover the ring's edges twice).
      if geometry {
        if p < 1 {
          q.path = layout.turn
          q.strokeEnd = p
          q.fillColor = .clear
          q.strokeColor = .black
        } else {
          q.path = layout.headCap(at: p, cap: cap)
          q.strokeEnd = 1
          q.fillColor = .black
          q.strokeColor = .clear
        }
      }
    case .effectMask:
      // The shadow falls on the ring ahead of the head; above a turn, not behind it (the
      // head's cap covers where it starts).
      if geometry {
        q.path = p < 1 ? layout.turn : layout.arcPath(from: p, to: p + ProgressLayout.headLength)
      }
    case .underlay:
      if stops {
        layout.reshape(.full, colors: &q.paint.colors, locations: &q.paint.locations)
      }
      if geometry {
        (q.startPoint, q.endPoint) = layout.conicPoints(rotatedBy: rotation)
        q.isHidden = p < 1
      }
    case .effect:
      if stops {
        let head = q.paint.colors.withUnsafeBufferPointer { c in
          ProgressLayout.color(at: p, count: c.count) { c[$0] }
        }
        writeEffect(endEffect, head: head, into: &q)
      }
      if geometry {
        let c = layout.point(at: p)
        let reach = effectRadius(endEffect, layout.lineWidth) / layout.side
        q.startPoint = Point(x: c.x / layout.side, y: c.y / layout.side)
        q.endPoint = Point(x: q.startPoint.x + reach, y: q.startPoint.y + reach)
        q.isHidden = p <= 0 || endEffect == .none
      }
    }
  }

  /// The effect's reach from the head's centre, in points.
  static func effectRadius(_ effect: RingEndEffect, _ lineWidth: Double) -> Double {
    effect == .glow ? lineWidth * 1.1 : lineWidth * 0.85
  }

  /// The effect's stops: a soft dark shadow, or a halo of the head's colour. Keeps the
  /// arrays' storage.
  static func writeEffect(_ effect: RingEndEffect, head: RGBAColor, into q: inout LayerProperties) {
    let base = effect == .glow ? head : .black
    let inner = effect == .glow ? 0.85 : 0.45
    let middle = effect == .glow ? 0.4 : 0.18
    ProgressLayout.resize(&q.paint.colors, to: 3, with: .clear)
    ProgressLayout.resize(&q.paint.locations, to: 3, with: 0)
    q.colors[0] = base.withAlpha(inner * head.alpha)
    q.colors[1] = base.withAlpha(middle * head.alpha)
    q.colors[2] = base.withAlpha(0)
    func locate(_ k: Int, _ x: Double) {
      if q.locations[k] != x { ProgressLayout.store(x, at: k, in: &q.paint.locations) }
    }
    locate(0, 0)
    locate(1, 0.45)
    locate(2, 1)
  }
}

extension RGBAColor {
  /// This colour with its alpha replaced by `alpha` (clamped to 0...1).
  func withAlpha(_ alpha: Double) -> RGBAColor {
    RGBAColor(unchecked: red, green, blue, min(max(alpha, 0), 1))
  }
}

extension RainbowRing {
  /// A progress ring's layers (see `ProgressRingView`) for `progress`, at `origin`, with
  /// their animations when `animated` (see `apply(to:)`).
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
    track.path = layout.turn
    track.fillColor = nil
    track.strokeColor = progress.track
    track.lineWidth = progress.trackWidth ?? ringWidth

    func gradient(_ role: ProgressAnimation.Role, masked path: BezierPath?) -> GradientLayer {
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
    let underlay = gradient(.underlay, masked: layout.turn)
    let effect = gradient(.effect, masked: progress.endEffect == .shadow ? layout.turn : nil)
    let arc = gradient(.arc, masked: BezierPath())
    view.addSublayer(track)
    view.addSublayer(underlay)
    view.addSublayer(effect)
    view.addSublayer(arc)
    let labelLayer = label?.makeLayer(size: size, progress: max(0, progress.value(at: .zero)))
    if let labelLayer { view.addSublayer(labelLayer) }
    let ring = progress == self.progress ? self : (try? with(progress: progress)) ?? self
    let rings = ProgressRingView(
      ring: ring, layout: layout, view: view, track: track, underlay: underlay, effect: effect,
      arc: arc, label: labelLayer, animated: animated)
    ring.apply(to: rings)
    return rings
  }

  /// This ring with `progress` in place of its own.
  func with(progress: RingProgress) throws -> RainbowRing {
    var copy = self
    copy.progress = progress
    return copy
  }

  /// Sets the model and the animations of `rings`' layers for this ring's progress.
  ///
  /// When nothing moves (not `animated`, or a still progress on a ring that does not flow)
  /// the layers carry no animations and their models show the ring as at time 0: the stops
  /// for the progress then, geometry alike. Otherwise each gradient layer shown (the arc,
  /// the full ring, the end effect unless there is none) carries, in this order, the ring's
  /// colour flow (`RingMotion`, under `"colors"`, when the ring flows) and its
  /// `ProgressAnimation` (under `"progress"`), and its model holds the palette for them to
  /// reshape; the masks carry a `ProgressAnimation` while the progress changes. Geometry in
  /// the models is the progress's at time 0.
  func apply(to rings: ProgressRingView) {
    guard let progress else { return }
    let layout = rings.layout
    let p0 = max(0, progress.value(at: .zero))
    if let label, let layer = rings.label {
      layer.removeAnimation(forKey: "label")
      layer.path = label.path(label.text(progress: p0), in: size)
      if rings.animated && label.followsProgress && progress.change != nil {
        // Valid by construction: a path animation on a shape layer.
        try! layer.add(
          LabelAnimation(label: label, size: size, progress: progress), forKey: "label")
      }
    }
    var roles: [(Layer, ProgressAnimation.Role)] = [
      (rings.arc, .arc), (rings.underlay, .underlay), (rings.effect, .effect),
      (rings.arc.mask!, .arcMask),
    ]
    if let mask = rings.effect.mask { roles.append((mask, .effectMask)) }
    let moves = rings.animated && (flows || progress.change != nil)
    for (layer, role) in roles {
      let animation = ProgressAnimation(role: role, layout: layout, progress: progress)
      let shaped = role != .arcMask && role != .effectMask
      let animated =
        moves && (shaped ? role != .effect || progress.endEffect != .none : animation.moves)
      layer.removeAnimation(forKey: "progress")
      layer.removeAnimation(forKey: "colors")
      if shaped {
        layer.properties.colors = colors
        layer.properties.locations = []
      }
      ProgressAnimation.present(
        role, layout: layout, cap: progress.cap, endEffect: progress.endEffect, p: p0,
        into: &layer.properties, stops: shaped && !animated, geometry: true)
      guard animated else { continue }
      // Valid by construction: each declared property belongs to its layer's kind.
      if shaped && flows { try! layer.add(motion, forKey: "colors") }
      try! layer.add(animation, forKey: "progress")
    }
  }
}
