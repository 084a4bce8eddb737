import Foundation
import RainbowRing
import RingFlash

/// What an export draws: a ring scene, or any live layer tree (a UIKit program's window)
/// with its scale and background.
///
/// A ring's frames are a pure function of time, so worker threads draw them in any order.
/// A live tree moves only forward on its own clock, running its program's callbacks as it
/// goes, so its frames are drawn in order on the thread that made it (`drawsInOrder`).
public enum ExportContent: @unchecked Sendable {
  case ring(RingScene)
  /// `tree` at `scale` pixels per point on `background`; drawn on the calling thread.
  case tree(any LiveLayerTree, scale: Double, background: RGBAColor)

  /// The ring scene, for what only a ring can say: its vector files, its flash check, its
  /// timing in whole periods.
  public var ring: RingScene? {
    if case .ring(let scene) = self { scene } else { nil }
  }

  /// Pixels per point.
  public var scale: Double {
    switch self {
    case .ring(let scene): scene.scale
    case .tree(_, let scale, _): scale
    }
  }

  /// Fills the canvas beneath the content; `.clear` leaves it transparent.
  public var background: RGBAColor {
    switch self {
    case .ring(let scene): scene.background
    case .tree(_, _, let background): background
    }
  }

  /// Frame size in pixels: the canvas times the scale, rounded up.
  public var pixelSize: (width: Int, height: Int) {
    switch self {
    case .ring(let scene): scene.pixelSize
    case .tree(let tree, let scale, _): RingScene.pixelSize(of: tree.size, scale: scale)
    }
  }

  /// The colours the content shows most, for a palette: the ring's, or the tree's gradients'.
  public var colors: [RGBAColor] {
    switch self {
    case .ring(let scene): scene.ring.colors
    case .tree(let tree, _, _): tree.paletteColors
    }
  }

  /// Colours a palette should hold exactly besides `colors`: the ring's track and effect,
  /// or the tree's solid colours and other gradients' stops.
  public var accentColors: [RGBAColor] {
    switch self {
    case .ring(let scene): scene.ring.accentColors
    case .tree(let tree, _, let background):
      // An opaque background is the palette's matte already.
      tree.accentColors.filter {
        background.alpha < 1 || background.blended(under: $0) != background
      }
    }
  }

  /// Whether frames must be drawn in order on the calling thread (a live tree).
  public var drawsInOrder: Bool { ring == nil }

  /// A renderer of the content's frames: one per worker for a ring, the one for the
  /// calling thread for a tree, whose frames `flashGuard` counts as they are drawn.
  func makeRenderer(flashGuard: FrameFlashGuard? = nil) throws -> ContentRenderer {
    switch self {
    case .ring(let scene):
      return ContentRenderer(renderer: try FrameRenderer(scene: scene), tree: nil, flashGuard: nil)
    case .tree(let tree, let scale, let background):
      let root = tree.layer(canvas: tree.size, background: background, origin: .zero)
      try flashGuard?.draw(root)
      return ContentRenderer(
        renderer: try FrameRenderer(
          root: root, width: pixelSize.width, height: pixelSize.height, scale: scale),
        tree: tree, flashGuard: flashGuard)
    }
  }
}

/// Draws an export's frames: a ring's at any time, a live tree's after moving its clock
/// forward to the frame's time (and shown to its flash guard).
struct ContentRenderer {
  let renderer: FrameRenderer
  let tree: (any LiveLayerTree)?
  let flashGuard: FrameFlashGuard?

  /// The frame at `time`. Throws `RingError` when a tree cannot get there
  /// (`LiveLayerTree.advance(toFrameAt:)`).
  func render(at time: MediaTime) throws(RingError) -> Pixmap {
    try tree?.advance(toFrameAt: time)
    flashGuard?.observe(at: time)
    return renderer.render(at: time)
  }
}
