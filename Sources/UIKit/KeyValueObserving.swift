import Foundation
import Synchronization

// Key-value observing in Foundation's Swift form (`observe(_:options:changeHandler:)`), which
// Foundation on Linux lacks. There is no Objective-C runtime to swap setters here, so an
// observation compares: when a layer property is set (a view's geometry, colours and
// alpha are its layer's), after `didChangeValue(forKey:)`, and at the end of each turn of
// the run loop, every live observation reads its key path again and tells its handler
// when the value differs from the one it last saw. Values that cannot be compared (neither
// `Equatable` nor objects) are told at each set of the observed object itself.

/// What a change notification includes (`NSKeyValueObservingOptions`).
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// The value after the change.
  public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
  /// The value before the change.
  public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
  /// A notification at once, when the observation is made.
  public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
  /// A notification before each change as well as after (here: just before the one after).
  public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// The kind of a change: a property is set (collections' insertions and removals exist for
/// code that switches over them; properties here are only ever set).
public enum NSKeyValueChange: UInt, Sendable {
  case setting = 1
  case insertion = 2
  case removal = 3
  case replacement = 4
}

/// One notification: the values the observation's options asked for.
public struct NSKeyValueObservedChange<Value> {
  public typealias Kind = NSKeyValueChange
  public let kind: Kind
  /// The value after the change, with `.new` (nil in a prior notification).
  public let newValue: Value?
  /// The value before the change, with `.old`.
  public let oldValue: Value?
  /// Always nil: only whole values are set here.
  public let indexes: IndexSet?
  /// Whether this is the notification before the change (`.prior`).
  public let isPrior: Bool
}

/// An observation made by `observe(_:options:changeHandler:)`: it lasts until it is
/// invalidated or released, or its object is. Keep it in a property.
public class NSKeyValueObservation: NSObject {
  /// Stops the notifications.
  public func invalidate() { KeyValueObservations.shared.remove(self) }
  deinit { KeyValueObservations.shared.remove(self) }

  /// Reads the key path again and tells the handler if it changed; `touched` are the
  /// objects just set, for values that cannot be compared.
  func check(touched: [ObjectIdentifier]) {}
  /// The object observed.
  var observedID: ObjectIdentifier? { nil }
}

/// The types `observe(_:options:changeHandler:)` is offered on: every `NSObject`.
public protocol _KeyValueCodingAndObserving {}
extension NSObject: _KeyValueCodingAndObserving {}

extension _KeyValueCodingAndObserving where Self: AnyObject {
  /// Calls `changeHandler` with the object and the change whenever the value at `keyPath`
  /// changes, for as long as the returned observation lives.
  public func observe<Value>(
    _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
    changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
  ) -> NSKeyValueObservation {
    let observation = Observation(self, keyPath, options, changeHandler)
    KeyValueObservations.shared.add(observation)
    if options.contains(.initial) {
      changeHandler(
        self,
        NSKeyValueObservedChange(
          kind: .setting, newValue: options.contains(.new) ? self[keyPath: keyPath] : nil,
          oldValue: nil, indexes: nil, isPrior: false))
    }
    return observation
  }
}

extension NSObject {
  /// For a property set by hand, as a class without automatic notifications calls it
  /// (nothing is needed here before the change).
  public func willChangeValue(forKey key: String) {}
  /// Tells the observations of this object that a property changed.
  public func didChangeValue(forKey key: String) {
    KeyValueObservations.shared.check(touched: self)
  }
  /// For a property set by hand (nothing is needed here before the change).
  public func willChangeValue<Value>(for keyPath: KeyPath<NSObject, Value>) {}
  /// Tells the observations of this object that a property changed.
  public func didChangeValue<Value>(for keyPath: KeyPath<NSObject, Value>) {
    KeyValueObservations.shared.check(touched: self)
  }
}

/// An observation of `Root`'s value at a key path.
private final class Observation<Root: AnyObject, Value>: NSKeyValueObservation {
  weak var object: Root?
  let keyPath: KeyPath<Root, Value>
  let options: NSKeyValueObservingOptions
  let handler: (Root, NSKeyValueObservedChange<Value>) -> Void
  let observed: ObjectIdentifier
  /// The value the handler last heard of (or the one when the observation was made).
  var last: Value
  /// How deep the handler's own changes have called it again (as Foundation calls it,
  /// nested); a handler that keeps changing its value stops being told at 16.
  var depth = 0

  init(
    _ object: Root, _ keyPath: KeyPath<Root, Value>, _ options: NSKeyValueObservingOptions,
    _ handler: @escaping (Root, NSKeyValueObservedChange<Value>) -> Void
  ) {
    self.object = object
    self.keyPath = keyPath
    self.options = options
    self.handler = handler
    observed = ObjectIdentifier(object)
    last = object[keyPath: keyPath]
  }

  override var observedID: ObjectIdentifier? { observed }

  override func check(touched: [ObjectIdentifier]) {
    guard let object else { return }
    guard depth < 16 else {
      Notice.once(
        "kvo depth",
        "observe(_:options:changeHandler:): a handler kept changing the value it observes; it is no longer told of its own changes 16 deep"
      )
      return
    }
    let value = object[keyPath: keyPath]
    guard let old = KeyValueObservations.update(&last, to: value, observed, touched) else {
      return
    }
    depth += 1
    defer { depth -= 1 }
    if options.contains(.prior) {
      handler(
        object,
        NSKeyValueObservedChange(
          kind: .setting, newValue: nil, oldValue: options.contains(.old) ? old : nil,
          indexes: nil, isPrior: true))
    }
    handler(
      object,
      NSKeyValueObservedChange(
        kind: .setting, newValue: options.contains(.new) ? value : nil,
        oldValue: options.contains(.old) ? old : nil, indexes: nil, isPrior: false))
  }
}

/// The live observations, in the order they were made, held weakly.
final class KeyValueObservations: @unchecked Sendable {
  static let shared = KeyValueObservations()

  private struct Entry {
    weak var observation: NSKeyValueObservation?
    let id: ObjectIdentifier
    /// The object it observes.
    let observed: ObjectIdentifier?
  }
  private let lock = NSLock()
  private var entries: [Entry] = []
  /// How many entries there are, read without the lock: a program that observes nothing
  /// pays one atomic load per change.
  private let count = Atomic<Int>(0)

  func add(_ observation: NSKeyValueObservation) {
    lock.withLock {
      entries.append(
        Entry(
          observation: observation, id: ObjectIdentifier(observation),
          observed: observation.observedID))
      count.store(entries.count, ordering: .relaxed)
    }
  }

  func remove(_ observation: NSKeyValueObservation) {
    let id = ObjectIdentifier(observation)
    lock.withLock {
      entries.removeAll { $0.id == id || $0.observation == nil }
      count.store(entries.count, ordering: .relaxed)
    }
  }

  /// Checks the observations of `touched` (and, for a view's own layer, of its view), which
  /// was just set; every live observation when it is nil, at the end of a turn. Handlers
  /// run on the thread that set the value, as Foundation's do.
  func check(touched: AnyObject?) {
    guard count.load(ordering: .relaxed) > 0 else { return }
    var ids: [ObjectIdentifier] = []
    if let touched {
      ids.append(ObjectIdentifier(touched))
      if let layer = touched as? CALayer, let owner = layer.delegate {
        ids.append(ObjectIdentifier(owner))
      }
    }
    let live = lock.withLock {
      entries.compactMap { entry in
        ids.isEmpty || entry.observed.map(ids.contains) == true ? entry.observation : nil
      }
    }
    for observation in live { observation.check(touched: ids) }
  }

  /// The value `last` held when `value` differs from it (`same`, or, when they cannot be
  /// compared, when the object `observed` was just set), `last` then `value`; else nil.
  static func update<Value>(
    _ last: inout Value, to value: Value, _ observed: ObjectIdentifier,
    _ touched: [ObjectIdentifier]
  ) -> Value? {
    guard same(last, value).map({ !$0 }) ?? touched.contains(observed) else { return nil }
    defer { last = value }
    return last
  }

  /// Whether two values are the same: by `==` when they are `Equatable`, by identity when
  /// they are objects, nil when they cannot be compared.
  static func same(_ a: Any, _ b: Any) -> Bool? {
    let aNone = (a as? OptionalValue)?.isNone ?? false
    let bNone = (b as? OptionalValue)?.isNone ?? false
    if aNone || bNone { return aNone == bNone }
    if let a = a as? any Equatable { return a.equals(b) }
    if Mirror(reflecting: a).displayStyle == .class {
      return ObjectIdentifier(a as AnyObject) == ObjectIdentifier(b as AnyObject)
    }
    return nil
  }
}

private protocol OptionalValue { var isNone: Bool { get } }
extension Optional: OptionalValue {
  fileprivate var isNone: Bool {
    guard case .some(let wrapped) = self else { return true }
    return (wrapped as? OptionalValue)?.isNone ?? false
  }
}

extension Equatable {
  fileprivate func equals(_ other: Any) -> Bool { (other as? Self).map { $0 == self } ?? false }
}
