import Foundation
import RainbowRing
import RingCodecs
import RingFlash

extension ExportSettings {
  /// A GIF's one palette: the content's colours (a ring's with its track's and effect's),
  /// over the background when it is opaque.
  var gifPalette: GIFPalette {
    let background = content.background
    return GIFPalette(
      colors: content.colors, matte: background.alpha == 1 ? background : nil,
      accents: content.accentColors)
  }

  /// How a GIF of these settings shows a frame, for the flash check: each pixel the palette
  /// entry the GIF's quantizer gives it (its dithering included) at the same position, or
  /// transparent where the GIF is. `nil` for other formats.
  var gifLook: FlashCheck.FrameLook? {
    guard format == .gif else { return nil }
    let palette = gifPalette
    let state = GIFLookState(GIFQuantizer(palette: palette, ditherStrength: ditherStrength))
    let table = palette.colors.map { UInt32($0.0) | UInt32($0.1) << 8 | UInt32($0.2) << 16 }
    return FlashCheck.FrameLook(cause: .gifPalette) { frame, shown in
      state.lock.withLock {
        state.quantizer.quantize(frame, into: &state.indices)
        state.indices.withUnsafeBufferPointer { indices in
          shown.withUnsafeMutablePixels { out in
            for i in 0..<min(indices.count, out.count) {
              let k = Int(indices[i])
              out[i] = k == Int(GIFPalette.transparentIndex) ? 0 : table[k] | 0xFF00_0000
            }
          }
        }
      }
    }
  }
}

/// The quantizer a GIF look keeps warm (its lookup table fills as colours come) and its
/// indices' buffer, reused frame after frame; one frame at a time.
private final class GIFLookState: @unchecked Sendable {
  let lock = NSLock()
  var quantizer: GIFQuantizer
  var indices: [UInt8] = []

  init(_ quantizer: GIFQuantizer) { self.quantizer = quantizer }
}
