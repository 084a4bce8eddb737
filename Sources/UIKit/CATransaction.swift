import RingLayers

/// Groups layer changes: their implicit animations' duration and pacing, whether actions
/// run, and a block called when every animation added in the group has stopped. Changes
/// made outside `begin()`/`commit()` belong to an implicit transaction, committed at the end
/// of the run loop's turn.
open class CATransaction: NSObject {
  open class func begin() {
    // The program's own properties set before it are noticed first, under the settings
    // that held when they were set (another layer's transaction that disables actions
    // must not turn theirs off).
    CALayer.noticeWatchedChanges()
    Runtime.transactions.append(Transaction())
  }

  open class func commit() {
    // The program's own properties set in it are noticed while its settings hold.
    if !Runtime.transactions.isEmpty { CALayer.noticeWatchedChanges() }
    guard let t = Runtime.transactions.popLast() else {
      Runtime.commitImplicit()
      return
    }
    t.group?.commit()
  }

  /// Commits the implicit transaction now.
  open class func flush() { Runtime.commitImplicit() }
  open class func lock() {}
  open class func unlock() {}

  private static func setting<T>(_ value: (Transaction) -> T?) -> T? {
    for t in Runtime.openTransactions.reversed() {
      if let v = value(t) { return v }
    }
    return nil
  }

  open class func disableActions() -> Bool { setting(\.disableActions) ?? false }
  open class func setDisableActions(_ flag: Bool) {
    Runtime.currentTransaction.disableActions = flag
  }

  /// The implicit animations' duration, 0.25 s unless set.
  open class func animationDuration() -> CFTimeInterval { setting(\.duration) ?? 0.25 }
  open class func setAnimationDuration(_ dur: CFTimeInterval) {
    Runtime.currentTransaction.duration = dur
  }

  /// The implicit animations' pacing; nil is linear.
  open class func animationTimingFunction() -> CAMediaTimingFunction? {
    setting(\.timingFunction)
  }
  open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
    Runtime.currentTransaction.timingFunction = function
  }

  open class func completionBlock() -> (() -> Void)? {
    Runtime.currentTransaction.group?.plain
  }

  /// Called once every animation added after this, in this transaction, has stopped (or at
  /// once after the commit when none was added).
  open class func setCompletionBlock(_ block: (() -> Void)?) {
    Runtime.currentTransaction.group = block.map(CompletionGroup.init)
  }

  /// As `setCompletionBlock`, the block hearing whether every animation ran to its end
  /// (false when one was removed first): UIKit's completions' `finished`.
  static func setCompletion(_ block: @escaping (_ finished: Bool) -> Void) {
    Runtime.currentTransaction.group = CompletionGroup(finished: block)
  }
}

/// One open transaction's settings.
final class Transaction {
  var disableActions: Bool?
  var duration: CFTimeInterval?
  var timingFunction: CAMediaTimingFunction?
  var group: CompletionGroup?
}

/// A completion block waiting for its transaction's animations.
final class CompletionGroup {
  /// Hears whether every animation ran to its end.
  let block: (Bool) -> Void
  /// The block as `CATransaction.completionBlock()` hands it out.
  let plain: () -> Void
  var pending = 0
  private var committed = false
  private var fired = false
  private var finished = true

  init(_ block: @escaping () -> Void) {
    self.block = { _ in block() }
    plain = block
  }

  init(finished block: @escaping (Bool) -> Void) {
    self.block = block
    plain = { block(true) }
  }

  func commit() {
    committed = true
    fireIfDone()
  }

  /// One of its animations stopped, at its end or removed before it.
  func finishOne(finished: Bool) {
    self.finished = self.finished && finished
    pending -= 1
    fireIfDone()
  }

  private func fireIfDone() {
    guard committed, pending <= 0, !fired else { return }
    fired = true
    let (block, finished) = (block, finished)
    Runtime.blocksDue.append { block(finished) }
  }
}

/// The process's one media clock, transactions and run loop (main thread only, as UIKit's).
enum Runtime {
  nonisolated(unsafe) static var clock: AnimationClock?
  nonisolated(unsafe) static var transactions: [Transaction] = []
  nonisolated(unsafe) static var implicitTransaction: Transaction?
  nonisolated(unsafe) static var startsDue: [CAAnimation] = []
  nonisolated(unsafe) static var stopsDue: [CAAnimation] = []
  nonisolated(unsafe) static var blocksDue: [() -> Void] = []
  /// Lays out the key window and marks its layers committed (set by `UIApplication`).
  nonisolated(unsafe) static var layout: (() -> Void)?
  /// The screen, in points, and its pixels per point (`UIScreen.main`).
  nonisolated(unsafe) static var screenSize = CGSize(width: 375, height: 667)
  nonisolated(unsafe) static var screenScale: CGFloat = 2

  /// Forgets the clock, open transactions and everything due (for tests, which launch
  /// several programs in one process).
  static func reset() {
    clock = nil
    transactions = []
    implicitTransaction = nil
    startsDue = []
    stopsDue = []
    blocksDue = []
    pinned = nil
    DisplayLinks.active = []
    MediaTimers.active = []
    MainQueueBlocks.due = []
    PerformRequests.timers = []
    screenSize = CGSize(width: 375, height: 667)
    screenScale = 2
  }

  /// Calls made at one instant in one `advance` before the rest wait for the next.
  static let callsAtOneInstant = 10_000

  /// The media clock's time: zero until the program's clock starts.
  static var now: MediaTime { pinned ?? clock?.time ?? .zero }
  /// The time of a display link's call made after the clock passed it (see `advance`).
  nonisolated(unsafe) static var pinned: MediaTime?

  static var openTransactions: [Transaction] {
    (implicitTransaction.map { [$0] } ?? []) + transactions
  }

  /// The innermost open transaction, opening the implicit one when none is.
  static var currentTransaction: Transaction {
    if let t = transactions.last { return t }
    if let t = implicitTransaction { return t }
    let t = Transaction()
    implicitTransaction = t
    return t
  }

  static func commitImplicit() {
    implicitTransaction?.group?.commit()
    implicitTransaction = nil
  }

  /// The completion groups an animation added now belongs to.
  static func completionGroups() -> [CompletionGroup] {
    openTransactions.compactMap(\.group)
  }

  static func animationAdded(_ animation: CAAnimation) { startsDue.append(animation) }

  /// An animation left its layer: finished (the clock ended it, at its end time: its
  /// delegate hears now, and the turn ends), or removed (heard at the end of this turn).
  static func animationStopped(_ animation: CAAnimation, finished: Bool, groups: [CompletionGroup])
  {
    for group in groups { group.finishOne(finished: finished) }
    if finished {
      deliverStart(animation)
      animation.delegate?.animationDidStop(animation, finished: true)
      endTurn()
    } else {
      if !animation.didStart { animation.didStart = true }
      stopsDue.append(animation)
    }
  }

  private static func deliverStart(_ animation: CAAnimation) {
    guard !animation.didStart else { return }
    animation.didStart = true
    animation.delegate?.animationDidStart(animation)
  }

  /// The end of a turn of the run loop: the implicit transaction commits, the window lays
  /// out, then starts, removals and completion blocks are heard, in that order. What they
  /// change waits for the next turn.
  static func endTurn() {
    // Values that changed without a layer's setter (a program's own properties, a label's
    // text) are told to their observers first, so that what they change shows this turn.
    KeyValueObservations.shared.check(touched: nil)
    commitImplicit()
    layout?()
    let seconds = Double(now.nanoseconds) / 1e9
    let starts = startsDue
    startsDue = []
    for a in starts {
      if a.beginTime > seconds && !a.didStart { startsDue.append(a) } else { deliverStart(a) }
    }
    let stops = stopsDue
    stopsDue = []
    for a in stops { a.delegate?.animationDidStop(a, finished: false) }
    let blocks = blocksDue
    blocksDue = []
    for block in blocks { block() }
  }

  /// Moves the media clock to `time` (starting it at zero, on `root`, the first time):
  /// every animation ending before then stops in order, each stop a turn of its own.
  static func advance(to time: MediaTime, root: Layer) {
    advance(to: time, root: root, stoppingAfter: .max)
  }

  /// Moves the media clock toward `time` as `advance(to:root:)` does, but only through
  /// `limit` stops (a display link's call is one); returns how many stopped and the time
  /// reached.
  @discardableResult
  static func advance(to time: MediaTime, root: Layer, stoppingAfter limit: Int) -> (
    stops: Int, time: MediaTime
  ) {
    endTurn()
    if clock == nil { clock = AnimationClock(root: root, time: .zero) }
    var stops = 0
    // Each call of a display link, of the timers or of the main queue's blocks is a turn of
    // its own, at its time. One due between two frames is made after the first (the clock
    // never goes back) but as of its time: the media time it reads and what it starts are
    // its own, so the frames are the same at any frame rate. Each call counts as a stop, so
    // a snapshot's cap holds them too.
    // Calls at one instant that go on and on (a block sending itself again) wait for the
    // next frame after a while, as iOS's run loop still draws between them.
    var atOneInstant = 0
    var lastCallTime: MediaTime?
    while stops < limit {
      let next = nextCallOnMain(time)
      // The clock moves toward the next call (or the frame) one animation stop at a time:
      // what a stop's callbacks schedule (a completion block's `asyncAfter`) may be due
      // before it, and is made in its turn.
      let stopped = clock!.advance(to: next?.time ?? time, stoppingAfter: 1)
      stops += stopped
      if stopped > 0 { continue }
      guard let call = next else { break }
      atOneInstant = call.time == (lastCallTime ?? .maximum) ? atOneInstant + 1 : 0
      lastCallTime = call.time
      guard atOneInstant < Self.callsAtOneInstant else { break }
      pinned = call.time
      makeOnMain(call.call, call.time)
      endTurn()
      clock!.commit(asOf: call.time)
      pinned = nil
      stops += 1
    }
    if stops < limit { stops += clock!.advance(to: time, stoppingAfter: limit - stops) }
    endTurn()
    return (stops, clock!.time)
  }
}

extension Runtime {
  /// What the main run loop calls in a turn of its own: a display link's refresh, the timers
  /// due, or the blocks sent to the main queue that are due.
  enum Call {
    case refresh(Int64)
    case timers
    case blocks
  }

  /// `nextCall(upTo:)` as a plain function, for the run loop's own thread (the main one):
  /// `MainActor.assumeIsolated` would box a closure at each of a frame's calls.
  nonisolated(unsafe) static let nextCallOnMain = unsafeBitCast(
    nextCall as @MainActor (MediaTime) -> (time: MediaTime, call: Call)?,
    to: ((MediaTime) -> (time: MediaTime, call: Call)?).self)

  /// `make(_:at:)` as a plain function, for the run loop's own thread (the main one).
  nonisolated(unsafe) static let makeOnMain = unsafeBitCast(
    make as @MainActor (Call, MediaTime) -> Void, to: ((Call, MediaTime) -> Void).self)

  /// The earliest call due for the frame at `frame`, and its time: at one time, display
  /// links come first, then timers, then blocks.
  @MainActor static func nextCall(upTo frame: MediaTime) -> (time: MediaTime, call: Call)? {
    var next: (time: MediaTime, call: Call)?
    if let refresh = DisplayLinks.nextCall(upTo: frame) {
      next = (DisplayLinks.time(ofRefresh: refresh), .refresh(refresh))
    }
    if let time = MediaTimers.nextCall(upTo: frame), time < next?.time ?? .maximum {
      next = (time, .timers)
    }
    if let time = MainQueueBlocks.nextCall(upTo: frame), time < next?.time ?? .maximum {
      next = (time, .blocks)
    }
    return next
  }

  @MainActor static func make(_ call: Call, at time: MediaTime) {
    switch call {
    case .refresh(let refresh): DisplayLinks.fire(at: refresh)
    case .timers: MediaTimers.fire(at: time)
    case .blocks: MainQueueBlocks.run(at: time)
    }
  }
}

extension CATransaction {
  /// Runs `changes` in a transaction of their own: animated as UIKit's controls move (0.25 s,
  /// eased in and out), or with actions disabled, so they show at once.
  static func changing(animated: Bool, _ changes: () -> Void) {
    begin()
    if animated {
      setAnimationDuration(0.25)
      setAnimationTimingFunction(CAMediaTimingFunction(name: .easeInEaseOut))
    } else {
      setDisableActions(true)
    }
    changes()
    commit()
  }
}

/// The action event of a layer entering what shows: added to a superlayer, or no longer
/// hidden.
public let kCAOnOrderIn = "onOrderIn"
/// The action event of a layer leaving what shows: removed from its superlayer, or hidden.
public let kCAOnOrderOut = "onOrderOut"
