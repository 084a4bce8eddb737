import RingGraphics
import RingLayers

/// A layer whose sublayers are drawn `instanceCount` times: instance k runs its animations
/// k `instanceDelay`s late, is moved by `instanceTransform` k times about the centre of the
/// layer, and is tinted by `instanceColor` plus k of each offset (clamped to [0, 1]).
open class CAReplicatorLayer: CALayer {
  private var instanceColorObject: CGColor?

  override class func makeBacking() -> Layer { ReplicatorLayer() }

  public override init() { super.init() }

  public override init(layer: Any) { super.init(layer: layer) }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  override func copyModel(from other: CALayer) {
    super.copyModel(from: other)
    if let other = other as? CAReplicatorLayer { instanceColorObject = other.instanceColorObject }
  }

  /// How many times the sublayers are drawn (1 by default; 0 or less draws none).
  open var instanceCount: Int {
    get { backing.properties.instanceCount }
    set { change(\.geometry.instanceCount, to: newValue, event: "instanceCount") }
  }

  /// How much later each instance's animations run than the one before's, in seconds.
  open var instanceDelay: CFTimeInterval {
    get { backing.properties.instanceDelay }
    set { change(\.geometry.instanceDelay, to: newValue) }
  }

  /// Applied to each instance to give the next, about the centre of the layer.
  open var instanceTransform: CATransform3D {
    get { CATransform3D(backing.properties.instanceTransform) }
    set { change(\.geometry.instanceTransform, to: newValue.transform3D) }
  }

  /// Multiplies the instances' colours (opaque white, no change, by default).
  open var instanceColor: CGColor? {
    get { isPresentationCopy ? CGColor(backing.properties.instanceColor) : instanceColorObject }
    set {
      instanceColorObject = newValue
      change(\.paint.instanceColor, to: newValue?.rgba ?? .white)
    }
  }

  /// Added to the instance colour's red for each instance after the first.
  open var instanceRedOffset: Float {
    get { Float(backing.properties.instanceRedOffset) }
    set { change(\.paint.instanceRedOffset, to: Double(newValue)) }
  }
  open var instanceGreenOffset: Float {
    get { Float(backing.properties.instanceGreenOffset) }
    set { change(\.paint.instanceGreenOffset, to: Double(newValue)) }
  }
  open var instanceBlueOffset: Float {
    get { Float(backing.properties.instanceBlueOffset) }
    set { change(\.paint.instanceBlueOffset, to: Double(newValue)) }
  }
  open var instanceAlphaOffset: Float {
    get { Float(backing.properties.instanceAlphaOffset) }
    set { change(\.paint.instanceAlphaOffset, to: Double(newValue)) }
  }

  /// Accepted; instances are flattened into the layer's plane as any sublayers are.
  open var preservesDepth = false
}
