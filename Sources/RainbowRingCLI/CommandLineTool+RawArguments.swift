import Foundation
import RingCommandLine
import RingCommands
import RingGraphics

extension CommandLineTool {
  /// Runs the tool with the program's own argument strings (without the program name),
  /// refusing, exit 64, any that is not valid UTF-8: decoding it would replace the bad bytes
  /// with U+FFFD and name, and perhaps overwrite, a different file.
  public static func run(rawArguments: [UnsafePointer<CChar>], console: Console) -> Int32 {
    var arguments: [String] = []
    for (i, raw) in rawArguments.enumerated() {
      guard let text = String(validatingCString: raw) else {
        let bytes = UnsafeBufferPointer(start: raw, count: strlen(raw)).map {
          UInt8(bitPattern: $0)
        }
        return usageError(
          "argument \(i + 1) ('\(shownBytes(bytes))') is not valid UTF-8 text; rainbow-ring reads arguments, paths too, as UTF-8, so it would name a different file (rename it, or pass a link with a UTF-8 name)",
          usage: "rainbow-ring [<subcommand>] [<options>]", helpFor: nil, console)
      }
      arguments.append(text)
    }
    return run(arguments, console: console)
  }

  /// `bytes` as text, each byte that is not part of valid UTF-8 shown as `\xHH`, controls
  /// escaped.
  static func shownBytes(_ bytes: [UInt8]) -> String {
    var shown = ""
    var i = 0
    while i < bytes.count {
      // The longest valid UTF-8 sequence starting here (1 to 4 bytes), else one raw byte.
      var taken = false
      for length in (1...min(4, bytes.count - i)).reversed() {
        if let piece = String(validating: bytes[i..<(i + length)], as: UTF8.self),
          piece.unicodeScalars.count == 1
        {
          shown += VisibleText.escaped(piece)
          i += length
          taken = true
          break
        }
      }
      if !taken {
        shown += "\\x" + String(bytes[i], radix: 16, uppercase: true).leftPadded(to: 2)
        i += 1
      }
    }
    return shown
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
