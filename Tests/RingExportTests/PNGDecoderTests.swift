import Foundation
import RainbowRing
import RingCodecs
import RingTestSupport
import Testing

/// PNG files written by Pillow and ImageMagick in every colour type, bit depth and
/// interlacing, decoded here and by Pillow: the same pixels.
@Suite struct PNGDecoderTests {
  /// A folder of PNG files made by the outside encoders from one 37 x 23 picture with
  /// gradients, translucency and fully transparent pixels.
  static let folder: String = {
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("png-decoder-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
  }()

  /// Writes the sample files (once per run); throws when Pillow or ImageMagick is missing.
  static let made: Result<Void, ToolFailure> = {
    let script = """
      import sys
      from PIL import Image
      d = sys.argv[1]
      w, h = 37, 23
      rgba = Image.new('RGBA', (w, h))
      for y in range(h):
          for x in range(w):
              a = 0 if (x + y) % 11 == 0 else min(255, 40 + 6 * x + y)
              rgba.putpixel((x, y), ((x * 7) % 256, (y * 11) % 256, (x * y) % 256, a))
      rgba.save(d + '/rgba.png')
      rgba.convert('RGB').save(d + '/rgb.png')
      rgba.convert('RGB').save(d + '/rgb-trns.png', transparency=(7, 11, 1))
      rgba.convert('L').save(d + '/gray.png')
      rgba.convert('L').save(d + '/gray-trns.png', transparency=77)
      rgba.convert('LA').save(d + '/gray-alpha.png')
      rgba.convert('1').save(d + '/one-bit.png')
      for colors, bits in [(256, 8), (16, 4), (4, 2)]:
          p = rgba.convert('RGB').quantize(colors)
          p.save(d + '/palette-%d.png' % bits, bits=bits)
      p = rgba.quantize(200)
      p.save(d + '/palette-alpha.png')
      # Every row filter, row after row, written out by hand (the encoders above choose
      # only some): random bytes, so that ties in Paeth's predictor come up too.
      import random, struct, zlib
      random.seed(5)
      def chunk(kind, data):
          return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
      def paeth(a, b, c):
          p = a + b - c
          pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
          return a if pa <= pb and pa <= pc else (b if pb <= pc else c)
      def filtered(w, h, depth, kind, channels):
          stride = max(1, channels * depth // 8)
          n = (w * channels * depth + 7) // 8
          def byte():
              return random.choice([0, 7, 128, 255, random.randrange(256)])
          # 16-bit samples are 257 v (both bytes v): narrowing by rounding, as here, or by
          # dropping the low byte, as Pillow does, agree on them.
          if depth == 16:
              rows = [bytes(b for _ in range(n // 2) for b in [byte()] * 2) for _ in range(h)]
          else:
              rows = [bytes(byte() for _ in range(n)) for _ in range(h)]
          out, above = b'', bytes(n)
          for y, row in enumerate(rows):
              f = y % 5
              line = bytearray()
              for i in range(n):
                  a = row[i - stride] if i >= stride else 0
                  b = above[i]
                  c = above[i - stride] if i >= stride else 0
                  pred = [0, a, b, (a + b) // 2, paeth(a, b, c)][f]
                  line.append((row[i] - pred) % 256)
              out += bytes([f]) + bytes(line)
              above = row
          ihdr = struct.pack('>IIBBBBB', w, h, depth, kind, 0, 0, 0)
          return bytes([137, 80, 78, 71, 13, 10, 26, 10]) + chunk(b'IHDR', ihdr) + chunk(b'IDAT', zlib.compress(out)) + chunk(b'IEND', b'')
      for name, depth, kind, channels in [('filters', 8, 6, 4), ('filters-16', 16, 2, 3), ('filters-gray', 4, 0, 1)]:
          open(d + '/' + name + '.png', 'wb').write(filtered(29, 20, depth, kind, channels))
      """
    do {
      _ = try runTool("python3", ["-c", script, folder])
      func sixteen(_ type: Int) -> [String] {
        ["-define", "png:bit-depth=16", "-define", "png:color-type=\(type)"]
      }
      let magick: [(String, [String])] = [
        ("rgba.png", ["-interlace", "PNG", "PNG32:\(folder)/interlaced-rgba.png"]),
        ("palette-8.png", ["-interlace", "PNG", "\(folder)/interlaced-palette.png"]),
        ("rgba.png", ["PNG64:\(folder)/rgba-16.png"]),
        ("rgb.png", ["PNG48:\(folder)/rgb-16.png"]),
        ("gray.png", sixteen(0) + ["\(folder)/gray-16.png"]),
        ("gray-alpha.png", sixteen(4) + ["\(folder)/gray-alpha-16.png"]),
        ("rgba.png", ["-interlace", "PNG", "PNG64:\(folder)/interlaced-rgba-16.png"]),
      ]
      for (source, arguments) in magick {
        _ = try runTool("convert", ["\(folder)/\(source)"] + arguments)
      }
      // Each file is what its name says (the encoders narrow what fits in fewer bits).
      let check = """
        import sys, struct
        for path in sys.argv[1:]:
            depth, kind, _, _, interlace = struct.unpack('>BBBBB', open(path, 'rb').read()[24:29])
            name = path.split('/')[-1]
            assert (depth == 16) == ('-16' in name), name
            assert (interlace == 1) == name.startswith('interlaced'), name
        """
      _ = try runTool("python3", ["-c", check] + files.map { "\(folder)/\($0).png" })
      return .success(())
    } catch let failure as ToolFailure {
      return .failure(failure)
    } catch {
      return .failure(ToolFailure(message: "\(error)"))
    }
  }()

  static let files = [
    "rgba", "rgb", "rgb-trns", "gray", "gray-trns", "gray-alpha", "one-bit", "palette-8",
    "palette-4", "palette-2", "palette-alpha", "interlaced-rgba", "interlaced-palette",
    "rgba-16", "rgb-16", "gray-16", "gray-alpha-16", "interlaced-rgba-16", "filters",
    "filters-16", "filters-gray",
  ]

  /// Straight RGBA bytes premultiplied and packed as a pixmap holds them.
  func premultiplied(_ rgba: [UInt8]) -> [UInt32] {
    stride(from: 0, to: rgba.count, by: 4).map { i in
      PixelMath.scale(
        UInt32(rgba[i]) | UInt32(rgba[i + 1]) << 8 | UInt32(rgba[i + 2]) << 16 | 0xFF00_0000,
        by: UInt32(rgba[i + 3]))
    }
  }

  @Test(arguments: files)
  func decodesAsPillowDoes(file: String) throws {
    try PNGDecoderTests.made.get()
    let path = "\(PNGDecoderTests.folder)/\(file).png"
    let ours = try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    // Pillow narrows 16-bit grey by clamping, not scaling: the 16-bit files are compared
    // with Pillow's reading of the 8-bit files they were made from (each sample v became
    // 257 v, which scales back to v exactly).
    let reference =
      file.hasSuffix("-16") && !file.hasPrefix("filters")
      ? path.replacingOccurrences(of: "-16.png", with: ".png")
        .replacingOccurrences(of: "interlaced-", with: "") : path
    let pillow = try decodeWithPillow(reference)
    #expect(ours.width == pillow.width && ours.height == pillow.height)
    let expected = premultiplied(pillow.rgba)
    let differing = zip(ours.pixels, expected).filter { $0 != $1 }.count
    #expect(ours.pixels.count == expected.count && differing == 0, "\(differing) pixels differ")
  }

  @Test func readsWhatTheEncoderWrites() throws {
    let frame = try RainbowRing.seed.frame(at: .seconds(0.3), scale: 1)
    for filtering in [PNGEncoder.Filtering.none, .adaptive] {
      let decoded = try PNGDecoder.decode(try PNGEncoder.encode(frame, filtering: filtering))
      #expect(decoded == frame, "\(filtering)")
    }
  }

  /// Damaged files are refused with a message that says what is wrong; every prefix of a
  /// file and every single-byte change decode or fail cleanly.
  @Test func damagedFilesAreRefusedClearly() throws {
    let frame = try RainbowRing.seed.frame(at: .zero, scale: 0.25)
    let good = try PNGEncoder.encode(frame)
    func message(_ bytes: [UInt8]) -> String? {
      do {
        _ = try PNGDecoder.decode(bytes)
        return nil
      } catch {
        return error.message
      }
    }
    #expect(
      message(Array(good.dropFirst()))
        == "not a PNG image this program can read: it does not start with PNG's signature")
    var badCRC = good
    badCRC[29] ^= 1  // IHDR's CRC
    #expect(message(badCRC)?.contains("CRC of chunk IHDR") == true)
    var huge = good
    huge.replaceSubrange(16..<20, with: [0, 1, 0x11, 0x70])  // width 70,000
    let crc = PNGDecoderTests.crc(Array(huge[12..<29]))
    huge.replaceSubrange(29..<33, with: crc)
    #expect(message(huge)?.contains("too large") == true)
    for n in 0..<good.count { #expect(message(Array(good[0..<n])) != nil, "prefix \(n)") }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      var bytes = good
      bytes[Int.random(in: 8..<bytes.count, using: &generator)] ^= UInt8.random(in: 1...255)
      _ = message(bytes)  // no crash, no hang
    }
  }

  static func crc(_ bytes: [UInt8]) -> [UInt8] {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes {
      c ^= UInt32(b)
      for _ in 0..<8 { c = c & 1 == 1 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
    }
    c ^= 0xFFFF_FFFF
    return [UInt8(c >> 24), UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF)]
  }
}
