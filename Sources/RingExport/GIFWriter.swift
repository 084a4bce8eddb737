import RingCodecs
import RingGraphics

/// Writes a GIF89a animation frame by frame with one global colour table: each frame a
/// graphic control extension (delay, transparency, disposal) and an image of the rectangle
/// that changed, where pixels equal to the previous frame's are transparent.
///
/// A transparent pixel keeps what is beneath it, so a pixel cannot turn transparent in a
/// frame drawn over the last one: the frame before it is then the whole canvas and is
/// restored to the background (cleared) after it shows, and the frame itself is drawn
/// whole.
public struct GIFWriter {
  /// One frame ready to write: its rectangle and its LZW data in sub-blocks.
  public struct EncodedFrame: Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public var data: [UInt8]
    /// Whether the canvas is cleared after this frame shows (disposal 2, "restore to
    /// background"), else kept (disposal 1, "do not dispose").
    public var clearsAfter = false
  }

  private let file: OutputFile
  private let delays: [Int]
  private var index = 0

  /// Starts the file. `plays` is how many times the animation plays (0 = forever).
  public init(
    file: OutputFile, width: Int, height: Int, palette: GIFPalette, plays: Int, delays: [Int]
  )
    throws
  {
    self.file = file
    self.delays = delays
    var out = Array("GIF89a".utf8)
    out.appendLittleEndian16(width)
    out.appendLittleEndian16(height)
    out += [0xF7, 0, 0]  // global table of 256 entries, 8-bit colour resolution
    out += palette.tableBytes
    if plays != 1 {
      // NETSCAPE2.0: the number of repetitions after the first play; 0 repeats forever.
      out += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [3, 1]
      out.appendLittleEndian16(plays == 0 ? 0 : plays - 1)
      out.append(0)
    }
    try file.write(out)
  }

  public mutating func write(_ frame: EncodedFrame) throws {
    // Disposal 2 or 1 in bits 2-4, then the transparent colour's flag.
    var out: [UInt8] = [0x21, 0xF9, 0x04, frame.clearsAfter ? 0x09 : 0x05]
    out.appendLittleEndian16(delays[index])
    out += [GIFPalette.transparentIndex, 0]
    out.append(0x2C)
    out.appendLittleEndian16(frame.x)
    out.appendLittleEndian16(frame.y)
    out.appendLittleEndian16(frame.width)
    out.appendLittleEndian16(frame.height)
    out += [0, 8]  // no local table; LZW minimum code size 8
    try file.write(out)
    try file.write(frame.data)
    index += 1
  }

  public func finish() throws {
    try file.write([0x3B])
  }

  /// Prepares frame indices `current` for writing after `previous` (nil for the first, or
  /// after a frame that clears): the changed rectangle, unchanged pixels as the
  /// transparent index, LZW-compressed. When `clearsAfter` (the next frame has pixels turn
  /// transparent; see `vanishes`) the rectangle is the whole canvas, cleared after it shows.
  public static func encodeFrame(
    _ current: [UInt8], previous: [UInt8]?, width: Int, height: Int, clearsAfter: Bool = false
  ) -> EncodedFrame {
    var (x0, y0, x1, y1) = (0, 0, width, height)
    var pixels: [UInt8] = []
    current.withUnsafeBufferPointer { cur in
      if let previous, !clearsAfter {
        // Nothing changed: one transparent pixel.
        let r =
          previous.withUnsafeBufferPointer {
            PixelRect.changed(cur, from: $0, width: width, height: height)
          } ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        (x0, y0, x1, y1) = (r.x, r.y, r.x + r.width, r.y + r.height)
      }
      let rw = x1 - x0
      let rh = y1 - y0
      pixels = [UInt8](repeating: GIFPalette.transparentIndex, count: rw * rh)
      pixels.withUnsafeMutableBufferPointer { out in
        if let previous {
          previous.withUnsafeBufferPointer { prev in
            let transparent = GIFPalette.transparentIndex
            for y in 0..<rh {
              // Branch-free, so the compiler vectorises it: unchanged pixels are transparent.
              let c = cur.baseAddress! + (y0 + y) * width + x0
              let p = prev.baseAddress! + (y0 + y) * width + x0
              let o = out.baseAddress! + y * rw
              for x in 0..<rw { o[x] = c[x] == p[x] ? transparent : c[x] }
            }
          }
        } else {
          for y in 0..<rh {
            let src = (y0 + y) * width + x0
            for x in 0..<rw { out[y * rw + x] = cur[src + x] }
          }
        }
      }
    }
    let stream = pixels.withUnsafeBufferPointer { LZW.encode($0) }
    return EncodedFrame(
      x: x0, y: y0, width: x1 - x0, height: y1 - y0, data: LZW.subBlocks(stream),
      clearsAfter: clearsAfter)
  }

  /// Whether a pixel opaque in `before` is transparent in `after`, which a frame drawn over
  /// `before` cannot show.
  public static func vanishes(from before: [UInt8], to after: [UInt8]) -> Bool {
    let transparent = GIFPalette.transparentIndex
    var found = false
    before.withUnsafeBufferPointer { b in
      after.withUnsafeBufferPointer { a in
        for k in 0..<min(b.count, a.count) where a[k] == transparent && b[k] != transparent {
          found = true
          break
        }
      }
    }
    return found
  }
}

extension Array where Element == UInt8 {
  mutating func appendLittleEndian16(_ v: Int) {
    append(UInt8(v & 0xFF))
    append(UInt8((v >> 8) & 0xFF))
  }
}
