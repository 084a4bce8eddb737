import RingGraphics
import RingLayers

/// Renders a scene's frames one after another: the streaming path for players and
/// exporters. Frame(t) uses the ring's closed-form colours, so any time costs the same.
///
/// The first frame draws the scene's layer tree once without the ring (the backdrop) and
/// caches the ring's geometry (`RingPlan`); every later frame refills the colour table for
/// the time and redraws only the ring's pixels. The pixels are exactly those the general
/// layer renderer draws for the same tree (a test checks a whole loop). Steady-state frames
/// do not allocate.
public final class FrameRenderer {
  public let scene: RingScene
  private let root: Layer
  private let gradientLayer: GradientLayer
  private let renderer = LayerRenderer()
  private var colorBuffer: [RGBAColor]
  private var table = GradientTable()
  private var plan: RingPlan?
  private var planned = false
  private var stripColors: [UInt32] = []
  /// Whether `frame` holds only transparent pixels (true for a new renderer).
  private var frameIsClear = true
  /// The most recent frame.
  public private(set) var frame: Pixmap
  /// The pixels the most recent `render` changed (the whole frame when the backdrop was
  /// drawn, the ring's bounds after that): all a display needs to update.
  public private(set) var damage = PixelRect.empty

  /// Whether frames use the cached ring plan (true) or go through the general layer
  /// renderer, fusing nothing (false); the pixels are the same.
  public var usesCachedPath = true

  /// Whether frames hold BGRA (blue in the low byte, as X11 and most displays take it)
  /// instead of RGBA. Set it before the first frame.
  public var swapsRedAndBlue = false

  /// A renderer for `scene` with its frame allocated (and cleared); throws `GraphicsError`
  /// only if that frame cannot be allocated. Rendering itself never fails.
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

  private var deviceTransform: Transform2D { Transform2D(scaleX: scene.scale, y: scene.scale) }

  /// Renders the frame at `time` seconds and returns it. A `Double` resolves time to
  /// about 120 ns near 1e9 s; `render(at: Duration)` is exact at any time.
  @discardableResult
  public func render(at time: Double) -> Pixmap {
    render(atNanoseconds: MediaTime.nanoseconds(time))
  }

  /// Renders the frame at `time` (exact to the nanosecond) and returns it.
  @discardableResult
  public func render(at time: Duration) -> Pixmap {
    render(atNanoseconds: MediaTime.nanoseconds(time))
  }

  private func render(atNanoseconds time: Int64) -> Pixmap {
    scene.ring.colors(atNanoseconds: time, into: &colorBuffer)
    let fresh = !planned
    if usesCachedPath, let plan = preparedPlan() {
      refillTable(for: plan)
      plan.draw(table: table, stripColors: &stripColors, into: &frame)
      damage = fresh ? PixelRect(x: 0, y: 0, width: frame.width, height: frame.height) : plan.bounds
      return frame
    }
    damage = PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)
    gradientLayer.colors = colorBuffer
    renderer.usesFusedPaths = usesCachedPath
    frame.clear()
    frameIsClear = false
    renderer.render(root, at: 0, transform: deviceTransform, into: &frame)
    if swapsRedAndBlue { frame.swapRedAndBlue() }
    planned = false
    return frame
  }

  /// Renders the frame at `time` seconds straight into `target`, pixels laid out like
  /// `frame` (`frame.width` per row), writing only what changed since the last frame drawn
  /// there; pass `targetHoldsLastFrame: false` when it holds anything else, and the whole
  /// frame is copied. Returns the rectangle written. For displays that own their buffers
  /// (shared memory), this saves a copy per frame; `frame` is not updated by it.
  @discardableResult
  public func render(
    at time: Double, into target: UnsafeMutablePointer<UInt32>, targetHoldsLastFrame: Bool
  ) -> PixelRect {
    let fresh = !planned
    if targetHoldsLastFrame, !fresh, usesCachedPath, let plan {
      scene.ring.colors(at: time, into: &colorBuffer)
      refillTable(for: plan)
      // Only the target gets this frame; `frame` catches up on the next `render(at:)`,
      // which rewrites every pixel the plan owns.
      plan.draw(table: table, stripColors: &stripColors, into: target)
      damage = plan.bounds
      return damage
    }
    render(at: time)
    frame.pixels.withUnsafeBufferPointer { target.update(from: $0.baseAddress!, count: $0.count) }
    damage = PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)
    return damage
  }

  /// The colour table for `colorBuffer`, only the entries `plan` uses, in the frame's
  /// channel order.
  private func refillTable(for plan: RingPlan) {
    table.update(colors: colorBuffer, locations: nil, indices: plan.usedIndices)
    if swapsRedAndBlue { table.swapRedAndBlue(indices: plan.usedIndices) }
  }

  /// Builds the plan on first use: draws the backdrop into the frame and caches the ring's
  /// geometry; `nil` when the tree does not have the ring's shape (never, for our scenes).
  private func preparedPlan() -> RingPlan? {
    if planned { return plan }
    planned = true
    gradientLayer.isHidden = true
    if !frameIsClear { frame.clear() }
    frameIsClear = false
    renderer.render(root, at: 0, transform: deviceTransform, into: &frame)
    if swapsRedAndBlue { frame.swapRedAndBlue() }
    gradientLayer.isHidden = false
    guard scene.ring.colors.allSatisfy({ $0.alpha == 1 }),
      let parts = renderer.maskedGradientParts(
        of: gradientLayer, in: root, transform: deviceTransform, width: frame.width,
        height: frame.height)
    else {
      plan = nil
      return nil
    }
    let p = RingPlan(
      region: parts.region, alpha: parts.alpha, sampler: parts.sampler, backdrop: frame)
    stripColors = [UInt32](repeating: 0, count: p.strip.count)
    plan = p
    return p
  }

  /// Renders the tree under `root` (driven by its own animations) at clock time `time` into
  /// a frame of this scene's size and scale, through the general layer renderer.
  public func render(_ root: Layer, at time: Double) -> Pixmap {
    frame.clear()
    frameIsClear = false
    planned = false
    damage = PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)
    renderer.render(root, at: time, transform: deviceTransform, into: &frame)
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
