import RingGraphics
import RingLayers

extension FrameRenderer {
  /// A renderer for `scene` with its frame allocated (and cleared), in BGRA when
  /// `swapsRedAndBlue` (blue in the low byte, as X11 and most displays take it), else RGBA;
  /// throws `RingError` only if that frame cannot be allocated. Rendering never fails.
  public convenience init(scene: RingScene, swapsRedAndBlue: Bool = false) throws {
    let (w, h) = scene.pixelSize
    try self.init(
      root: scene.makeLayer(), width: w, height: h, scale: scene.scale,
      swapsRedAndBlue: swapsRedAndBlue)
  }
}

extension RainbowRing {
  /// The ring's frame at `time` on a transparent canvas of its own size, at `scale` pixels
  /// per point.
  public func frame(at time: MediaTime, scale: Double = 1, background: RGBAColor = .clear) throws
    -> Pixmap
  {
    try FrameRenderer(scene: RingScene(ring: self, background: background, scale: scale))
      .render(at: time)
  }
}
