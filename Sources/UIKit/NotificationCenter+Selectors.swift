import Foundation

// `addObserver(_:selector:name:object:)` in the method form that ports `#selector`: the
// observer's method itself (`Self.orientationChanged` or `Self.keyboardWillShow(_:)`), held
// with the observer weakly (as iOS 9 on holds a selector's observer), called for each
// notification on the thread that posts it (a method of the main actor, on the main one).
// `removeObserver` removes these and Foundation's own.

extension NotificationCenter {
  /// Calls `selector`, a method of the observer's type taking the notification, on
  /// `observer` (not kept) for each notification named `name` (any, when nil) from `object`
  /// (any, when nil).
  public func addObserver<Target: AnyObject>(
    _ observer: Any, selector: @escaping @MainActor (Target) -> @MainActor (Notification) -> Void,
    name: NSNotification.Name?, object: Any?
  ) {
    addMethodObserver(observer, name: name, object: object) { target, note in
      selector(target)(note)
    }
  }

  /// The same, for a method taking the notification as an `NSNotification` (older code).
  public func addObserver<Target: AnyObject>(
    _ observer: Any,
    selector: @escaping @MainActor (Target) -> @MainActor (NSNotification) -> Void,
    name: NSNotification.Name?, object: Any?
  ) {
    addMethodObserver(observer, name: name, object: object) { target, note in
      selector(target)(
        NSNotification(name: note.name, object: note.object, userInfo: note.userInfo))
    }
  }

  /// The same, for a method taking nothing.
  public func addObserver<Target: AnyObject>(
    _ observer: Any, selector: @escaping @MainActor (Target) -> @MainActor () -> Void,
    name: NSNotification.Name?, object: Any?
  ) {
    addMethodObserver(observer, name: name, object: object) { target, _ in selector(target)() }
  }

  /// The same, for a method of a type off the main actor (a layer subclass's, an
  /// `NSObject` helper's), taking the notification (as either class) or nothing.
  @_disfavoredOverload
  public func addObserver<Target: AnyObject>(
    _ observer: Any, selector: @escaping (Target) -> (Notification) -> Void,
    name: NSNotification.Name?, object: Any?
  ) {
    addObserver(observer, selector: TargetAction.onMain(selector), name: name, object: object)
  }

  @_disfavoredOverload
  public func addObserver<Target: AnyObject>(
    _ observer: Any, selector: @escaping (Target) -> (NSNotification) -> Void,
    name: NSNotification.Name?, object: Any?
  ) {
    addObserver(observer, selector: TargetAction.onMain(selector), name: name, object: object)
  }

  @_disfavoredOverload
  public func addObserver<Target: AnyObject>(
    _ observer: Any, selector: @escaping (Target) -> () -> Void, name: NSNotification.Name?,
    object: Any?
  ) {
    addObserver(observer, selector: TargetAction.onMain(selector), name: name, object: object)
  }

  /// Stops every notification to `observer`: those added with a method, and Foundation's.
  /// (Generic over objects, so that it is chosen over Foundation's `removeObserver(_: Any)`
  /// whether or not the file imports Foundation too.)
  public func removeObserver<Observer: AnyObject>(_ observer: Observer) {
    for token in MethodObservers.shared.remove(observer, from: self, name: nil) {
      self.Foundation::removeObserver(token)
    }
    self.Foundation::removeObserver(observer)
  }

  /// Stops the notifications named `name` (every one, when nil) to `observer`.
  public func removeObserver<Observer: AnyObject>(
    _ observer: Observer, name: NSNotification.Name?, object: Any?
  ) {
    for token in MethodObservers.shared.remove(observer, from: self, name: name) {
      self.Foundation::removeObserver(token)
    }
    self.Foundation::removeObserver(observer, name: name, object: object)
  }

  private func addMethodObserver<Target: AnyObject>(
    _ observer: Any, name: NSNotification.Name?, object: Any?,
    call: @escaping @MainActor (Target, Notification) -> Void
  ) {
    let target = TargetAction.typed(observer, as: Target.self, in: "NotificationCenter")
    nonisolated(unsafe) let weakTarget = WeakTarget(target)
    let box = TokenBox()
    let token = addObserver(forName: name, object: object, queue: nil) { [weak self] note in
      guard let found = weakTarget.object as? Target else {
        // The observer has gone: so does its observation.
        if let self, let token = box.token { self.Foundation::removeObserver(token) }
        return
      }
      nonisolated(unsafe) let note = note
      nonisolated(unsafe) let object = found
      if MediaTimers.onMain {
        MainActor.assumeIsolated { call(object, note) }
      } else {
        DispatchQueue.main.async { MainActor.assumeIsolated { call(object, note) } }
      }
    }
    box.token = token
    MethodObservers.shared.add(target, token: token, center: self, name: name)
  }
}

/// The token of an observation, for its own block to remove it.
private final class TokenBox: @unchecked Sendable {
  var token: NSObjectProtocol?
}

/// The observations added with a method, by observer, for `removeObserver`.
private final class MethodObservers: @unchecked Sendable {
  static let shared = MethodObservers()

  private struct Entry {
    weak var observer: AnyObject?
    let token: NSObjectProtocol
    weak var center: NotificationCenter?
    let name: NSNotification.Name?
  }
  private let lock = NSLock()
  private var entries: [Entry] = []

  func add(
    _ observer: AnyObject, token: NSObjectProtocol, center: NotificationCenter,
    name: NSNotification.Name?
  ) {
    lock.withLock {
      entries.removeAll { $0.observer == nil }
      entries.append(Entry(observer: observer, token: token, center: center, name: name))
    }
  }

  /// Removes and returns the tokens of `observer` in `center` (for `name`, or every name).
  func remove(_ observer: AnyObject, from center: NotificationCenter, name: NSNotification.Name?)
    -> [NSObjectProtocol]
  {
    lock.withLock {
      var found: [NSObjectProtocol] = []
      entries.removeAll { entry in
        guard entry.observer === observer, entry.center === center,
          name == nil || entry.name == name
        else { return false }
        found.append(entry.token)
        return true
      }
      return found
    }
  }
}
