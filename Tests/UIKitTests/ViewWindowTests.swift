import Foundation
import Testing

@testable import UIKit

/// A view hears when its window changes, with its subviews, and leaving the window takes
/// its layers' animations away unless they are kept (`isRemovedOnCompletion` false), as on
/// iOS: spinners restart in `didMoveToWindow`, and preserving views store their animations
/// in `willMove(toWindow:)`.
@MainActor @Suite(.serialized) struct ViewWindowTests {
  /// Records the window calls it and its subviews hear, by tag.
  class Recorder: UIView {
    nonisolated(unsafe) static var heard: [String] = []
    override func willMove(toWindow newWindow: UIWindow?) {
      Recorder.heard.append("will \(tag) \(newWindow == nil ? "nil" : "window")")
    }
    override func didMoveToWindow() {
      Recorder.heard.append("did \(tag) \(window == nil ? "nil" : "window")")
    }
  }

  func recorders() -> (KeyWindowTree, Recorder, Recorder) {
    let (tree, host) = showViewInKeyWindow()
    let outer = Recorder(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    let inner = Recorder(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
    (outer.tag, inner.tag) = (1, 2)
    outer.addSubview(inner)
    host.addSubview(outer)
    return (tree, outer, inner)
  }

  /// Added to and removed from the window, the view and its subview each hear before and
  /// after, parents first; moved within the window, or brought to the front, they hear
  /// nothing.
  @Test func aViewAndItsSubviewsHearWhenTheirWindowChanges() {
    Recorder.heard = []
    let (_, outer, _) = recorders()
    #expect(Recorder.heard == ["will 1 window", "will 2 window", "did 1 window", "did 2 window"])
    Recorder.heard = []
    let other = UIView()
    outer.superview!.addSubview(other)
    other.addSubview(outer)
    other.bringSubviewToFront(outer)
    outer.superview!.addSubview(outer)
    #expect(Recorder.heard == [], "the window did not change")
    outer.removeFromSuperview()
    #expect(Recorder.heard == ["will 1 nil", "will 2 nil", "did 1 nil", "did 2 nil"])
    Recorder.heard = []
    outer.removeFromSuperview()
    UIView().addSubview(outer)
    #expect(Recorder.heard == [], "outside any window, it has none to change")
  }

  /// A spin with the default `isRemovedOnCompletion` on a subview's own sublayer, and a
  /// block's fade: leaving the window, both are removed, the delegate and the completion
  /// hearing that they did not finish. A spin that is kept runs on, on the media clock.
  @Test func leavingTheWindowRemovesTheAnimationsThatAreRemovedOnCompletion() {
    let (tree, host) = showViewInKeyWindow()
    let child = UIView(frame: host.bounds)
    host.addSubview(child)
    let arc = CAShapeLayer()
    child.layer.addSublayer(arc)
    let (spin, kept) = (
      linearAnimation("transform.rotation.z", from: 0, to: 2 * CGFloat.pi),
      linearAnimation("transform.rotation.z", from: 0, to: 2 * CGFloat.pi)
    )
    spin.repeatCount = .infinity
    kept.repeatCount = .infinity
    kept.isRemovedOnCompletion = false
    let listener = Listener()
    spin.delegate = listener
    arc.add(spin, forKey: "spin")
    host.layer.add(kept, forKey: "kept")
    var finished: [Bool] = []
    UIView.animate(withDuration: 1) {
      child.alpha = 0
    } completion: {
      finished.append($0)
    }
    tree.advance(to: .seconds(0.25))
    host.removeFromSuperview()
    #expect(arc.animationKeys() == nil && child.layer.animationKeys() == nil)
    #expect(host.layer.animationKeys() == ["kept"])
    tree.advance(to: .seconds(0.3))
    #expect(listener.events.last?.hasPrefix("stop  false") == true, "\(listener.events)")
    #expect(finished == [false])
    UIApplication.shared.keyWindow!.addSubview(host)
    tree.advance(to: .seconds(0.375))
    let turned = host.layer.presentation()!.value(forKeyPath: "transform.rotation.z") as! CGFloat
    #expect(abs(turned - 0.75 * .pi) < 1e-9, "the kept spin ran on: \(turned)")
  }

  /// The preserving view's idiom: it copies its layer tree's animations as it is about to
  /// leave the window, and adds them again once back, so a spin shows again.
  @Test func animationsStoredBeforeLeavingCanBeAddedBack() {
    final class Preserving: UIView {
      var stored: [(CALayer, String, CAAnimation)] = []
      override func willMove(toWindow newWindow: UIWindow?) {
        guard newWindow == nil else { return }
        for layer in [layer] + (layer.sublayers ?? []) {
          for key in layer.animationKeys() ?? [] {
            stored.append((layer, key, layer.animation(forKey: key)!.copy() as! CAAnimation))
          }
        }
      }
      override func didMoveToWindow() {
        guard window != nil else { return }
        for (layer, key, animation) in stored { layer.add(animation, forKey: key) }
        stored = []
      }
    }
    let (tree, host) = showViewInKeyWindow()
    let view = Preserving(frame: host.bounds)
    let dot = CALayer()
    view.layer.addSublayer(dot)
    host.addSubview(view)
    let spin = linearAnimation("transform.rotation.z", from: 0, to: 2 * CGFloat.pi)
    spin.repeatCount = .infinity
    dot.add(spin, forKey: "spin")
    tree.advance(to: .seconds(0.25))
    view.removeFromSuperview()
    #expect(dot.animationKeys() == nil)
    host.addSubview(view)
    #expect(dot.animationKeys() == ["spin"])
  }

  /// An activity indicator, like iOS's, keeps turning through leaving the window and coming
  /// back; so does an image view showing its images forever.
  @Test func systemIndicatorsKeepAnimatingThroughAMove() {
    let (tree, host) = showViewInKeyWindow()
    let spinner = UIActivityIndicatorView(style: .medium)
    let images = UIImageView(frame: host.bounds)
    images.animationImages = [UIColor.red, .blue].map { colour in
      UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { context in
        colour.setFill()
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
      }
    }
    host.addSubview(spinner)
    host.addSubview(images)
    spinner.startAnimating()
    images.startAnimating()
    tree.advance(to: .seconds(0.5))
    spinner.removeFromSuperview()
    images.removeFromSuperview()
    host.addSubview(spinner)
    host.addSubview(images)
    #expect(spinner.isAnimating && images.isAnimating)
    #expect(spinner.layer.sublayers!.contains { $0.animationKeys() != nil })
  }

  /// A subview added in its parent's `didMoveToWindow` hears it once, from its own
  /// insertion (it heard it twice: the parent's subviews were walked after the call).
  @Test func aSubviewAddedAsTheWindowChangesHearsOnce() {
    final class Adding: Recorder {
      override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil && tag < 10 {
          let child = Recorder()
          child.tag = tag + 10
          addSubview(child)
        }
      }
    }
    let (_, host) = showViewInKeyWindow()
    Recorder.heard = []
    let view = Adding()
    view.tag = 1
    host.addSubview(view)
    #expect(Recorder.heard == ["will 1 window", "did 1 window", "will 11 window", "did 11 window"])
  }
}
