import Foundation

extension UIView.AnimationOptions {
  public static let layoutSubviews = Self(rawValue: 1 << 0)
  public static let overrideInheritedDuration = Self(rawValue: 1 << 5)
  public static let overrideInheritedCurve = Self(rawValue: 1 << 6)
  /// In a transition: the block's changes animate too (else they happen at once, beneath
  /// the transition's picture of the view as it was).
  public static let allowAnimatedContent = Self(rawValue: 1 << 7)
  /// In `transition(from:to:...)`: the views are hidden and shown, not removed and added.
  public static let showHideTransitionViews = Self(rawValue: 1 << 8)
  public static let overrideInheritedOptions = Self(rawValue: 1 << 9)
  public static let transitionNone = Self([])
  public static let transitionFlipFromLeft = Self(rawValue: 1 << 20)
  public static let transitionFlipFromRight = Self(rawValue: 2 << 20)
  public static let transitionCurlUp = Self(rawValue: 3 << 20)
  public static let transitionCurlDown = Self(rawValue: 4 << 20)
  public static let transitionCrossDissolve = Self(rawValue: 5 << 20)
  public static let transitionFlipFromTop = Self(rawValue: 6 << 20)
  public static let transitionFlipFromBottom = Self(rawValue: 7 << 20)
  public static let preferredFramesPerSecondDefault = Self([])
  public static let preferredFramesPerSecond60 = Self(rawValue: 3 << 24)
  public static let preferredFramesPerSecond30 = Self(rawValue: 7 << 24)

  /// The curve asked for (`curveEaseInOut` unless another is set).
  var curve: UIView.AnimationCurve {
    switch rawValue & (3 << 16) {
    case 1 << 16: .easeIn
    case 2 << 16: .easeOut
    case 3 << 16: .linear
    default: .easeInOut
    }
  }

  /// The curve's timing function.
  var timingFunction: CAMediaTimingFunction { curve.timingFunction }

  /// The transition asked for, by its number (0 none, 1...7 as the constants above).
  var transition: UInt { (rawValue >> 20) & 7 }
}

extension UIView {
  /// Changes `view` with a transition over `duration` seconds: the view as it was, pictured
  /// before `animations` runs, gives way to the view as it is after: dissolving
  /// (`.transitionCrossDissolve`), or turning over about its vertical or horizontal axis in
  /// perspective (`.transitionFlipFromLeft`, `...Right`, `...Top`, `...Bottom`: the picture
  /// turns away over the first half, the new content turns in over the second). The curls
  /// dissolve here. Changes in `animations` happen at once unless `.allowAnimatedContent`.
  public class func transition(
    with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
    animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
  ) {
    let kind = options.transition
    // A hidden view has nothing to picture: shown, it fades in.
    let wasHidden = view.isHidden
    let picture = kind == 0 || wasHidden ? nil : view.layer.pictureBeside()
    CATransaction.begin()
    if let completion { CATransaction.setCompletion(completion) }
    if let animations {
      if options.contains(.allowAnimatedContent) || kind == 0 {
        animate(
          withDuration: duration, delay: 0, options: options, animations: animations,
          completion: nil)
      } else {
        performWithoutAnimation(animations)
      }
    }
    let seconds = duration.isFinite ? max(0, duration) : 0
    if let picture {
      view.addTransition(kind, picture: picture, duration: seconds, curve: options.timingFunction)
    } else if kind != 0, wasHidden, !view.isHidden {
      let fade = CABasicAnimation(keyPath: "opacity")
      fade.fromValue = 0
      fade.duration = seconds
      fade.timingFunction = options.timingFunction
      view.layer.add(fade, forKey: "UIView.transition")
    }
    CATransaction.commit()
  }

  /// Replaces `fromView` with `toView` in its superview by a transition of the superview
  /// (see `transition(with:...)`): `fromView` is removed and `toView` put where it was, or
  /// with `.showHideTransitionViews` one hidden and the other shown.
  public class func transition(
    from fromView: UIView, to toView: UIView, duration: TimeInterval,
    options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil
  ) {
    let swap = {
      if options.contains(.showHideTransitionViews) {
        fromView.isHidden = true
        toView.isHidden = false
      } else if let superview = fromView.superview {
        let index = superview.subviews.firstIndex { $0 === fromView } ?? superview.subviews.count
        fromView.removeFromSuperview()
        superview.insertSubview(toView, at: index)
      }
    }
    guard let container = fromView.superview else {
      swap()
      completion?(true)
      return
    }
    var plain = options
    plain.remove(.allowAnimatedContent)
    transition(
      with: container, duration: duration, options: plain, animations: swap,
      completion: completion)
  }

  /// Animates `picture` (the view as it was, beside it) and the view as transition `kind`;
  /// the view's own animation carries the transition, and takes the picture away when it
  /// stops.
  private func addTransition(
    _ kind: UInt, picture overlay: CALayer, duration: Double, curve: CAMediaTimingFunction
  ) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    let axis: (x: Double, y: Double, angle: Double)? =
      switch kind {
      case 1: (0, 1, .pi / 2)  // from the left: the left edge comes forward
      case 2: (0, 1, -.pi / 2)
      case 6: (1, 0, -.pi / 2)  // from the top: the top edge comes forward (y is down)
      case 7: (1, 0, .pi / 2)
      default: nil
      }
    if let axis {
      // The picture turns away over the first half, then the view turns in from the other
      // side over the second; the picture is gone by then.
      func turned(_ angle: Double) -> NSValue {
        // Perspective after the turn (`m34` set first, then rotated: the idiom's order).
        var t = CATransform3DIdentity
        t.m34 = -1 / UIView.transitionPerspective
        t = CATransform3DRotate(t, CGFloat(angle), CGFloat(axis.x), CGFloat(axis.y), 0)
        return NSValue(caTransform3D: t)
      }
      let turn = CAKeyframeAnimation(keyPath: "transform")
      turn.values = [turned(0), turned(axis.angle), turned(-axis.angle), turned(0)]
      turn.keyTimes = [0, 0.5, 0.5, 1]
      turn.timingFunctions = [curve, CAMediaTimingFunction(name: .linear), curve]
      turn.isAdditive = true
      turn.duration = duration
      // The picture turns with the view when it is beside it.
      if overlay.superlayer !== layer { overlay.add(turn, forKey: "UIView.transition") }
      turn.delegate = PictureRemover(overlay, telling: nil)
      layer.add(turn, forKey: "UIView.transition")
      let hold = CABasicAnimation(keyPath: "opacity")
      hold.fromValue = 1
      hold.toValue = 1
      hold.duration = duration / 2
      overlay.opacity = 0
      overlay.add(hold, forKey: "UIView.transition half")
    } else {
      let fade = CABasicAnimation(keyPath: "opacity")
      fade.fromValue = 1
      fade.toValue = 0
      fade.duration = duration
      fade.timingFunction = curve
      overlay.opacity = 0
      overlay.add(fade, forKey: "UIView.transition")
      let carrier = CABasicAnimation(keyPath: "position")
      carrier.isAdditive = true
      carrier.fromValue = NSValue(cgPoint: .zero)
      carrier.toValue = NSValue(cgPoint: .zero)
      carrier.duration = duration
      carrier.delegate = PictureRemover(overlay, telling: nil)
      layer.add(carrier, forKey: "UIView.transition")
    }
    CATransaction.commit()
  }

  /// The distance of the eye from a turning view, in points (`m34 = −1/d`).
  static let transitionPerspective = 1000.0
}
