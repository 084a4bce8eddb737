import Foundation
import RingTestSupport
import Testing

/// The example under `Examples/UIKitRings` (a progress ring and a breathing gradient ring,
/// laid out by a view controller), checked from its snapshots against values worked out
/// here from the example's own numbers.
@Suite struct ExampleAppTests {
  /// The example's layout on the 375 x 667-point screen: squares of 273.5 points at
  /// x = 50.75, 40 points apart.
  static let side = 273.5
  static let left = 50.75
  static let progressTop = 40.0
  static let breathingTop = 353.5

  func snapshot(at time: Double) throws -> (width: Int, height: Int, rgba: [UInt8]) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("rings-\(UUID()).png")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try runProcess(try UIKitProgram.example(), ["--snapshot", path, "--time", "\(time)"])
    try #require(run.status == 0, "\(run.stderr)")
    return try decodeWithPillow(path)
  }

  /// Core Animation's ease-in-ease-out curve, (0.42, 0) and (0.58, 1), solved by bisection.
  static func easeInEaseOut(_ x: Double) -> Double {
    func bezier(_ a: Double, _ b: Double, _ s: Double) -> Double {
      3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s
    }
    var (lo, hi) = (0.0, 1.0)
    for _ in 0..<60 {
      let mid = (lo + hi) / 2
      if bezier(0.42, 0.58, mid) < x { lo = mid } else { hi = mid }
    }
    return bezier(0, 1, (lo + hi) / 2)
  }

  /// The arc's end: from 0.02 to 1 in 1.5 s and back, eased, forever.
  static func strokeEnd(at t: Double) -> Double {
    let x = t.truncatingRemainder(dividingBy: 3)
    let f = x < 1.5 ? x / 1.5 : (3 - x) / 1.5
    return 0.02 + 0.98 * easeInEaseOut(f)
  }

  @Test(arguments: [0.3, 0.75, 1.2, 1.5, 2.25, 2.9, 3.0, 12.75])
  func theProgressArcFollowsItsAnimation(time: Double) throws {
    let image = try snapshot(at: time)
    #expect(image.width == 375 && image.height == 667)
    let center = (x: Self.left + Self.side / 2, y: Self.progressTop + Self.side / 2)
    let radius = (Self.side - 16) / 2
    let samples = 720
    var blue = 0
    var edges = 0
    for k in 0..<samples {
      let a = -Double.pi / 2 + 2 * .pi * (Double(k) + 0.5) / Double(samples)
      let (x, y) = (Int(center.x + radius * cos(a)), Int(center.y + radius * sin(a)))
      let i = (y * image.width + x) * 4
      let (r, g, b) = (image.rgba[i], image.rgba[i + 1], image.rgba[i + 2])
      if r < 40 && b > 200 {
        blue += 1
      } else if !(r > 200 && g > 200 && b > 200) {
        edges += 1  // the arc's ends, anti-aliased over the track
      }
    }
    #expect(edges <= 4, "\(edges) samples are neither arc nor track")
    // Round caps add half the line width at each end: 8 points of 128.75 on the circle.
    let caps = 2 * 8 / (2 * .pi * radius)
    let expected = min(1, Self.strokeEnd(at: time) + caps)
    #expect(
      abs(Double(blue) / Double(samples) - expected) < 0.01,
      "t = \(time): \(blue) of \(samples) samples blue, expected \(expected)")
  }

  static let warm: [[Double]] = [[1, 0.35, 0.2], [1, 0.8, 0.1]]
  static let cool: [[Double]] = [[0.2, 0.4, 1], [0.1, 0.9, 0.8]]

  /// Warm at 0 s, cool at 2 s, half way (eased) at 1 s: the gradient's colour at points on
  /// the ring's band, from its two stops along the diagonal.
  @Test(arguments: [(0.0, 0.0), (1.0, 0.5), (2.0, 1.0), (3.0, 0.5), (4.0, 0.0), (42.0, 1.0)])
  func theGradientBreathesBetweenWarmAndCool(time: Double, coolness: Double) throws {
    let image = try snapshot(at: time)
    let radius = Self.side / 2 - 1 - 14
    for angle in stride(from: 0.0, to: 360, by: 45) {
      let a = angle * .pi / 180
      let local = (x: Self.side / 2 + radius * cos(a), y: Self.side / 2 + radius * sin(a))
      let u = (local.x + local.y) / (2 * Self.side)
      let (x, y) = (Int(Self.left + local.x), Int(Self.breathingTop + local.y))
      let i = (y * image.width + x) * 4
      for c in 0..<3 {
        let from = Self.warm[0][c] + (Self.cool[0][c] - Self.warm[0][c]) * coolness
        let to = Self.warm[1][c] + (Self.cool[1][c] - Self.warm[1][c]) * coolness
        // The pixel's centre: u varies by 1/273.5 across a pixel.
        let want = (from + (to - from) * u) * 255
        #expect(
          abs(Double(image.rgba[i + c]) - want) <= 2.5,
          "t = \(time), \(angle) degrees, channel \(c): \(image.rgba[i + c]) vs \(want)")
      }
    }
  }

  /// Both animations repeat (3 s and 4 s): the picture repeats every 12 s, to the byte.
  @Test func thePictureRepeatsEveryTwelveSeconds() throws {
    let a = try runProcess(try UIKitProgram.example(), ["--snapshot", "-", "--time", "1.1"])
    let b = try runProcess(try UIKitProgram.example(), ["--snapshot", "-", "--time", "13.1"])
    let c = try runProcess(try UIKitProgram.example(), ["--snapshot", "-", "--time", "5.1"])
    #expect(a.status == 0 && !a.stdout.isEmpty)
    #expect(a.stdout == b.stdout)
    #expect(a.stdout != c.stdout)
  }
}
