import RingGraphics

/// Renders a layer tree's frames one after another: the streaming path for players and
/// exporters, for any tree. Each frame is the tree presented at the frame's time and drawn
/// by a `LayerRenderer`: the tree's geometry compiles once, then a frame refills the colour
/// tables and redraws only the animated layers' pixels. Steady frames do not allocate.
public final class FrameRenderer {
  /// The tree drawn by `render(at:)` (for a ring scene, the host with its background, the
  /// ring view and its gradient layer carrying the ring's motion).
  public let root: Layer
  /// Pixels per point.
  public let scale: Double
  private let renderer: LayerRenderer
  /// How many times the render plan was compiled (a new geometry), for tests.
  package var planCompilations: Int { renderer.planCompilations }
  package var indexFieldsMade: Int { renderer.indexFieldsMade }
  private var current = Presentation()
  private var previous = Presentation()
  /// The tree `frame` was last drawn from, if `frame` still holds that drawing.
  private weak var lastTree: Layer?
  /// The most recent frame (see `render(at:into:targetHoldsLastFrame:)`).
  public private(set) var frame: Pixmap
  /// Whether the last frame went straight into a caller's pixels and not into `frame`.
  private var frameIsBehind = false
  /// How many frames went straight into a caller's pixels, for tests.
  package private(set) var framesDrawnInPlace = 0
  /// The pixels the most recent `render` changed (the whole frame when everything was
  /// drawn, the ring's bounds after that): all a display needs to update.
  public private(set) var damage = PixelRect.empty

  /// A renderer of the tree under `root` into frames of `width` x `height` pixels at `scale`
  /// pixels per point (the tree's origin at the top left); throws `RingError` when that
  /// frame cannot be allocated.
  public init(
    root: Layer, width: Int, height: Int, scale: Double, swapsRedAndBlue: Bool = false
  ) throws {
    frame = try Pixmap(width: width, height: height)
    self.root = root
    self.scale = scale
    renderer = LayerRenderer(swapsRedAndBlue: swapsRedAndBlue)
  }

  private var deviceTransform: Transform2D { Transform2D(scaleX: scale, y: scale) }

  /// Renders the tree under `root` at clock time `time` and returns the frame.
  @discardableResult
  public func render(at time: MediaTime) -> Pixmap {
    render(root, at: time)
  }

  /// Renders the tree under `tree` (driven by its own animations) at clock time `time` into
  /// a frame of this renderer's size and scale. For the scene's own tree (`root`) this is
  /// `render(at:)`.
  @discardableResult
  public func render(_ tree: Layer, at time: MediaTime) -> Pixmap {
    swap(&current, &previous)
    tree.present(at: time, into: &current)
    let continues = lastTree === tree && !frameIsBehind
    damage = renderer.update(
      &frame, to: current, from: continues ? previous : nil, transform: deviceTransform)
    lastTree = tree
    frameIsBehind = false
    return frame
  }

  /// Renders the frame at `time` and writes it into `target`, pixels laid out like `frame`
  /// (`frame.width` per row): only what changed when `targetHoldsLastFrame` (the target
  /// holds the previous frame), else everything. Returns the rectangle written. For
  /// displays that own their buffers (shared memory): when only gradients over what is kept
  /// beneath changed (the ring's colours flowing), they are drawn straight into `target`,
  /// with no copy, and `frame` catches up on the next `render(at:)`.
  @discardableResult
  public func render(
    at time: MediaTime, into target: UnsafeMutablePointer<UInt32>, targetHoldsLastFrame: Bool
  ) -> PixelRect {
    if targetHoldsLastFrame, lastTree === root {
      swap(&current, &previous)
      root.present(at: time, into: &current)
      if let r = renderer.updateInPlace(
        target, width: frame.width, height: frame.height, to: current, from: previous,
        transform: deviceTransform)
      {
        frameIsBehind = true
        framesDrawnInPlace += 1
        damage = r
        return r
      }
      // Drawn the usual way, from the presentation just made.
      damage = renderer.update(
        &frame, to: current, from: frameIsBehind ? nil : previous, transform: deviceTransform)
      frameIsBehind = false
    } else {
      render(at: time)
    }
    let r =
      targetHoldsLastFrame
      ? damage : PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)
    frame.pixels.withUnsafeBufferPointer { px in
      for y in r.y..<r.y + r.height {
        let row = y * frame.width + r.x
        (target + row).update(from: px.baseAddress! + row, count: r.width)
      }
    }
    damage = r
    return r
  }
}
