import RainbowRing
import RingLayers
import Testing

@testable import RingPlayers

/// A played program's clock: a chain whose stops come `step` nanoseconds apart (0: each
/// ends as it begins, so the clock never moves).
private final class Chain: LiveLayerTree {
  let step: Int64
  private var last = MediaTime.zero

  init(step: Int64) { self.step = step }

  var size: Size { Size(width: 1, height: 1) }
  var paletteColors: [RGBAColor] { [] }
  var focus: Rect { Rect(x: 0, y: 0, width: 1, height: 1) }
  func layer(canvas: Size, background: RGBAColor, origin: Point) -> Layer { Layer() }
  func advance(to time: MediaTime) { _ = advance(to: time, stoppingAfter: .max) }

  func advance(to target: MediaTime, stoppingAfter limit: Int) -> (stops: Int, time: MediaTime) {
    var n = 0
    while n < limit, last + .nanoseconds(step) <= target {
      last = last + .nanoseconds(step)
      n += 1
    }
    return (n, n < limit ? target : last)
  }
}

/// A player moves a program's clock frame by frame within `PlayerContent.stopsPerFrame`
/// stops: a chain that never lets the clock move is an error, not a frozen window or
/// terminal; a fast chain (a stop every millisecond, a second between frames) plays on.
@Suite struct PlayerContentTests {
  @Test func aChainThatNeverMovesTheClockStopsThePlayer() {
    let content = PlayerContent.tree(Chain(step: 0))
    #expect(throws: RingError.self) { try content.advance(to: .seconds(1.0 / 60)) }
  }

  @Test(arguments: [1_000_000, 100_000_000] as [Int64])
  func aFastChainPlaysOn(step: Int64) throws {
    let content = PlayerContent.tree(Chain(step: step))
    for frame in 1...3 { try content.advance(to: .seconds(Double(frame))) }
  }
}
