import Foundation
import RainbowRing
import RingCodecs

/// The kitty terminal graphics protocol: an image sent as zlib-compressed RGBA in base64
/// chunks of at most 4096 bytes, replacing the image with the same id.
public enum KittyGraphics {
  public static func encode(_ frame: Pixmap, imageID: Int) -> String {
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
    return s
  }
}
