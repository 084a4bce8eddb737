import Foundation

/// Where an animator's animations stop (`UIViewAnimatingPosition`).
public enum UIViewAnimatingPosition: Int, Sendable {
  case end, start, current
}

/// An animator's state (`UIViewAnimatingState`): inactive before it starts and after it
/// finishes; active while running or paused; stopped between `stopAnimation(false)` and
/// `finishAnimation(at:)`.
public enum UIViewAnimatingState: Int, Sendable {
  case inactive, active, stopped
}

/// What can be started, paused, scrubbed, reversed and stopped (`UIViewAnimating`).
@preconcurrency @MainActor public protocol UIViewAnimating: AnyObject {
  var state: UIViewAnimatingState { get }
  var isRunning: Bool { get }
  var isReversed: Bool { get set }
  var fractionComplete: CGFloat { get set }
  func startAnimation()
  func startAnimation(afterDelay delay: TimeInterval)
  func pauseAnimation()
  func stopAnimation(_ withoutFinishing: Bool)
  func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An animator that takes more animations and completions (`UIViewImplicitlyAnimating`).
@preconcurrency @MainActor public protocol UIViewImplicitlyAnimating: UIViewAnimating {
  func addAnimations(_ animation: @escaping () -> Void)
  func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
  func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
  func continueAnimation(
    withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat)
}

/// The kinds of timing curve.
public enum UITimingCurveType: Int, Sendable {
  case builtin, cubic, spring, composed
}

/// A timing curve for an animator: a cubic Bezier or a spring.
public protocol UITimingCurveProvider: AnyObject {
  var timingCurveType: UITimingCurveType { get }
  var cubicTimingParameters: UICubicTimingParameters? { get }
  var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bezier pacing curve from (0, 0) to (1, 1): one of the four named curves, or two
/// control points (fractions of the time and of the change).
open class UICubicTimingParameters: NSObject, UITimingCurveProvider, @unchecked Sendable {
  public let animationCurve: UIView.AnimationCurve
  public let controlPoint1: CGPoint
  public let controlPoint2: CGPoint
  let isBuiltin: Bool

  /// Ease in, ease out.
  public override convenience init() { self.init(animationCurve: .easeInOut) }

  public init(animationCurve curve: UIView.AnimationCurve) {
    let points: (Float, Float, Float, Float) =
      switch curve {
      case .easeInOut: (0.42, 0, 0.58, 1)
      case .easeIn: (0.42, 0, 1, 1)
      case .easeOut: (0, 0, 0.58, 1)
      case .linear: (0, 0, 1, 1)
      }
    animationCurve = curve
    controlPoint1 = CGPoint(x: CGFloat(points.0), y: CGFloat(points.1))
    controlPoint2 = CGPoint(x: CGFloat(points.2), y: CGFloat(points.3))
    isBuiltin = true
  }

  public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
    animationCurve = .easeInOut
    (controlPoint1, controlPoint2) = (point1, point2)
    isBuiltin = false
  }

  public var timingCurveType: UITimingCurveType { isBuiltin ? .builtin : .cubic }
  public var cubicTimingParameters: UICubicTimingParameters? { self }
  public var springTimingParameters: UISpringTimingParameters? { nil }

  /// The curve as Core Animation takes it.
  var timingFunction: CAMediaTimingFunction {
    CAMediaTimingFunction(
      controlPoints: Float(controlPoint1.x), Float(controlPoint1.y), Float(controlPoint2.x),
      Float(controlPoint2.y))
  }
}

/// A damped spring for an animator: a damping ratio over the animator's duration (as
/// `UIView.animate(withDuration:delay:usingSpringWithDamping:...)`), or a mass, stiffness
/// and damping whose settling time replaces the animator's duration, as UIKit documents.
/// The initial velocity's `dx` is the start's speed in fractions of each change a second.
open class UISpringTimingParameters: NSObject, UITimingCurveProvider, @unchecked Sendable {
  public let initialVelocity: CGVector
  let kind: Kind

  enum Kind {
    case ratio(Double)
    case physical(UIView.AnimationBlock.PhysicalSpring)
  }

  /// Critically damped (ratio 1).
  public override convenience init() { self.init(dampingRatio: 1) }

  public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
    kind = .ratio(Double(ratio))
    initialVelocity = velocity
  }

  public convenience init(dampingRatio ratio: CGFloat) {
    self.init(dampingRatio: ratio, initialVelocity: .zero)
  }

  public init(
    mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector
  ) {
    kind = .physical(
      .init(
        mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
        velocity: Double(velocity.dx)))
    initialVelocity = velocity
  }

  /// iOS 17's spring: `CASpringAnimation(perceptualDuration: duration, bounce: bounce)`,
  /// whose settling duration becomes the animator's.
  public init(duration: TimeInterval, bounce: CGFloat, initialVelocity velocity: CGVector = .zero) {
    kind = .physical(
      .init(perceptualDuration: duration, bounce: bounce, velocity: Double(velocity.dx)))
    initialVelocity = velocity
  }

  public var timingCurveType: UITimingCurveType { .spring }
  public var cubicTimingParameters: UICubicTimingParameters? { nil }
  public var springTimingParameters: UISpringTimingParameters? { self }

  /// The spring's own length in seconds (its settling duration) when it has one; nil when it
  /// takes the animator's.
  var settlingDuration: Double? {
    guard case .physical(let spring) = kind else { return nil }
    return spring.settlingDuration
  }
}

/// Animates the view changes its blocks make, and can be started, paused, scrubbed
/// (`fractionComplete`), reversed, stopped and finished at either end or where it is
/// (`UIViewPropertyAnimator`). Its animations are Core Animation's, one per changed
/// property, all on the animator's timeline: paused ones have speed 0 at the animator's
/// place (shown linearly while `scrubsLinearly`, the default: pausing a running animator
/// moves its place to how far the values have come, so nothing jumps), reversed ones run
/// back through the same motion (speed below 0). Resumed after scrubbing, or continued with
/// new timing parameters, each property runs on from what shows to the end it heads for.
///
/// Differences from iOS: a property that runs on from what shows starts a spring from rest
/// (UIKit carries its velocity over); properties whose changes were added later keep their
/// own fraction of the way while paused.
@preconcurrency @MainActor open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating {
  public private(set) var timingParameters: UITimingCurveProvider?
  /// The animations' length in seconds.
  public private(set) var duration: TimeInterval
  /// Seconds between `startAnimation()` and the animations' start.
  public private(set) var delay: TimeInterval = 0
  open var isUserInteractionEnabled = true
  open var isManualHitTestingEnabled = false
  open var isInterruptible = true
  open var scrubsLinearly = true
  /// Whether reaching the end pauses the animator there, active, instead of finishing it.
  open var pausesOnCompletion = false
  public private(set) var state: UIViewAnimatingState = .inactive
  public private(set) var isRunning = false

  /// A property one of the blocks changed: its layer and Core Animation key, its values at
  /// the animator's start and end positions, and the animation that now runs it: from
  /// `from` to `to` over `start`...`start + length` of the timeline (fractions of
  /// `duration`), paced by `motion` (a curve, or a spring's `CASpringAnimation`).
  private struct Piece {
    weak var layer: CALayer?
    /// The property's key path, and the key its animation is added under.
    var path: String
    var key: String
    /// The model value the change set: an additive animation's values are offsets from it.
    var base: Any?
    var origin: Any?
    var target: Any?
    var from: Any?
    var to: Any?
    var start = 0.0
    var length = 1.0
    var motion: CABasicAnimation
    /// Whether it runs from `origin` (so reversed it gets back there) and to `target`.
    var fromOrigin = true
    var toTarget = true

    /// The key path when the piece runs additively (a position, bounds or transform, see
    /// `UIView.additiveParts`): its animation's values are offsets from `base`.
    var additivePath: CAKeyPath? {
      guard UIView.additiveKeyPaths.contains(path), let layer else { return nil }
      return CAKeyPath(path, on: layer.backing.kind)
    }
  }

  private var blocks: [(animation: () -> Void, delayFactor: Double)] = []
  private var completions: [(UIViewAnimatingPosition) -> Void] = []
  private var pieces: [Piece] = []
  /// The animator's place (0 at the start position, 1 at the end) at `since` on the media
  /// clock, moving at `rate` (1: the whole timeline in `duration` seconds) while running.
  private var place = 0.0
  private var since = 0.0
  /// Paused while waiting to begin: the seconds of the wait that were left.
  private var waitLeft = 0.0
  private var rate = 1.0
  /// Which animations are the current ones (each replacement makes new ones), and how many
  /// of them have not reached their end.
  private var generation = 0
  private var unfinished = 0
  private var reversed = false

  public init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
    self.duration = duration.isFinite ? max(0, duration) : 0
    timingParameters = parameters
    super.init()
    if let spring = parameters.springTimingParameters, let settling = spring.settlingDuration {
      self.duration = settling
    }
  }

  public convenience init(
    duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil
  ) {
    self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
    if let animations { addAnimations(animations) }
  }

  public convenience init(
    duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
    animations: (() -> Void)? = nil
  ) {
    self.init(
      duration: duration,
      timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
    if let animations { addAnimations(animations) }
  }

  public convenience init(
    duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil
  ) {
    self.init(
      duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
    if let animations { addAnimations(animations) }
  }

  /// An animator already running: `animations` over `duration` seconds after `delay`, with
  /// the curve of `options`; `completion` hears where it ended.
  @discardableResult
  open class func runningPropertyAnimator(
    withDuration duration: TimeInterval, delay: TimeInterval,
    options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
    completion: ((UIViewAnimatingPosition) -> Void)? = nil
  ) -> UIViewPropertyAnimator {
    let animator = UIViewPropertyAnimator(
      duration: duration, curve: options.curve, animations: animations)
    if let completion { animator.addCompletion(completion) }
    animator.startAnimation(afterDelay: delay)
    return animator
  }

  // MARK: Blocks

  open func addAnimations(_ animation: @escaping () -> Void) {
    addAnimations(animation, delayFactor: 0)
  }

  /// Adds `animation`; once the animator is active it runs at once, its changes starting
  /// `delayFactor` of the remaining time later and ending with the others.
  open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
    let factor = delayFactor.isFinite ? min(1, max(0, Double(delayFactor))) : 0
    guard state == .active else {
      if state == .inactive { blocks.append((animation, factor)) }
      return
    }
    let now = placeNow()
    place = now
    since = max(since, CACurrentMediaTime())
    let start = reversed ? now * (1 - factor) : now + factor * (1 - now)
    // Reversed, the piece is stored the other way round: running back, it goes to the new
    // value, reached as the animator reaches its start.
    if reversed {
      run([(animation, 0)], start: 0, length: start, turned: true)
    } else {
      run([(animation, 0)], start: start, length: 1 - start)
    }
    replaceAnimations()
  }

  open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
    if state != .stopped { completions.append(completion) }
  }

  // MARK: UIViewAnimating

  /// Starts the animations after `delay` (an inactive animator), or resumes a paused one,
  /// after what was left of its wait when it paused before it began.
  open func startAnimation() { startAnimation(afterDelay: state == .active ? waitLeft : delay) }

  /// Starts the animations `delay` seconds from now (an inactive animator), or resumes a
  /// paused one from where it is.
  open func startAnimation(afterDelay delay: TimeInterval) {
    let wait = delay.isFinite ? max(0, delay) : 0
    switch state {
    case .stopped: return
    case .inactive:
      self.delay = wait
      activate()
    case .active:
      guard !isRunning else { return }
      // Scrubbed linearly while paused: each piece runs on with its motion from what shows.
      if scrubsLinearly {
        for i in pieces.indices { rebase(i, shownLinearly: true) }
      }
    }
    place = placeNow()
    since = CACurrentMediaTime() + wait
    waitLeft = 0
    isRunning = true
    replaceAnimations()
  }

  /// Holds the animations where they are (an inactive animator: at its start, with its
  /// blocks' changes made).
  open func pauseAnimation() {
    switch state {
    case .stopped: return
    case .inactive: activate()
    case .active:
      guard isRunning else { return }
      place = placeNow()
      waitLeft = max(0, since - CACurrentMediaTime())
      // Scrubbed linearly from here: the place becomes the fraction of the way the values
      // have come, so that nothing moves as it pauses.
      if scrubsLinearly, let whole = pieces.first(where: { $0.start == 0 && $0.length == 1 }) {
        place = min(1, max(0, progress(of: whole, linear: false)))
      }
    }
    isRunning = false
    replaceAnimations()
  }

  /// Ends the animations where they show now: the views keep those values. Without
  /// finishing the animator is inactive and its completions are dropped; otherwise it is
  /// stopped until `finishAnimation(at:)`.
  open func stopAnimation(_ withoutFinishing: Bool) {
    guard state == .active else { return }
    settle(at: .current)
    if withoutFinishing {
      completions = []
      state = .inactive
    } else {
      state = .stopped
    }
  }

  /// After `stopAnimation(false)`: puts the views at `finalPosition` and calls the
  /// completions with it.
  open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
    guard state == .stopped else {
      Notice.once(
        "finishAnimation",
        "UIViewPropertyAnimator.finishAnimation(at:) is only for a stopped animator")
      return
    }
    // Stopping left the views where they showed: `.current` keeps them there.
    if finalPosition != .current { settle(at: finalPosition) }
    finish(at: finalPosition)
  }

  /// Whether the animations run back to the start: set while running, they turn where they
  /// are; the completions then hear `.start`.
  open var isReversed: Bool {
    get { reversed }
    set {
      guard newValue != reversed else { return }
      if isRunning {
        place = placeNow()
        since = max(since, CACurrentMediaTime())
      }
      reversed = newValue
      if state == .active { replaceAnimations() }
    }
  }

  /// How far the animations are through their time, 0 to 1 (from the start position, also
  /// when reversed). Setting it scrubs a paused animator; an inactive one is first paused
  /// at its start; a running one ignores it.
  open var fractionComplete: CGFloat {
    get { CGFloat(placeNow()) }
    set {
      guard newValue.isFinite, state != .stopped else { return }
      if state == .inactive { pauseAnimation() }
      guard !isRunning else { return }
      place = min(1, max(0, Double(newValue)))
      // Scrubbed, it is under way: started again, it runs at once.
      waitLeft = 0
      replaceAnimations()
    }
  }

  /// Resumes a paused animator, with `parameters`' curve when given, its remaining time
  /// scaled by `durationFactor` (0: unchanged).
  open func continueAnimation(
    withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat
  ) {
    guard state == .active else { return }
    if isRunning {
      place = placeNow()
      since = max(since, CACurrentMediaTime())
    }
    if durationFactor.isFinite && durationFactor > 0 { rate = 1 / Double(durationFactor) }
    if let parameters {
      // Each piece runs on from what shows, with the new curve or spring over the rest.
      let seconds = (reversed ? place : 1 - place) * length / rate
      let motion = Self.motion(for: parameters, seconds: seconds)
      for i in pieces.indices {
        rebase(i, shownLinearly: !isRunning && scrubsLinearly)
        pieces[i].motion = motion
      }
    }
    if isRunning {
      place = placeNow()
      since = max(since, CACurrentMediaTime())
      replaceAnimations()
    } else {
      startAnimation(afterDelay: 0)
    }
  }

  // MARK: The animations

  /// The animator's seconds (never 0: Core Animation reads a duration of 0 as 0.25 s).
  private var length: Double { max(duration, 0.001) }

  /// The animator's place now on the media clock.
  private func placeNow() -> Double {
    guard isRunning else { return place }
    let moved = max(0, CACurrentMediaTime() - since) * rate / length
    return min(1, max(0, reversed ? place - moved : place + moved))
  }

  /// Becomes active: the blocks run, their changes made in the model and each changed
  /// property taken as a piece of the animator's timeline.
  private func activate() {
    state = .active
    place = 0
    rate = 1
    let pending = blocks
    blocks = []
    for (animation, factor) in pending {
      run([(animation, 0)], start: factor, length: 1 - factor)
    }
  }

  /// Runs `blocks` as one animation block of the animator, recording each property they
  /// change as a piece starting at `start` for `length` of the timeline.
  private func run(
    _ blocks: [(animation: () -> Void, delayFactor: Double)], start: Double, length: Double,
    turned: Bool = false
  ) {
    let curve: CAMediaTimingFunction
    var spring: (dampingRatio: Double, velocity: Double)?
    var physical: UIView.AnimationBlock.PhysicalSpring?
    if let parameters = timingParameters?.springTimingParameters {
      curve = CAMediaTimingFunction(name: .linear)
      switch parameters.kind {
      case .ratio(let ratio): spring = (ratio, Double(parameters.initialVelocity.dx))
      case .physical(let spring): physical = spring
      }
    } else {
      curve =
        timingParameters?.cubicTimingParameters?.timingFunction
        ?? CAMediaTimingFunction(name: .easeInEaseOut)
    }
    var block = UIView.AnimationBlock(
      duration: self.length * max(length, 0.001), delay: 0, curve: curve, spring: spring)
    block.physicalSpring = physical
    block.animator = UIView.AnimatorRecording()
    CATransaction.begin()
    UIView.animationBlocks.append(block)
    for (animation, _) in blocks { animation() }
    let recorded = UIView.animationBlocks.removeLast().animator?.changes ?? []
    CATransaction.commit()
    // One piece per property: changed twice in the blocks, it runs from its first value to
    // its last under its first change's key (the later change's animation is taken off),
    // and it replaces the piece an earlier call made.
    var made: [Piece] = []
    for change in recorded {
      let layer = change.layer
      guard let added = layer.animation(forKey: change.key) as? CABasicAnimation,
        let path = CAKeyPath(change.path, on: layer.backing.kind)
      else { continue }
      if made.contains(where: { $0.layer === layer && $0.path == change.path }) {
        layer.removeAnimation(forKey: change.key)
        continue
      }
      let after = path.boxed(in: layer.backing.properties)
      var (from, to) = (change.from, after)
      if turned { (from, to) = (to, from) }
      made.append(
        Piece(
          layer: layer, path: change.path, key: change.key, base: after, origin: from,
          target: to, from: from, to: to, start: start, length: max(length, 0.001),
          motion: added))
    }
    // A property an earlier call animates: a position, bounds or transform adds up with it
    // (both run); another property replaces it, running on from what it shows.
    for i in made.indices where made[i].additivePath == nil {
      let piece = made[i]
      guard let old = pieces.last(where: { $0.layer === piece.layer && $0.path == piece.path })
      else { continue }
      if !turned {
        made[i].origin = old.origin
        made[i].from = value(of: old, linear: !isRunning && scrubsLinearly)
      }
      if old.key != piece.key { old.layer?.removeAnimation(forKey: old.key) }
      pieces.removeAll { $0.layer === piece.layer && $0.path == piece.path }
    }
    pieces += made
  }

  /// Puts every piece's animation on the animator's timeline as it now is: paused (speed 0)
  /// at its place (linearly, when it scrubs linearly), or running from it, forwards, or
  /// backwards through the same motion. A piece that would not reach the end it now runs to
  /// is first made to run from where it shows.
  private func replaceAnimations() {
    if isRunning {
      for i in pieces.indices where reversed ? !pieces[i].fromOrigin : !pieces[i].toTarget {
        rebase(i)
      }
    }
    generation += 1
    unfinished = 0
    let now = CACurrentMediaTime()
    let linear = !isRunning && scrubsLinearly
    for piece in pieces {
      guard let layer = piece.layer else { continue }
      let next: CABasicAnimation
      if linear {
        next = CABasicAnimation()
      } else {
        next = piece.motion.copy() as! CABasicAnimation
      }
      next.keyPath = piece.path
      // Additive as the block's own animation was: offsets from the value the change set.
      if let path = piece.additivePath, let from = path.difference(piece.from, piece.base),
        let to = path.difference(piece.to, piece.base)
      {
        (next.fromValue, next.toValue, next.isAdditive) = (from, to, true)
      } else {
        (next.fromValue, next.toValue, next.isAdditive) = (piece.from, piece.to, false)
      }
      next.byValue = nil
      next.duration = piece.length * length
      // The piece's own time at the animator's place, negative before it begins (held by
      // the backwards fill); reversed, it runs back through the same motion to its start.
      next.timeOffset = (place - piece.start) * length
      next.speed = isRunning ? Float(reversed ? -rate : rate) : 0
      next.beginTime = isRunning ? since : now
      next.fillMode = .both
      next.isRemovedOnCompletion = false
      next.delegate = Relay(animator: self, generation: generation)
      if isRunning { unfinished += 1 }
      layer.add(next, forKey: piece.key)
    }
    guard isRunning, unfinished == 0 else { return }
    // Nothing animates: the animator still takes its time.
    let left = (reversed ? place : 1 - place) * length / rate + max(0, since - now)
    let expected = generation
    let animator = self
    DispatchQueue.main.asyncAfter(deadline: .now() + left) {
      MainActor.assumeIsolated {
        if animator.generation == expected && animator.isRunning { animator.reachedTheEnd() }
      }
    }
  }

  /// An animation paced as `parameters` say, for a change lasting `seconds`.
  private static func motion(for parameters: UITimingCurveProvider, seconds: Double)
    -> CABasicAnimation
  {
    guard let spring = parameters.springTimingParameters else {
      let curve = CABasicAnimation()
      curve.timingFunction =
        parameters.cubicTimingParameters?.timingFunction
        ?? CAMediaTimingFunction(name: .easeInEaseOut)
      return curve
    }
    switch spring.kind {
    case .ratio(let ratio):
      return UIView.spring(
        dampingRatio: ratio, duration: seconds, velocity: spring.initialVelocity.dx)
    case .physical(let physical): return physical.animation
    }
  }

  /// How far `piece`'s values are at the animator's place: its motion's progress (a
  /// spring's may overshoot), or the plain fraction of its span when `linear`.
  private func progress(of piece: Piece, linear: Bool) -> Double {
    let u = min(1, max(0, (place - piece.start) / piece.length))
    if linear { return u }
    if let spring = (piece.motion as? CASpringAnimation)?.motion {
      return spring.fraction(at: u * piece.length * length)
    }
    return piece.motion.timingFunction?.function.progress(at: u) ?? u
  }

  /// `piece`'s value at the animator's place, as it shows (see `progress(of:linear:)`).
  private func value(of piece: Piece, linear: Bool) -> Any? {
    guard let layer = piece.layer, let path = CAKeyPath(piece.path, on: layer.backing.kind) else {
      return nil
    }
    return path.mix(piece.from, piece.to, fraction: progress(of: piece, linear: linear))
  }

  /// Makes piece `i` run from the value it shows to the end it now runs to (its target
  /// forwards, its origin backwards) over the rest of the timeline, with its motion.
  private func rebase(_ i: Int, shownLinearly linear: Bool = false) {
    let shown = value(of: pieces[i], linear: linear)
    if reversed {
      (pieces[i].from, pieces[i].to) = (pieces[i].origin, shown)
      (pieces[i].start, pieces[i].length) = (0, max(place, 0.001))
    } else {
      (pieces[i].from, pieces[i].to) = (shown, pieces[i].target)
      (pieces[i].start, pieces[i].length) = (place, max(1 - place, 0.001))
    }
    pieces[i].fromOrigin = reversed
    pieces[i].toTarget = !reversed
  }

  /// Hears the current animations end. It holds the animator, as UIKit holds a running
  /// one: an animator nobody keeps still runs to its end and calls its completions.
  private final class Relay: CAAnimationDelegate, @unchecked Sendable {
    let animator: UIViewPropertyAnimator
    let generation: Int
    init(animator: UIViewPropertyAnimator, generation: Int) {
      (self.animator, self.generation) = (animator, generation)
    }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
      MainActor.assumeIsolated {
        guard flag, animator.generation == generation, animator.isRunning else {
          return
        }
        animator.unfinished -= 1
        if animator.unfinished == 0 { animator.reachedTheEnd() }
      }
    }
  }

  private func reachedTheEnd() {
    if pausesOnCompletion {
      place = reversed ? 0 : 1
      isRunning = false
      replaceAnimations()
      return
    }
    let position: UIViewAnimatingPosition = reversed ? .start : .end
    settle(at: position)
    finish(at: position)
  }

  /// Takes the animations off, leaving each property's model at `position`: its start
  /// value, its end value, or what shows now.
  private func settle(at position: UIViewAnimatingPosition) {
    place = placeNow()
    let linear = !isRunning && scrubsLinearly
    let showing = pieces.map { position == .current ? value(of: $0, linear: linear) : nil }
    generation += 1
    isRunning = false
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    for (i, shown) in showing.enumerated() {
      let piece = pieces[i]
      guard let layer = piece.layer else { continue }
      let value =
        switch position {
        case .start: piece.origin
        case .end: piece.target
        case .current: shown
        }
      // An additive piece's offset from the value its change set joins the model, so what
      // other animations of the property add stays (a block's later change is kept).
      let additive = piece.additivePath
      if let path = additive, path.same(value, piece.base) {
        // The model holds it already.
      } else if let path = additive, let offset = path.difference(value, piece.base),
        let sum = path.sum(path.boxed(in: layer.backing.properties), offset)
      {
        layer.setValue(sum, forKey: piece.path)
        // Its offset is in the model now: a later finish (after a stop) moves from there.
        pieces[i].base = value
      } else {
        layer.setValue(value, forKey: piece.path)
      }
      // A view keeps its background as a UIColor of its own: it follows its layer's.
      if piece.path == "backgroundColor", let view = layer.delegate as? UIView,
        view.layer === layer
      {
        view.backgroundColor = layer.backgroundColor.map { UIColor(cgColor: $0) }
      }
      // Back at its start, an effect view's blur is its effect before the blocks.
      if position == .start, piece.path == "backdropFilter",
        let view = layer.delegate as? UIVisualEffectView
      {
        view.restoreEffectBefore()
      }
      if layer.animation(forKey: piece.key)?.delegate is Relay {
        layer.removeAnimation(forKey: piece.key)
      }
    }
    CATransaction.commit()
  }

  private func finish(at position: UIViewAnimatingPosition) {
    pieces = []
    state = .inactive
    place = 0
    reversed = false
    let heard = completions
    completions = []
    for completion in heard { completion(position) }
  }
}

extension UIView {
  /// What an animator's block changed: each layer and key path given an animation, the
  /// key it was added under and the value it ran from.
  final class AnimatorRecording {
    var changes: [(layer: CALayer, path: String, key: String, from: Any?)] = []
  }
}
