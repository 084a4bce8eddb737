import RingGraphics

extension UIView {
  /// Draws the view and its subviews, as they show now, into `rect` of the current
  /// graphics context (the view's bounds stretched over it). Returns false, drawing nothing,
  /// when there is no current context or when the view has not been shown yet and
  /// `afterUpdates` is false: as Apple documents, such a snapshot has no content. With
  /// `afterUpdates` the view is laid out first, and one not shown yet is drawn as laid out.
  /// What shows is frozen: animations in progress are drawn where they are.
  /// (`drawHierarchy`'s work, here so that the method itself stays open to overriding.)
  func drawSnapshot(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
    guard let context = UIGraphicsGetCurrentContext() else { return false }
    if afterUpdates { layoutIfNeeded() }
    guard let shown = layer.presentation() ?? (afterUpdates ? layer : nil) else { return false }
    let size = bounds.size
    context.saveGState()
    context.translateBy(x: rect.minX, y: rect.minY)
    if size.width > 0, size.height > 0 {
      context.scaleBy(x: rect.width / size.width, y: rect.height / size.height)
    }
    // What the bounds show (a scrolled view's content where it is scrolled to).
    context.translateBy(x: -bounds.minX, y: -bounds.minY)
    shown.render(in: context)
    context.restoreGState()
    return true
  }

  /// A new view showing a picture of this one as it shows now (see `drawHierarchy`), as
  /// large as its bounds, at the origin, drawn at the screen's scale. It is not updated
  /// afterwards; stretched, it stretches the picture.
  /// (`snapshotView`'s work.)
  func makeSnapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
    let area = bounds
    let image = UIGraphicsImageRenderer(bounds: area).image { _ in
      _ = drawHierarchy(in: area, afterScreenUpdates: afterUpdates)
    }
    let snapshot = UIView(frame: CGRect(origin: .zero, size: area.size))
    snapshot.layer.contents = image.cgImage
    snapshot.layer.contentsScale = image.scale
    return snapshot
  }
}
