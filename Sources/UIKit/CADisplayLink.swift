import RingCore

/// A timer in step with the screen: once added to the main run loop it calls its target
/// at each refresh of a 60 Hz display (or every few, as `preferredFramesPerSecond` asks),
/// before the frame it prepares is drawn, as on iOS.
///
/// Time is the media clock (`CACurrentMediaTime()`), not the wall clock: a snapshot at
/// 1 s has heard 60 calls, and an export at 30 frames a second hears two a frame, so
/// code that counts calls draws the same picture at any export rate. The call whose
/// `targetTimestamp` is T changes the frame at T; the first comes a refresh after the
/// link is added (the frame of the launch shows what the program set up).
///
/// Apple's `init(target:selector:)` takes `#selector(step(_:))`, which Swift without the
/// Objective-C runtime cannot compile: here the selector is the method itself,
/// `Self.step` (or `Self.step(_:)`), with the same target. As on iOS, the run loop holds
/// the link and the link holds its target until `invalidate()`.
@preconcurrency @MainActor
open class CADisplayLink {
  /// Calls the action on the target it was made with.
  private var action: ((CADisplayLink) -> Void)?
  /// The run loop modes it was added to (it fires while any is: the main run loop is in
  /// each of them here).
  private var modes: Set<RunLoop.Mode> = []
  /// The refresh index of its next call: refresh k is prepared at `k / 60` s.
  var nextRefresh: Int64 = 0

  /// A link calling `selector` (a method of `target`'s type that takes the link) on
  /// `target`. Stops the program when `target` is not of the method's type, as iOS does
  /// for a selector its target does not recognise.
  public init<Target>(
    target: Any, selector: @escaping @MainActor (Target) -> @MainActor (CADisplayLink) -> Void
  ) {
    let object = TargetAction.typed(target, as: Target.self, in: "CADisplayLink")
    action = { link in selector(object)(link) }
  }

  /// A link calling `selector` (a method of `target`'s type that takes no argument) on
  /// `target`.
  public init<Target>(
    target: Any, selector: @escaping @MainActor (Target) -> @MainActor () -> Void
  ) {
    let object = TargetAction.typed(target, as: Target.self, in: "CADisplayLink")
    action = { _ in selector(object)() }
  }

  /// The time of the frame on screen as it is called, in seconds of the media clock.
  public private(set) var timestamp: CFTimeInterval = 0
  /// The time of the frame the call prepares, in seconds.
  public private(set) var targetTimestamp: CFTimeInterval = 0
  /// Seconds between the display's refreshes (1/60).
  public var duration: CFTimeInterval { 1 / Double(DisplayLinks.refreshesPerSecond) }

  /// Whether calls are held; the next after it is cleared comes at the next refresh.
  open var isPaused = false {
    didSet {
      if oldValue && !isPaused { nextRefresh = DisplayLinks.nextRefresh() }
    }
  }

  /// Calls a second it asks for: 0 (the default) is the display's rate; other rates are
  /// met by calling at every nth refresh (n = 60 / rate, rounded; 1 at most 60).
  open var preferredFramesPerSecond = 0

  /// Refreshes between calls (deprecated on iOS): `preferredFramesPerSecond` of 60 / it.
  open var frameInterval: Int {
    get { preferredFramesPerSecond > 0 ? max(1, 60 / preferredFramesPerSecond) : 1 }
    set { preferredFramesPerSecond = newValue > 0 ? max(1, 60 / newValue) : 0 }
  }

  /// The rate range it asks for: its `preferred` rate (or else `maximum`) is used as
  /// `preferredFramesPerSecond` is.
  open var preferredFrameRateRange = CAFrameRateRange.default

  /// Refreshes between calls.
  var refreshesPerCall: Int64 {
    let range = preferredFrameRateRange
    let rate =
      range == .default
      ? Float(preferredFramesPerSecond) : (range.preferred ?? range.maximum)
    guard rate > 0 else { return 1 }
    return max(1, Int64((Float(DisplayLinks.refreshesPerSecond) / rate).rounded()))
  }

  /// Starts its calls (from the next refresh) while `runloop` runs in `mode`.
  open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
    guard action != nil else { return }
    if modes.isEmpty {
      nextRefresh = DisplayLinks.nextRefresh()
      DisplayLinks.active.append(self)
    }
    modes.insert(mode)
  }

  /// Stops its calls in `mode`; when no mode is left, the run loop lets it go.
  open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
    modes.remove(mode)
    if modes.isEmpty { DisplayLinks.active.removeAll { $0 === self } }
  }

  /// Stops it for good, letting its target go.
  open func invalidate() {
    modes = []
    action = nil
    DisplayLinks.active.removeAll { $0 === self }
  }

  /// Makes the call of refresh `index` (it is due).
  func fire(at index: Int64) {
    let step = refreshesPerCall
    timestamp = DisplayLinks.time(ofRefresh: index).seconds
    targetTimestamp = DisplayLinks.time(ofRefresh: index + step).seconds
    nextRefresh = index + step
    action?(self)
  }
}

extension RunLoop.Mode {
  /// The mode the main run loop is in while a scroll view tracks a touch (it is in every
  /// mode here: a link added in any fires).
  public static let tracking = RunLoop.Mode("UITrackingRunLoopMode")
}

/// A frame rate range a display link asks for, in frames a second.
public struct CAFrameRateRange: Equatable, Sendable {
  public var minimum: Float
  public var maximum: Float
  public var preferred: Float?

  public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
    self.minimum = minimum
    self.maximum = maximum
    self.preferred = preferred
  }

  /// The display's own rate.
  public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)
}

/// The display links the main run loop holds, and the display's refreshes on the media
/// clock.
enum DisplayLinks {
  static let refreshesPerSecond: Int64 = 60
  nonisolated(unsafe) static var active: [CADisplayLink] = []

  /// The media time of refresh `index`: `index / 60` s, to the nanosecond below.
  static func time(ofRefresh index: Int64) -> MediaTime {
    MediaTime(nanoseconds: index * (1_000_000_000 / 20) / (refreshesPerSecond / 20))
  }

  /// The refresh whose calls are being made, during them.
  nonisolated(unsafe) static var calling: Int64?

  /// The first refresh at or after the media clock's time, and after the one whose calls
  /// are being made: where a link added or resumed now first calls.
  static func nextRefresh() -> Int64 {
    let time = Runtime.now
    var index = time.nanoseconds * (refreshesPerSecond / 20) / (1_000_000_000 / 20)
    while self.time(ofRefresh: index) < time { index += 1 }
    if let calling, index <= calling { index = calling + 1 }
    return index
  }

  /// The earliest refresh at which an unpaused link calls to prepare a frame no later than
  /// `frame`.
  @MainActor static func nextCall(upTo frame: MediaTime) -> Int64? {
    var earliest: Int64?
    for link in active where !link.isPaused {
      let index = link.nextRefresh
      guard time(ofRefresh: index + link.refreshesPerCall) <= frame else { continue }
      earliest = min(earliest ?? index, index)
    }
    return earliest
  }

  /// Calls each unpaused link due at refresh `index`, in the order they were added.
  @MainActor static func fire(at index: Int64) {
    calling = index
    defer { calling = nil }
    for link in active where !link.isPaused && link.nextRefresh == index {
      // A call may invalidate a link later in the list.
      guard active.contains(where: { $0 === link }) else { continue }
      link.fire(at: index)
    }
  }
}
