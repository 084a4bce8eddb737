import Foundation

/// How `objc_setAssociatedObject` holds a value: strongly (retain), as a copy (of an
/// `NSCopying` value), or not at all (assign: weakly here, where iOS keeps a dangling
/// pointer). Atomic and non-atomic are the same here: every access takes one lock.
// swift-format-ignore: TypeNamesShouldBeCapitalized
public enum objc_AssociationPolicy: UInt, Sendable {
  case OBJC_ASSOCIATION_ASSIGN = 0
  case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
  case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
  case OBJC_ASSOCIATION_RETAIN = 0x301
  case OBJC_ASSOCIATION_COPY = 0x303
}

/// Associates `value` with `object` under `key` (the address of a variable, `&key`), as the
/// Objective-C runtime does for the stored properties extensions add; nil removes it. An
/// object that has gone has no values (even when a new object takes its address); they are
/// let go as associations are made after it, at the latest when their number has doubled.
public func objc_setAssociatedObject(
  _ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy
) {
  AssociatedObjects.shared.set(object as AnyObject, key, value, policy)
}

/// The value associated with `object` under `key`, or nil.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
  AssociatedObjects.shared.get(object as AnyObject, key)
}

/// Removes every value associated with `object`.
public func objc_removeAssociatedObjects(_ object: Any) {
  AssociatedObjects.shared.removeAll(object as AnyObject)
}

/// The associations, by object: each entry holds its object weakly, so an entry whose
/// object has gone (and whose identifier a new object may reuse) is known and dropped.
final class AssociatedObjects: @unchecked Sendable {
  static let shared = AssociatedObjects()

  private enum Held {
    case strong(Any)
    case weak(WeakTarget)
    var value: Any? {
      switch self {
      case .strong(let value): value
      case .weak(let box): box.object
      }
    }
  }

  private struct Entry {
    weak var owner: AnyObject?
    var values: [UnsafeRawPointer: Held] = [:]
  }

  private let lock = NSLock()
  private var entries: [ObjectIdentifier: Entry] = [:]
  /// Entries after the last sweep for dead objects; the next comes at twice as many.
  private var swept = 0

  func set(
    _ object: AnyObject, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy
  ) {
    let held: Held? = value.map { value in
      switch policy {
      case .OBJC_ASSOCIATION_ASSIGN:
        // A value type cannot be held weakly: kept, as a copy is.
        guard type(of: value) is AnyClass else { return .strong(value) }
        return .weak(WeakTarget(value as AnyObject))
      case .OBJC_ASSOCIATION_COPY, .OBJC_ASSOCIATION_COPY_NONATOMIC:
        return .strong((value as? NSCopying)?.copy(with: nil) ?? value)
      case .OBJC_ASSOCIATION_RETAIN, .OBJC_ASSOCIATION_RETAIN_NONATOMIC:
        return .strong(value)
      }
    }
    // Released outside the lock: a value's deinit may associate again.
    var dropped: [Entry] = []
    var replaced: Held?
    lock.lock()
    let id = ObjectIdentifier(object)
    var entry = entries[id] ?? Entry(owner: object)
    if entry.owner !== object {
      dropped.append(entry)
      entry = Entry(owner: object)
    }
    replaced = entry.values[key]
    entry.values[key] = held
    entries[id] = entry.values.isEmpty ? nil : entry
    if entries.count > max(64, 2 * swept) {
      for (id, entry) in entries where entry.owner == nil {
        dropped.append(entry)
        entries[id] = nil
      }
      swept = entries.count
    }
    lock.unlock()
    _ = (dropped, replaced)
  }

  func get(_ object: AnyObject, _ key: UnsafeRawPointer) -> Any? {
    lock.lock()
    defer { lock.unlock() }
    guard let entry = entries[ObjectIdentifier(object)], entry.owner === object else {
      return nil
    }
    return entry.values[key]?.value
  }

  func removeAll(_ object: AnyObject) {
    lock.lock()
    let entry = entries.removeValue(forKey: ObjectIdentifier(object))
    lock.unlock()
    _ = entry
  }
}
