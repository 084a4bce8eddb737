import Foundation
import RainbowRing

/// The pixels a circular ring covers wholly: each pixel's square lies between the circles of
/// radius `inner + margin` and `outer - margin` around the centre (all in pixels). Other
/// renderers (browsers, Lottie players) anti-alias the edges their own way; inside, their
/// colours can be compared with the engine's level by level.
public struct RingInterior: Sendable {
  public let centerX: Double
  public let centerY: Double
  public let inner: Double
  public let outer: Double
  /// Distance kept from both edges, in pixels: renderers that flatten circles into curves
  /// or polygons put an edge a fraction of a pixel off the true circle.
  public let margin: Double

  public init(centerX: Double, centerY: Double, inner: Double, outer: Double, margin: Double) {
    self.centerX = centerX
    self.centerY = centerY
    self.inner = inner
    self.outer = outer
    self.margin = margin
  }

  /// The interior of `scene`'s full ring (its view at `ringOrigin`), in the scene's pixels,
  /// `margin` pixels from either edge.
  public init(_ scene: RingScene, margin: Double = 0.5) {
    let (ring, s) = (scene.ring, scene.scale)
    self.init(
      centerX: (scene.ringOrigin.x + ring.size.width / 2) * s,
      centerY: (scene.ringOrigin.y + ring.size.height / 2) * s,
      inner: (ring.size.width / 2 - ring.ringWidth) * s, outer: ring.size.width / 2 * s,
      margin: margin)
  }

  /// Whether the pixel whose top-left corner is (x, y) lies wholly inside, margin included.
  public func contains(x: Int, y: Int) -> Bool {
    let (x0, y0, x1, y1) = (Double(x), Double(y), Double(x + 1), Double(y + 1))
    // The farthest corner is within the outer circle, the nearest point beyond the inner.
    let fx = max(abs(x0 - centerX), abs(x1 - centerX))
    let fy = max(abs(y0 - centerY), abs(y1 - centerY))
    let nx = min(max(centerX, x0), x1) - centerX
    let ny = min(max(centerY, y0), y1) - centerY
    return (fx * fx + fy * fy).squareRoot() <= outer - margin
      && (nx * nx + ny * ny).squareRoot() >= inner + margin
  }
}

/// How a player's frame agrees with the engine's: the largest channel delta over the ring's
/// interior (and where), and PSNR over the whole frame (colour channels).
public struct FrameAgreement: CustomStringConvertible, Sendable {
  public private(set) var interiorDelta = 0
  public private(set) var interiorPixels = 0
  public private(set) var at = (x: 0, y: 0)
  public let psnr: Double

  /// Compares straight RGBA `actual` with `expected` (same size, `width` pixels wide).
  public init(expected: [UInt8], actual: [UInt8], width: Int, interior: RingInterior) {
    precondition(expected.count == actual.count, "sizes differ")
    psnr = RingTestSupport.psnr(expected, actual, includeAlpha: false)
    for i in 0..<expected.count / 4 where interior.contains(x: i % width, y: i / width) {
      interiorPixels += 1
      for c in 0..<4 {
        let d = abs(Int(expected[4 * i + c]) - Int(actual[4 * i + c]))
        if d > interiorDelta {
          interiorDelta = d
          at = (i % width, i / width)
        }
      }
    }
  }

  public var description: String {
    "interior \(interiorDelta) levels at most (at \(at.x),\(at.y); \(interiorPixels) pixels), whole frame "
      + String(format: "%.1f dB", psnr)
  }
}
