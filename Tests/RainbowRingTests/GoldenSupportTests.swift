import Foundation
import RingGraphics
import Testing

@testable import RingTestSupport

/// The golden-image machinery itself: the PNG codec and what a check does on a match, a
/// mismatch, a missing golden and a recording.
@Suite struct GoldenSupportTests {
  /// A `width` x `height` image of pseudo-random bytes, transparent pixels zeroed.
  static func noise(_ width: Int, _ height: Int, seed: UInt64 = 7) -> RGBAImage {
    var state = seed
    var bytes = (0..<(4 * width * height)).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(state >> 56)
    }
    for p in stride(from: 0, to: bytes.count, by: 4) where bytes[p + 3] < 40 {
      bytes.replaceSubrange(p..<(p + 4), with: [0, 0, 0, 0])
    }
    return try! RGBAImage(width: width, height: height, bytes: bytes)
  }

  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "golden-support-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test(arguments: [(1, 1), (3, 2), (17, 5), (64, 64)])
  func pngRoundTripsAndPillowReadsIt(size: (Int, Int)) throws {
    let image = Self.noise(size.0, size.1)
    let png = try GoldenPNG.encode(image)
    #expect(try GoldenPNG.decode(png) == image, "our decoder gives back what we wrote")
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("noise.png")
    try Data(png).write(to: file)
    let pillow = try decodeWithPillow(file.path)
    #expect(pillow.width == size.0 && pillow.height == size.1, "Pillow reads the size")
    #expect(pillow.rgba == image.bytes, "Pillow reads the same straight RGBA bytes")
  }

  /// A PNG made of `chunks` after the signature.
  static func png(_ chunks: [(String, [UInt8])]) -> [UInt8] {
    var out = GoldenPNG.signature
    for (type, data) in chunks { GoldenPNG.appendChunk(type, data, to: &out) }
    return out
  }

  static func header(depth: UInt8 = 8, type: UInt8 = 6, interlace: UInt8 = 0) -> [UInt8] {
    [0, 0, 0, 2, 0, 0, 0, 1, depth, type, 0, 0, interlace]
  }

  static let twoPixels = try! GoldenPNG.deflate([0, 1, 2, 3, 255, 4, 5, 6, 255])

  static let refused: [(String, @Sendable () throws -> [UInt8])] = [
    ("not a PNG", { Array("GIF89a".utf8) }),
    ("truncated", { Array(try GoldenPNG.encode(noise(2, 1)).dropLast(5)) }),
    (
      "bad CRC",
      {
        var bytes = try GoldenPNG.encode(noise(2, 1))
        bytes[20] ^= 1
        return bytes
      }
    ),
    ("colour type", { png([("IHDR", header(type: 2)), ("IDAT", twoPixels), ("IEND", [])]) }),
    ("bit depth", { png([("IHDR", header(depth: 16)), ("IDAT", twoPixels), ("IEND", [])]) }),
    ("interlaced", { png([("IHDR", header(interlace: 1)), ("IDAT", twoPixels), ("IEND", [])]) }),
    (
      "filter type",
      {
        png([
          ("IHDR", header()), ("IDAT", try GoldenPNG.deflate([1, 1, 2, 3, 255, 4, 5, 6, 255])),
          ("IEND", []),
        ])
      }
    ),
    (
      "critical chunk",
      { png([("IHDR", header()), ("PLTE", [0, 0, 0]), ("IDAT", twoPixels), ("IEND", [])]) }
    ),
    (
      "short data",
      { png([("IHDR", header()), ("IDAT", try GoldenPNG.deflate([0, 1, 2])), ("IEND", [])]) }
    ),
    ("no IEND", { png([("IHDR", header()), ("IDAT", twoPixels)]) }),
  ]

  @Test(arguments: refused)
  func pngDecoderRefusesWhatItDoesNotWrite(_ c: (String, @Sendable () throws -> [UInt8])) throws {
    let bytes = try c.1()
    #expect(throws: GoldenPNGError.self, "\(c.0) is refused") { try GoldenPNG.decode(bytes) }
  }

  @Test func pngDecoderSkipsAncillaryChunks() throws {
    let bytes = Self.png([
      ("IHDR", Self.header()), ("tEXt", Array("a\0b".utf8)), ("IDAT", Self.twoPixels),
      ("IEND", []),
    ])
    let image = try GoldenPNG.decode(bytes)
    #expect(image.bytes == [1, 2, 3, 255, 4, 5, 6, 255], "pixels read past a tEXt chunk")
  }

  @Test func checkPassesFailsRecordsAndWritesItsImages() throws {
    let root = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let goldens = root.appendingPathComponent("Golden").path
    let failures = root.appendingPathComponent("failures")
    let golden = GoldenImage(name: "noise", folder: goldens)
    let image = Self.noise(8, 6)
    let folder = failures.appendingPathComponent("noise")
    func exists(_ file: String) -> Bool {
      FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path)
    }

    let missing = golden.verify(image, recording: false, failureRoot: failures.path)
    #expect(missing?.contains(GoldenImage.recordVariable) == true, "missing: \(missing ?? "")")
    #expect(exists("actual.png") && !exists("diff.png"), "a missing golden leaves the actual")

    let recorded = golden.verify(image, recording: true, failureRoot: failures.path)
    #expect(recorded?.contains("fails on purpose") == true, "recording fails: \(recorded ?? "")")
    #expect(
      try GoldenPNG.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: golden.path)))) == image,
      "the recording holds the image")
    #expect(!exists("actual.png"), "recording clears the old failure images")

    #expect(golden.verify(image, recording: false, failureRoot: failures.path) == nil, "match")

    var bytes = image.bytes
    bytes[4 * (2 * 8 + 5)] ^= 0x10  // red of pixel (5, 2)
    bytes[4 * (2 * 8 + 5) + 3] = 255
    let changed = try RGBAImage(width: 8, height: 6, bytes: bytes)
    let mismatch = golden.verify(changed, recording: false, failureRoot: failures.path)
    #expect(
      mismatch?.contains("1 of 48 pixels") == true && mismatch?.contains("(5, 2)") == true,
      "the message says how many and where: \(mismatch ?? "")")
    #expect(exists("expected.png") && exists("actual.png") && exists("diff.png"), "images")
    let diff = try GoldenPNG.decode(
      [UInt8](Data(contentsOf: folder.appendingPathComponent("diff.png"))))
    #expect(diff.pixel(x: 5, y: 2) == (255, 0, 0, 255), "the differing pixel is red")
    let rest = diff.pixel(x: 0, y: 0)
    #expect(
      rest.alpha == 255 && min(rest.red, rest.green, rest.blue) >= 191,
      "the rest is the expected image faded towards white: \(rest)")

    let tolerant = GoldenImage(
      name: "noise", folder: goldens, tolerance: .init(channelDelta: 0, differingPixels: 1))
    #expect(
      tolerant.verify(changed, recording: false, failureRoot: failures.path) == nil,
      "one differing pixel is within a one-pixel tolerance")
    #expect(!exists("diff.png"), "a pass clears the old failure images")

    let other = golden.verify(Self.noise(4, 4), recording: false, failureRoot: failures.path)
    #expect(other?.contains("is 4x4") == true, "a size mismatch is named: \(other ?? "")")
  }
}
