import RingGraphics
import RingLayers

// Key-value coding as Core Animation's classes offer it: a layer's animatable properties
// (and the fields beneath them, `"transform.rotation.z"`) by name, any other key stored on
// the object; a transaction's settings by their constant names (an animation's are in
// CAAnimation+KeyValueCoding.swift).

extension CAKeyPath {
  /// Sets the property (or field) this key path names on `layer` to `raw` through the
  /// layer's setter path (so a shown layer animates implicitly); false when `raw` is not a
  /// value of its type.
  func assign(_ raw: Any?, name: String, on layer: CALayer) -> Bool {
    func open<P: AnyLayerProperty>(_ p: P) -> Bool {
      guard let type = P.Value.self as? any CAValue.Type else { return false }
      return assign(type, p.keyPath, raw, name, layer)
    }
    return open(property)
  }

  private func assign<Value: CAValue>(
    _ type: Value.Type, _ keyPath: AnyKeyPath, _ raw: Any?, _ name: String, _ layer: CALayer
  ) -> Bool {
    let whole = keyPath as! WritableKeyPath<LayerProperties, Value>
    if let component, let part = Value.components[component] {
      guard let number = numberValue(raw) else { return false }
      layer.change(whole.appending(path: part), to: number, event: name)
      return true
    }
    if let component, let part = Value.sizeComponents[component] {
      guard let size = Size.unboxed(raw) else { return false }
      layer.change(whole.appending(path: part), to: size, event: name)
      return true
    }
    if let component, let part = Value.pointComponents[component] {
      guard let point = Point.unboxed(raw) else { return false }
      layer.change(whole.appending(path: part), to: point, event: name)
      return true
    }
    guard let value = Value.unboxed(raw) else { return false }
    layer.change(whole, to: value, event: name)
    return true
  }
}

extension CALayer {
  /// What `value(forKey:)` reads.
  func keyedValue(forKey key: String) -> Any? {
    if let emitter = self as? CAEmitterLayer, let value = emitter.emitterValue(forKey: key) {
      return value
    }
    if key == "instanceCount", let replicator = self as? CAReplicatorLayer {
      return NSNumber(value: replicator.instanceCount)
    }
    if let path = CAKeyPath(key, on: backing.kind) {
      let shape = self as? CAShapeLayer
      switch key {
      case "backgroundColor": return backgroundColor
      case "shadowPath": return shadowPath
      case "contents": return contents
      case "path" where shape != nil: return shape!.path
      case "fillColor" where shape != nil: return shape!.fillColor
      case "strokeColor" where shape != nil: return shape!.strokeColor
      case "colors": return (self as? CAGradientLayer)?.colors
      default: return path.boxed(in: shownProperties)
      }
    }
    // A program's own property of that name (`@objc dynamic`, `@NSManaged` on iOS).
    if case .some(let value) = CustomProperties.value(key, of: self) { return value }
    return storedValues[key]
  }

  /// What `setValue(_:forKey:)` sets.
  func setKeyedValue(_ value: Any?, forKey key: String) {
    if let emitter = self as? CAEmitterLayer, emitter.setEmitterValue(value, forKey: key) {
      return
    }
    switch key {
    case "instanceCount" where self is CAReplicatorLayer:
      guard let count = numberValue(value), count.isFinite, abs(count) < 0x1p62 else { return }
      (self as! CAReplicatorLayer).instanceCount = Int(count)
    case "backgroundColor": backgroundColor = value.flatMap { $0 as? CGColor }
    case "borderColor": borderColor = value.flatMap { $0 as? CGColor }
    case "shadowColor": shadowColor = value.flatMap { $0 as? CGColor }
    case "shadowPath": shadowPath = value.flatMap { $0 as? CGPath }
    case "contents": contents = value
    case "path" where self is CAShapeLayer:
      (self as! CAShapeLayer).path = value.flatMap { $0 as? CGPath }
    case "fillColor" where self is CAShapeLayer:
      (self as! CAShapeLayer).fillColor = value.flatMap { $0 as? CGColor }
    case "strokeColor" where self is CAShapeLayer:
      (self as! CAShapeLayer).strokeColor = value.flatMap { $0 as? CGColor }
    case "colors" where self is CAGradientLayer:
      (self as! CAGradientLayer).colors = value as? [Any]
    default:
      if let path = CAKeyPath(key, on: backing.kind), path.assign(value, name: key, on: self) {
        return
      }
      if CustomProperties.set(value, key, of: self) {
        if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
        return
      }
      storedValues[key] = value
    }
  }

  /// `value(forKey:)` for a dotted path: a field of a property (`"transform.rotation.z"`,
  /// `"position.x"`), else the stored value of the whole path.
  public func value(forKeyPath keyPath: String) -> Any? { value(forKey: keyPath) }

  public func setValue(_ value: Any?, forKeyPath keyPath: String) {
    setValue(value, forKey: keyPath)
  }

}

/// Transaction properties by their Core Animation names.
public let kCATransactionDisableActions = "disableActions"
public let kCATransactionAnimationDuration = "animationDuration"
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
public let kCATransactionCompletionBlock = "completionBlock"
/// Core Foundation's booleans, as code passes them for transaction settings.
public let kCFBooleanTrue: NSNumber = true
public let kCFBooleanFalse: NSNumber = false

extension CATransaction {
  /// A setting of the current transaction by name (`kCATransactionDisableActions`, ...).
  public class func value(forKey key: String) -> Any? {
    switch key {
    case kCATransactionDisableActions: disableActions()
    case kCATransactionAnimationDuration: animationDuration()
    case kCATransactionAnimationTimingFunction: animationTimingFunction()
    case kCATransactionCompletionBlock: completionBlock()
    default: nil
    }
  }

  /// Sets a setting of the current transaction by name; other keys are ignored.
  public class func setValue(_ anObject: Any?, forKey key: String) {
    switch key {
    case kCATransactionDisableActions:
      setDisableActions((anObject as? Bool) ?? (anObject as? NSNumber)?.boolValue ?? false)
    case kCATransactionAnimationDuration:
      if let d = numberValue(anObject) { setAnimationDuration(d) }
    case kCATransactionAnimationTimingFunction:
      setAnimationTimingFunction(anObject as? CAMediaTimingFunction)
    case kCATransactionCompletionBlock: setCompletionBlock(anObject as? () -> Void)
    default: break
    }
  }
}
