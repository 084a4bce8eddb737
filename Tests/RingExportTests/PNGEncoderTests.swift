import Foundation
import RainbowRing
import RingTestSupport
import Testing

@testable import RingExport

@Suite struct PNGEncoderTests {
  func roundTrip(_ pixmap: Pixmap) throws -> (width: Int, height: Int, rgba: [UInt8]) {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("png-\(UUID().uuidString).png").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try FileWriter.write(try PNGEncoder.encode(pixmap), to: path)
    return try decodeWithPillow(path)
  }

  @Test(arguments: [(0.0, 1.0), (0.05, 2.0), (3.65, 3.0), (1.0, 1.5)])
  func pillowDecodesTheFramePixelForPixel(time: Double, scale: Double) throws {
    let frame = try RainbowRing.seed.frame(at: .seconds(time), scale: scale)
    let decoded = try roundTrip(frame)
    #expect(decoded.width == frame.width && decoded.height == frame.height, "size")
    let expected = frame.straightRGBABytes()
    let differing = zip(decoded.rgba, expected).filter { $0 != $1 }.count
    #expect(decoded.rgba.count == expected.count && differing == 0, "\(differing) bytes differ")
  }

  /// A test image: a size and a pattern, pixels from a seeded generator.
  struct Sample: Sendable, CustomTestStringConvertible {
    enum Pattern: String, Sendable {
      /// Random opaque colours.
      case opaqueNoise
      /// Random colours and alphas, fully transparent and fully opaque included.
      case translucentNoise
      /// Every pixel fully transparent.
      case transparent
      /// A smooth opaque diagonal gradient, where Sub and Paeth win rows.
      case gradient
      /// Opaque rows made for each filter in turn: noise (None), a copy of the row above
      /// (Up), each byte the mean of its left and upper neighbours (Average), one flat colour
      /// (Sub).
      case mixedRows
    }
    var width: Int
    var height: Int
    var pattern: Pattern
    var testDescription: String { "\(width)x\(height) \(pattern.rawValue)" }

    func pixmap() throws -> Pixmap {
      var p = try Pixmap(width: width, height: height)
      var state = UInt64(width * 7919 + height * 104_729) ^ 0x9E37_79B9_7F4A_7C15
      func next() -> UInt32 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt32(truncatingIfNeeded: state >> 32)
      }
      for y in 0..<height {
        for x in 0..<width {
          let v: UInt32
          switch pattern {
          case .opaqueNoise: v = next() | 0xFF00_0000
          case .translucentNoise:
            // A quarter transparent, a quarter opaque, the rest in between.
            let r = next()
            let a: UInt32 = [0, 255, r >> 24, (r >> 16) & 0xFF][Int(r & 3)]
            v = PixelMath.scale(next() | 0xFF00_0000, by: a)
          case .transparent: v = 0
          case .mixedRows: v = 0  // filled below, row by row
          case .gradient:
            let r = UInt32((x * 255) / max(1, width - 1))
            let g = UInt32((y * 255) / max(1, height - 1))
            let b = UInt32(((x + y) * 3) & 0xFF)
            v = r | g << 8 | b << 16 | 0xFF00_0000
          }
          p.withUnsafeMutablePixels { $0[y * width + x] = v }
        }
      }
      if pattern == .mixedRows {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        let stride = width * 4
        for y in 0..<height {
          let flat = UInt8(truncatingIfNeeded: next())
          for i in 0..<stride where i % 4 != 3 {
            let above = y > 0 ? Int(bytes[(y - 1) * stride + i]) : 0
            let left = i >= 4 ? Int(bytes[y * stride + i - 4]) : 0
            bytes[y * stride + i] =
              switch y % 4 {
              case 0: UInt8(truncatingIfNeeded: next())
              case 1: UInt8(above)
              case 2: UInt8((left + above) / 2)
              default: flat
              }
          }
        }
        p.withUnsafeMutablePixels { px in
          for i in px.indices {
            px[i] =
              UInt32(bytes[4 * i]) | UInt32(bytes[4 * i + 1]) << 8 | UInt32(bytes[4 * i + 2]) << 16
              | 0xFF00_0000
          }
        }
      }
      return p
    }
  }

  static let samples: [Sample] =
    [(1, 1), (1, 9), (9, 1), (3, 2), (37, 23)].flatMap { w, h in
      [Sample.Pattern.opaqueNoise, .translucentNoise, .transparent, .gradient, .mixedRows].map {
        Sample(width: w, height: h, pattern: $0)
      }
    }

  /// What a foreign reader makes of PNG files: Pillow's pixels (straight RGBA), the filter
  /// type byte of each row in the inflated IDAT data (Python's zlib), and, for each row, the
  /// filter libpng's heuristic would pick (smallest sum of absolute filtered bytes, the first
  /// on a tie), computed in Python from the decoded pixels. One Python run for all the files.
  func readPNGs(_ files: [[UInt8]]) throws -> [(
    width: Int, height: Int, rgba: [UInt8], filters: [Int], heuristic: [Int]
  )] {
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("png-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let paths = files.indices.map { dir + "/\($0).png" }
    for (file, path) in zip(files, paths) { try Data(file).write(to: URL(fileURLWithPath: path)) }
    let script = """
      import sys, struct, zlib
      from PIL import Image
      def predict(t, a, b, c):
          if t == 0: return 0
          if t == 1: return a
          if t == 2: return b
          if t == 3: return (a + b) // 2
          p = a + b - c
          pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
          return a if pa <= pb and pa <= pc else (b if pb <= pc else c)
      for path in sys.argv[1:]:
          data = open(path, 'rb').read()
          if data[:8] != b'\\x89PNG\\r\\n\\x1a\\n': sys.exit('no PNG signature')
          pos, idat, w, h = 8, b'', 0, 0
          while pos < len(data):
              n, = struct.unpack('>I', data[pos:pos + 4])
              kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
              if kind == b'IHDR': w, h = struct.unpack('>II', body[:8])
              if kind == b'IDAT': idat += body
              pos += 12 + n
          raw = zlib.decompress(idat)
          stride = w * 4
          if len(raw) != (stride + 1) * h: sys.exit('IDAT inflates to %d bytes' % len(raw))
          filters = [raw[y * (stride + 1)] for y in range(h)]
          im = Image.open(path)
          im.load()
          if im.mode != 'RGBA' or im.size != (w, h):
              sys.exit('Pillow reads %s %s' % (im.mode, im.size))
          px = im.tobytes()
          heuristic = []
          for y in range(h):
              row = px[y * stride:(y + 1) * stride]
              prior = px[(y - 1) * stride:y * stride] if y > 0 else bytes(stride)
              scores = []
              for t in range(5):
                  s = 0
                  for i in range(stride):
                      a = row[i - 4] if i >= 4 else 0
                      c = prior[i - 4] if i >= 4 else 0
                      v = (row[i] - predict(t, a, prior[i], c)) & 255
                      s += v if v < 128 else 256 - v
                  scores.append(s)
              heuristic.append(scores.index(min(scores)))
          line = '%d %d %s %s\\n' % (w, h, ''.join(map(str, filters)), ''.join(map(str, heuristic)))
          sys.stdout.buffer.write(line.encode() + px)
      """
    let out = [UInt8](try runTool("python3", ["-c", script] + paths))
    var results: [(width: Int, height: Int, rgba: [UInt8], filters: [Int], heuristic: [Int])] = []
    var at = 0
    while at < out.count {
      guard let newline = out[at...].firstIndex(of: 10) else {
        throw ToolFailure(message: "no header from the PNG reader")
      }
      let header = String(decoding: out[at..<newline], as: UTF8.self).split(separator: " ")
      guard header.count == 4, let w = Int(header[0]), let h = Int(header[1]),
        newline + 1 + w * h * 4 <= out.count
      else {
        throw ToolFailure(message: "bad header from the PNG reader: \(header)")
      }
      let digits = { (s: Substring) in s.compactMap { $0.wholeNumberValue } }
      at = newline + 1 + w * h * 4
      results.append((w, h, Array(out[(newline + 1)..<at]), digits(header[2]), digits(header[3])))
    }
    return results
  }

  /// Every filter, forced on every row (or chosen per row: nil), on images with edges: one
  /// pixel, one row, one column, odd widths, transparent and opaque. Pillow must decode the
  /// exact pixels, and each row of the inflated data must start with the filter asked for.
  @Test(arguments: PNGEncoder.RowFilter.allCases.map(Optional.some) + [nil])
  func everyForcedFilterDecodesExactly(filter: PNGEncoder.RowFilter?) throws {
    let pixmaps = try Self.samples.map { try $0.pixmap() }
    let reads = try readPNGs(pixmaps.map { try PNGEncoder.encode($0, forcing: filter) })
    try #require(reads.count == Self.samples.count, "one decoded image per sample: \(reads.count)")
    for (sample, (pixmap, read)) in zip(Self.samples, zip(pixmaps, reads)) {
      let name = "\(filter.map { "\($0)" } ?? "adaptive"), \(sample.testDescription)"
      #expect(read.width == sample.width && read.height == sample.height, "\(name): size")
      let expected = pixmap.straightRGBABytes()
      let differing = zip(read.rgba, expected).filter { $0 != $1 }.count
      #expect(
        read.rgba.count == expected.count && differing == 0,
        "\(name): \(read.rgba.count) bytes decoded for \(expected.count), \(differing) differ")
      #expect(read.filters.count == sample.height, "\(name): one filter byte per row")
      if let filter {
        #expect(
          read.filters.allSatisfy { $0 == Int(filter.rawValue) },
          "\(name): row filter bytes \(read.filters)")
      } else {
        #expect(
          read.filters == read.heuristic,
          "\(name): rows filtered \(read.filters), the heuristic picks \(read.heuristic)")
      }
    }
    if filter == nil {
      // The samples make the heuristic pick each filter somewhere: the check above is of a
      // real choice, not five ways of saying None.
      let chosen = Set(reads.flatMap(\.filters))
      #expect(chosen == [0, 1, 2, 3, 4], "adaptive filtering chose only \(chosen.sorted())")
    }
  }
}
