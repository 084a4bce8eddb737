import Foundation
import RingCore
import RingGraphics

/// A layer tree shown at its own size and driven by its own clock, for players and
/// exporters: a program's window (the UIKit compatibility module's key window). It moves
/// only forward, on the thread that made it, so its frames are drawn in order.
public protocol LiveLayerTree: AnyObject {
  /// The tree's size, in points.
  var size: Size { get }
  /// Colours the tree shows most (its gradients'), for players that draw from a palette.
  var paletteColors: [RGBAColor] { get }
  /// Other colours a palette should hold exactly: the tree's solid fills, strokes and
  /// backgrounds and its other gradients' stops (a GIF's palette takes up to 32).
  var accentColors: [RGBAColor] { get }
  /// The part worth showing when room is short (a terminal), in the tree's points: what
  /// its content covers.
  var focus: Rect { get }
  /// The layer a player draws onto a canvas of `canvas` points filled with `background`:
  /// the tree with its point `origin` at the canvas's top left.
  func layer(canvas: Size, background: RGBAColor, origin: Point) -> Layer
  /// Brings the tree to `time` on its clock (its animations' stop callbacks, its layout),
  /// before the frame at `time` is drawn.
  func advance(to time: MediaTime)
  /// Brings the tree toward `time` as `advance(to:)` does, but stops after `limit` of its
  /// animations have stopped (each a turn of its callbacks); returns how many stopped and
  /// the clock time reached (`time` unless the limit came first).
  func advance(to time: MediaTime, stoppingAfter limit: Int) -> (stops: Int, time: MediaTime)
  /// Hands the tree a pointer's press, drag or release, at the time it was last advanced
  /// to; what it changes shows in the next frame.
  func pointer(_ event: PointerEvent)
}

extension LiveLayerTree {
  /// A tree that cannot count its stops: moved to `time` in one go.
  public func advance(to time: MediaTime, stoppingAfter limit: Int) -> (
    stops: Int, time: MediaTime
  ) {
    advance(to: time)
    return (0, time)
  }
}

extension LiveLayerTree {
  /// A tree that takes no input: nothing happens.
  public func pointer(_ event: PointerEvent) {}

  /// None beyond `paletteColors`.
  public var accentColors: [RGBAColor] { [] }

  /// Brings the tree to `time` before its frame there is drawn, within `stopLimit` stops
  /// (600,000 a second at 60 frames a second; the seed's chain takes one every 0.1 s).
  /// Throws `RingError` (`.stalledClock`) when it needs more: a program whose
  /// animations end as they begin would otherwise hold its player or export forever.
  public func advance(toFrameAt time: MediaTime, stopLimit: Int = 10_000) throws(RingError) {
    let step = advance(to: time, stoppingAfter: stopLimit)
    guard step.time >= time else {
      throw RingError(
        .stalledClock,
        "the program's frame at \(String(format: "%.3f", time.seconds)) s cannot be drawn: its animations stopped and restarted \(step.stops) times before it (each one it adds ends as, or just after, it begins)"
      )
    }
  }
}
