import Foundation
import RingLayers

// Blocks sent to the main queue from the main thread run on the media clock, in turns of the
// main run loop of their own, as timers do (see Timer+MediaClock.swift): so what
// `DispatchQueue.main.async` and `asyncAfter` start shows in snapshots and exports, at the
// time it would on iOS. As there, these shadow Dispatch's in a file that imports UIKit alone;
// elsewhere, and for other queues or other threads, Dispatch's run.

extension DispatchQueue {
  /// Runs `work` on this queue: sent to the main queue on the main thread, in a turn of the
  /// main run loop of its own, after the current one, at the same media time.
  @_disfavoredOverload
  public func async(
    group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified,
    flags: DispatchWorkItemFlags = [],
    execute work: @escaping @Sendable @convention(block) () -> Void
  ) {
    send(group: group, qos: qos, flags: flags, work)
  }

  /// `async { ... }` as most programs write it, as above. Needing no defaulted argument, it
  /// is a closer match than Dispatch's, so a file that imports Foundation or Dispatch as
  /// well gets it too.
  public func async(execute work: @escaping @Sendable @convention(block) () -> Void) {
    send(group: nil, qos: .unspecified, flags: [], work)
  }

  private func send(
    group: DispatchGroup?, qos: DispatchQoS, flags: DispatchWorkItemFlags,
    _ work: @escaping @Sendable @convention(block) () -> Void
  ) {
    guard MainQueueBlocks.takes(self) else {
      self.Dispatch::async(group: group, qos: qos, flags: flags, execute: work)
      return
    }
    MainQueueBlocks.add(after: .zero, group: group, work)
  }

  /// Runs `work` on this queue at `deadline`: sent to the main queue on the main thread, due
  /// as long after now on the media clock as `deadline` is after now on the wall clock (to
  /// the millisecond).
  @_disfavoredOverload
  public func asyncAfter(
    deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
    execute work: @escaping @Sendable @convention(block) () -> Void
  ) {
    send(after: deadline, qos: qos, flags: flags, work)
  }

  /// `asyncAfter(deadline:) { ... }` as most programs write it, as above; like `async`, it is
  /// the one a file that imports Foundation or Dispatch as well gets too.
  public func asyncAfter(
    deadline: DispatchTime, execute work: @escaping @Sendable @convention(block) () -> Void
  ) {
    send(after: deadline, qos: .unspecified, flags: [], work)
  }

  private func send(
    after deadline: DispatchTime, qos: DispatchQoS, flags: DispatchWorkItemFlags,
    _ work: @escaping @Sendable @convention(block) () -> Void
  ) {
    guard MainQueueBlocks.takes(self) else {
      self.Dispatch::asyncAfter(deadline: deadline, qos: qos, flags: flags, execute: work)
      return
    }
    MainQueueBlocks.add(after: MainQueueBlocks.delay(until: deadline), work)
  }

  /// Performs `item` on this queue, as above, unless it is cancelled first.
  @_disfavoredOverload
  public func async(execute item: DispatchWorkItem) {
    guard MainQueueBlocks.takes(self) else {
      self.Dispatch::async(execute: item)
      return
    }
    MainQueueBlocks.add(after: .zero, item.performUnlessCancelled)
  }

  /// Performs `item` on this queue as a member of `group`, as above.
  @_disfavoredOverload
  public func async(group: DispatchGroup, execute item: DispatchWorkItem) {
    guard MainQueueBlocks.takes(self) else {
      self.Dispatch::async(group: group, execute: item)
      return
    }
    MainQueueBlocks.add(after: .zero, group: group, item.performUnlessCancelled)
  }

  /// Performs `item` at `deadline`, as above, unless it is cancelled first.
  @_disfavoredOverload
  public func asyncAfter(deadline: DispatchTime, execute item: DispatchWorkItem) {
    guard MainQueueBlocks.takes(self) else {
      self.Dispatch::asyncAfter(deadline: deadline, execute: item)
      return
    }
    MainQueueBlocks.add(after: MainQueueBlocks.delay(until: deadline), item.performUnlessCancelled)
  }
}

extension DispatchGroup {
  /// Runs `work` on `queue` once every block of the group has run: on the main queue from
  /// the main thread, in a turn of the main run loop of its own, the first (a frame apart on
  /// the media clock) at which the group is empty (at once, for an empty group).
  @_disfavoredOverload
  public func notify(
    qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], queue: DispatchQueue,
    execute work: @escaping @convention(block) () -> Void
  ) {
    guard MainQueueBlocks.takes(queue) else {
      self.Dispatch::notify(qos: qos, flags: flags, queue: queue, execute: work)
      return
    }
    MainQueueBlocks.whenEmpty(self, after: .zero, work)
  }

  /// Performs `item` on `queue` once every block of the group has run, as above.
  @_disfavoredOverload
  public func notify(queue: DispatchQueue, work item: DispatchWorkItem) {
    guard MainQueueBlocks.takes(queue) else {
      self.Dispatch::notify(queue: queue, work: item)
      return
    }
    MainQueueBlocks.whenEmpty(self, after: .zero, item.performUnlessCancelled)
  }
}

extension DispatchWorkItem {
  /// Performs the item unless it was cancelled before its turn.
  fileprivate func performUnlessCancelled() {
    if !isCancelled { perform() }
  }
}

/// The blocks sent to the main queue from the main thread, on the media clock.
enum MainQueueBlocks {
  nonisolated(unsafe) static var due: [(time: MediaTime, work: () -> Void)] = []

  /// Whether a block sent to `queue` now is the media clock's: the main queue, from the
  /// main thread (or the main queue itself).
  static func takes(_ queue: DispatchQueue) -> Bool {
    queue.getSpecific(key: MediaTimers.mainQueue) != nil && MediaTimers.onMain
  }

  /// Runs `work` `delay` from now, a member of `group` until it has run.
  static func add(
    after delay: MediaTime, group: DispatchGroup? = nil, _ work: @escaping () -> Void
  ) {
    var block = work
    if let group {
      // A member of the group until it has run.
      group.enter()
      block = {
        work()
        group.leave()
      }
    }
    due.append((Runtime.now + delay, block))
  }

  /// Runs `work` in the first turn from `delay` on, a frame (a sixtieth of a second) apart,
  /// at which `group` is empty (its members may be other threads' blocks, which leave it on
  /// their own time; a group that never empties costs a check a frame).
  static func whenEmpty(
    _ group: DispatchGroup, after delay: MediaTime, _ work: @escaping () -> Void
  ) {
    add(after: delay) {
      if group.wait(timeout: .now()) == .success {
        work()
      } else {
        whenEmpty(group, after: MediaTimers.delay(seconds: 1.0 / 60), work)
      }
    }
  }

  /// How far ahead of now `deadline` is, never less than zero: up to the next millisecond,
  /// since the program read the clock for it a little before this reads it (so
  /// `.now() + 0.3` is 0.3 s while the two readings are less than a millisecond apart).
  static func delay(until deadline: DispatchTime) -> MediaTime {
    let now = DispatchTime.now().uptimeNanoseconds
    guard deadline.uptimeNanoseconds > now else { return .zero }
    let milliseconds = (Double(deadline.uptimeNanoseconds - now) / 1e6 - 1e-3).rounded(.up)
    return MediaTimers.delay(seconds: max(0, milliseconds) / 1e3)
  }

  /// The earliest time, no later than `frame`, at which a block is due.
  static func nextCall(upTo frame: MediaTime) -> MediaTime? {
    due.lazy.map(\.time).filter { $0 <= frame }.min()
  }

  /// Runs the blocks due at `time`, in the order they were sent; those they send wait for
  /// a later turn.
  static func run(at time: MediaTime) {
    let now = due.filter { $0.time == time }
    due.removeAll { $0.time == time }
    for block in now { block.work() }
  }
}
