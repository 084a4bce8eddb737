import Foundation

// Key-value observing in its Objective-C form: `addObserver(_:forKeyPath:options:context:)`
// with the observer's `observeValue(forKeyPath:of:change:context:)`, as pull-to-refresh
// controls watch a scroll view's `contentOffset`. Built on the comparing observations of
// KeyValueObserving.swift: the key path is read by name (see `observedValue`) when the object
// is set and at the end of each turn, and the observer is told when it differs.

/// The keys of a change dictionary.
public struct NSKeyValueChangeKey: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The kind of change, an `NSNumber` of `NSKeyValueChange`'s raw value.
  public static let kindKey = NSKeyValueChangeKey(rawValue: "kind")
  public static let newKey = NSKeyValueChangeKey(rawValue: "new")
  public static let oldKey = NSKeyValueChangeKey(rawValue: "old")
  public static let indexesKey = NSKeyValueChangeKey(rawValue: "indexes")
  public static let notificationIsPriorKey = NSKeyValueChangeKey(rawValue: "notificationIsPrior")
}

/// What hears observations made by `addObserver(_:forKeyPath:options:context:)`: views, view
/// controllers and layers (`UIResponder` and `CALayer` declare `observeValue`, open to
/// overriding, as `NSObject` does on iOS; Foundation on Linux has no such method), and any
/// class of the program's that conforms.
public protocol KeyValueObserving: AnyObject {
  func observeValue(
    forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
    context: UnsafeMutableRawPointer?)
}

extension UIResponder: @preconcurrency KeyValueObserving {}
extension CALayer: KeyValueObserving {}

extension NSObject {
  /// Tells `observer` (a view, a view controller, a layer, or any `KeyValueObserving`
  /// object) whenever the value at `keyPath` of this object changes, until it is removed.
  /// The object does not keep the observer, as Foundation's does not.
  public func addObserver(
    _ observer: NSObject, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [],
    context: UnsafeMutableRawPointer?
  ) {
    guard let listener = observer as? KeyValueObserving else {
      Notice.once(
        "kvo observer \(type(of: observer))",
        "addObserver(_:forKeyPath:options:context:): \(type(of: observer)) has no observeValue(forKeyPath:of:change:context:) here (make it conform to KeyValueObserving); it is not told"
      )
      return
    }
    let observation = KeyPathObservation(
      object: self, keyPath: keyPath, observer: listener, options: options, context: context)
    KeyPathObservation.forgetGone()
    KeyPathObservation.registered.append(observation)
    KeyValueObservations.shared.add(observation)
    if options.contains(.initial) {
      observation.tell(old: nil, new: observation.last, prior: false, initial: true)
    }
  }

  /// Stops the last observation of `keyPath` by `observer` made with `context`; stops the
  /// program when there is none, as Foundation does.
  public func removeObserver(
    _ observer: NSObject, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?
  ) {
    removeObservation(observer, keyPath) { $0.context == context }
  }

  /// Stops the last observation of `keyPath` by `observer`, whatever its context.
  public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String) {
    removeObservation(observer, keyPath) { _ in true }
  }

  private func removeObservation(
    _ observer: NSObject, _ keyPath: String, _ matches: (KeyPathObservation) -> Bool
  ) {
    KeyPathObservation.forgetGone()
    guard
      let index = KeyPathObservation.registered.lastIndex(where: {
        $0.object === self && $0.observer === observer && $0.keyPath == keyPath && matches($0)
      })
    else {
      fatalError(
        "Cannot remove an observer \(observer) for the key path \"\(keyPath)\" from \(self) because it is not registered as an observer."
      )
    }
    let observation = KeyPathObservation.registered.remove(at: index)
    observation.invalidate()
  }

  /// The value at `keyPath` as key-value coding reads it: a layer's by its own key-value
  /// coding; a view's properties below by name (and `layer.` paths through its layer);
  /// else a stored property of the program's classes of that name. Nil when none is found.
  func observedValue(forKeyPath keyPath: String) -> Any? {
    if let layer = self as? CALayer { return layer.value(forKeyPath: keyPath) }
    if let view = self as? UIView,
      case .some(let value) = MainActor.assumeIsolated({ UncheckedValue(view.keyedValue(keyPath)) })
        .value
    {
      return value
    }
    if case .some(let value) = CustomProperties.value(keyPath, of: self) { return value }
    return nil
  }
}

extension UIView {
  /// A view's properties by their key-value coding names (`hidden` for `isHidden`).
  fileprivate func keyedValue(_ keyPath: String) -> Any?? {
    if keyPath.hasPrefix("layer.") {
      return .some(layer.value(forKeyPath: String(keyPath.dropFirst(6))))
    }
    switch keyPath {
    case "frame": return frame
    case "bounds": return bounds
    case "center": return center
    case "alpha": return alpha
    case "hidden", "isHidden": return isHidden
    case "backgroundColor": return .some(backgroundColor)
    case "tintColor": return .some(tintColor)
    case "transform": return transform
    case "tag": return tag
    case "userInteractionEnabled", "isUserInteractionEnabled": return isUserInteractionEnabled
    default: break
    }
    if let scroll = self as? UIScrollView {
      switch keyPath {
      case "contentOffset": return scroll.contentOffset
      case "contentSize": return scroll.contentSize
      case "contentInset": return scroll.contentInset
      case "zoomScale": return scroll.zoomScale
      default: break
      }
    }
    switch (self, keyPath) {
    case (let label as UILabel, "text"): return .some(label.text)
    case (let progress as UIProgressView, "progress"): return progress.progress
    case (let slider as UISlider, "value"): return slider.value
    case (let toggle as UISwitch, "on"), (let toggle as UISwitch, "isOn"): return toggle.isOn
    default: return nil
    }
  }
}

/// A value handed out of the main actor's isolation on the main thread.
private struct UncheckedValue: @unchecked Sendable {
  let value: Any??
  init(_ value: Any??) { self.value = value }
}

/// One observation made by `addObserver(_:forKeyPath:options:context:)`.
final class KeyPathObservation: NSKeyValueObservation {
  /// The live ones, in the order they were made (what keeps them).
  nonisolated(unsafe) static var registered: [KeyPathObservation] = []

  /// Lets go of those whose object or observer is gone, as iOS does.
  static func forgetGone() {
    registered.removeAll { $0.object == nil || $0.observer == nil }
  }

  weak var object: NSObject?
  weak var observer: KeyValueObserving?
  let keyPath: String
  let options: NSKeyValueObservingOptions
  let context: UnsafeMutableRawPointer?
  let observed: ObjectIdentifier
  /// The value the observer last heard of.
  var last: Any?
  /// How deep the observer's own changes have called it again.
  private var depth = 0

  init(
    object: NSObject, keyPath: String, observer: KeyValueObserving,
    options: NSKeyValueObservingOptions, context: UnsafeMutableRawPointer?
  ) {
    (self.object, self.keyPath, self.observer) = (object, keyPath, observer)
    (self.options, self.context, observed) = (options, context, ObjectIdentifier(object))
    last = object.observedValue(forKeyPath: keyPath)
  }

  override var observedID: ObjectIdentifier? { observed }

  override func check(touched: [ObjectIdentifier]) {
    guard let object, observer != nil, depth < 16 else { return }
    let value = object.observedValue(forKeyPath: keyPath)
    guard let old = KeyValueObservations.update(&last, to: value, observed, touched) else {
      return
    }
    depth += 1
    defer { depth -= 1 }
    if options.contains(.prior) { tell(old: old, new: nil, prior: true, initial: false) }
    tell(old: old, new: value, prior: false, initial: false)
  }

  /// Calls the observer with a change dictionary of what the options ask for.
  func tell(old: Any?, new: Any?, prior: Bool, initial: Bool) {
    guard let object, let observer else { return }
    var change: [NSKeyValueChangeKey: Any] = [.kindKey: NSNumber(value: 1)]
    if options.contains(.new), !prior { change[.newKey] = new ?? NSNull() }
    if options.contains(.old), !initial { change[.oldKey] = old ?? NSNull() }
    if prior { change[.notificationIsPriorKey] = NSNumber(value: true) }
    observer.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
  }
}
