import Foundation
import Testing

@testable import RingPlayers

@Suite struct TerminalSignalsTests {
  /// The player takes SIGWINCH, SIGTSTP and SIGCONT while it plays and gives each back the
  /// action the program had set (a library changes no process-wide state), not the default.
  @Test func thePlayersSignalsGetTheProgramsActionsBack() {
    var saved = sigaction()
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    sigemptyset(&ignore.sa_mask)
    sigaction(SIGWINCH, &ignore, &saved)
    defer { sigaction(SIGWINCH, &saved, nil) }

    TerminalSignals.install()
    #expect(handler(SIGWINCH) != unsafeBitCast(SIG_IGN, to: Int.self), "the player handles it")
    TerminalSignals.install()  // twice, as a player started again would
    TerminalSignals.uninstall()
    #expect(handler(SIGWINCH) == unsafeBitCast(SIG_IGN, to: Int.self), "the program's again")
  }

  private func handler(_ sig: Int32) -> Int {
    var current = sigaction()
    sigaction(sig, nil, &current)
    return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
  }
}
