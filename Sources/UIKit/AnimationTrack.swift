import RingGraphics
import RingLayers

/// Values at key times (fractions of an iteration); `nil` stands for the value beneath
/// (the model's, or an earlier animation's).
struct Keyframes<Value: CAValue> {
  var values: [Value?]
  var keyTimes: [Double]
  /// One per segment, or none (linear).
  var functions: [TimingFunction?]
  var discrete: Bool
  /// Kochanek–Bartels tangents (incoming, outgoing) at each value, as vectors: the segments
  /// are cubic Hermite curves; nil for straight segments.
  var tangents: [(in: [Double], out: [Double])]?
  /// For constant speed along the curve (`cubicPaced`): (fraction of the length, segment,
  /// parameter in the segment), in order of length; nil otherwise.
  var pacing: [(at: Double, segment: Int, s: Double)]?
  /// The values as vectors, when cubic.
  var vectors: [[Double]] = []
  /// Whether a fraction outside 0...1 (a spring's) runs on along the first or last segment.
  var extrapolates = false

  init(
    values: [Value?], keyTimes: [Double], functions: [TimingFunction?],
    mode: KeyframeMode = .linear, tension: [Double] = [], continuity: [Double] = [],
    bias: [Double] = [], extrapolates: Bool = false
  ) {
    self.values = values
    self.keyTimes = keyTimes
    self.functions = functions
    self.extrapolates = extrapolates
    discrete = mode == .discrete
    let n = values.count
    // Paced and cubic modes need every value and a vector for each; else linear.
    let vectors = values.compactMap { $0?.vector }
    guard mode != .linear, mode != .discrete, n > 1, vectors.count == n else { return }
    if mode == .paced {
      var lengths = [0.0]
      for i in 1..<n {
        lengths.append(lengths[i - 1] + Keyframes.distance(vectors[i - 1], vectors[i]))
      }
      guard let total = lengths.last, total > 0 else { return }
      self.keyTimes = lengths.map { $0 / total }
      self.functions = []
      return
    }
    self.vectors = vectors
    tangents = Keyframes.tangents(vectors, tension: tension, continuity: continuity, bias: bias)
    guard mode == .cubicPaced else { return }
    self.functions = []
    // Arc length by chords of 64 steps a segment.
    let steps = 64
    var table: [(at: Double, segment: Int, s: Double)] = [(0, 0, 0)]
    var length = 0.0
    for i in 0..<(n - 1) {
      var last = vectors[i]
      for k in 1...steps {
        let s = Double(k) / Double(steps)
        let v = hermite(i, s, vectors)
        length += Keyframes.distance(last, v)
        last = v
        table.append((length, i, s))
      }
    }
    guard length > 0 else {
      tangents = nil
      return
    }
    pacing = table.map { ($0.at / length, $0.segment, $0.s) }
  }

  static func distance(_ a: [Double], _ b: [Double]) -> Double {
    zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
  }

  /// Kochanek–Bartels tangents at each of `p` (one tension, continuity and bias per value,
  /// 0 when missing), the chords beyond the ends taken as zero: outgoing
  /// `(1−t)(1+b)(1+c)/2·(Pᵢ−Pᵢ₋₁) + (1−t)(1−b)(1−c)/2·(Pᵢ₊₁−Pᵢ)`, incoming with `c` negated.
  /// All zero, they are Catmull-Rom's.
  static func tangents(
    _ p: [[Double]], tension: [Double], continuity: [Double], bias: [Double]
  ) -> [(in: [Double], out: [Double])] {
    let n = p.count
    return (0..<n).map { i in
      let t = i < tension.count ? tension[i] : 0
      let c = i < continuity.count ? continuity[i] : 0
      let b = i < bias.count ? bias[i] : 0
      let before = i > 0 ? zip(p[i], p[i - 1]).map { $0 - $1 } : p[i].map { _ in 0 }
      let after = i + 1 < n ? zip(p[i + 1], p[i]).map { $0 - $1 } : p[i].map { _ in 0 }
      func mix(_ wa: Double, _ wb: Double) -> [Double] {
        zip(before, after).map { wa * $0 + wb * $1 }
      }
      let out = mix((1 - t) * (1 + b) * (1 + c) / 2, (1 - t) * (1 - b) * (1 - c) / 2)
      let into = mix((1 - t) * (1 + b) * (1 - c) / 2, (1 - t) * (1 - b) * (1 + c) / 2)
      return (into, out)
    }
  }

  /// The cubic Hermite segment from value `i` to `i + 1` at parameter `s`.
  func hermite(_ i: Int, _ s: Double, _ p: [[Double]]) -> [Double] {
    let (s2, s3) = (s * s, s * s * s)
    let h00 = 2 * s3 - 3 * s2 + 1
    let h10 = s3 - 2 * s2 + s
    let h01 = -2 * s3 + 3 * s2
    let h11 = s3 - s2
    let m0 = tangents![i].out
    let m1 = tangents![i + 1].in
    return (0..<p[i].count).map { k in
      h00 * p[i][k] + h10 * m0[k] + h01 * p[i + 1][k] + h11 * m1[k]
    }
  }

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
    if let pacing, let template = values[0] {
      let g = min(1, max(0, f))
      var lo = 0
      var hi = pacing.count - 1
      while hi - lo > 1 {
        let mid = (lo + hi) / 2
        if pacing[mid].at <= g { lo = mid } else { hi = mid }
      }
      let (a, b) = (pacing[lo], pacing[hi])
      let u = b.at > a.at ? (g - a.at) / (b.at - a.at) : 0
      let segment = b.segment
      let s0 = a.segment == segment ? a.s : 0
      let s = s0 + (b.s - s0) * u
      value = template.with(vector: hermite(segment, s, vectors))
      return
    }
    var i = 0
    while i + 2 < n && keyTimes[i + 1] <= f { i += 1 }
    let (t0, t1) = (keyTimes[i], keyTimes[i + 1])
    var local = t1 > t0 ? (f - t0) / (t1 - t0) : 1
    if !extrapolates || (0...1).contains(local) || (i > 0 && local < 0) || (i + 2 < n && local > 1)
    {
      local = min(1, max(0, local))
      if i < functions.count, let curve = functions[i] { local = curve.progress(at: local) }
    }
    if tangents != nil, let a = values[i] {
      value = a.with(vector: hermite(i, local, vectors))
      return
    }
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

/// How keyframes are joined: Core Animation's calculation modes.
enum KeyframeMode: Hashable {
  case linear, discrete, paced, cubic, cubicPaced
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
  /// Reads and sets the number `components` names by `name` without its key path, or nil.
  static func componentAccessor(_ name: String) -> ComponentAccessor<Self, Double>?
  /// What a list keeps in place of an element it cannot read (nil drops it).
  static var unreadable: Self? { get }
  /// The value as a vector in which distances and cubic curves make sense (a number, a
  /// point's x and y, a rectangle's origin and size, a colour's components), or nil.
  var vector: [Double]? { get }
  /// The value with `vector` in place of its own (colours clamped to 0...1).
  func with(vector: [Double]) -> Self
  /// The values a key path may name beneath the property that are sizes
  /// (`"translation"` of `"transform.translation"`).
  static var sizeComponents: [String: WritableKeyPath<Self, Size>] { get }
  /// The values a key path may name beneath the property that are points (`"origin"` of
  /// `"bounds.origin"`).
  static var pointComponents: [String: WritableKeyPath<Self, Point>] { get }
  /// What adding nothing gives (a number's 0, a transform's identity): an additive
  /// animation of `byValue` alone runs from it; nil for values that do not add.
  static var additiveZero: Self? { get }
  /// `other` added to this value, as an additive animation adds its value to the one
  /// beneath (a transform's is applied first); `other` for values that do not add.
  func adding(_ other: Self) -> Self
  /// The value that, added to `base`, gives this one (what UIKit's additive animations run
  /// from); nil for values that do not add, or a transform beneath that cannot be undone.
  func subtracting(_ base: Self) -> Self?
}

extension CAValue {
  static func componentAccessor(_ name: String) -> ComponentAccessor<Self, Double>? { nil }
  static var components: [String: WritableKeyPath<Self, Double>] { [:] }
  static var unreadable: Self? { nil }
  var vector: [Double]? { nil }
  func with(vector: [Double]) -> Self { self }
  static var sizeComponents: [String: WritableKeyPath<Self, Size>] { [:] }
  static var pointComponents: [String: WritableKeyPath<Self, Point>] { [:] }
  static var additiveZero: Self? { nil }
  func adding(_ other: Self) -> Self {
    guard let a = vector, let b = other.vector, a.count == b.count else { return other }
    return with(vector: zip(a, b).map(+))
  }
  func subtracting(_ base: Self) -> Self? {
    guard Self.additiveZero != nil, let a = vector, let b = base.vector, a.count == b.count
    else { return nil }
    return with(vector: zip(a, b).map(-))
  }

  /// Whether `component` (nil for the whole value) names a number, a size or a point in
  /// this type's values.
  static func names(_ component: String?) -> Bool {
    component.map { partType($0) != nil } ?? true
  }

  /// The type of the part of this type's values `component` names, or nil.
  static func partType(_ component: String) -> (any CAValue.Type)? {
    if components[component] != nil { return Double.self }
    if sizeComponents[component] != nil { return Size.self }
    if pointComponents[component] != nil { return Point.self }
    return nil
  }

  /// The value, or its `component`, as Core Animation hands it out.
  func boxed(component: String?) -> Any {
    guard let component else { return boxed }
    if let path = Self.components[component] { return NSNumber(value: self[keyPath: path]) }
    if let path = Self.sizeComponents[component] { return self[keyPath: path].boxed }
    if let path = Self.pointComponents[component] { return self[keyPath: path].boxed }
    return boxed
  }
}

extension Double: CAValue {
  static var additiveZero: Double? { 0 }
  static func unboxed(_ raw: Any?) -> Double? { numberValue(raw) }
  var boxed: Any { NSNumber(value: self) }
  var vector: [Double]? { [self] }
  func with(vector: [Double]) -> Double { vector[0] }
}

extension Point: CAValue {
  static var additiveZero: Point? { Point(x: 0, y: 0) }
  static func unboxed(_ raw: Any?) -> Point? { pointValue(raw)?.point }
  var boxed: Any { CGPoint(self) }
  static var components: [String: WritableKeyPath<Point, Double>] { ["x": \.x, "y": \.y] }
  var vector: [Double]? { [x, y] }
  func with(vector: [Double]) -> Point { Point(x: vector[0], y: vector[1]) }
}

/// A frosted layer's blur (`UIVisualEffectView.effect`, this module's own key): passed as
/// itself, mixed by its blur and saturation.
extension BackdropFilter: CAValue {
  static func unboxed(_ raw: Any?) -> BackdropFilter? { raw as? BackdropFilter }
  var boxed: Any { self }
  var vector: [Double]? { [sigma, saturation] }
  func with(vector: [Double]) -> BackdropFilter {
    BackdropFilter(sigma: vector[0], saturation: vector[1])
  }
}

extension Size: CAValue {
  static var additiveZero: Size? { Size(width: 0, height: 0) }
  func adding(_ other: Size) -> Size {
    Size(width: width + other.width, height: height + other.height)
  }
  func subtracting(_ base: Size) -> Size? {
    Size(width: width - base.width, height: height - base.height)
  }
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
  static var additiveZero: Rect? { Rect(x: 0, y: 0, width: 0, height: 0) }
  static func unboxed(_ raw: Any?) -> Rect? { rectValue(raw)?.rect }
  var boxed: Any { CGRect(self) }
  static var sizeComponents: [String: WritableKeyPath<Rect, Size>] { ["size": \.size] }
  static var pointComponents: [String: WritableKeyPath<Rect, Point>] { ["origin": \.origin] }
  static var components: [String: WritableKeyPath<Rect, Double>] {
    [
      "origin.x": \.origin.x, "origin.y": \.origin.y, "size.width": \.size.width,
      "size.height": \.size.height,
    ]
  }
  var vector: [Double]? { [origin.x, origin.y, size.width, size.height] }
  func with(vector v: [Double]) -> Rect {
    Rect(origin: Point(x: v[0], y: v[1]), size: Size(width: v[2], height: v[3]))
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
  var vector: [Double]? { [red, green, blue, alpha] }
  func with(vector v: [Double]) -> RGBAColor {
    let c = v.map { min(1, max(0, $0)) }
    return RGBAColor(unchecked: c[0], c[1], c[2], c[3])
  }
}

extension Transform3D: CAValue {
  static var additiveZero: Transform3D? { .identity }
  /// An additive transform is applied first, then the one beneath.
  func adding(_ other: Transform3D) -> Transform3D { other.concatenating(self) }
  /// The transform that, applied before `base`, gives this one.
  func subtracting(_ base: Transform3D) -> Transform3D? {
    base.inverted().map(concatenating)
  }
  static var sizeComponents: [String: WritableKeyPath<Transform3D, Size>] {
    ["translation": \.planeOffset]
  }
  /// The translation in the plane, as a size; set, the rest kept.
  var planeOffset: Size {
    get { Size(width: offset.x, height: offset.y) }
    set { offset = SIMD3(newValue.width, newValue.height, offset.z) }
  }
  static func unboxed(_ raw: Any?) -> Transform3D? { transformValue(raw)?.transform3D }
  var boxed: Any { NSValue(caTransform3D: CATransform3D(self)) }
  /// Core Animation's field paths of a transform: the parts it is taken apart into.
  static var components: [String: WritableKeyPath<Transform3D, Double>] {
    [
      "rotation": \.rotationAngles.z, "rotation.x": \.rotationAngles.x,
      "rotation.y": \.rotationAngles.y, "rotation.z": \.rotationAngles.z,
      "scale": \.uniformScale, "scale.x": \.axisScales.x, "scale.y": \.axisScales.y,
      "scale.z": \.axisScales.z, "scale.xy": \.planeScale, "translation.x": \.offset.x,
      "translation.y": \.offset.y,
      "translation.z": \.offset.z,
    ]
  }

  static func componentAccessor(_ name: String) -> ComponentAccessor<Transform3D, Double>? {
    /// Component `axis` of the vector `read` gives; set, the transform `rebuilt` with it.
    func part(
      _ axis: Int, _ read: @escaping (Transform3D) -> SIMD3<Double>,
      _ rebuilt: @escaping (Transform3D, SIMD3<Double>) -> Transform3D
    ) -> ComponentAccessor<Transform3D, Double> {
      ComponentAccessor(
        get: { read($0)[axis] },
        set: { t, v in
          var parts = read(t)
          parts[axis] = v
          t = rebuilt(t, parts)
        })
    }
    func angle(_ axis: Int) -> ComponentAccessor<Transform3D, Double> {
      part(axis, { $0.eulerAngles }, { $0.withEulerAngles($1) })
    }
    func scale(_ axis: Int) -> ComponentAccessor<Transform3D, Double> {
      part(axis, { $0.axisScales }, { $0.withScale($1) })
    }
    func offset(_ axis: Int) -> ComponentAccessor<Transform3D, Double> {
      part(axis, { $0.offset }, { $0.withTranslation($1) })
    }
    switch name {
    case "rotation", "rotation.z": return angle(2)
    case "rotation.x": return angle(0)
    case "rotation.y": return angle(1)
    case "scale":
      return ComponentAccessor(
        get: { $0.uniformScale }, set: { t, v in t = t.withScale(SIMD3(repeating: v)) })
    case "scale.xy":
      return ComponentAccessor(
        get: { $0.planeScale },
        set: { t, v in t = t.withScale(SIMD3(v, v, t.axisScales.z)) })
    case "scale.x": return scale(0)
    case "scale.y": return scale(1)
    case "scale.z": return scale(2)
    case "translation.x": return offset(0)
    case "translation.y": return offset(1)
    case "translation.z": return offset(2)
    default: return nil
    }
  }

  /// The rotation as angles about x, then y, then z; set, the rest kept.
  var rotationAngles: SIMD3<Double> {
    get { eulerAngles }
    set { self = withEulerAngles(newValue) }
  }
  /// The scale along each axis; set, the rest kept.
  var axisScales: SIMD3<Double> {
    get { partsOrAxes.scale }
    set { self = withScale(newValue) }
  }
  /// The scale in the plane (`"transform.scale.xy"`, which pulse and ripple code animates):
  /// the mean of x's and y's; set, both, z kept.
  var planeScale: Double {
    get { (axisScales.x + axisScales.y) / 2 }
    set { self = withScale(SIMD3(newValue, newValue, axisScales.z)) }
  }
  /// The mean of the three scales; set, all three.
  var uniformScale: Double {
    get { (axisScales.x + axisScales.y + axisScales.z) / 3 }
    set { axisScales = SIMD3(repeating: newValue) }
  }
  /// The translation; set, the rest kept.
  var offset: SIMD3<Double> {
    get { partsOrAxes.translation }
    set { self = withTranslation(newValue) }
  }
}

/// A value a property may lack (a shape layer's path, a layer's image), as Core Animation
/// passes it in `Any`.
protocol OptionalCAValue: Interpolatable {
  /// The value in `raw`, or nil.
  static func unboxedValue(_ raw: Any) -> Self?
  /// The value as Core Animation hands it out.
  var boxedValue: Any { get }
  /// `other` added to this value, or nil when they do not add.
  func addingValue(_ other: Self) -> Self?
}

extension Optional: CAValue where Wrapped: OptionalCAValue {
  static func unboxed(_ raw: Any?) -> Wrapped?? {
    raw.flatMap(Wrapped.unboxedValue).map { .some($0) }
  }
  var boxed: Any { map(\.boxedValue) as Any }
  func adding(_ other: Wrapped?) -> Wrapped? {
    guard let self, let other else { return other }
    return self.addingValue(other) ?? other
  }
}

/// A shape layer's path as Core Animation passes it (a `CGPath`); paths of one structure
/// add point by point.
extension BezierPath: OptionalCAValue {
  static func unboxedValue(_ raw: Any) -> BezierPath? {
    switch raw {
    case let path as CGPath: path.bezier
    case let path as UIBezierPath: path.bezier
    default: nil
    }
  }
  var boxedValue: Any { CGPath(self) }
  func addingValue(_ other: BezierPath) -> BezierPath? { adding(other) }
}

/// A layer's image as Core Animation passes it (a `CGImage`): shown, not mixed, so a
/// discrete keyframe animation of `contents` shows its images in turn (an image view's
/// `animationImages`).
extension LayerContents: OptionalCAValue {
  static func unboxedValue(_ raw: Any) -> LayerContents? { (raw as? CGImage)?.contents }
  var boxedValue: Any { CGImage(contents: self) }
  func addingValue(_ other: LayerContents) -> LayerContents? { nil }
}

extension Array: CAValue where Element: CAValue {
  func adding(_ other: [Element]) -> [Element] {
    count == other.count ? zip(self, other).map { $0.adding($1) } : other
  }
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

  /// `a` less `base` (values as Core Animation boxes them): what an additive animation of
  /// this key path adds to `base` to show `a`; nil when the values do not subtract.
  func difference(_ a: Any?, _ base: Any?) -> Any? {
    CAKeyPath.difference(valueType, a, base)
  }

  /// Whether `a` and `b` are the same value of this key path (both nil when not such values).
  func same(_ a: Any?, _ b: Any?) -> Bool { CAKeyPath.same(valueType, a, b) }

  private static func same<V: CAValue>(_: V.Type, _ a: Any?, _ b: Any?) -> Bool {
    V.unboxed(a) == V.unboxed(b)
  }

  /// `offset` added to `base`, as an additive animation of this key path adds it (values
  /// as Core Animation boxes them); nil when they are not such values.
  func sum(_ base: Any?, _ offset: Any?) -> Any? {
    CAKeyPath.sum(valueType, base, offset)
  }

  private static func sum<V: CAValue>(_: V.Type, _ base: Any?, _ offset: Any?) -> Any? {
    guard let x = V.unboxed(base), let y = V.unboxed(offset) else { return nil }
    return x.adding(y).boxed
  }

  /// The type of the values it names: the property's, or its component's.
  var valueType: any CAValue.Type {
    func open<P: AnyLayerProperty>(_ p: P) -> any CAValue.Type {
      let type = P.Value.self as! any CAValue.Type  // checked by init
      return component.flatMap(type.partType) ?? type
    }
    return open(property)
  }

  private static func difference<V: CAValue>(_: V.Type, _ a: Any?, _ base: Any?) -> Any? {
    guard let x = V.unboxed(a), let y = V.unboxed(base) else { return nil }
    return x.subtracting(y)?.boxed
  }

  /// The value `fraction` of the way from `a` to `b` (values as Core Animation boxes them),
  /// as an animation of this key path shows it; nil when either is not such a value.
  func mix(_ a: Any?, _ b: Any?, fraction: Double) -> Any? {
    CAKeyPath.mix(valueType, a, b, fraction)
  }

  private static func mix<V: CAValue>(_: V.Type, _ a: Any?, _ b: Any?, _ fraction: Double) -> Any? {
    guard let x = V.unboxed(a), let y = V.unboxed(b) else { return nil }
    var value = x
    value.interpolate(from: x, to: y, fraction: fraction)
    return value.boxed
  }

  /// What `animation` writes through this key path.
  func track(for animation: CAPropertyAnimation) -> any TrackWriter {
    CAKeyPath.track(property, component: component, samples: CAKeyPath.samples(of: animation))
  }

  private static func track<P: AnyLayerProperty>(
    _ p: P, component: String?, samples: Samples
  ) -> any TrackWriter {
    let type = P.Value.self as! any CAValue.Type  // checked by init
    // Through stored properties: a frame's reads and writes then allocate nothing.
    return track(type, p.storedKeyPath, component: component, samples: samples)
  }

  private static func track<Value: CAValue>(
    _ type: Value.Type, _ keyPath: AnyKeyPath, component: String?, samples: Samples
  ) -> any TrackWriter {
    let whole = keyPath as! WritableKeyPath<LayerProperties, Value>
    if let path = samples.path {
      if component == nil, let points = whole as? WritableKeyPath<LayerProperties, Point> {
        return PathTrack(keyPath: points, path: path, samples: samples)
      }
      Notice.once(
        "path:\(Value.self)", "CAKeyframeAnimation.path moves points only: its values are drawn")
    }
    if let component, let part = Value.components[component] {
      return Track(
        keyPath: whole.appending(path: part), samples: samples,
        accessor: Value.componentAccessor(component).map { part in
          let property = ComponentAccessor(whole)
          return ComponentAccessor(
            get: { (p: inout LayerProperties) in
              var value = property.get(&p)
              return part.get(&value)
            },
            set: { p, v in
              var value = property.get(&p)
              part.set(&value, v)
              property.set(&p, value)
            })
        })
    }
    if let component, let part = Value.sizeComponents[component] {
      return Track(keyPath: whole.appending(path: part), samples: samples)
    }
    if let component, let part = Value.pointComponents[component] {
      return Track(keyPath: whole.appending(path: part), samples: samples)
    }
    return Track(keyPath: whole, samples: samples)
  }

  /// An animation's values, not yet read: key times, curves and how they are joined.
  struct Samples {
    var raw: [Any?]
    var keyTimes: [Double]
    var functions: [TimingFunction?]
    var mode: KeyframeMode = .linear
    var tension: [Double] = []
    var continuity: [Double] = []
    var bias: [Double] = []
    /// A spring's motion and its timeline in seconds: the eased fraction `f` of the
    /// iteration draws the spring's fraction at `f × seconds`.
    var spring: (motion: DampedSpring, seconds: Double)?
    /// A keyframe animation's path (for a point), with the key times as given.
    var path: BezierPath?
    var givenKeyTimes: [Double]?
    /// Whether the values are added to the value beneath (`isAdditive`, or `byValue` alone).
    var additive = false
    /// `byValue` alone: the values run from nothing to it, added to the value beneath.
    var byOnly = false
    /// `isCumulative`: each iteration starts where the last one ended.
    var cumulative = false
    /// Added to the path's tangent angle to turn the layer (0 or π), nil for no turning.
    var rotation: Double?

    /// The fraction of the way at eased fraction `f` of the iteration.
    func progress(_ f: Double) -> Double {
      guard let spring else { return f }
      return spring.motion.fraction(at: f * spring.seconds)
    }
  }

  /// An animation's values as keyframes: a basic animation's from and to (nil for the
  /// value beneath), or a keyframe animation's list.
  static func samples(of animation: CAPropertyAnimation) -> Samples {
    if let keyframes = animation as? CAKeyframeAnimation {
      let values: [Any?] = keyframes.values ?? []
      let n = values.count
      let mode: KeyframeMode =
        switch keyframes.calculationMode {
        case .discrete: .discrete
        case .paced: .paced
        case .cubic: .cubic
        case .cubicPaced: .cubicPaced
        default: .linear
        }
      let discrete = mode == .discrete
      let given = keyframes.keyTimes?.map { $0.doubleValue }
      var times = given ?? []
      if times.count < n || n < 2 || mode == .paced || mode == .cubicPaced {
        // Evenly spaced: discrete values each hold 1/n of the time; linear ones are reached
        // at i/(n - 1).
        times = (0..<n).map { i in
          discrete ? Double(i) / Double(n) : n > 1 ? Double(i) / Double(n - 1) : 0
        }
      }
      let functions =
        mode == .paced || mode == .cubicPaced
        ? [] : (keyframes.timingFunctions ?? []).map { Optional($0.function) }
      var samples = Samples(raw: values, keyTimes: times, functions: functions, mode: mode)
      samples.tension = keyframes.tensionValues?.map(\.doubleValue) ?? []
      samples.continuity = keyframes.continuityValues?.map(\.doubleValue) ?? []
      samples.bias = keyframes.biasValues?.map(\.doubleValue) ?? []
      samples.path = keyframes.path?.bezier
      samples.givenKeyTimes = given
      samples.additive = keyframes.isAdditive
      samples.cumulative = keyframes.isCumulative
      samples.rotation =
        switch keyframes.rotationMode {
        case .rotateAuto?: 0
        case .rotateAutoReverse?: Double.pi
        default: nil
        }
      return samples
    }
    let basic = animation as? CABasicAnimation
    var from = basic?.fromValue
    var to = basic?.toValue
    var byOnly = false
    if let by = basic?.byValue {
      if to == nil, let f = from.flatMap(numberValue), let b = numberValue(by) {
        to = f + b
      } else if from == nil, let t = to.flatMap(numberValue), let b = numberValue(by) {
        from = t - b
      } else if from == nil, to == nil {
        // From the value beneath to it plus `byValue` (Core Animation's rule).
        (from, to, byOnly) = (nil, by, true)
      }
    }
    var samples = Samples(raw: [from, to], keyTimes: [0, 1], functions: [])
    samples.byOnly = byOnly
    samples.additive = byOnly || animation.isAdditive
    samples.cumulative = animation.isCumulative
    if let spring = animation as? CASpringAnimation, let motion = spring.motion {
      samples.spring = (motion, spring.duration == 0 ? 0.25 : spring.duration)
    }
    return samples
  }
}

/// Writes an animation's value at an eased fraction into a presented layer.
protocol TrackWriter {
  /// Writes the value at eased fraction `f` of iteration `iteration` (counting from 0).
  func write(_ f: Double, iteration: Int, into p: inout LayerProperties)
  /// What it writes besides its key path's property (a path's turning writes `transform`).
  var alsoWrites: [PartialKeyPath<LayerProperties>] { get }
}

extension TrackWriter {
  var alsoWrites: [PartialKeyPath<LayerProperties>] { [] }
}

/// How a value beneath a root is read and written without a key path.
struct ComponentAccessor<Root, Value> {
  let get: (inout Root) -> Value
  let set: (inout Root, Value) -> Void
}

extension ComponentAccessor {
  /// Reads and writes through `keyPath`: at its offset when it is a chain of stored
  /// properties (a key path's read takes a heap buffer for a value larger than three words,
  /// such as a transform), else through the key path.
  init(_ keyPath: WritableKeyPath<Root, Value>) {
    guard let offset = MemoryLayout<Root>.offset(of: keyPath) else {
      self.init(get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 })
      return
    }
    self.init(
      get: { (root: inout Root) in
        withUnsafeMutableBytes(of: &root) {
          $0.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
        }
      },
      set: { root, value in
        withUnsafeMutableBytes(of: &root) {
          $0.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee = value
        }
      })
  }
}

/// An animation's keyframes for one value in a layer's values.
struct Track<Value: CAValue>: TrackWriter {
  let keyPath: WritableKeyPath<LayerProperties, Value>
  /// Reads and writes the value (through the key path, or without it where its parts are
  /// computed: a key path then takes a heap buffer at every read and write).
  private let access: ComponentAccessor<LayerProperties, Value>
  let keyframes: Keyframes<Value>
  let samples: CAKeyPath.Samples

  init(
    keyPath: WritableKeyPath<LayerProperties, Value>, samples: CAKeyPath.Samples,
    accessor: ComponentAccessor<LayerProperties, Value>? = nil
  ) {
    self.keyPath = keyPath
    access = accessor ?? ComponentAccessor(keyPath)
    self.samples = samples
    var values = samples.raw.map(Value.unboxed)
    if samples.byOnly { values[0] = Value.additiveZero }
    keyframes = Keyframes(
      values: values, keyTimes: samples.keyTimes,
      functions: samples.functions, mode: samples.mode, tension: samples.tension,
      continuity: samples.continuity, bias: samples.bias, extrapolates: samples.spring != nil)
  }

  func write(_ f: Double, iteration: Int, into p: inout LayerProperties) {
    // Read, changed and written once: an in-place change through a key path with computed
    // parts allocates a write-back buffer each time.
    let beneath = access.get(&p)
    guard samples.additive else {
      var value = beneath
      keyframes.write(samples.progress(f), into: &value)
      accumulate(iteration, into: &value)
      access.set(&p, value)
      return
    }
    var value = Value.additiveZero ?? beneath
    keyframes.write(samples.progress(f), into: &value)
    accumulate(iteration, into: &value)
    access.set(&p, beneath.adding(value))
  }

  /// A cumulative animation's value: `iteration` times the value an iteration ends at,
  /// added (each iteration starts where the last ended, as SMIL's `accumulate="sum"`).
  /// Values without components to add (transforms, paths) repeat as they are.
  private func accumulate(_ iteration: Int, into value: inout Value) {
    guard samples.cumulative, iteration > 0, let v = value.vector,
      let end = keyframes.values.last.flatMap({ $0?.vector }), v.count == end.count
    else { return }
    let k = Double(iteration)
    value = value.with(vector: zip(v, end).map { $0 + k * $1 })
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
        writer.write(phase.fraction, iteration: phase.iteration, into: &presented)
        continue
      }
      // A child runs in the group's time: the time into the group's (eased) pass. A group
      // that holds its end holds there the children that end with it, whatever their fill,
      // as Core Animation freezes the group's time (TKSwitcherCollection's knobs stay put).
      guard
        let child = timing.phase(
          at: phase.elapsed, begin: timing.beginTime.nanoseconds, endInclusive: true)
      else { continue }
      writer.write(child.fraction, iteration: child.iteration, into: &presented)
    }
  }
}
