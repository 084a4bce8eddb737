import RingGraphics
import RingLayers

/// The shape of a gradient layer's colour bands.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let axial = CAGradientLayerType(rawValue: "axial")
  public static let radial = CAGradientLayerType(rawValue: "radial")
  public static let conic = CAGradientLayerType(rawValue: "conic")

  var kind: GradientKind { GradientKind(rawValue: rawValue) ?? .axial }
}

public let kCAGradientLayerAxial = CAGradientLayerType.axial
public let kCAGradientLayerRadial = CAGradientLayerType.radial
public let kCAGradientLayerConic = CAGradientLayerType.conic

/// A gradient over the layer's bounds: `colors` (CGColor values) at `locations` (evenly
/// spaced when nil), between `startPoint` and `endPoint` in the unit space of the bounds
/// ((0, 0) top left). Colours mix component by component in sRGB, as on iOS.
open class CAGradientLayer: CALayer {
  private var colorObjects: [Any]?
  private var locationObjects: [NSNumber]?

  override class func makeBacking() -> Layer { GradientLayer() }

  public override init() { super.init() }

  public override init(layer: Any) { super.init(layer: layer) }

  override func copyModel(from other: CALayer) {
    super.copyModel(from: other)
    if let other = other as? CAGradientLayer {
      colorObjects = other.colorObjects
      locationObjects = other.locationObjects
    }
  }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// The colours, as set (a presentation copy gives new CGColor values of what shows). A
  /// value that is not a CGColor draws as clear.
  open var colors: [Any]? {
    get {
      isPresentationCopy
        ? backing.properties.colors.map { CGColor($0) } : colorObjects
    }
    set {
      colorObjects = newValue
      let converted = (newValue ?? []).map { value -> RGBAColor in
        if let c = value as? CGColor { return c.rgba }
        if value is UIColor {
          Notice.once("uicolor", "Core Animation wants CGColor values (use .cgColor), not UIColor")
        }
        return .clear
      }
      change(\.paint.colors, to: converted)
    }
  }

  open var locations: [NSNumber]? {
    get {
      isPresentationCopy
        ? backing.properties.locations.map { NSNumber(value: $0) } : locationObjects
    }
    set {
      locationObjects = newValue
      change(\.paint.locations, to: (newValue ?? []).map(\.doubleValue))
    }
  }

  open var startPoint: CGPoint {
    get { CGPoint(backing.properties.startPoint) }
    set { change(\.geometry.startPoint, to: newValue.point) }
  }

  open var endPoint: CGPoint {
    get { CGPoint(backing.properties.endPoint) }
    set { change(\.geometry.endPoint, to: newValue.point) }
  }

  open var type: CAGradientLayerType {
    get { CAGradientLayerType(rawValue: backing.properties.gradientKind.rawValue) }
    set { change(\.geometry.gradientKind, to: newValue.kind, event: "type") }
  }
}
