import RingGraphics
import RingLayers

/// Renders a scene's frames one after another, reusing its caches and buffers: the
/// streaming path for players and exporters. Frame(t) uses the ring's closed-form colours,
/// so any time costs the same; the pixels are those of the layer tree the seed builds.
public final class FrameRenderer {
  public let scene: RingScene
  private let root: Layer
  private let gradientLayer: GradientLayer
  private let renderer = LayerRenderer()
  private var colorBuffer: [RGBAColor]
  /// The most recent frame.
  public private(set) var frame: Pixmap

  public init(scene: RingScene) throws {
    self.scene = scene
    let (w, h) = scene.pixelSize
    frame = try Pixmap(width: w, height: h)
    let host = Layer()
    host.frame = Rect(origin: .zero, size: scene.canvasSize)
    host.backgroundColor = scene.background.alpha > 0 ? scene.background : nil
    let (view, g) = scene.ring.makeViewLayer(origin: scene.ringOrigin)
    host.addSublayer(view)
    root = host
    gradientLayer = g
    colorBuffer = scene.ring.colors
  }

  /// Whether the renderer may fuse the gradient and its mask (identical pixels either way).
  public var usesFusedPaths: Bool {
    get { renderer.usesFusedPaths }
    set { renderer.usesFusedPaths = newValue }
  }

  /// Renders the frame at `time` seconds and returns it.
  @discardableResult
  public func render(at time: Double) -> Pixmap {
    scene.ring.colors(at: time, into: &colorBuffer)
    gradientLayer.colors = colorBuffer
    frame.clear()
    renderer.render(root, at: 0, scale: scene.scale, into: &frame)
    return frame
  }

  /// Renders the tree under `root` (driven by its own animations) at clock time `time` into
  /// a frame of this scene's size and scale, through the same renderer.
  public func render(_ root: Layer, at time: Double) -> Pixmap {
    frame.clear()
    renderer.render(root, at: time, scale: scene.scale, into: &frame)
    return frame
  }
}

extension RainbowRing {
  /// The ring's frame at `time` seconds on a transparent canvas of its own size, at `scale`
  /// pixels per point.
  public func frame(at time: Double, scale: Double = 1, background: RGBAColor = .clear) throws
    -> Pixmap
  {
    try FrameRenderer(scene: RingScene(ring: self, background: background, scale: scale))
      .render(at: time)
  }
}
