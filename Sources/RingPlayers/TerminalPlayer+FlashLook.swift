import RainbowRing
import RingFlash

extension TerminalPlayer {
  /// How a terminal drawing `graphics` shows a frame's colours, for the flash check: in 256
  /// colours each pixel becomes its nearest xterm colour (`xterm256`, alpha kept); in shades,
  /// a pixel is a block of white as dense as its alpha in fifths (the glyphs ` ░▒▓█`), its
  /// colour lost. `nil` where every colour is shown (truecolor, kitty; sixel's palette is
  /// the ring's own colours).
  public static func flashLook(_ graphics: Graphics) -> FlashCheck.FrameLook? {
    switch graphics {
    case .palette256:
      return FlashCheck.FrameLook { frame, shown in
        shown.withUnsafeMutablePixels { out in
          frame.pixels.withUnsafeBufferPointer { px in
            for i in 0..<px.count {
              let v = px[i]
              let a = v >> 24
              guard a > 0 else {
                out[i] = 0
                continue
              }
              func straight(_ c: UInt32) -> Int { Int(min(255, (c * 255 + a / 2) / a)) }
              let (r, g, b) = xtermRGB(
                xterm256(straight(v & 0xFF), straight(v >> 8 & 0xFF), straight(v >> 16 & 0xFF)))
              func premultiplied(_ c: Int) -> UInt32 { (UInt32(c) * a + 127) / 255 }
              out[i] =
                premultiplied(r) | premultiplied(g) << 8 | premultiplied(b) << 16 | a << 24
            }
          }
        }
      }
    case .monochrome:
      return FlashCheck.FrameLook { frame, shown in
        shown.withUnsafeMutablePixels { out in
          frame.pixels.withUnsafeBufferPointer { px in
            for i in 0..<px.count {
              let fifths = ((px[i] >> 24) * 4 + 127) / 255  // 0 to 4: the glyph
              let a = fifths * 255 / 4
              out[i] = a | a << 8 | a << 16 | a << 24
            }
          }
        }
      }
    case .truecolor, .kitty, .sixel:
      return nil
    }
  }

  /// The colour of xterm's 256-colour `index` (16 to 255: the 6 x 6 x 6 cube and the grey
  /// ramp), as 8-bit red, green and blue.
  static func xtermRGB(_ index: Int) -> (Int, Int, Int) {
    if index >= 232 {
      let v = 8 + 10 * (index - 232)
      return (v, v, v)
    }
    let levels = [0, 95, 135, 175, 215, 255]
    let i = index - 16
    return (levels[i / 36], levels[i / 6 % 6], levels[i % 6])
  }
}
