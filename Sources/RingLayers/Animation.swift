import RingGraphics

/// Receives an animation's stop; held weakly by the animation, so it cannot form a
/// retain cycle (Core Animation holds its delegate strongly).
public protocol AnimationDelegate: AnyObject {
  /// Called once when `animation` stops: `finished` is true when it ran to its end, false
  /// when it was removed or replaced first.
  func animationDidStop(_ animation: any Animation, finished: Bool)
}

/// Changes properties of a layer over time (`CAAnimation`): its timing says where it is at
/// a clock time (its phase), and `apply` writes the values it shows then.
///
/// An animation is honest about what it does: it declares every property it writes
/// (`keyPaths`, each animatable on the layer it is added to, checked by `Layer.add`), and
/// its values depend only on its phase, the model and the values beneath it, never on the
/// clock. A layer whose animations declare geometry recompiles its render plan when that
/// geometry changes; one whose animations declare only paint never does.
public protocol Animation {
  /// The property animated (for one that writes several, the first of `keyPaths`).
  var keyPath: PartialKeyPath<LayerProperties> { get }
  /// Every property `apply` may write; `[keyPath]` unless the animation says otherwise.
  var keyPaths: [PartialKeyPath<LayerProperties>] { get }
  var timing: AnimationTiming { get }
  /// Told when the animation stops; held weakly.
  var delegate: (any AnimationDelegate)? { get }
  /// Called when the animation stops, after the delegate.
  var onStop: ((_ animation: any Animation, _ finished: Bool) -> Void)? { get }
  /// Throws `RingError` when the values cannot be animated.
  func validateValues() throws
  /// Writes the animated values at `phase` into `presented`, which holds the values below
  /// this animation (the model's, or an earlier animation's); `model` is the layer's model.
  /// Writes only the properties in `keyPaths`.
  func apply(_ phase: AnimationPhase, model: LayerProperties, to presented: inout LayerProperties)
}

extension Animation {
  public var keyPaths: [PartialKeyPath<LayerProperties>] { [keyPath] }

  /// The Core Animation name of the animated property.
  public var keyPathName: String { LayerProperties.name(of: keyPath) }
}

extension LayerProperties {
  /// The Core Animation name of the property at `keyPath` when it is animatable, else the
  /// key path's description.
  static func name(of keyPath: AnyKeyPath) -> String {
    animatable(keyPath)?.name ?? "\(keyPath)"
  }
}

/// Animates one property of a layer from `fromValue` to `toValue` (`CABasicAnimation`),
/// with a typed key path: `BasicAnimation(keyPath: \.opacity)`. Timing fields (`duration`,
/// `beginTime`, `repeatCount`, ...) are read and written on the animation itself.
@dynamicMemberLookup
public struct BasicAnimation<Value: Interpolatable>: Animation {
  public let property: WritableKeyPath<LayerProperties, Value>
  /// The start value; `nil` animates from the layer's model value.
  public var fromValue: Value?
  /// The end value; `nil` animates to the layer's model value.
  public var toValue: Value?
  public var timing = AnimationTiming()
  public weak var delegate: (any AnimationDelegate)?
  /// The closure is released when the animation leaves its layer; capture its owner weakly
  /// if the animation is never removed.
  public var onStop: ((_ animation: any Animation, _ finished: Bool) -> Void)?

  /// Where `apply` reads and writes: `property` as a chain of stored properties when it is
  /// a declared one (`LayerProperty.storedKeyPath`), which the runtime follows without
  /// allocating.
  private let access: WritableKeyPath<LayerProperties, Value>

  public init(keyPath: WritableKeyPath<LayerProperties, Value>) {
    property = keyPath
    access =
      (LayerProperties.animatable(keyPath) as? LayerProperty<Value>)?.storedKeyPath ?? keyPath
  }

  public var keyPath: PartialKeyPath<LayerProperties> { property }

  public subscript<T>(dynamicMember timingField: WritableKeyPath<AnimationTiming, T>) -> T {
    get { timing[keyPath: timingField] }
    set { timing[keyPath: timingField] = newValue }
  }

  public func validateValues() throws {
    for value in [fromValue, toValue].compactMap({ $0 }) where !value.isValidAnimationValue {
      throw RingError(
        .mismatchedValue,
        "\(keyPathName) animation values must be finite colours in 0...1 or finite numbers")
    }
  }

  public func apply(
    _ phase: AnimationPhase, model: LayerProperties, to presented: inout LayerProperties
  ) {
    let from = fromValue ?? model[keyPath: access]
    let to = toValue ?? model[keyPath: access]
    presented[keyPath: access].interpolate(from: from, to: to, fraction: phase.fraction)
  }
}
