import RainbowRing
import RingCodecs

/// Sixel images (DEC): a palette of up to 256 colours (the GIF exporter's, chosen for the
/// ring) and the pixels in bands six rows tall, each colour's columns run-length encoded.
public enum Sixel {
  /// The DCS sequence for `frame`, dithered into `palette`.
  public static func encode(_ frame: Pixmap, palette: GIFPalette, quantizer: inout GIFQuantizer)
    -> [UInt8]
  {
    var indices: [UInt8] = []
    quantizer.quantize(frame, into: &indices)
    let w = frame.width
    let h = frame.height
    var out: [UInt8] = []
    out.reserveCapacity(w * h / 2)
    func put(_ s: String) { out.append(contentsOf: s.utf8) }
    // P2 = 1: pixels of colour 0 (transparent in GIF terms) stay as they are.
    put("\u{1B}P0;1;0q\"1;1;\(w);\(h)")
    for (i, c) in palette.colors.enumerated() {
      put("#\(i);2;\(Int(c.0) * 100 / 255);\(Int(c.1) * 100 / 255);\(Int(c.2) * 100 / 255)")
    }
    var used = [Bool](repeating: false, count: 256)
    var bits = [UInt8](repeating: 0, count: w)
    for band in stride(from: 0, to: h, by: 6) {
      used = used.map { _ in false }
      for y in band..<min(band + 6, h) {
        for x in 0..<w { used[Int(indices[y * w + x])] = true }
      }
      var firstColor = true
      for color in 1..<256 where used[color] {
        for x in 0..<w {
          var b: UInt8 = 0
          for dy in 0..<min(6, h - band) where indices[(band + dy) * w + x] == UInt8(color) {
            b |= 1 << UInt8(dy)
          }
          bits[x] = b
        }
        if !firstColor { out.append(UInt8(ascii: "$")) }
        firstColor = false
        put("#\(color)")
        var x = 0
        while x < w {
          var run = 1
          while x + run < w && bits[x + run] == bits[x] { run += 1 }
          let ch = 63 + bits[x]
          if run > 3 {
            put("!\(run)")
            out.append(ch)
          } else {
            for _ in 0..<run { out.append(ch) }
          }
          x += run
        }
      }
      out.append(UInt8(ascii: "-"))
    }
    put("\u{1B}\\")
    return out
  }
}
