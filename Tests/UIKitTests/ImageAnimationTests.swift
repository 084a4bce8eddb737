import Foundation
import Testing

@testable import UIKit

/// An image view showing a sequence of images, as loaders do: `animationImages` with
/// `startAnimating()`, or an animated image (`UIImage.animatedImage(with:duration:)`), each
/// frame for an equal share of the duration, as a discrete keyframe animation of `contents`.
@MainActor @Suite(.serialized) struct ImageAnimationTests {
  static func frames(_ n: Int) -> [UIImage] {
    (0..<n).map { i in
      UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { context in
        UIColor(white: CGFloat(i) / CGFloat(n), alpha: 1).setFill()
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
      }
    }
  }

  /// What the view shows at `t` seconds: the index of the frame, or nil for another image.
  static func shown(_ view: UIImageView, _ frames: [UIImage], at t: Double, _ tree: KeyWindowTree)
    -> Int?
  {
    tree.advance(to: .seconds(t))
    let contents = (view.layer.presentation()?.contents as? CGImage)?.contents
    return frames.firstIndex { $0.cgImage?.contents == contents }
  }

  @Test(arguments: [(0.3, 2), (0.0, 1)])
  func theImagesShowInTurnForTheirShareOfTheDuration(duration: Double, repeats: Int) throws {
    let frames = Self.frames(3)
    let still = Self.frames(1)[0]
    let view = UIImageView(image: still)
    let tree = showInKeyWindow(view.layer)
    view.animationImages = frames
    view.animationDuration = duration
    view.animationRepeatCount = repeats
    view.startAnimating()
    #expect(view.isAnimating)
    // Each frame holds a third of a pass (a pass of 0 is 3/30 s: a thirtieth each).
    let pass = duration > 0 ? duration : 0.1
    for (k, expected) in [0, 1, 2, 0, 1, 2].enumerated() where k < 3 * repeats {
      let t = (Double(k) + 0.5) * pass / 3
      #expect(Self.shown(view, frames, at: t, tree) == expected, "at \(t) s")
    }
    tree.advance(to: .seconds(Double(repeats) * pass + 0.05))
    #expect(!view.isAnimating, "stopped after its passes")
    #expect((view.layer.presentation()?.contents as? CGImage)?.contents == still.cgImage?.contents)
  }

  @Test func stoppingShowsTheImageAgain() {
    let frames = Self.frames(4)
    let view = UIImageView(image: nil)
    let tree = showInKeyWindow(view.layer)
    view.animationImages = frames
    view.startAnimating()
    #expect(Self.shown(view, frames, at: 0.05, tree) == 1)
    view.stopAnimating()
    #expect(!view.isAnimating)
    #expect(Self.shown(view, frames, at: 0.06, tree) == nil)
  }

  @Test func anAnimatedImageAnimatesByItselfForever() throws {
    let frames = Self.frames(2)
    let image = try #require(UIImage.animatedImage(with: frames, duration: 1))
    #expect(image.images?.count == 2 && image.duration == 1 && image.size == frames[0].size)
    #expect(UIImage.animatedImage(with: [], duration: 1) == nil)
    let view = UIImageView(image: nil)
    let tree = showInKeyWindow(view.layer)
    view.image = image
    #expect(Self.shown(view, frames, at: 10.25, tree) == 0)
    #expect(Self.shown(view, frames, at: 10.75, tree) == 1)
    view.image = frames[0]
    #expect(!view.isAnimating, "a still image stops it")
  }
}
