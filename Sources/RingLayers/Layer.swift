import RingGraphics
import Synchronization

/// A rectangle of content in a tree, with sublayers, an optional mask and animations
/// (`CALayer`). Geometry in points, in the superlayer's coordinates (y down).
///
/// Layers are reference types because the tree, its animations and their stop callbacks
/// refer to the same layer. Rendering never changes a layer; only `AnimationClock` removes
/// finished animations and runs stop callbacks.
open class Layer {
  /// The layer's own coordinate space: origin and size, in points.
  public var bounds: Rect = .zero
  /// Where the anchor point sits in the superlayer, in points.
  public var position: Point = .zero
  /// The point of `bounds` placed at `position`, in unit coordinates ((0.5, 0.5) = centre).
  public var anchorPoint = Point(x: 0.5, y: 0.5)
  /// Opacity in [0, 1].
  public var opacity: Double = 1
  /// Fills the bounds beneath the content; `nil` draws nothing.
  public var backgroundColor: RGBAColor?
  public var isHidden = false
  /// A layer whose alpha masks this layer's content and sublayers, in this layer's coordinates.
  public var mask: Layer?
  public private(set) var sublayers: [Layer] = []
  public private(set) weak var superlayer: Layer?

  struct Attached {
    var key: String
    var animation: BasicAnimation
    /// Resolved begin time in clock nanoseconds; `nil` until committed.
    var begin: Int64?
    var sequence: Int
    /// Set when a finished animation that stays on the layer has reported its stop.
    var stopped = false
  }
  var attached: [Attached] = []
  /// Orders animations and names unnamed ones.
  private static let sequence = Atomic<Int>(0)
  private static func nextSequence() -> Int { sequence.add(1, ordering: .relaxed).newValue }

  public init() {}

  /// The rectangle the layer covers in its superlayer, in points.
  public var frame: Rect {
    get {
      Rect(
        x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
        width: bounds.width, height: bounds.height)
    }
    set {
      bounds.size = newValue.size
      position = Point(
        x: newValue.minX + anchorPoint.x * newValue.width,
        y: newValue.minY + anchorPoint.y * newValue.height)
    }
  }

  public func addSublayer(_ layer: Layer) {
    layer.removeFromSuperlayer()
    sublayers.append(layer)
    layer.superlayer = self
  }

  public func removeFromSuperlayer() {
    superlayer?.sublayers.removeAll { $0 === self }
    superlayer = nil
  }

  // MARK: Animations

  /// Adds `animation` under `key`, replacing (and stopping, unfinished) any animation already
  /// there; throws when the key path is not animatable on this layer or the values do not fit.
  public func add(_ animation: BasicAnimation, forKey key: String? = nil) throws {
    try animation.validate()
    guard let model = value(forKeyPath: animation.keyPath) else {
      throw RingError(
        .unknownKeyPath, "'\(animation.keyPath)' is not an animatable property of \(Self.self)")
    }
    for v in [animation.fromValue, animation.toValue].compactMap({ $0 })
    where !v.isSameKind(as: model) {
      throw RingError(
        .mismatchedValue, "'\(animation.keyPath)' animation value \(v) does not match \(model)")
    }
    let key = key ?? "animation-\(Layer.nextSequence())"
    if let existing = attached.firstIndex(where: { $0.key == key }) {
      let old = attached.remove(at: existing)
      Layer.notifyStop(old.animation, finished: false)
    }
    let begin: Int64? = animation.beginTime == 0 ? nil : MediaTime.nanoseconds(animation.beginTime)
    attached.append(
      Attached(key: key, animation: animation, begin: begin, sequence: Layer.nextSequence()))
  }

  public func animation(forKey key: String) -> BasicAnimation? {
    attached.first { $0.key == key }?.animation
  }

  public var animationKeys: [String] { attached.map(\.key) }

  /// Removes the animation under `key`; its stop callbacks run with `finished` false.
  public func removeAnimation(forKey key: String) {
    guard let i = attached.firstIndex(where: { $0.key == key }) else { return }
    let old = attached.remove(at: i)
    Layer.notifyStop(old.animation, finished: false)
  }

  public func removeAllAnimations() {
    let old = attached
    attached.removeAll()
    for a in old { Layer.notifyStop(a.animation, finished: false) }
  }

  static func notifyStop(_ animation: BasicAnimation, finished: Bool) {
    animation.delegate?.animationDidStop(animation, finished: finished)
    animation.onStop?(animation, finished)
  }

  // MARK: Key-value access to animatable properties

  /// The model value of an animatable property, or `nil` when `keyPath` is not one.
  open func value(forKeyPath keyPath: String) -> AnimatableValue? {
    switch keyPath {
    case "opacity": .number(opacity)
    case "backgroundColor": .color(backgroundColor ?? .clear)
    case "position": .point(position)
    default: nil
    }
  }

  /// The value `keyPath` shows at clock time `time` (seconds): the model value with this
  /// layer's animations applied in the order they were added. A pure function of the layer
  /// and the time.
  public func presentationValue(forKeyPath keyPath: String, at time: Double) -> AnimatableValue? {
    presentationValue(forKeyPath: keyPath, atNanoseconds: MediaTime.nanoseconds(time))
  }

  func presentationValue(forKeyPath keyPath: String, atNanoseconds t: Int64) -> AnimatableValue? {
    guard var value = value(forKeyPath: keyPath) else { return nil }
    let model = value
    for a in attached where a.animation.keyPath == keyPath {
      guard let f = a.animation.progress(at: t, begin: a.begin ?? 0) else { continue }
      let from = a.animation.fromValue ?? model
      let to = a.animation.toValue ?? model
      value = from.interpolated(to: to, fraction: f) ?? to
    }
    return value
  }

  /// The presented number for `keyPath` (model value when not animated).
  func presentedNumber(_ keyPath: String, _ t: Int64, _ model: Double) -> Double {
    guard attached.contains(where: { $0.animation.keyPath == keyPath }),
      case .number(let v) = presentationValue(forKeyPath: keyPath, atNanoseconds: t)
    else { return model }
    return v
  }

  func presentedColor(_ keyPath: String, _ t: Int64, _ model: RGBAColor?) -> RGBAColor? {
    guard attached.contains(where: { $0.animation.keyPath == keyPath }),
      case .color(let v) = presentationValue(forKeyPath: keyPath, atNanoseconds: t)
    else { return model }
    return v
  }

  func presentedPoint(_ keyPath: String, _ t: Int64, _ model: Point) -> Point {
    guard attached.contains(where: { $0.animation.keyPath == keyPath }),
      case .point(let v) = presentationValue(forKeyPath: keyPath, atNanoseconds: t)
    else { return model }
    return v
  }
}
