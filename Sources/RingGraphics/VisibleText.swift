/// Text shown in an error line, made visible: characters that draw nothing or reorder the
/// line (controls, format and bidirectional controls such as U+202E, line and paragraph
/// separators, spaces other than U+0020, default-ignorable characters such as U+200B), and
/// combining marks that would draw over the quotes or the lines around, are written as escapes (`\n`, `\u{202e}`), so an error stays one line that shows what was
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

  /// The most combining marks shown on one base character; more are escaped.
  public static let maximumMarks = 3

  /// Whether each of `text`'s scalars is escaped: each `isHidden` one, and each combining
  /// mark (categories Mn, Mc, Me) with no visible base of its own in the text (at the start,
  /// after a space or after an escaped scalar), which would draw over the quote before it,
  /// or stacked more than `maximumMarks` deep on one base, which would draw over the lines
  /// above and below. `é` written as `e` and U+0301 is kept.
  public static func escapes(_ text: String) -> [Bool] {
    var result: [Bool] = []
    result.reserveCapacity(text.unicodeScalars.count)
    var marks = 0
    var hasBase = false
    for scalar in text.unicodeScalars {
      if isHidden(scalar) {
        result.append(true)
        hasBase = false
        continue
      }
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark:
        marks += 1
        let stray = !hasBase || marks > maximumMarks
        result.append(stray)
        if stray { hasBase = false }
      default:
        result.append(false)
        hasBase = scalar != " "
        marks = 0
      }
    }
    return result
  }

  /// `text` with each scalar that `escapes` marks escaped: `\n`, `\t`, `\r`, else
  /// `\u{hex}`.
  public static func escaped(_ text: String) -> String {
    let escape = escapes(text)
    guard escape.contains(true) else { return text }
    var line = ""
    for (scalar, hidden) in zip(text.unicodeScalars, escape) {
      switch scalar {
      case "\n": line += "\\n"
      case "\t": line += "\\t"
      case "\r": line += "\\r"
      case _ where hidden: line += "\\u{\(String(scalar.value, radix: 16))}"
      default: line.unicodeScalars.append(scalar)
      }
    }
    return line
  }
}
