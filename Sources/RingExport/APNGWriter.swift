import RingCodecs
import RingGraphics

/// Writes an animated PNG frame by frame (APNG 1.0): `acTL`, then per frame an `fcTL` and
/// the pixels of the rectangle that changed since the previous frame (`IDAT` for the first,
/// `fdAT` after), then `IEND`. Frames are prepared (diffed, filtered, compressed) in
/// parallel by `encodeFrame`; the writer only numbers and writes chunks.
public struct APNGWriter {
  /// One frame ready to write: its region in the canvas, how it blends, its zlib data.
  public struct EncodedFrame: Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    /// `true` for APNG_BLEND_OP_OVER (unchanged pixels are transparent), else SOURCE.
    public var blendOver: Bool
    public var data: [UInt8]
  }

  private let file: OutputFile
  private let width: Int
  private let height: Int
  private let delay: (numerator: UInt16, denominator: UInt16)
  private var sequence: UInt32 = 0
  private var framesWritten = 0

  /// Starts the file: signature, header and animation control (`plays` 0 = forever).
  public init(
    file: OutputFile, width: Int, height: Int, frameCount: Int, plays: Int,
    delay: (numerator: UInt16, denominator: UInt16)
  ) throws {
    self.file = file
    self.width = width
    self.height = height
    self.delay = delay
    var out = PNGEncoder.signature
    PNGEncoder.appendHeader(width: width, height: height, to: &out)
    var actl: [UInt8] = []
    actl.appendBigEndian(UInt32(frameCount))
    actl.appendBigEndian(UInt32(plays))
    PNGEncoder.appendChunk("acTL", actl, to: &out)
    try file.write(out)
  }

  /// Appends the next frame.
  public mutating func write(_ frame: EncodedFrame) throws {
    var out: [UInt8] = []
    var fctl: [UInt8] = []
    fctl.appendBigEndian(sequence)
    sequence += 1
    fctl.appendBigEndian(UInt32(frame.width))
    fctl.appendBigEndian(UInt32(frame.height))
    fctl.appendBigEndian(UInt32(frame.x))
    fctl.appendBigEndian(UInt32(frame.y))
    fctl += [UInt8(delay.numerator >> 8), UInt8(delay.numerator & 0xFF)]
    fctl += [UInt8(delay.denominator >> 8), UInt8(delay.denominator & 0xFF)]
    fctl += [0, frame.blendOver ? 1 : 0]  // dispose: none; blend: source or over
    PNGEncoder.appendChunk("fcTL", fctl, to: &out)
    if framesWritten == 0 {
      PNGEncoder.appendChunk("IDAT", frame.data, to: &out)
    } else {
      var fdat: [UInt8] = []
      fdat.reserveCapacity(frame.data.count + 4)
      fdat.appendBigEndian(sequence)
      sequence += 1
      fdat += frame.data
      PNGEncoder.appendChunk("fdAT", fdat, to: &out)
    }
    framesWritten += 1
    try file.write(out)
  }

  /// Ends the file.
  public func finish() throws {
    var out: [UInt8] = []
    PNGEncoder.appendChunk("IEND", [], to: &out)
    try file.write(out)
  }

  /// Prepares `current` for writing after `previous` (nil for the first frame): the
  /// rectangle of pixels that differ, as straight RGBA, filtered and compressed. When every
  /// changed pixel is opaque the frame blends over the canvas and unchanged pixels are
  /// written transparent, which compresses better.
  public static func encodeFrame(
    _ current: Pixmap, previous: Pixmap?, filtering: PNGEncoder.Filtering
  ) throws -> EncodedFrame {
    let w = current.width
    var x0 = 0
    var y0 = 0
    var x1 = w
    var y1 = current.height
    var over = false
    if let previous {
      let changed = current.pixels.withUnsafeBufferPointer { cur in
        previous.pixels.withUnsafeBufferPointer { prev in
          PixelRect.changed(cur, from: prev, width: w, height: current.height)
        }
      }
      if let r = changed {
        (x0, y0, x1, y1) = (r.x, r.y, r.x + r.width, r.y + r.height)
        // Blending over needs every changed pixel opaque.
        over = true
        current.pixels.withUnsafeBufferPointer { cur in
          previous.pixels.withUnsafeBufferPointer { prev in
            for y in y0..<y1 {
              for i in (y * w + x0)..<(y * w + x1) where cur[i] != prev[i] && cur[i] >> 24 != 255 {
                over = false
              }
            }
          }
        }
      } else {
        // Nothing changed: a 1x1 transparent pixel blended over keeps the canvas.
        (x0, y0, x1, y1) = (0, 0, 1, 1)
        over = true
      }
    }
    let rw = x1 - x0
    let rh = y1 - y0
    var rgba = [UInt8](repeating: 0, count: rw * rh * 4)
    current.pixels.withUnsafeBufferPointer { cur in
      rgba.withUnsafeMutableBufferPointer { out in
        for y in 0..<rh {
          for x in 0..<rw {
            let i = (y0 + y) * w + x0 + x
            let v = cur[i]
            if over, let previous, previous.pixels[i] == v { continue }
            let o = 4 * (y * rw + x)
            let (r, g, b, a) = PixelMath.unpremultiplied(v)
            out[o] = r
            out[o + 1] = g
            out[o + 2] = b
            out[o + 3] = a
          }
        }
      }
    }
    return EncodedFrame(
      x: x0, y: y0, width: rw, height: rh, blendOver: over,
      data: try PNGEncoder.compressedRows(rgba, width: rw, height: rh, filtering: filtering))
  }
}
