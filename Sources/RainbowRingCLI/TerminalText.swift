import RingGraphics

/// Text that came from the user (arguments, paths, messages holding them) made safe for the
/// terminal: hidden characters are shown escaped (`\n`, `\u{1b}`, `\u{202e}`; see
/// `VisibleText`), so a line stays one visible line and nothing typed can move the cursor,
/// clear the screen, change colours or reverse the text.
enum TerminalText {
  static func escaped(_ text: String) -> String { VisibleText.escaped(text) }
}
