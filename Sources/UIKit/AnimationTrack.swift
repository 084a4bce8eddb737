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

/// A value as Core Animation passes it in `Any`, with the numbers its key paths may name
/// beneath the property (`"x"` of `"position.x"`).
protocol CAValue: Interpolatable {
  /// The value in `raw` (an NSNumber, CGPoint, NSValue, CGColor, array of them), or nil.
  static func unboxed(_ raw: Any?) -> Self?
  /// The value as Core Animation hands it out.
  var boxed: Any { get }
  /// The numbers a key path may name beneath the property, by the rest of the key path.
  static var components: [String: WritableKeyPath<Self, Double>] { get }
  /// What a list keeps in place of an element it cannot read (nil drops it).
  static var unreadable: Self? { get }
}

extension CAValue {
  static var components: [String: WritableKeyPath<Self, Double>] { [:] }
  static var unreadable: Self? { nil }

  /// Whether `component` (nil for the whole value) names a number in this type's values.
  static func names(_ component: String?) -> Bool {
    component.map { components[$0] != nil } ?? true
  }

  /// The value, or its `component`, as Core Animation hands it out.
  func boxed(component: String?) -> Any {
    guard let component, let path = Self.components[component] else { return boxed }
    return NSNumber(value: self[keyPath: path])
  }
}

extension Double: CAValue {
  static func unboxed(_ raw: Any?) -> Double? { numberValue(raw) }
  var boxed: Any { NSNumber(value: self) }
}

extension Point: CAValue {
  static func unboxed(_ raw: Any?) -> Point? { pointValue(raw)?.point }
  var boxed: Any { CGPoint(self) }
  static var components: [String: WritableKeyPath<Point, Double>] { ["x": \.x, "y": \.y] }
}

extension Size: CAValue {
  static func unboxed(_ raw: Any?) -> Size? {
    switch raw {
    case let s as CGSize: s.size
    case let v as NSValue: v.sizeValue.size
    default: nil
    }
  }
  var boxed: Any { CGSize(self) }
  static var components: [String: WritableKeyPath<Size, Double>] {
    ["width": \.width, "height": \.height]
  }
}

extension Rect: CAValue {
  static func unboxed(_ raw: Any?) -> Rect? { rectValue(raw)?.rect }
  var boxed: Any { CGRect(self) }
  static var components: [String: WritableKeyPath<Rect, Double>] {
    [
      "origin.x": \.origin.x, "origin.y": \.origin.y, "size.width": \.size.width,
      "size.height": \.size.height,
    ]
  }
}

extension RGBAColor: CAValue {
  static func unboxed(_ raw: Any?) -> RGBAColor? {
    if let c = raw as? CGColor { return c.rgba }
    if raw is UIColor {
      Notice.once("uicolor", "Core Animation wants CGColor values (use .cgColor), not UIColor")
    }
    return nil
  }
  var boxed: Any { CGColor(self) }
  static var unreadable: RGBAColor? { .clear }
}

extension Transform3D: CAValue {
  static func unboxed(_ raw: Any?) -> Transform3D? { transformValue(raw)?.transform3D }
  var boxed: Any { NSValue(caTransform3D: CATransform3D(self)) }
  /// Core Animation's field paths of a transform: the parts it is taken apart into.
  static var components: [String: WritableKeyPath<Transform3D, Double>] {
    [
      "rotation": \.rotationZ, "rotation.x": \.rotationX, "rotation.y": \.rotationY,
      "rotation.z": \.rotationZ, "scale": \.uniformScale, "scale.x": \.scaleX,
      "scale.y": \.scaleY, "scale.z": \.scaleZ, "translation.x": \.translationX,
      "translation.y": \.translationY, "translation.z": \.translationZ,
    ]
  }

  var rotationX: Double {
    get { eulerAngles.x }
    set { self = withEulerAngles(SIMD3(newValue, eulerAngles.y, eulerAngles.z)) }
  }
  var rotationY: Double {
    get { eulerAngles.y }
    set { self = withEulerAngles(SIMD3(eulerAngles.x, newValue, eulerAngles.z)) }
  }
  var rotationZ: Double {
    get { eulerAngles.z }
    set { self = withEulerAngles(SIMD3(eulerAngles.x, eulerAngles.y, newValue)) }
  }
  /// The mean of the three scales; set, all three.
  var uniformScale: Double {
    get { (scaleX + scaleY + scaleZ) / 3 }
    set { self = withScale(SIMD3(newValue, newValue, newValue)) }
  }
  var scaleX: Double {
    get { partsOrAxes.scale.x }
    set { self = withScale(SIMD3(newValue, scaleY, scaleZ)) }
  }
  var scaleY: Double {
    get { partsOrAxes.scale.y }
    set { self = withScale(SIMD3(scaleX, newValue, scaleZ)) }
  }
  var scaleZ: Double {
    get { partsOrAxes.scale.z }
    set { self = withScale(SIMD3(scaleX, scaleY, newValue)) }
  }
  var translationX: Double {
    get { partsOrAxes.translation.x }
    set { self = withTranslation(SIMD3(newValue, translationY, translationZ)) }
  }
  var translationY: Double {
    get { partsOrAxes.translation.y }
    set { self = withTranslation(SIMD3(translationX, newValue, translationZ)) }
  }
  var translationZ: Double {
    get { partsOrAxes.translation.z }
    set { self = withTranslation(SIMD3(translationX, translationY, newValue)) }
  }
}

extension Array: CAValue where Element: CAValue {
  static func unboxed(_ raw: Any?) -> [Element]? {
    (raw as? [Any])?.compactMap { Element.unboxed($0) ?? Element.unreadable }
  }
  var boxed: Any { map(\.boxed) }
}

/// A Core Animation key path as this module draws it: a declared property of the engine's
/// layers (`LayerProperties.animatable`), or a number beneath one (`"position.x"`).
struct CAKeyPath {
  let property: any AnyLayerProperty
  /// The rest of the key path, naming a number in the property's value; nil for the whole.
  let component: String?

  /// `name` on a layer of `kind`, or nil when this module does not draw it there.
  init?(_ name: String, on kind: LayerKind) {
    var head = name
    var rest: String?
    if LayerProperties.animatable(named: name) == nil, let dot = name.firstIndex(of: ".") {
      head = String(name[..<dot])
      rest = String(name[name.index(after: dot)...])
    }
    guard let property = LayerProperties.animatable(named: head), property.kinds.contains(kind),
      CAKeyPath.bridges(property, component: rest)
    else { return nil }
    self.property = property
    component = rest
  }

  private static func bridges<P: AnyLayerProperty>(_ p: P, component: String?) -> Bool {
    guard let type = P.Value.self as? any CAValue.Type else { return false }
    return type.names(component)
  }

  /// The value it names in `p`, as Core Animation hands it out.
  func boxed(in p: LayerProperties) -> Any? {
    (p[keyPath: property.partialKeyPath] as? any CAValue)?.boxed(component: component)
  }

  /// What `animation` writes through this key path.
  func track(for animation: CAPropertyAnimation) -> any TrackWriter {
    CAKeyPath.track(property, component: component, samples: CAKeyPath.samples(of: animation))
  }

  private static func track<P: AnyLayerProperty>(
    _ p: P, component: String?, samples: Samples
  ) -> any TrackWriter {
    let type = P.Value.self as! any CAValue.Type  // checked by init
    return track(type, p.keyPath, component: component, samples: samples)
  }

  private static func track<Value: CAValue>(
    _ type: Value.Type, _ keyPath: AnyKeyPath, component: String?, samples: Samples
  ) -> any TrackWriter {
    let whole = keyPath as! WritableKeyPath<LayerProperties, Value>
    if let component, let part = Value.components[component] {
      return Track(keyPath: whole.appending(path: part), samples: samples)
    }
    return Track(keyPath: whole, samples: samples)
  }

  /// An animation's values, not yet read: key times, curves and whether they are discrete.
  struct Samples {
    var raw: [Any?]
    var keyTimes: [Double]
    var functions: [TimingFunction?]
    var discrete: Bool
  }

  /// An animation's values as keyframes: a basic animation's from and to (nil for the
  /// value beneath), or a keyframe animation's list.
  private static func samples(of animation: CAPropertyAnimation) -> Samples {
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
      return Samples(raw: values, keyTimes: times, functions: functions, discrete: discrete)
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
    return Samples(raw: [from, to], keyTimes: [0, 1], functions: [], discrete: false)
  }
}

/// Writes an animation's value at an eased fraction into a presented layer.
protocol TrackWriter {
  func write(_ f: Double, into p: inout LayerProperties)
}

/// An animation's keyframes for one value in a layer's values.
struct Track<Value: CAValue>: TrackWriter {
  let keyPath: WritableKeyPath<LayerProperties, Value>
  let keyframes: Keyframes<Value>

  init(keyPath: WritableKeyPath<LayerProperties, Value>, samples: CAKeyPath.Samples) {
    self.keyPath = keyPath
    keyframes = Keyframes(
      values: samples.raw.map(Value.unboxed), keyTimes: samples.keyTimes,
      functions: samples.functions, discrete: samples.discrete)
  }

  func write(_ f: Double, into p: inout LayerProperties) {
    keyframes.write(f, into: &p[keyPath: keyPath])
  }
}

/// A Core Animation animation as the engine runs it: the added copy, its tracks and its
/// stop callback.
struct BridgedAnimation: Animation {
  let keyPaths: [PartialKeyPath<LayerProperties>]
  let timing: AnimationTiming
  var delegate: (any AnimationDelegate)? { nil }
  let onStop: ((any Animation, Bool) -> Void)?
  /// The copy the layer holds (what `animation(forKey:)` returns).
  let source: CAAnimation
  /// What it writes: one track for a property animation (none for a key path this module
  /// does not draw), or a group's children, each with its timing in the group's time.
  let tracks: [(timing: AnimationTiming?, writer: any TrackWriter)]

  var keyPath: PartialKeyPath<LayerProperties> { keyPaths.first ?? \LayerProperties.opacity }

  func validateValues() throws {}

  func apply(_ phase: AnimationPhase, model: LayerProperties, to presented: inout LayerProperties) {
    for (timing, writer) in tracks {
      guard let timing else {
        writer.write(phase.fraction, into: &presented)
        continue
      }
      // A child runs in the group's time: the time into the group's (eased) pass.
      guard let child = timing.phase(at: phase.elapsed, begin: timing.beginTime.nanoseconds)
      else { continue }
      writer.write(child.fraction, into: &presented)
    }
  }
}
