import RingGraphics

/// The part of a layer's values a property belongs to.
public enum PropertyRole: Hashable, Sendable {
  /// Shapes what is drawn: changing it recompiles the render plan.
  case geometry
  /// Only colours what is drawn: read every frame.
  case paint
}

/// An animatable layer property with its value type as an associated type: what layers,
/// the animation system and bridges (UIKit) need to know of any of them.
public protocol AnyLayerProperty<Value>: Sendable {
  associatedtype Value: Interpolatable
  /// Core Animation's key path (`"strokeEnd"`).
  var name: String { get }
  /// Where the value lives in a layer's values.
  var keyPath: WritableKeyPath<LayerProperties, Value> { get }
  /// The same place through stored properties only: reading and writing through it every
  /// frame allocates nothing.
  var storedKeyPath: WritableKeyPath<LayerProperties, Value> { get }
  /// The kinds of layer that have it.
  var kinds: Set<LayerKind> { get }
  /// Geometry or paint: fixed by the part of `LayerProperties` it lives in.
  var role: PropertyRole { get }
}

extension AnyLayerProperty {
  /// `keyPath`, its value type erased.
  public var partialKeyPath: PartialKeyPath<LayerProperties> { keyPath }
  /// `storedKeyPath`, its value type erased.
  public var storedPartialKeyPath: PartialKeyPath<LayerProperties> { storedKeyPath }

  /// The value a new layer has.
  public var defaultValue: Value { LayerProperties()[keyPath: keyPath] }
}

/// One animatable property of a layer: its declaration in `LayerProperties.animatable` is
/// the only list of them. Its value type and role come from the field it names (a field of
/// `LayerGeometry` is geometry, one of `LayerPaint` is paint), its default from the field's.
public struct LayerProperty<Value: Interpolatable>: AnyLayerProperty, @unchecked Sendable {
  // Unchecked: key paths are immutable.
  public let name: String
  public let keyPath: WritableKeyPath<LayerProperties, Value>
  public let kinds: Set<LayerKind>
  public let role: PropertyRole
  /// `keyPath` as a chain of stored properties (`\.geometry.transform`): the same value,
  /// reached without the subscript that `keyPath` goes through (whose projection takes a
  /// heap buffer for large values, such as a transform).
  public let storedKeyPath: WritableKeyPath<LayerProperties, Value>

  /// A geometry property: `member` of `LayerGeometry`, named `name`, on `kinds` of layer.
  public static func geometry(
    _ name: String, _ member: WritableKeyPath<LayerGeometry, Value>,
    on kinds: Set<LayerKind> = Set(LayerKind.allCases)
  ) -> LayerProperty {
    LayerProperty(
      name: name, keyPath: \LayerProperties[dynamicMember: member], kinds: kinds, role: .geometry,
      storedKeyPath: (\LayerProperties.geometry as WritableKeyPath).appending(path: member))
  }

  /// A paint property: `member` of `LayerPaint`, named `name`, on `kinds` of layer.
  public static func paint(
    _ name: String, _ member: WritableKeyPath<LayerPaint, Value>,
    on kinds: Set<LayerKind> = Set(LayerKind.allCases)
  ) -> LayerProperty {
    LayerProperty(
      name: name, keyPath: \LayerProperties[dynamicMember: member], kinds: kinds, role: .paint,
      storedKeyPath: (\LayerProperties.paint as WritableKeyPath).appending(path: member))
  }
}

extension LayerProperties {
  /// The properties an animation may change: one declaration each.
  public static let animatable: [any AnyLayerProperty] = [
    LayerProperty.paint("opacity", \.opacity),
    LayerProperty.paint("backgroundColor", \.backgroundColor),
    LayerProperty.geometry("position", \.position),
    LayerProperty.geometry("bounds", \.bounds),
    LayerProperty.geometry("anchorPoint", \.anchorPoint),
    // Mixed by their parts (scale, skew, rotation, translation, perspective), as Core
    // Animation mixes transforms.
    LayerProperty.geometry("transform", \.transform),
    LayerProperty.geometry("sublayerTransform", \.sublayerTransform),
    // Discrete: shows its destination (see `Interpolatable`).
    LayerProperty.geometry("hidden", \.isHidden),
    LayerProperty.geometry("cornerRadius", \.cornerRadius),
    LayerProperty.geometry("masksToBounds", \.masksToBounds),
    LayerProperty.geometry("borderWidth", \.borderWidth),
    LayerProperty.paint("borderColor", \.borderColor),
    LayerProperty.geometry("zPosition", \.zPosition),
    LayerProperty.paint("shadowOpacity", \.shadowOpacity),
    LayerProperty.paint("shadowColor", \.shadowColor),
    LayerProperty.geometry("shadowRadius", \.shadowRadius),
    LayerProperty.geometry("shadowOffset", \.shadowOffset),
    LayerProperty.geometry("shadowPath", \.shadowPath),
    // Not Core Animation's: a frosted layer's blur (`UIVisualEffectView.effect`).
    LayerProperty.geometry("backdropFilter", \.backdropFilter),
    // Discrete: shows its destination.
    LayerProperty.geometry("contents", \.contents),
    LayerProperty.geometry("contentsRect", \.contentsRect),
    LayerProperty.geometry("contentsCenter", \.contentsCenter),
    LayerProperty.paint("colors", \.colors, on: [.gradient]),
    LayerProperty.paint("locations", \.locations, on: [.gradient]),
    LayerProperty.geometry("startPoint", \.startPoint, on: [.gradient]),
    LayerProperty.geometry("endPoint", \.endPoint, on: [.gradient]),
    LayerProperty.paint("fillColor", \.fillColor, on: [.shape]),
    LayerProperty.paint("strokeColor", \.strokeColor, on: [.shape]),
    // Point by point between paths of one structure, else discrete (see `Interpolatable`).
    LayerProperty.geometry("path", \.path, on: [.shape]),
    LayerProperty.geometry("lineWidth", \.lineWidth, on: [.shape]),
    LayerProperty.geometry("miterLimit", \.miterLimit, on: [.shape]),
    LayerProperty.geometry("strokeStart", \.strokeStart, on: [.shape]),
    LayerProperty.geometry("strokeEnd", \.strokeEnd, on: [.shape]),
    LayerProperty.geometry("lineDashPhase", \.lineDashPhase, on: [.shape]),
    // Discrete unless both patterns have as many lengths.
    LayerProperty.geometry("lineDashPattern", \.lineDashPattern, on: [.shape]),
    LayerProperty.geometry("instanceDelay", \.instanceDelay, on: [.replicator]),
    LayerProperty.geometry("instanceTransform", \.instanceTransform, on: [.replicator]),
    LayerProperty.paint("instanceColor", \.instanceColor, on: [.replicator]),
    LayerProperty.paint("instanceRedOffset", \.instanceRedOffset, on: [.replicator]),
    LayerProperty.paint("instanceGreenOffset", \.instanceGreenOffset, on: [.replicator]),
    LayerProperty.paint("instanceBlueOffset", \.instanceBlueOffset, on: [.replicator]),
    LayerProperty.paint("instanceAlphaOffset", \.instanceAlphaOffset, on: [.replicator]),
  ]

  private static let byName = Dictionary(
    uniqueKeysWithValues: animatable.map { ($0.name, $0) })

  /// The animatable property at `keyPath` (`\.strokeEnd`, or its stored path
  /// `\.paint.strokeEnd`), or `nil` when it is not one.
  public static func animatable(_ keyPath: AnyKeyPath) -> (any AnyLayerProperty)? {
    animatable.first { $0.partialKeyPath == keyPath || $0.storedPartialKeyPath == keyPath }
  }

  /// The animatable property named `name` (Core Animation's key path), or `nil`.
  public static func animatable(named name: String) -> (any AnyLayerProperty)? {
    byName[name]
  }
}
