import RainbowRing
import RingFlash
import Testing

@testable import RingPlayers

/// The flash check sees what a terminal shows: two greens close together flow smoothly in
/// full colour, but in 256 colours they fall on either side of a step of xterm's cube and
/// switch between colours 40 and 46 ten times a second.
@Suite struct TerminalFlashLookTests {
  static func ring() throws -> RainbowRing {
    try RainbowRing(
      size: Size(width: 40, height: 40), ringWidth: 20, stepDuration: .milliseconds(50),
      colors: ["#00e600", "#00f000"].map { RGBAColor(parsing: $0)! })
  }

  @Test func twoCloseGreensFlashInTheirNearestOf256() throws {
    let scene = try RingScene(ring: Self.ring(), background: .black)
    let live = FlashShowing.live(frameRate: 30, duration: nil)
    let full = try FlashCheck(scene, showing: live).run()
    #expect(full.passes, "\(full.analysis.summary)")
    let look = try #require(TerminalPlayer.flashLook(.palette256))
    let check = try FlashCheck(scene, showing: live, look: look)
    let shown = try check.run()
    #expect(!shown.passes, "\(shown.analysis.summary)")
    #expect(try check.causes() == [.fewerColors])
  }

  @Test(arguments: [(16, (0, 0, 0)), (46, (0, 255, 0)), (40, (0, 215, 0)), (244, (128, 128, 128))])
  func xtermColoursAreTheCubeAndTheGreys(index: Int, rgb: (Int, Int, Int)) {
    #expect(TerminalPlayer.xtermRGB(index) == rgb)
    #expect(TerminalPlayer.xterm256(rgb.0, rgb.1, rgb.2) == index)
  }

  @Test func fullColourTerminalsHaveNoLook() {
    for g in [TerminalPlayer.Graphics.truecolor, .kitty, .sixel] {
      #expect(TerminalPlayer.flashLook(g) == nil, "\(g)")
    }
  }
}
