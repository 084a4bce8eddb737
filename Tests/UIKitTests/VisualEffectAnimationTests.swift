import Foundation
import RingGraphics
import Testing

@testable import UIKit

/// `UIVisualEffectView.effect` set in an animation block fades the blur and its tint in or
/// out with the block, as UIKit animates it (SwiftSpinner's show and hide); a paused
/// property animator shows the blur partway (the "blur intensity" recipe); set outside a
/// block it changes at once.
@MainActor @Suite(.serialized) struct VisualEffectAnimationTests {
  /// The blur shown and the tint's alpha, `time` seconds in.
  func shown(_ view: UIVisualEffectView, _ tree: KeyWindowTree, at time: Double)
    -> (sigma: Double, tint: CGFloat)
  {
    tree.advance(to: .seconds(time))
    let glass = view.layer.presentation()!
    let tint = view.layer.sublayers![0].presentation()!
    return (glass.backing.properties.backdropFilter.sigma, tint.backgroundColor?.alpha ?? 0)
  }

  /// A blur over black and white stripes, 20 x 20 points.
  func stripedGlass() -> (UIVisualEffectView, KeyWindowTree) {
    let glass = UIVisualEffectView(effect: nil)
    let tree = showInWhiteWindow(width: 20, height: 20) { root in
      for i in 0..<4 {
        let stripe = UIView(frame: CGRect(x: i * 5, y: 0, width: 3, height: 20))
        stripe.backgroundColor = .black
        root.addSubview(stripe)
      }
      glass.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
      root.addSubview(glass)
    }
    return (glass, tree)
  }

  @Test func anEffectSetInABlockFadesInAndOut() throws {
    let (glass, tree) = stripedGlass()
    let sharp = try windowPixel(tree, width: 20, height: 20, at: 0, 6, 10)
    UIView.animate(withDuration: 2, delay: 0, options: .curveLinear) {
      glass.effect = UIBlurEffect(style: .dark)
    }
    // The dark blur: 20 points, its tint 11% white at 73%.
    let half = shown(glass, tree, at: 1)
    #expect(abs(half.sigma - 10) < 1e-6 && abs(half.tint - 0.365) < 1e-6, "\(half)")
    let partway = try windowPixel(tree, width: 20, height: 20, at: 1, 6, 10)
    let done = shown(glass, tree, at: 2.5)
    #expect(done.sigma == 20 && abs(done.tint - 0.73) < 1e-6, "\(done)")
    let frosted = try windowPixel(tree, width: 20, height: 20, at: 2.5, 6, 10)
    #expect(sharp != partway && partway != frosted, "\(sharp) \(partway) \(frosted)")

    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { glass.effect = nil }
    let out = shown(glass, tree, at: 3)
    #expect(abs(out.sigma - 10) < 1e-6 && abs(out.tint - 0.365) < 1e-6, "\(out)")
    let gone = shown(glass, tree, at: 4)
    #expect(gone.sigma == 0 && gone.tint == 0, "\(gone)")
    #expect(try windowPixel(tree, width: 20, height: 20, at: 4, 6, 10) == sharp)

    // Outside a block, at once.
    glass.effect = UIBlurEffect(style: .dark)
    let now = shown(glass, tree, at: 4)
    #expect(now.sigma == 20 && abs(now.tint - 0.73) < 1e-6, "\(now)")
  }

  @Test func aPausedAnimatorShowsTheBlurPartway() {
    let (glass, tree) = stripedGlass()
    let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) {
      glass.effect = UIBlurEffect(style: .light)
    }
    animator.fractionComplete = 0.1
    // The light blur: 30 points, white at 30%.
    let faint = shown(glass, tree, at: 0.5)
    #expect(abs(faint.sigma - 3) < 1e-6 && abs(faint.tint - 0.03) < 1e-6, "\(faint)")
    // Reversed, it ends where it began: no effect, no blur, no tint, and the view's own
    // background untouched by its tint's.
    animator.isReversed = true
    animator.startAnimation()
    let back = shown(glass, tree, at: 2)
    #expect(back.sigma == 0 && back.tint == 0, "\(back)")
    #expect(glass.effect == nil && glass.backgroundColor == nil)
  }

  /// Finished at its end, an animator leaves the effect on and the view's background alone.
  @Test func anAnimatorFinishedAtItsEndKeepsTheEffect() {
    let (glass, tree) = stripedGlass()
    let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) {
      glass.effect = UIBlurEffect(style: .dark)
    }
    animator.startAnimation()
    tree.advance(to: .seconds(0.5))
    animator.stopAnimation(false)
    animator.finishAnimation(at: .end)
    let end = shown(glass, tree, at: 0.6)
    #expect(end.sigma == 20 && abs(end.tint - 0.73) < 1e-6, "\(end)")
    #expect(glass.effect is UIBlurEffect && glass.backgroundColor == nil)
  }
}
