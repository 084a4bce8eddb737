import Foundation
import RingLayers

// Timers on the main run loop run on the media clock, as display links do, so what a timer
// moves shows in snapshots and exports, the same at any frame rate. The declarations below
// that Foundation also has shadow Foundation's in a file that imports UIKit alone (a module's
// own declarations win over those of a module it re-exports); in a file that imports
// Foundation itself too, Foundation's are used (these are disfavoured, so the code builds
// either way), and its timers run on the wall clock, while playing only. The method forms
// (`selector: Self.tick`), which port `#selector`, are this module's alone.

extension Timer {
  /// A timer calling `block` after `interval` seconds (and every `interval` after that when
  /// it `repeats`), scheduled on the current run loop: on the main thread, the media clock.
  @discardableResult @_disfavoredOverload
  public class func scheduledTimer(
    withTimeInterval interval: TimeInterval, repeats: Bool,
    block: @escaping @Sendable (Timer) -> Void
  ) -> Timer {
    let timer = Timer(dueIn: interval, repeats: repeats, block: block)
    RunLoop.current.schedule(timer, forMode: .default)
    return timer
  }

  /// A timer calling `selector`, a method of `target`'s type taking the timer, on `target`
  /// (kept until the timer is invalidated), scheduled on the current run loop. Where iOS
  /// takes `#selector(tick(_:))`, this takes the method: `Self.tick(_:)`.
  @discardableResult
  public class func scheduledTimer<Target>(
    timeInterval interval: TimeInterval, target: Any,
    selector: @escaping @MainActor (Target) -> @MainActor (Timer) -> Void,
    userInfo: Any?, repeats: Bool
  ) -> Timer {
    let timer = Timer(
      timeInterval: interval, target: target, selector: selector, userInfo: userInfo,
      repeats: repeats)
    RunLoop.current.schedule(timer, forMode: .default)
    return timer
  }

  /// The same, for a method taking nothing: `Self.tick`.
  @discardableResult
  public class func scheduledTimer<Target>(
    timeInterval interval: TimeInterval, target: Any,
    selector: @escaping @MainActor (Target) -> @MainActor () -> Void,
    userInfo: Any?, repeats: Bool
  ) -> Timer {
    scheduledTimer(
      timeInterval: interval, target: target,
      selector: { @MainActor (object: Target) in { @MainActor (_: Timer) in selector(object)() } },
      userInfo: userInfo, repeats: repeats)
  }

  /// The same, for a method of a type off the main actor (a layer subclass's, an
  /// `NSObject` helper's), taking the timer or nothing.
  @discardableResult
  @_disfavoredOverload
  public class func scheduledTimer<Target>(
    timeInterval interval: TimeInterval, target: Any,
    selector: @escaping (Target) -> (Timer) -> Void,
    userInfo: Any?, repeats: Bool
  ) -> Timer {
    scheduledTimer(
      timeInterval: interval, target: target, selector: TargetAction.onMain(selector),
      userInfo: userInfo, repeats: repeats)
  }

  @discardableResult
  @_disfavoredOverload
  public class func scheduledTimer<Target>(
    timeInterval interval: TimeInterval, target: Any, selector: @escaping (Target) -> () -> Void,
    userInfo: Any?, repeats: Bool
  ) -> Timer {
    scheduledTimer(
      timeInterval: interval, target: target, selector: TargetAction.onMain(selector),
      userInfo: userInfo, repeats: repeats)
  }

  /// A timer, not yet scheduled, first due `interval` seconds from now (iOS's; Foundation's
  /// here would be due at once).
  @_disfavoredOverload
  public convenience init(
    timeInterval interval: TimeInterval, repeats: Bool,
    block: @escaping @Sendable (Timer) -> Void
  ) {
    self.init(dueIn: interval, repeats: repeats, block: block)
  }

  /// A timer that never fires, made by `Timer()` (iOS's, NSObject's initialiser, which
  /// Foundation on Linux lacks; Swift lets no extension declare `init()` itself, so this one's
  /// only argument has a default and is never written): not scheduled, not repeating, valid
  /// until invalidated, due at `.distantFuture`, so scheduling it holds it there until
  /// `fireDate` is set.
  public convenience init(_: Void = ()) {
    self.init(fire: .distantFuture, interval: 0, repeats: false) { _ in }
  }

  // Within this module Foundation's declarations win over the shadowing ones above (it
  // imports Foundation itself), so it calls these.
  convenience init(
    dueIn interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void
  ) {
    let interval = MediaTimers.interval(interval)
    self.init(
      fire: Date(timeIntervalSinceNow: interval), interval: interval, repeats: repeats,
      block: block)
    // Due that long after it is scheduled, to the nanosecond, whatever the wall clock did.
    objc_setAssociatedObject(
      self, &MediaTimers.dueInKey, MediaTime.seconds(interval), .OBJC_ASSOCIATION_RETAIN)
  }

  /// A timer, not yet scheduled, calling `selector` (the method itself, `Self.tick(_:)`) on
  /// `target` (kept until the timer is invalidated), first due `interval` seconds from now.
  public convenience init<Target>(
    timeInterval interval: TimeInterval, target: Any,
    selector: @escaping @MainActor (Target) -> @MainActor (Timer) -> Void,
    userInfo: Any?, repeats: Bool
  ) {
    nonisolated(unsafe) let object = TargetAction.typed(target, as: Target.self, in: "Timer")
    self.init(dueIn: interval, repeats: repeats) { timer in
      // Called on the main thread: the media clock's timers are the main run loop's.
      nonisolated(unsafe) let timer = timer
      MainActor.assumeIsolated { selector(object)(timer) }
    }
    if let userInfo {
      objc_setAssociatedObject(self, &MediaTimers.userInfoKey, userInfo, .OBJC_ASSOCIATION_RETAIN)
    }
  }

  /// The same, for a method taking nothing: `Self.tick`.
  public convenience init<Target>(
    timeInterval interval: TimeInterval, target: Any,
    selector: @escaping @MainActor (Target) -> @MainActor () -> Void,
    userInfo: Any?, repeats: Bool
  ) {
    self.init(
      timeInterval: interval, target: target,
      selector: { @MainActor (object: Target) in { @MainActor (_: Timer) in selector(object)() } },
      userInfo: userInfo, repeats: repeats)
  }

  /// The same, for a method of a type off the main actor, taking the timer or nothing.
  @_disfavoredOverload
  public convenience init<Target>(
    timeInterval interval: TimeInterval, target: Any,
    selector: @escaping (Target) -> (Timer) -> Void,
    userInfo: Any?, repeats: Bool
  ) {
    self.init(
      timeInterval: interval, target: target, selector: TargetAction.onMain(selector),
      userInfo: userInfo, repeats: repeats)
  }

  @_disfavoredOverload
  public convenience init<Target>(
    timeInterval interval: TimeInterval, target: Any, selector: @escaping (Target) -> () -> Void,
    userInfo: Any?, repeats: Bool
  ) {
    self.init(
      timeInterval: interval, target: target, selector: TargetAction.onMain(selector),
      userInfo: userInfo, repeats: repeats)
  }

  /// What the timer was made with to pass to its method.
  @_disfavoredOverload
  public var userInfo: Any? {
    objc_getAssociatedObject(self, &MediaTimers.userInfoKey) ?? self.Foundation::userInfo
  }

  /// When it is next due. A timer on the media clock is due that far ahead of the wall
  /// clock's now; setting it moves it on the media clock by as much, to the millisecond
  /// (`.distantFuture` holds it, `Date()` makes it due at once).
  @_disfavoredOverload
  public var fireDate: Date {
    get {
      guard let entry = MediaTimers.entry(of: self) else { return self.Foundation::fireDate }
      return Date(timeIntervalSinceNow: (entry.next - Runtime.now).seconds)
    }
    set {
      guard let entry = MediaTimers.entry(of: self) else {
        objc_setAssociatedObject(self, &MediaTimers.dueInKey, nil, .OBJC_ASSOCIATION_RETAIN)
        self.Foundation::fireDate = newValue
        return
      }
      entry.next = Runtime.now + MediaTimers.delay(until: newValue)
    }
  }
}

extension RunLoop {
  /// Schedules `timer`: on the main run loop, on the media clock, in every mode (the main
  /// run loop here is in every mode at once); elsewhere as Foundation does.
  @_disfavoredOverload
  public func add(_ timer: Timer, forMode mode: RunLoop.Mode) {
    schedule(timer, forMode: mode)
  }

  func schedule(_ timer: Timer, forMode mode: RunLoop.Mode) {
    guard self === RunLoop.main || (self === RunLoop.current && MediaTimers.onMain) else {
      self.Foundation::add(timer, forMode: mode)
      return
    }
    MediaTimers.schedule(timer)
  }
}

/// The timers the main run loop holds, on the media clock (main thread only).
enum MediaTimers {
  final class Entry {
    let timer: Timer
    var next: MediaTime
    init(timer: Timer, next: MediaTime) {
      self.timer = timer
      self.next = next
    }
  }

  nonisolated(unsafe) static var active: [Entry] = []

  /// Whether this code runs on the main thread or the main queue (where the main actor runs
  /// its work; not always on the main thread, as under a test runner).
  static var onMain: Bool {
    Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueue) != nil
  }
  /// A value only the main queue holds (its `DispatchQueue` objects are not one object).
  static let mainQueue: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()
  nonisolated(unsafe) static var userInfoKey: UInt8 = 0
  nonisolated(unsafe) static var dueInKey: UInt8 = 0

  /// `interval` as iOS takes it: at least 0.1 ms.
  static func interval(_ interval: TimeInterval) -> TimeInterval {
    interval > 0 ? interval : 0.0001
  }

  /// How far ahead of the wall clock's now `date` is, to the millisecond, and never less
  /// than zero (so a date made a moment ago is due at once, the same in every run).
  static func delay(until date: Date) -> MediaTime {
    delay(seconds: date.timeIntervalSinceNow)
  }

  /// `seconds` ahead, to the millisecond, never less than zero.
  static func delay(seconds: Double) -> MediaTime {
    guard seconds > 0 else { return .zero }
    return .milliseconds(Int64(min(seconds, MediaTime.maximumSeconds) * 1000 + 0.5))
  }

  static func entry(of timer: Timer) -> Entry? {
    active.first { $0.timer === timer }
  }

  /// Schedules `timer` (a valid one, not already scheduled): the interval it was made with
  /// from now, or else at its fire date.
  static func schedule(_ timer: Timer) {
    guard timer.isValid, entry(of: timer) == nil else { return }
    let dueIn =
      objc_getAssociatedObject(timer, &dueInKey) as? MediaTime
      ?? delay(until: timer.Foundation::fireDate)
    active.append(Entry(timer: timer, next: Runtime.now + dueIn))
  }

  /// The earliest time, no later than `frame`, at which a valid timer is due.
  static func nextCall(upTo frame: MediaTime) -> MediaTime? {
    active.removeAll { !$0.timer.isValid }
    return active.lazy.map(\.next).filter { $0 <= frame }.min()
  }

  /// Calls each valid timer due at `time`, in the order they were scheduled; a repeating
  /// one is next due an interval after it was due, a one-shot one is done.
  static func fire(at time: MediaTime) {
    for entry in active where entry.next == time {
      guard entry.timer.isValid else { continue }
      let step = entry.timer.timeInterval
      if step > 0 { entry.next = time + .seconds(step) }
      entry.timer.fire()
      // Made due again at once by its own call: no sooner than iOS's shortest interval.
      if entry.next <= time { entry.next = time + .seconds(interval(0)) }
    }
    active.removeAll { !$0.timer.isValid }
  }
}
