import RainbowRing
import Testing

@testable import RingPlayers

/// A player moves a program's clock frame by frame within a limit of stops
/// (`LiveLayerTree.advance(toFrameAt:)`; `ChainTree` is a program's clock without a program): a chain that never lets the
/// clock move is an error, not a frozen window or terminal; a fast chain (a stop every
/// millisecond, a second between frames) plays on.
@Suite struct PlayerContentTests {
  @Test func aChainThatNeverMovesTheClockStopsThePlayer() {
    let content = PlayerContent.tree(ChainTree { _ in 0 })
    #expect(throws: RingError.self) { try content.advance(to: .seconds(1.0 / 60)) }
  }

  @Test(arguments: [1_000_000, 100_000_000] as [Int64])
  func aFastChainPlaysOn(step: Int64) throws {
    let content = PlayerContent.tree(ChainTree { _ in step })
    for frame in 1...3 { try content.advance(to: .seconds(Double(frame))) }
  }
}
