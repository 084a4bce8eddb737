import RingGraphics
import RingLayers

/// What a frame shows: a ring on a background, at a scale. Frames of a scene are a pure
/// function of the time.
public struct RingScene: Hashable, Sendable {
  public let ring: RainbowRing
  /// The canvas size, in points.
  public let canvasSize: Size
  /// Where the ring view sits on the canvas, in points.
  public let ringOrigin: Point
  /// Fills the canvas beneath the ring; `.clear` leaves it transparent.
  public let background: RGBAColor
  /// Pixels per point.
  public let scale: Double

  /// Accepted scales, in pixels per point.
  public static let scaleRange = 0.25...16.0

  /// A scene; throws `RingError` for a scale outside `scaleRange` or a non-finite origin. A
  /// scene is a description: a vector file of any size costs no pixels, and a raster
  /// frame's ceiling (`Pixmap.maximumPixelCount`) is refused where the frame is made.
  public init(
    ring: RainbowRing = .seed, canvasSize: Size? = nil, ringOrigin: Point = .zero,
    background: RGBAColor = .clear, scale: Double = 1
  ) throws {
    guard RingScene.scaleRange.contains(scale) else {
      throw RingError(.invalidParameter, "scale \(scale) must be in 0.25...16 pixels per point")
    }
    let canvas = canvasSize ?? ring.size
    guard canvas.width > 0, canvas.height > 0, canvas.width <= RainbowRing.maximumSize,
      canvas.height <= RainbowRing.maximumSize, ringOrigin.x.isFinite, ringOrigin.y.isFinite
    else {
      throw RingError(.invalidParameter, "canvas size and ring origin must be positive and finite")
    }
    self.ring = ring
    self.canvasSize = canvas
    self.ringOrigin = ringOrigin
    self.background = background
    self.scale = scale
  }

  /// Where the iPhone sample places the ring view, in points.
  public static let seedRingOrigin = Point(x: 50, y: 80)

  /// The iPhone sample's host view size for `ring`: 375 x 667 points, grown when a larger
  /// ring at (50, 80) would not fit.
  public static func seedCanvasSize(for ring: RainbowRing) -> Size {
    Size(
      width: max(375, seedRingOrigin.x + ring.size.width),
      height: max(667, seedRingOrigin.y + ring.size.height))
  }

  /// The iPhone sample's host view: 375 x 667 points, white (unless `background` says
  /// otherwise), the ring at (50, 80).
  public static func seedHost(
    ring: RainbowRing = .seed, background: RGBAColor = .white, scale: Double = 1
  ) throws -> RingScene {
    try RingScene(
      ring: ring, canvasSize: seedCanvasSize(for: ring), ringOrigin: seedRingOrigin,
      background: background, scale: scale)
  }

  /// The scene as a layer tree: a host layer the canvas's size filled with the background,
  /// holding the ring view at `ringOrigin` with the ring's motion.
  public func makeLayer() -> Layer {
    let host = Layer()
    host.frame = Rect(origin: .zero, size: canvasSize)
    host.backgroundColor = background.alpha > 0 ? background : nil
    host.addSublayer(ring.makeViewLayer(origin: ringOrigin).view)
    return host
  }

  /// Frame size in pixels: the canvas times the scale, rounded up.
  public var pixelSize: (width: Int, height: Int) {
    RingScene.pixelSize(of: canvasSize, scale: scale)
  }

  /// The pixels a canvas of `size` points covers at `scale` pixels per point: rounded up,
  /// at least 1 x 1 (a size within a billionth of a point of a whole pixel is not rounded
  /// up). The size times the scale must be finite and fit in an `Int`.
  public static func pixelSize(of size: Size, scale: Double) -> (width: Int, height: Int) {
    (
      max(1, Int((size.width * scale - 1e-9).rounded(.up))),
      max(1, Int((size.height * scale - 1e-9).rounded(.up)))
    )
  }
}
