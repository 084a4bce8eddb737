import Foundation
import RainbowRing
import RingCodecs

/// The kitty terminal graphics protocol: an image sent as zlib-compressed RGBA in base64
/// chunks of at most 4096 bytes, replacing the image with the same id.
public enum KittyGraphics {
  /// The escape sequences for `frame`; `throughTmux` wraps each chunk in tmux's passthrough.
  public static func encode(_ frame: Pixmap, imageID: Int, throughTmux: Bool = false) -> String {
    let rgba = frame.straightRGBABytes()
    let payload = (try? PNGEncoder.deflate(rgba)).map { ($0, true) } ?? (rgba, false)
    let base64 = Data(payload.0).base64EncodedString()
    var chunks: [Substring] = []
    var i = base64.startIndex
    while i < base64.endIndex {
      let j = base64.index(i, offsetBy: 4096, limitedBy: base64.endIndex) ?? base64.endIndex
      chunks.append(base64[i..<j])
      i = j
    }
    var s = ""
    for (k, chunk) in chunks.enumerated() {
      let more = k + 1 < chunks.count ? 1 : 0
      if k == 0 {
        s +=
          "\u{1B}_Ga=T,f=32,s=\(frame.width),v=\(frame.height),i=\(imageID),p=1,q=2,C=1,"
          + (payload.1 ? "o=z," : "") + "m=\(more);\(chunk)\u{1B}\\"
      } else {
        s += "\u{1B}_Gm=\(more);\(chunk)\u{1B}\\"
      }
    }
    return throughTmux ? tmuxPassthrough(s) : s
  }

  /// `sequences` (each a complete `ESC _ G ... ESC \`) wrapped one by one in tmux's
  /// passthrough, `ESC P tmux; ... ESC \`, with each of their ESCs doubled; tmux, with
  /// `allow-passthrough` on, hands them to the outer terminal unchanged.
  public static func tmuxPassthrough(_ sequences: String) -> String {
    sequences.components(separatedBy: "\u{1B}\\").dropLast().map {
      "\u{1B}Ptmux;" + ($0 + "\u{1B}\\").replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}")
        + "\u{1B}\\"
    }.joined()
  }
}
