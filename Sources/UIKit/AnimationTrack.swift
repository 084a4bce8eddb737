import RingGraphics
import RingLayers

/// Values at key times (fractions of an iteration); `nil` stands for the value beneath
/// (the model's, or an earlier animation's).
struct Keyframes<Value: Interpolatable> {
  var values: [Value?]
  var keyTimes: [Double]
  /// One per segment, or none (linear).
  var functions: [TimingFunction?]
  var discrete: Bool

  /// Writes the value at eased fraction `f` of the iteration into `value`, which holds the
  /// value beneath.
  func write(_ f: Double, into value: inout Value) {
    let n = values.count
    guard n > 0 else { return }
    if n == 1 || discrete {
      var i = 0
      while i + 1 < n && keyTimes[i + 1] <= f { i += 1 }
      if let v = values[i] { value = v }
      return
    }
    var i = 0
    while i + 2 < n && keyTimes[i + 1] <= f { i += 1 }
    let (t0, t1) = (keyTimes[i], keyTimes[i + 1])
    var local = t1 > t0 ? (f - t0) / (t1 - t0) : 1
    local = min(1, max(0, local))
    if i < functions.count, let curve = functions[i] { local = curve.progress(at: local) }
    switch (values[i], values[i + 1]) {
    case (let a?, let b?): value.interpolate(from: a, to: b, fraction: local)
    case (let a?, nil):
      let beneath = value
      value.interpolate(from: a, to: beneath, fraction: local)
    case (nil, let b?):
      let beneath = value
      value.interpolate(from: beneath, to: b, fraction: local)
    case (nil, nil): break
    }
  }
}

/// What an animation writes into a presented layer.
enum AnimationTrack {
  case none
  case number(WritableKeyPath<LayerProperties, Double>, Keyframes<Double>)
  case point(WritableKeyPath<LayerProperties, Point>, Keyframes<Point>)
  case rect(WritableKeyPath<LayerProperties, Rect>, Keyframes<Rect>)
  case color(WritableKeyPath<LayerProperties, RGBAColor>, Keyframes<RGBAColor>)
  case colors(Keyframes<[RGBAColor]>)
  case locations(Keyframes<[Double]>)

  func write(_ f: Double, into p: inout LayerProperties) {
    switch self {
    case .none: break
    case .number(let path, let k): k.write(f, into: &p[keyPath: path])
    case .point(let path, let k): k.write(f, into: &p[keyPath: path])
    case .rect(let path, let k): k.write(f, into: &p[keyPath: path])
    case .color(let path, let k): k.write(f, into: &p[keyPath: path])
    case .colors(let k): k.write(f, into: &p.colors)
    case .locations(let k): k.write(f, into: &p.locations)
    }
  }

  /// The kinds of value a key path takes, with the engine's property it writes.
  enum Kind {
    case number(WritableKeyPath<LayerProperties, Double>)
    case point(WritableKeyPath<LayerProperties, Point>)
    case rect(WritableKeyPath<LayerProperties, Rect>)
    case color(WritableKeyPath<LayerProperties, RGBAColor>)
    case colors
    case locations
  }

  /// Core Animation key paths this module draws: (the engine property named, what it takes,
  /// the layer kinds that have it).
  static func kind(of keyPath: String, on layer: LayerKind) -> (String, Kind)? {
    let all: Set<LayerKind> = [.plain, .gradient, .shape]
    let table: [String: (String, Kind, Set<LayerKind>)] = [
      "opacity": ("opacity", .number(\.opacity), all),
      "position": ("position", .point(\.position), all),
      "position.x": ("position", .number(\.position.x), all),
      "position.y": ("position", .number(\.position.y), all),
      "bounds": ("bounds", .rect(\.bounds), all),
      "bounds.origin.x": ("bounds", .number(\.bounds.origin.x), all),
      "bounds.origin.y": ("bounds", .number(\.bounds.origin.y), all),
      "bounds.size.width": ("bounds", .number(\.bounds.size.width), all),
      "bounds.size.height": ("bounds", .number(\.bounds.size.height), all),
      "anchorPoint": ("anchorPoint", .point(\.anchorPoint), all),
      "backgroundColor": ("backgroundColor", .color(\.backgroundColor), all),
      "colors": ("colors", .colors, [.gradient]),
      "locations": ("locations", .locations, [.gradient]),
      "startPoint": ("startPoint", .point(\.startPoint), [.gradient]),
      "endPoint": ("endPoint", .point(\.endPoint), [.gradient]),
      "fillColor": ("fillColor", .color(\.fillColor), [.shape]),
      "strokeColor": ("strokeColor", .color(\.strokeColor), [.shape]),
      "lineWidth": ("lineWidth", .number(\.lineWidth), [.shape]),
      "miterLimit": ("miterLimit", .number(\.miterLimit), [.shape]),
      "strokeStart": ("strokeStart", .number(\.strokeStart), [.shape]),
      "strokeEnd": ("strokeEnd", .number(\.strokeEnd), [.shape]),
    ]
    guard let (name, kind, kinds) = table[keyPath], kinds.contains(layer) else { return nil }
    return (name, kind)
  }

  /// The track of `animation` on a layer of `layer` kind: `.none` (with a note, once) for a
  /// key path this module does not draw.
  static func make(for animation: CAPropertyAnimation, on layer: LayerKind) -> (
    PartialKeyPath<LayerProperties>, AnimationTrack
  ) {
    let name = animation.keyPath ?? ""
    guard let (property, kind) = kind(of: name, on: layer),
      let engine = LayerProperties.animatable(named: property)
    else {
      if !name.isEmpty {
        Notice.once(
          "key:\(name)",
          "animating '\(name)' is not drawn here: the animation runs and its delegate hears of it, but nothing changes"
        )
      }
      return (\LayerProperties.opacity, .none)
    }
    let (raw, keyTimes, functions, discrete) = samples(of: animation)
    let track: AnimationTrack
    switch kind {
    case .number(let path):
      track = .number(
        path,
        Keyframes(
          values: raw.map(numberValue), keyTimes: keyTimes, functions: functions, discrete: discrete
        ))
    case .point(let path):
      track = .point(
        path,
        Keyframes(
          values: raw.map { pointValue($0)?.point }, keyTimes: keyTimes, functions: functions,
          discrete: discrete))
    case .rect(let path):
      track = .rect(
        path,
        Keyframes(
          values: raw.map { rectValue($0)?.rect }, keyTimes: keyTimes, functions: functions,
          discrete: discrete))
    case .color(let path):
      track = .color(
        path,
        Keyframes(
          values: raw.map(colorValue), keyTimes: keyTimes, functions: functions, discrete: discrete)
      )
    case .colors:
      track = .colors(
        Keyframes(
          values: raw.map(colorList), keyTimes: keyTimes, functions: functions, discrete: discrete))
    case .locations:
      track = .locations(
        Keyframes(
          values: raw.map { ($0 as? [Any])?.compactMap(numberValue) }, keyTimes: keyTimes,
          functions: functions, discrete: discrete))
    }
    return (engine.keyPath, track)
  }

  /// An animation's values as keyframes: a basic animation's from and to (nil for the
  /// value beneath), or a keyframe animation's list.
  private static func samples(of animation: CAPropertyAnimation) -> (
    [Any?], [Double], [TimingFunction?], Bool
  ) {
    if let keyframes = animation as? CAKeyframeAnimation {
      if keyframes.path != nil {
        Notice.once("path", "CAKeyframeAnimation.path is not drawn here: use values")
      }
      let values: [Any?] = keyframes.values ?? []
      let n = values.count
      let discrete = keyframes.calculationMode == .discrete
      var times = (keyframes.keyTimes ?? []).map { $0.doubleValue }
      if times.count < n || n < 2 {
        // Evenly spaced: discrete values each hold 1/n of the time; linear ones are reached
        // at i/(n - 1).
        times = (0..<n).map { i in
          discrete ? Double(i) / Double(n) : n > 1 ? Double(i) / Double(n - 1) : 0
        }
      }
      let functions = (keyframes.timingFunctions ?? []).map { Optional($0.function) }
      return (values, times, functions, discrete)
    }
    let basic = animation as? CABasicAnimation
    var from = basic?.fromValue
    var to = basic?.toValue
    if let by = basic?.byValue.flatMap(numberValue) {
      if to == nil, let f = from.flatMap(numberValue) {
        to = f + by
      } else if from == nil, let t = to.flatMap(numberValue) {
        from = t - by
      } else {
        Notice.once("byValue", "byValue without fromValue or toValue is not drawn here")
      }
    }
    return ([from, to], [0, 1], [], false)
  }

  private static func colorValue(_ value: Any?) -> RGBAColor? {
    if let c = value as? CGColor { return c.rgba }
    if value is UIColor {
      Notice.once("uicolor", "Core Animation wants CGColor values (use .cgColor), not UIColor")
    }
    return nil
  }

  private static func colorList(_ value: Any?) -> [RGBAColor]? {
    guard let list = value as? [Any] else { return nil }
    return list.map { colorValue($0) ?? .clear }
  }
}

/// A Core Animation animation as the engine runs it: the added copy, its track and its
/// stop callback.
struct BridgedAnimation: Animation {
  let keyPath: PartialKeyPath<LayerProperties>
  let timing: AnimationTiming
  var delegate: (any AnimationDelegate)? { nil }
  let onStop: ((any Animation, Bool) -> Void)?
  /// The copy the layer holds (what `animation(forKey:)` returns).
  let source: CAAnimation
  let track: AnimationTrack

  func validateValues() throws {}

  func apply(_ phase: AnimationPhase, model: LayerProperties, to presented: inout LayerProperties) {
    track.write(phase.fraction, into: &presented)
  }
}
