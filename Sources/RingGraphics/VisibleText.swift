/// Text shown in an error line, made visible: characters that draw nothing or reorder the
/// line (controls, format and bidirectional controls such as U+202E, line and paragraph
/// separators, spaces other than U+0020, default-ignorable characters such as U+200B) are
/// written as escapes (`\n`, `\u{202e}`), so an error stays one line that shows what was
/// typed, and nothing typed can move the cursor or reverse the text after it.
public enum VisibleText {
  /// Whether `scalar` is escaped: Unicode categories Cc, Cf, Zl, Zp, Zs (but U+0020) and
  /// default-ignorable code points.
  public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: return true
    case .spaceSeparator: return scalar != " "
    default: return scalar.properties.isDefaultIgnorableCodePoint
    }
  }

  /// `text` with each hidden scalar escaped: `\n`, `\t`, `\r`, else `\u{hex}`.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isHidden) else { return text }
    var line = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": line += "\\n"
      case "\t": line += "\\t"
      case "\r": line += "\\r"
      case _ where isHidden(scalar): line += "\\u{\(String(scalar.value, radix: 16))}"
      default: line.unicodeScalars.append(scalar)
      }
    }
    return line
  }
}
