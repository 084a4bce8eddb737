import Foundation

/// How a transition shows a layer's change (`CATransitionType`).
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The old content fades out over the new.
  public static let fade = CATransitionType(rawValue: "fade")
  /// The new content slides in over the old.
  public static let moveIn = CATransitionType(rawValue: "moveIn")
  /// The new content pushes the old out.
  public static let push = CATransitionType(rawValue: "push")
  /// The old content slides away, uncovering the new.
  public static let reveal = CATransitionType(rawValue: "reveal")
}

/// Where a moving transition comes from (`CATransitionSubtype`).
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
  public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
  public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
  public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

public let kCATransition = "transition"
public let kCATransitionFade = CATransitionType.fade.rawValue
public let kCATransitionMoveIn = CATransitionType.moveIn.rawValue
public let kCATransitionPush = CATransitionType.push.rawValue
public let kCATransitionReveal = CATransitionType.reveal.rawValue
public let kCATransitionFromRight = CATransitionSubtype.fromRight.rawValue
public let kCATransitionFromLeft = CATransitionSubtype.fromLeft.rawValue
public let kCATransitionFromTop = CATransitionSubtype.fromTop.rawValue
public let kCATransitionFromBottom = CATransitionSubtype.fromBottom.rawValue

/// A layer's change shown as a transition (`CATransition`): added to a layer, the layer as
/// it showed at the last commit gives way to the layer as it is, over the animation's
/// timing, by `type` from `subtype`'s side (`.fromLeft` unless set), between
/// `startProgress` and `endProgress` of the way. The layer as it showed is a picture at the
/// screen's scale beside the layer in its superlayer (beneath it for `moveIn`, above it
/// otherwise), or over the layer's content in the layer when it has no superlayer (a
/// window's); moving types move the layer and the picture by the layer's size, unclipped,
/// as Core Animation does. `filter` is kept, not drawn.
open class CATransition: CAAnimation {
  open var type: CATransitionType = .fade
  open var subtype: CATransitionSubtype?
  open var startProgress: Float = 0
  open var endProgress: Float = 1
  open var filter: Any?

  override func copyValues(from other: CAAnimation) {
    super.copyValues(from: other)
    guard let other = other as? CATransition else { return }
    type = other.type
    subtype = other.subtype
    startProgress = other.startProgress
    endProgress = other.endProgress
    filter = other.filter
  }
}

extension CALayer {
  /// Shows this turn's change of the layer through `transition` (see `CATransition`), under
  /// `key` among its animations: removing it there ends the transition at once. An
  /// `appearing` layer showed nothing before.
  func run(_ transition: CATransition, forKey key: String?, appearing: Bool = false) {
    // A layer not shown yet, or hidden at the last commit, showed nothing: there is no
    // picture, and shown now it fades or moves in (a transition that is a layer's
    // `kCAOnOrderIn` action brings it in so).
    let shown = hasBeenCommitted && !appearing ? presentation() : nil
    let showedNothing = shown?.isHidden ?? true
    guard !(showedNothing && isHidden) else { return }
    let picture = showedNothing ? nil : pictureBeside(below: transition.type == .moveIn)
    guard picture != nil || showedNothing else { return }
    // A layer with no superlayer (a window's, as a root view controller is swapped) holds
    // the picture itself, so the picture's moves are less the layer's own.
    let inside = picture?.superlayer === self
    let size = (shown ?? self).bounds.size
    let start = Double(
      min(max(transition.startProgress.isFinite ? transition.startProgress : 0, 0), 1))
    let end = Double(min(max(transition.endProgress.isFinite ? transition.endProgress : 1, 0), 1))
    // The way the new content moves, a whole layer's size: it comes in from the side the
    // subtype names.
    let side: (x: Double, y: Double) =
      switch transition.subtype ?? .fromLeft {
      case .fromRight: (Double(size.width), 0)
      case .fromTop: (0, -Double(size.height))
      case .fromBottom: (0, Double(size.height))
      default: (-Double(size.width), 0)
      }
    func timed<A: CAAnimation>(_ animation: A) -> A {
      animation.beginTime = transition.beginTime
      animation.duration = transition.duration
      animation.speed = transition.speed
      animation.timeOffset = transition.timeOffset
      animation.timingFunction = transition.timingFunction
      return animation
    }
    /// An additive move of `from`...`to` fractions of the side's offset.
    func move(from: Double, to: Double) -> CABasicAnimation {
      let motion = timed(CABasicAnimation(keyPath: "position"))
      motion.isAdditive = true
      motion.fromValue = NSValue(cgPoint: CGPoint(x: side.x * from, y: side.y * from))
      motion.toValue = NSValue(cgPoint: CGPoint(x: side.x * to, y: side.y * to))
      return motion
    }
    // The layer's own animation (its move, or none) carries the transition under its key.
    var own = move(from: 0, to: 0)
    /// The picture's move of `from`...`to` on the screen.
    func pictureMove(from: Double, to: Double, layerFrom: Double, layerTo: Double)
      -> CABasicAnimation
    {
      inside ? move(from: from - layerFrom, to: to - layerTo) : move(from: from, to: to)
    }
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    switch transition.type {
    case .push:
      own = move(from: 1 - start, to: 1 - end)
      picture?.add(
        pictureMove(from: -start, to: -end, layerFrom: 1 - start, layerTo: 1 - end),
        forKey: "CATransition")
    case .moveIn:
      own = move(from: 1 - start, to: 1 - end)
      if inside {
        picture?.add(
          pictureMove(from: 0, to: 0, layerFrom: 1 - start, layerTo: 1 - end),
          forKey: "CATransition")
      }
    case .reveal: picture?.add(move(from: -start, to: -end), forKey: "CATransition")
    default:
      let fade = timed(CABasicAnimation(keyPath: "opacity"))
      if let picture {
        fade.fromValue = 1 - start
        fade.toValue = 1 - end
        picture.opacity = 0
        picture.add(fade, forKey: "CATransition")
      } else {
        // Nothing showed: the layer fades in (an offset from its own opacity).
        let opacity = Double(self.opacity)
        (fade.fromValue, fade.toValue) = ((start - 1) * opacity, (end - 1) * opacity)
        fade.isAdditive = true
        own = fade
      }
    }
    own.delegate = PictureRemover(picture, telling: transition.delegate)
    add(own, forKey: key ?? kCATransition)
    CATransaction.commit()
  }

  /// The layer as it shows now (its presentation, or its model before it is first shown)
  /// with its sublayers, drawn at the screen's scale; nil when it has no area.
  func picture() -> CGImage? {
    let shown = presentation() ?? self
    let bounds = shown.bounds
    guard bounds.width > 0, bounds.height > 0, bounds.width.isFinite, bounds.height.isFinite
    else { return nil }
    return UIGraphicsImageRenderer(bounds: bounds).image { context in
      shown.render(in: context.cgContext)
    }.cgImage
  }

  /// A layer showing `picture()`, put beside this one in its superlayer (just above it, or
  /// just below) with its geometry, or in it when it has no superlayer (over its sublayers,
  /// or beneath them); nil when the layer has no area.
  func pictureBeside(below: Bool = false) -> CALayer? {
    guard let image = picture() else { return nil }
    let shown = presentation() ?? self
    let picture = CALayer()
    picture.name = "transition picture"
    picture.contents = image
    picture.contentsScale = Runtime.screenScale
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    if let parent = superlayer {
      picture.bounds = CGRect(origin: .zero, size: shown.bounds.size)
      picture.anchorPoint = shown.anchorPoint
      picture.position = shown.position
      picture.transform = shown.transform
      picture.zPosition = shown.zPosition
      if below {
        parent.insertSublayer(picture, below: self)
      } else {
        parent.insertSublayer(picture, above: self)
      }
    } else {
      picture.frame = shown.bounds
      if below {
        insertSublayer(picture, at: 0)
      } else {
        addSublayer(picture)
        transitionPicture = picture
      }
    }
    CATransaction.commit()
    return picture
  }
}

/// Takes a transition's picture away when the animation that carries the transition
/// stops (at its end, or removed), and tells the transition's delegate.
final class PictureRemover: CAAnimationDelegate {
  let picture: CALayer?
  let delegate: CAAnimationDelegate?

  init(_ picture: CALayer?, telling delegate: CAAnimationDelegate?) {
    (self.picture, self.delegate) = (picture, delegate)
  }

  func animationDidStart(_ anim: CAAnimation) { delegate?.animationDidStart(anim) }

  func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
    // Its own animations stop with it (a transition removed early: its completion hears).
    picture?.removeAllAnimations()
    picture?.removeFromSuperlayer()
    delegate?.animationDidStop(anim, finished: flag)
  }
}
