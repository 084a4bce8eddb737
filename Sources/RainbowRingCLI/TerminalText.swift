/// Text that came from the user (arguments, paths, messages holding them) made safe for the
/// terminal: control characters are shown escaped (`\n`, `\u{1b}`), so a line stays one line
/// and nothing typed can move the cursor, clear the screen or change colours.
enum TerminalText {
  static func escaped(_ text: String) -> String {
    var line = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": line += "\\n"
      case "\t": line += "\\t"
      case "\r": line += "\\r"
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        line += "\\u{\(String(scalar.value, radix: 16))}"
      default: line.unicodeScalars.append(scalar)
      }
    }
    return line
  }
}
