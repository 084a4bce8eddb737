import RainbowRing

// The one place the golden-image tests call the renderer. When the rendering API changes,
// only this file changes; the goldens must still match (or be re-recorded on purpose).

/// `root` drawn at clock time 0 into a clear `width` x `height` pixmap, `scale` pixels per
/// point.
func renderLayerTree(_ root: Layer, width: Int, height: Int, scale: Double) throws -> Pixmap {
  var pixmap = try Pixmap(width: width, height: height)
  pixmap.clear()
  LayerRenderer().render(root, at: .zero, scale: scale, into: &pixmap)
  return pixmap
}

/// The seed ring's frame at `time` and `scale` pixels per point: in the iPhone
/// sample's white 375 x 667 point host view when `hosted`, else alone on a transparent
/// canvas of the ring's size.
func renderSeedFrame(scale: Double, at time: MediaTime = .milliseconds(50), hosted: Bool = true)
  throws -> Pixmap
{
  let scene = hosted ? try RingScene.seedHost(scale: scale) : try RingScene(scale: scale)
  return try FrameRenderer(scene: scene).render(at: time)
}
