import Foundation

// Core Foundation's run-loop timers, as older code makes a delay with them
// (`CFRunLoopTimerCreateWithHandler` then `CFRunLoopAddTimer`): Foundation on Linux does not
// export Core Foundation. A timer added to the main run loop runs on the media clock, as a
// `Timer` does, so what it starts shows in snapshots and exports.

public typealias CFAbsoluteTime = Double
public typealias CFIndex = Int
public typealias CFOptionFlags = UInt

/// An allocator argument (ignored: Swift manages memory).
public final class CFAllocator: @unchecked Sendable {}
public let kCFAllocatorDefault: CFAllocator! = CFAllocator()

/// A run loop's mode (the main run loop here is in every mode at once).
public struct CFRunLoopMode: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let defaultMode = CFRunLoopMode(rawValue: "kCFRunLoopDefaultMode")
  public static let commonModes = CFRunLoopMode(rawValue: "kCFRunLoopCommonModes")
}

/// A thread's run loop.
public final class CFRunLoop: @unchecked Sendable {
  let runLoop: RunLoop
  init(_ runLoop: RunLoop) { self.runLoop = runLoop }
}

/// A run-loop timer: Foundation's `Timer`, to which Core Foundation's is toll-free bridged
/// (so the copied `Timer.schedule(delay:handler:)` extension, whose handler takes a `Timer`
/// and which returns the Core Foundation timer as one, builds).
public typealias CFRunLoopTimer = Timer

public func CFRunLoopGetCurrent() -> CFRunLoop! { CFRunLoop(RunLoop.current) }
public func CFRunLoopGetMain() -> CFRunLoop! { CFRunLoop(RunLoop.main) }

/// Seconds since 1 January 2001: the media clock's time, counted from the wall clock's when
/// first asked, so that a delay made from it (`CFAbsoluteTimeGetCurrent() + 0.5`) is
/// exactly that long on the media clock however busy the machine is, and elapsed times
/// measured with it agree with the program's animations (as `CACurrentMediaTime()`).
public func CFAbsoluteTimeGetCurrent() -> CFAbsoluteTime {
  let now = Runtime.now.seconds
  if let zero = absoluteTimeAtZero { return zero + now }
  let zero = Date().timeIntervalSinceReferenceDate - now
  absoluteTimeAtZero = zero
  return zero + now
}

/// The absolute time at the media clock's zero, set when first asked.
nonisolated(unsafe) private var absoluteTimeAtZero: CFAbsoluteTime?

/// A timer first due at `fireDate` (`CFAbsoluteTimeGetCurrent()` plus a delay), then every
/// `interval` seconds when that is above 0, calling `block`; the flags and order are
/// ignored. It runs once added to a run loop.
public func CFRunLoopTimerCreateWithHandler(
  _ allocator: CFAllocator!, _ fireDate: CFAbsoluteTime, _ interval: CFTimeInterval,
  _ flags: CFOptionFlags, _ order: CFIndex, _ block: ((CFRunLoopTimer?) -> Void)!
) -> CFRunLoopTimer! {
  nonisolated(unsafe) let block = block
  let made = Timer(
    fire: Date(timeIntervalSinceReferenceDate: fireDate), interval: max(0, interval),
    repeats: interval > 0
  ) { block?($0) }
  // Due that long after it is added, measured now (to the millisecond), whatever the wall
  // clock does before it is added.
  objc_setAssociatedObject(
    made as Any, &MediaTimers.dueInKey,
    MediaTimers.delay(seconds: fireDate - CFAbsoluteTimeGetCurrent()), .OBJC_ASSOCIATION_RETAIN)
  return made
}

/// Schedules `timer` on `rl` (on the main run loop: the media clock).
public func CFRunLoopAddTimer(_ rl: CFRunLoop!, _ timer: CFRunLoopTimer!, _ mode: CFRunLoopMode!) {
  rl.runLoop.schedule(timer, forMode: .default)
}

/// Stops `timer`.
public func CFRunLoopRemoveTimer(
  _ rl: CFRunLoop!, _ timer: CFRunLoopTimer!, _ mode: CFRunLoopMode!
) {
  timer.invalidate()
}

public func CFRunLoopTimerInvalidate(_ timer: CFRunLoopTimer!) { timer.invalidate() }
