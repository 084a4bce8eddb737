/// Text written into JSON files (ring files, sprite-sheet frame maps).
public enum JSONText {
  /// `text` as a JSON string literal (RFC 8259): quoted, with quotes, backslashes and
  /// control characters escaped (`\n`, `\t`, `\r`, else `\u001b`).
  public static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
