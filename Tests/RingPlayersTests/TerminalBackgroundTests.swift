import Testing

@testable import RingPlayers

@Suite struct TerminalBackgroundTests {
  static let esc = "\u{1B}"

  /// Replies as terminals give them: xterm (4 hex digits, ST or BEL as asked), tmux (its
  /// `window-style` or the outer terminal's colour, 4 digits), kitty and foot (2 digits),
  /// urxvt (`rgba:`), XParseColor's 1 and 3 digits; with the device attributes reply after.
  @Test(arguments: [
    ("\(esc)]11;rgb:ffff/ffff/ffff\(esc)\\", TerminalBackground(red: 255, green: 255, blue: 255)),
    ("\(esc)]11;rgb:0000/0000/0000\u{07}", TerminalBackground(red: 0, green: 0, blue: 0)),
    (
      "\(esc)]11;rgb:fdfd/f6f6/e3e3\(esc)\\\(esc)[?1;2c",
      TerminalBackground(red: 253, green: 246, blue: 227)
    ),
    (
      "\(esc)]11;rgb:1e/1e/2e\(esc)\\\(esc)[?62;4;52c",
      TerminalBackground(red: 30, green: 30, blue: 46)
    ),
    ("\(esc)]11;rgb:8080/4040/0000\(esc)\\", TerminalBackground(red: 128, green: 64, blue: 0)),
    ("\(esc)]11;rgba:0000/8000/ffff/c000\u{07}", TerminalBackground(red: 0, green: 128, blue: 255)),
    ("\(esc)]11;rgb:f/0/8\u{07}", TerminalBackground(red: 255, green: 0, blue: 136)),
    ("\(esc)]11;rgb:fff/800/000\(esc)\\", TerminalBackground(red: 255, green: 128, blue: 0)),
    ("q\(esc)]11;rgb:FFFF/0000/0000\(esc)\\", TerminalBackground(red: 255, green: 0, blue: 0)),
  ])
  func repliesAreParsed(reply: String, expected: TerminalBackground) {
    #expect(
      TerminalBackground(reply: Array(reply.utf8)) == expected,
      "\(reply.debugDescription) gives \(expected)")
  }

  /// No reply (only the device attributes, or nothing), or a broken one: no colour, so the
  /// player blends over nothing.
  @Test(arguments: [
    "",
    "\(esc)[?1;2c",
    "\(esc)]11;rgb:ffff/ffff\(esc)\\",
    "\(esc)]11;rgb:fffff/0/0\(esc)\\",
    "\(esc)]11;rgb:zz/00/00\(esc)\\",
    "\(esc)]11;rgb:ff/ff/ff",
    "\(esc)]11;#ffffff\(esc)\\",
    "\(esc)]10;rgb:ff/ff/ff\(esc)\\",
  ])
  func missingOrBrokenRepliesGiveNoColour(reply: String) {
    #expect(
      TerminalBackground(reply: Array(reply.utf8)) == nil, "\(reply.debugDescription) is no answer")
  }

  @Test(arguments: [
    ("\(esc)[?1;2c", true), ("\(esc)]11;rgb:ff/ff/ff\(esc)\\\(esc)[?62;22c", true),
    ("\(esc)]11;rgb:ff/ff/ff\(esc)\\", false), ("abc", false), ("\(esc)[?1;2", false),
  ])
  func theDeviceAttributesReplyEndsTheWait(bytes: String, ends: Bool) {
    #expect(
      TerminalBackground.endsWithDeviceAttributes(Array(bytes.utf8)) == ends,
      "\(bytes.debugDescription): \(ends ? "ends" : "does not end") the wait")
  }
}
