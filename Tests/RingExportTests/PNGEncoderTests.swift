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
    let frame = try RainbowRing.seed.frame(at: time, scale: scale)
    let decoded = try roundTrip(frame)
    #expect(decoded.width == frame.width && decoded.height == frame.height, "size")
    let expected = frame.straightRGBABytes()
    let differing = zip(decoded.rgba, expected).filter { $0 != $1 }.count
    #expect(decoded.rgba.count == expected.count && differing == 0, "\(differing) bytes differ")
  }

  @Test func noisyImageSurvivesEveryFilter() throws {
    // A seeded pseudo-random image exercises all five filters, including Paeth.
    var p = try Pixmap(width: 37, height: 23)
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    p.withUnsafeMutablePixels { px in
      for i in px.indices {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let a = UInt32(state >> 56)
        let c = UInt32((state >> 24) & 0xFF) * a / 255
        px[i] = c | (c / 2) << 8 | (c / 3) << 16 | a << 24
      }
    }
    let decoded = try roundTrip(p)
    let differing = zip(decoded.rgba, p.straightRGBABytes()).filter { $0 != $1 }.count
    #expect(differing == 0, "\(differing) bytes differ after the round trip")
  }
}
