import Foundation

// An animation's own properties by their key-value coding names, as Core Animation's
// classes answer for them (`anim.value(forKey: "toValue")` in `animationDidStop`): numbers
// as `NSNumber`, names as strings. Other keys are stored with the animation.

extension CAAnimation {
  /// What was stored under `key`, or the animation's own property of that name.
  public func value(forKey key: String) -> Any? {
    for property in CAAnimation.keyed[key] ?? [] {
      if let value = property.get(self) { return value }
    }
    return storedValues[key]
  }

  /// Sets the animation's own property of that name (a value of another type changes
  /// nothing), or stores `value` under `key`.
  public func setValue(_ value: Any?, forKey key: String) {
    for property in CAAnimation.keyed[key] ?? [] where property.set(self, value) { return }
    storedValues[key] = value
  }

  /// `value(forKey:)` for a key path (the animation's keys have no fields beneath them).
  public func value(forKeyPath keyPath: String) -> Any? { value(forKey: keyPath) }

  public func setValue(_ value: Any?, forKeyPath keyPath: String) {
    setValue(value, forKey: keyPath)
  }

  /// Every class's properties by name (a name may belong to several classes: `path`).
  private static let keyed: [String: [KeyedProperty]] = Dictionary(
    grouping: [
      .init("delegate", \CAAnimation.delegate, { $0 }, optional),
      .init("removedOnCompletion", \CAAnimation.isRemovedOnCompletion, number, bool),
      .init("timingFunction", \CAAnimation.timingFunction, { $0 }, optional),
      .init("beginTime", \CAAnimation.beginTime, number, double),
      .init("duration", \CAAnimation.duration, number, double),
      .init("speed", \CAAnimation.speed, number, float),
      .init("timeOffset", \CAAnimation.timeOffset, number, double),
      .init("repeatCount", \CAAnimation.repeatCount, number, float),
      .init("repeatDuration", \CAAnimation.repeatDuration, number, double),
      .init("autoreverses", \CAAnimation.autoreverses, number, bool),
      .init("fillMode", \CAAnimation.fillMode, \.rawValue, named),
      .init("keyPath", \CAPropertyAnimation.keyPath, { $0 }, optional),
      .init("additive", \CAPropertyAnimation.isAdditive, number, bool),
      .init("cumulative", \CAPropertyAnimation.isCumulative, number, bool),
      .init("valueFunction", \CAPropertyAnimation.valueFunction, { $0 }, optional),
      .init("fromValue", \CABasicAnimation.fromValue, { $0 }, { .some($0) }),
      .init("toValue", \CABasicAnimation.toValue, { $0 }, { .some($0) }),
      .init("byValue", \CABasicAnimation.byValue, { $0 }, { .some($0) }),
      .init("values", \CAKeyframeAnimation.values, { $0 }, optional),
      .init("keyTimes", \CAKeyframeAnimation.keyTimes, { $0 }, optional),
      .init("timingFunctions", \CAKeyframeAnimation.timingFunctions, { $0 }, optional),
      .init("calculationMode", \CAKeyframeAnimation.calculationMode, \.rawValue, named),
      .init("path", \CAKeyframeAnimation.path, { $0 }, optional),
      .init("tensionValues", \CAKeyframeAnimation.tensionValues, { $0 }, optional),
      .init("continuityValues", \CAKeyframeAnimation.continuityValues, { $0 }, optional),
      .init("biasValues", \CAKeyframeAnimation.biasValues, { $0 }, optional),
      .init("rotationMode", \CAKeyframeAnimation.rotationMode, { $0?.rawValue }, optionalNamed),
      .init("mass", \CASpringAnimation.mass, number, cgFloat),
      .init("stiffness", \CASpringAnimation.stiffness, number, cgFloat),
      .init("damping", \CASpringAnimation.damping, number, cgFloat),
      .init("initialVelocity", \CASpringAnimation.initialVelocity, number, cgFloat),
      .init("allowsOverdamping", \CASpringAnimation.allowsOverdamping, number, bool),
      .init("animations", \CAAnimationGroup.animations, { $0 }, optional),
      .init("type", \CATransition.type, \.rawValue, named),
      .init("subtype", \CATransition.subtype, { $0?.rawValue }, optionalNamed),
      .init("startProgress", \CATransition.startProgress, number, float),
      .init("endProgress", \CATransition.endProgress, number, float),
    ] as [KeyedProperty], by: \.name
  )
  .merging(
    [
      // Read-only: what Core Animation computes.
      "settlingDuration": [.readOnly("settlingDuration", \CASpringAnimation.settlingDuration)]
    ], uniquingKeysWith: { $0 + $1 })
}

/// One property of an animation class, by name: read boxed as key-value coding gives it,
/// set from a value of its type (or a number, or a name for the string-backed types).
private struct KeyedProperty: Sendable {
  let name: String
  /// The boxed value, or nil when the animation is not of the property's class.
  let get: @Sendable (CAAnimation) -> Any??
  /// Sets it (a value not of its type changes nothing); false when the animation is not of
  /// the property's class.
  let set: @Sendable (CAAnimation, Any?) -> Bool

  init<A: CAAnimation, V>(
    _ name: String, _ path: ReferenceWritableKeyPath<A, V>,
    _ box: @escaping @Sendable (V) -> Any?, _ unbox: @escaping @Sendable (Any?) -> V?
  ) {
    self.name = name
    let path = UncheckedPath(path: path)
    get = { ($0 as? A).map { box($0[keyPath: path.path]) } }
    set = { animation, raw in
      guard let animation = animation as? A else { return false }
      if let value = unbox(raw) { animation[keyPath: path.path] = value }
      return true
    }
  }

  static func readOnly<A: CAAnimation>(_ name: String, _ path: KeyPath<A, Double>)
    -> KeyedProperty
  {
    KeyedProperty(name: name, path: UncheckedPath(path: path))
  }

  private init<A: CAAnimation>(name: String, path: UncheckedPath<KeyPath<A, Double>>) {
    self.name = name
    get = { ($0 as? A).map { NSNumber(value: $0[keyPath: path.path]) } }
    set = { animation, _ in animation is A }
  }
}

/// A key path of a class that is not `Sendable`, kept in the table that names it.
private struct UncheckedPath<P>: @unchecked Sendable { let path: P }

private func number<N: BinaryFloatingPoint>(_ v: N) -> Any? { NSNumber(value: Double(v)) }
private func number(_ v: Bool) -> Any? { NSNumber(value: v) }
private func double(_ raw: Any?) -> Double? { numberValue(raw) }
private func float(_ raw: Any?) -> Float? { numberValue(raw).map(Float.init) }
private func cgFloat(_ raw: Any?) -> CGFloat? { numberValue(raw).map { CGFloat($0) } }
private func bool(_ raw: Any?) -> Bool? { (raw as? Bool) ?? (raw as? NSNumber)?.boolValue }
/// An optional property takes nil, or a value of its type.
private func optional<V>(_ raw: Any?) -> V?? {
  guard let raw else { return .some(nil) }
  return (raw as? V).map { .some($0) }
}
/// A string-backed name (`fillMode`, `calculationMode`) from itself or its string.
private func named<V: RawRepresentable>(_ raw: Any?) -> V? where V.RawValue == String {
  (raw as? V) ?? (raw as? String).flatMap(V.init(rawValue:))
}
private func optionalNamed<V: RawRepresentable>(_ raw: Any?) -> V?? where V.RawValue == String {
  guard let raw else { return .some(nil) }
  return named(raw).map { .some($0) }
}
