import Foundation
import RainbowRing
import RingSystem

/// What a player shows, fitted to any display size.
public enum PlayerScene: String, CaseIterable, Sendable {
  /// The iPhone sample's host view: white, 375 x 667 points, the ring at (50, 80).
  case seed
  /// The ring alone, centred.
  case ring

  /// The scene's natural size in points for `ring`.
  public func naturalSize(for ring: RainbowRing) -> Size {
    switch self {
    case .seed: RingScene.seedCanvasSize(for: ring)
    case .ring: ring.size
    }
  }

  /// The scene for a display of `width` x `height` pixels at `scale`: the seed keeps the
  /// ring at (50, 80) and fills the rest white; the ring scene keeps it centred.
  public func scene(
    ring: RainbowRing, width: Int, height: Int, scale: Double, background: RGBAColor?
  ) throws -> RingScene {
    let canvas = Size(width: Double(max(1, width)) / scale, height: Double(max(1, height)) / scale)
    switch self {
    case .seed:
      return try RingScene(
        ring: ring, canvasSize: canvas, ringOrigin: RingScene.seedRingOrigin,
        background: background ?? .white, scale: scale)
    case .ring:
      return try RingScene(
        ring: ring, canvasSize: canvas,
        ringOrigin: Point(
          x: ((canvas.width - ring.size.width) / 2 * scale).rounded() / scale,
          y: ((canvas.height - ring.size.height) / 2 * scale).rounded() / scale),
        background: background ?? .clear, scale: scale)
    }
  }
}

/// When a player draws: frames on the fixed grid k / fps of a monotonic clock (never summed
/// intervals), until an optional duration ends.
///
/// The picture's time is the clock's, less the time spent paused: a pause holds the frame,
/// and playing again goes on from the time it held, not from the wall clock's.
/// `--duration` counts the wall clock, paused or not.
struct FrameSchedule {
  /// Seconds since the schedule started, read from the monotonic clock (a test's own).
  let elapsed: () -> Double
  let framesPerSecond: Double
  let duration: Double?
  private var nextFrame = 0.0
  /// Seconds of the clock spent in pauses that have ended.
  private var pausedSeconds = 0.0
  /// The clock's reading when the current pause began; `nil` while playing.
  private var pausedAt: Double?

  init(
    framesPerSecond: Double, duration: Double?, paused: Bool = false,
    elapsed: (() -> Double)? = nil
  ) {
    self.framesPerSecond = max(1, framesPerSecond)
    self.duration = duration
    if let elapsed {
      self.elapsed = elapsed
    } else {
      let clock = MonotonicClock()
      self.elapsed = { clock.elapsed }
    }
    if paused { pausedAt = self.elapsed() }
  }

  /// Whether the duration has passed.
  var isOver: Bool { duration.map { elapsed() >= $0 } ?? false }

  /// Whether the picture's time stands still.
  var isPaused: Bool { pausedAt != nil }

  /// Stops the picture's time at its value now, or lets it run on from where it stopped.
  mutating func togglePause() {
    let now = elapsed()
    if let start = pausedAt {
      pausedSeconds += now - start
      pausedAt = nil
      // The next frame is due at once: the picture moves again without waiting.
      nextFrame = 0
    } else {
      pausedAt = now
    }
  }

  /// The time to draw now, or `nil` when the next frame is not due (or the picture is
  /// paused); a returned frame moves the deadline to the next point of the grid.
  mutating func dueFrame() -> MediaTime? {
    guard pausedAt == nil else { return nil }
    let now = elapsed()
    guard now >= nextFrame else { return nil }
    nextFrame = ((now * framesPerSecond).rounded(.down) + 1) / framesPerSecond
    return .seconds(now - pausedSeconds)
  }

  /// The picture's time now: the clock's less the time paused (held during a pause).
  var now: MediaTime { .seconds((pausedAt ?? elapsed()) - pausedSeconds) }

  /// Milliseconds to sleep: until the next frame (or `idle` seconds when not drawing, or
  /// while paused), never past the end of the duration.
  func wait(idle: Double? = nil) -> Int32 {
    let now = elapsed()
    var seconds = idle ?? (pausedAt != nil ? 0.25 : max(0, nextFrame - now))
    if let d = duration { seconds = min(seconds, max(0, d - now)) }
    return Int32((seconds * 1000).rounded(.up))
  }
}

/// What a player shows: a ring in one of the scenes, or a live layer tree.
public enum PlayerContent: @unchecked Sendable {
  case ring(RainbowRing, PlayerScene)
  /// Not `Sendable`: the player runs on the thread that made the tree.
  case tree(any LiveLayerTree)

  /// The size it shows best at, in points.
  public var naturalSize: Size {
    switch self {
    case .ring(let ring, let scene): scene.naturalSize(for: ring)
    case .tree(let tree): tree.size
    }
  }

  /// Whether it fills the display with an opaque host by default (the seed scene, a window).
  var hasOpaqueHost: Bool {
    switch self {
    case .ring(_, let scene): scene == .seed
    case .tree: true
    }
  }

  var paletteColors: [RGBAColor] {
    switch self {
    case .ring(let ring, _): ring.colors
    case .tree(let tree): tree.paletteColors
    }
  }

  /// The smallest scale a terminal draws at, in pixels per point: a ring's 0.25 (below, it
  /// would lose its shape), for a window as small as it takes to show all of it.
  var leastTerminalScale: Double {
    switch self {
    case .ring: 0.25
    case .tree: 0.01
    }
  }

  /// The size to fit where room is short (a terminal), in points: a tree's focus.
  var focusedSize: Size {
    switch self {
    case .ring: naturalSize
    case .tree(let tree): tree.focus.size
    }
  }

  /// A renderer for a display of `width` x `height` pixels at `scale`, over `background`
  /// (`nil`: the scene's own, white for a tree); `focused` shows a tree's focus.
  func renderer(
    width: Int, height: Int, scale: Double, background: RGBAColor?, swapsRedAndBlue: Bool,
    focused: Bool = false
  ) throws -> FrameRenderer {
    switch self {
    case .ring(let ring, let scene):
      return try FrameRenderer(
        scene: scene.scene(
          ring: ring, width: width, height: height, scale: scale, background: background),
        swapsRedAndBlue: swapsRedAndBlue)
    case .tree(let tree):
      let canvas = Size(
        width: Double(max(1, width)) / scale, height: Double(max(1, height)) / scale)
      return try FrameRenderer(
        root: tree.layer(
          canvas: canvas, background: background ?? .white,
          origin: focused ? tree.focus.origin : .zero),
        width: max(1, width), height: max(1, height), scale: scale,
        swapsRedAndBlue: swapsRedAndBlue)
    }
  }

  /// Hands a tree a pointer event (`LiveLayerTree.pointer(_:)`); nothing for a ring.
  func pointer(_ event: PointerEvent) {
    guard case .tree(let tree) = self else { return }
    tree.pointer(event)
  }

  /// Runs a tree's clock to `time` before a frame (`LiveLayerTree.advance(toFrameAt:)`);
  /// nothing for a ring.
  func advance(to time: MediaTime) throws {
    guard case .tree(let tree) = self else { return }
    try tree.advance(toFrameAt: time)
  }
}
