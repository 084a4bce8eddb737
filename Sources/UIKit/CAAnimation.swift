import RingLayers

/// Hears when an animation starts and stops; both methods are optional. An animation holds
/// its delegate strongly, as Core Animation does, until the animation is released.
public protocol CAAnimationDelegate: AnyObject {
  func animationDidStart(_ anim: CAAnimation)
  func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
  public func animationDidStart(_ anim: CAAnimation) {}
  public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// Something a layer runs when one of its properties changes (an animation, or `NSNull` for
/// nothing).
public protocol CAAction {
  func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
  public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
  }
}

/// An animation's timing (Core Animation's `CAMediaTiming`), in seconds of the media clock.
/// A layer copies an animation when it is added: changing it afterwards changes nothing.
open class CAAnimation: NSObject, NSCopying, CAAction {
  /// Held strongly (Core Animation's rule): a delegate that holds the layer forms a cycle
  /// that ends when the animation is removed.
  open var delegate: CAAnimationDelegate?
  /// What key-value coding stored on the animation (copied with it).
  var storedValues: [String: Any] = [:]
  open var isRemovedOnCompletion = true
  open var timingFunction: CAMediaTimingFunction?
  /// When it starts, on the media clock (`CACurrentMediaTime()`); 0 is when it is committed.
  open var beginTime: CFTimeInterval = 0
  /// One iteration's length; 0 is the default of 0.25 s.
  open var duration: CFTimeInterval = 0
  open var speed: Float = 1
  open var timeOffset: CFTimeInterval = 0
  open var repeatCount: Float = 0
  open var repeatDuration: CFTimeInterval = 0
  open var autoreverses = false
  open var fillMode: CAMediaTimingFillMode = .removed
  /// Whether `animationDidStart(_:)` was delivered for this copy.
  var didStart = false

  public override init() { super.init() }

  /// Required, as on iOS (`NSSecureCoding`): a subclass with an initialiser of its own
  /// implements it, usually by calling `super.init(coder:)`. Nothing is decoded here.
  public required init?(coder: NSCoder) { super.init() }

  /// The instance `copy(with:)` makes for a copy of `other` (Core Animation copies through
  /// the Objective-C runtime, which Swift on Linux lacks); `copy(with:)` then copies every
  /// setting into it. A subclass that overrides `init()` inherits it; one with initialisers
  /// of its own implements it, making an instance with its own state copied from `other`.
  public required convenience init(copyOf other: CAAnimation) {
    self.init()
  }

  open class func defaultValue(forKey key: String) -> Any? { nil }

  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = type(of: self).init(copyOf: self)
    copy.copyValues(from: self)
    return copy
  }

  /// Copies every setting of `other` (subclasses add theirs).
  func copyValues(from other: CAAnimation) {
    storedValues = other.storedValues
    delegate = other.delegate
    isRemovedOnCompletion = other.isRemovedOnCompletion
    timingFunction = other.timingFunction
    beginTime = other.beginTime
    duration = other.duration
    speed = other.speed
    timeOffset = other.timeOffset
    repeatCount = other.repeatCount
    repeatDuration = other.repeatDuration
    autoreverses = other.autoreverses
    fillMode = other.fillMode
  }

  open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
    // A property animation an action returns without a key path animates the property
    // it was asked for, as Apple's own action examples rely on.
    if let property = self as? CAPropertyAnimation, property.keyPath == nil {
      let named = property.copy() as! CAPropertyAnimation
      named.keyPath = event
      (anObject as? CALayer)?.add(named, forKey: event)
      return
    }
    (anObject as? CALayer)?.add(self, forKey: event)
  }

  /// Why the animation's own values cannot be run (it is then not added), or nil.
  var refusal: String? { nil }

  /// The timing as the engine takes it, or `nil` when Core Animation would not run it.
  var timing: AnimationTiming? {
    var t = AnimationTiming()
    guard beginTime.isFinite, duration.isFinite, duration >= 0, timeOffset.isFinite,
      speed.isFinite, abs(beginTime) < MediaTime.maximumSeconds,
      duration < MediaTime.maximumSeconds, abs(timeOffset) < MediaTime.maximumSeconds
    else { return nil }
    t.beginTime = .seconds(beginTime)
    t.duration = .seconds(duration)
    t.timingFunction = timingFunction?.function
    t.fillMode = fillMode.fillMode
    t.isRemovedOnCompletion = isRemovedOnCompletion
    t.autoreverses = autoreverses
    t.speed = Double(speed)
    t.timeOffset = .seconds(timeOffset)
    // Negative or NaN counts and durations count as unset.
    if repeatCount.isInfinite && repeatCount > 0 || repeatCount >= Float.greatestFiniteMagnitude {
      t.repeatCount = .infinity
    } else if repeatCount > 0 {
      t.repeatCount = Double(repeatCount)
    } else if repeatDuration > 0 && repeatDuration.isFinite {
      let iteration = (duration == 0 ? 0.25 : duration) * (autoreverses ? 2 : 1)
      t.repeatCount = repeatDuration / iteration
    }
    return t
  }
}

/// An animation of one property, named by its key path (`"opacity"`, `"position.x"`,
/// `"colors"`, ...).
open class CAPropertyAnimation: CAAnimation {
  open var keyPath: String?
  open var isAdditive = false
  open var isCumulative = false
  /// Turns the animation's numbers into transforms, for key path `"transform"`.
  open var valueFunction: CAValueFunction?

  public convenience init(keyPath path: String?) {
    self.init()
    keyPath = path
  }

  override func copyValues(from other: CAAnimation) {
    super.copyValues(from: other)
    guard let other = other as? CAPropertyAnimation else { return }
    keyPath = other.keyPath
    isAdditive = other.isAdditive
    isCumulative = other.isCumulative
    valueFunction = other.valueFunction
  }

  /// The key path as this module draws it: a transform's value function names the part of
  /// the transform its numbers set (`"transform.rotation.z"` for `.rotateZ`).
  var drawnKeyPath: String {
    let path = keyPath ?? ""
    guard let valueFunction, path == "transform" || path == "sublayerTransform" else {
      return path
    }
    return path + "." + valueFunction.part
  }
}

/// Makes a transform from an animation's numbers (`CAValueFunction(name: .rotateZ)`).
open class CAValueFunction: NSObject {
  public let name: CAValueFunctionName

  public init?(name: CAValueFunctionName) {
    guard CAValueFunction.parts[name] != nil else { return nil }
    self.name = name
  }

  /// The part of a transform its numbers set, as a key path beneath the transform.
  var part: String { CAValueFunction.parts[name]! }

  static let parts: [CAValueFunctionName: String] = [
    .rotateX: "rotation.x", .rotateY: "rotation.y", .rotateZ: "rotation.z", .scale: "scale",
    .scaleX: "scale.x", .scaleY: "scale.y", .scaleZ: "scale.z", .translateX: "translation.x",
    .translateY: "translation.y", .translateZ: "translation.z",
  ]
}

public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
  public static let rotateX = CAValueFunctionName("rotateX")
  public static let rotateY = CAValueFunctionName("rotateY")
  public static let rotateZ = CAValueFunctionName("rotateZ")
  public static let scale = CAValueFunctionName("scale")
  public static let scaleX = CAValueFunctionName("scaleX")
  public static let scaleY = CAValueFunctionName("scaleY")
  public static let scaleZ = CAValueFunctionName("scaleZ")
  public static let translate = CAValueFunctionName("translate")
  public static let translateX = CAValueFunctionName("translateX")
  public static let translateY = CAValueFunctionName("translateY")
  public static let translateZ = CAValueFunctionName("translateZ")
}

/// From one value to another: `fromValue` alone runs to the value beneath (the model's),
/// `toValue` alone runs from it, `byValue` adds to the start.
open class CABasicAnimation: CAPropertyAnimation {
  open var fromValue: Any?
  open var toValue: Any?
  open var byValue: Any?

  override func copyValues(from other: CAAnimation) {
    super.copyValues(from: other)
    guard let other = other as? CABasicAnimation else { return }
    fromValue = other.fromValue
    toValue = other.toValue
    byValue = other.byValue
  }
}

/// How a keyframe animation moves between its values.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let linear = CAAnimationCalculationMode(rawValue: "linear")
  public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
  /// Straight segments at one constant speed: key times proportional to the distance between
  /// successive values (|Δ| for numbers, Euclidean for points, rectangles and colours;
  /// linear for values without a distance); `keyTimes` and `timingFunctions` ignored.
  public static let paced = CAAnimationCalculationMode(rawValue: "paced")
  /// A Kochanek–Bartels cubic spline through the values (Catmull-Rom when the tension,
  /// continuity and bias values are 0), at the key times.
  public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
  /// The `cubic` spline run at one constant speed along its length.
  public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether a path animation turns the layer to the path's direction.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The layer's transform turns to the direction of travel.
  public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
  /// As `rotateAuto`, turned a further half turn (π radians).
  public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

public let kCAAnimationRotateAuto = CAAnimationRotationMode.rotateAuto
public let kCAAnimationRotateAutoReverse = CAAnimationRotationMode.rotateAutoReverse

public let kCAAnimationLinear = CAAnimationCalculationMode.linear
public let kCAAnimationDiscrete = CAAnimationCalculationMode.discrete
public let kCAAnimationPaced = CAAnimationCalculationMode.paced
public let kCAAnimationCubic = CAAnimationCalculationMode.cubic
public let kCAAnimationCubicPaced = CAAnimationCalculationMode.cubicPaced

/// Through a list of values at key times (fractions of the duration, evenly spaced when
/// `keyTimes` is nil), each segment paced by its own timing function, joined as
/// `calculationMode` says. An animation whose key times are not finite, outside 0...1 or
/// decreasing, or whose tension, continuity or bias values are not finite, is refused when
/// added (a note says so).
open class CAKeyframeAnimation: CAPropertyAnimation {
  open var values: [Any]?
  open var keyTimes: [NSNumber]?
  open var timingFunctions: [CAMediaTimingFunction]?
  open var calculationMode: CAAnimationCalculationMode = .linear
  /// For a point-valued key path (`position`, `anchorPoint`), the path it follows; `values`
  /// are then ignored. See `PathTrack` for how time runs along it.
  open var path: CGPath?
  /// For `cubic` modes, one per value: positive tightens the curve (1 gives no tangent),
  /// negative rounds it; 0 by default.
  open var tensionValues: [NSNumber]?
  /// For `cubic` modes, one per value: positive sharpens the corner, negative inverts it.
  open var continuityValues: [NSNumber]?
  /// For `cubic` modes, one per value: positive moves the curve before the value, negative
  /// after it.
  open var biasValues: [NSNumber]?
  /// For a path, whether the layer turns to the path's direction; nil for not.
  open var rotationMode: CAAnimationRotationMode?

  override func copyValues(from other: CAAnimation) {
    super.copyValues(from: other)
    guard let other = other as? CAKeyframeAnimation else { return }
    values = other.values
    keyTimes = other.keyTimes
    timingFunctions = other.timingFunctions
    calculationMode = other.calculationMode
    path = other.path
    tensionValues = other.tensionValues
    continuityValues = other.continuityValues
    biasValues = other.biasValues
    rotationMode = other.rotationMode
  }

  override var refusal: String? {
    let times = keyTimes?.map(\.doubleValue) ?? []
    if !times.allSatisfy({ $0.isFinite && (0...1).contains($0) })
      || zip(times, times.dropFirst()).contains(where: { $0 > $1 })
    {
      return "CAKeyframeAnimation.keyTimes must rise within 0...1"
    }
    let shape = [tensionValues, continuityValues, biasValues].compactMap { $0 }.joined()
    if !shape.allSatisfy({ $0.doubleValue.isFinite }) {
      return "CAKeyframeAnimation tension, continuity and bias values must be finite"
    }
    return nil
  }
}

/// Animations run together in the group's time (`CAAnimationGroup`): each child's
/// `beginTime` counts from the group's start, the group's speed, offset, repeats,
/// autoreverse and timing function shape the time the children see, and a child is clipped
/// to the group's duration (not scaled to it); one whose duration is 0 spans the group's. The children's delegates and
/// `isRemovedOnCompletion` are ignored, as Core Animation ignores them: the group's own
/// delegate hears its start and stop.
open class CAAnimationGroup: CAAnimation {
  open var animations: [CAAnimation]?

  override func copyValues(from other: CAAnimation) {
    super.copyValues(from: other)
    guard let other = other as? CAAnimationGroup else { return }
    animations = other.animations?.map { $0.copy() as! CAAnimation }
  }
}

/// The largest finite `Float` (C's `HUGE` and `MAXFLOAT`): as a `repeatCount`, forever.
public let HUGE = Float.greatestFiniteMagnitude
public let MAXFLOAT = Float.greatestFiniteMagnitude

/// One keyframe of `UIView.animateKeyframes` on one property: added under a key of its own,
/// so that the keyframes of one property do not replace each other, in a group as long as
/// the whole animation, which holds its value after it until the whole ends (then the model
/// shows).
final class KeyframeStep: CABasicAnimation {
  nonisolated(unsafe) private static var count = 0
  /// When the whole keyframe animation begins, on the media clock, and its length in
  /// seconds.
  var whole: (begins: CFTimeInterval, duration: CFTimeInterval) = (0, 0)

  override func copyValues(from other: CAAnimation) {
    super.copyValues(from: other)
    if let other = other as? KeyframeStep { whole = other.whole }
  }

  /// Adds the keyframe as a group as long as the whole animation, which repeats and
  /// reverses as the whole does, the keyframe at its place in it: holding its end value
  /// after it, and its start value before it only when it is the property's first.
  override func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
  {
    KeyframeStep.count += 1
    let first = fillMode == .both
    let step = copy() as! CABasicAnimation
    step.beginTime = beginTime - whole.begins
    step.fillMode = first ? .both : .forwards
    (step.repeatCount, step.autoreverses) = (0, false)
    let held = CAAnimationGroup()
    held.animations = [step]
    held.beginTime = whole.begins
    held.duration = max(whole.duration, step.beginTime + duration)
    (held.repeatCount, held.autoreverses) = (repeatCount, autoreverses)
    // The first keyframe of a property shows its start value until the whole begins.
    held.fillMode = first ? .backwards : .removed
    (anObject as? CALayer)?.add(held, forKey: "\(event) keyframe \(KeyframeStep.count)")
  }
}
