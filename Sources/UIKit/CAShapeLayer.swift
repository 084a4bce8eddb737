import RingGraphics
import RingLayers

public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let butt = CAShapeLayerLineCap(rawValue: "butt")
  public static let round = CAShapeLayerLineCap(rawValue: "round")
  public static let square = CAShapeLayerLineCap(rawValue: "square")
}

public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
  public static let round = CAShapeLayerLineJoin(rawValue: "round")
  public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
  public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

public let kCALineCapButt = CAShapeLayerLineCap.butt
public let kCALineCapRound = CAShapeLayerLineCap.round
public let kCALineCapSquare = CAShapeLayerLineCap.square
public let kCALineJoinMiter = CAShapeLayerLineJoin.miter
public let kCALineJoinRound = CAShapeLayerLineJoin.round
public let kCALineJoinBevel = CAShapeLayerLineJoin.bevel
public let kCAFillRuleNonZero = CAShapeLayerFillRule.nonZero
public let kCAFillRuleEvenOdd = CAShapeLayerFillRule.evenOdd

/// A path filled, then stroked, in the layer's coordinates. The fill is opaque black unless
/// set (Core Animation's default); the stroke is none until `strokeColor` is set.
open class CAShapeLayer: CALayer {
  private var pathObject: CGPath?
  private var fillObject: CGColor? = CGColor(gray: 0, alpha: 1)
  private var strokeObject: CGColor?

  override class func makeBacking() -> Layer { ShapeLayer() }

  public override init() { super.init() }

  public override init(layer: Any) { super.init(layer: layer) }

  override func copyModel(from other: CALayer) {
    super.copyModel(from: other)
    if let other = other as? CAShapeLayer {
      pathObject = other.pathObject
      fillObject = other.fillObject
      strokeObject = other.strokeObject
      dashObject = other.dashObject
    }
  }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  open var path: CGPath? {
    get { isPresentationCopy ? backing.properties.path.map { CGPath($0) } : pathObject }
    set {
      // An immutable copy: changing a mutable path later does not change the layer.
      pathObject = newValue?.copy()
      change(\.geometry.path, to: newValue?.bezier, event: "path")
    }
  }

  open var fillColor: CGColor? {
    get { isPresentationCopy ? CGColor(backing.properties.fillColor) : fillObject }
    set {
      fillObject = newValue
      change(\.paint.fillColor, to: newValue?.rgba ?? .clear)
    }
  }

  open var strokeColor: CGColor? {
    get { isPresentationCopy ? CGColor(backing.properties.strokeColor) : strokeObject }
    set {
      strokeObject = newValue
      change(\.paint.strokeColor, to: newValue?.rgba ?? .clear)
    }
  }

  open var lineWidth: CGFloat {
    get { CGFloat(backing.properties.lineWidth) }
    set { change(\.geometry.lineWidth, to: Double(newValue)) }
  }

  open var miterLimit: CGFloat {
    get { CGFloat(backing.properties.miterLimit) }
    set { change(\.geometry.miterLimit, to: Double(newValue)) }
  }

  open var strokeStart: CGFloat {
    get { CGFloat(backing.properties.strokeStart) }
    set { change(\.geometry.strokeStart, to: Double(newValue)) }
  }

  open var strokeEnd: CGFloat {
    get { CGFloat(backing.properties.strokeEnd) }
    set { change(\.geometry.strokeEnd, to: Double(newValue)) }
  }

  open var lineCap: CAShapeLayerLineCap {
    get { CAShapeLayerLineCap(rawValue: backing.properties.lineCap.rawValue) }
    set {
      change(
        \.geometry.lineCap, to: LineCap(rawValue: newValue.rawValue) ?? .butt, event: "lineCap")
    }
  }

  open var lineJoin: CAShapeLayerLineJoin {
    get { CAShapeLayerLineJoin(rawValue: backing.properties.lineJoin.rawValue) }
    set {
      change(
        \.geometry.lineJoin, to: LineJoin(rawValue: newValue.rawValue) ?? .miter, event: "lineJoin")
    }
  }

  open var fillRule: CAShapeLayerFillRule {
    get { backing.properties.fillRule == .evenOdd ? .evenOdd : .nonZero }
    set {
      change(\.geometry.fillRule, to: newValue == .evenOdd ? .evenOdd : .nonZero, event: "fillRule")
    }
  }

  /// Dash and gap lengths in points, alternating from a dash; nil (or a pattern with a
  /// negative length, or none to draw) strokes solid.
  open var lineDashPattern: [NSNumber]? {
    get {
      guard isPresentationCopy else { return dashObject }
      let lengths = backing.properties.lineDashPattern
      return lengths.isEmpty ? nil : lengths.map { NSNumber(value: $0) }
    }
    set {
      dashObject = newValue
      change(\.geometry.lineDashPattern, to: (newValue ?? []).map(\.doubleValue))
    }
  }
  private var dashObject: [NSNumber]?

  /// How far into the dash pattern the stroke starts, in points.
  open var lineDashPhase: CGFloat {
    get { CGFloat(backing.properties.lineDashPhase) }
    set { change(\.geometry.lineDashPhase, to: Double(newValue)) }
  }
}
