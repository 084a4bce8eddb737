import RingGraphics
import RingLayers

/// A layer whose sublayers are drawn `instanceCount` times: instance k runs its animations
/// k `instanceDelay`s late, is moved by `instanceTransform` k times about the centre of the
/// layer, and is tinted by `instanceColor` plus k of each offset (clamped to [0, 1]).
open class CAReplicatorLayer: CALayer {
  private var instanceColorObject: CGColor?
  /// A presentation copy's presented values: its own draw its instances once (they are its
  /// sublayers), but it shows the replicator's.
  private var presented: LayerProperties?

  override func keepPresentedValues(_ properties: LayerProperties) { presented = properties }
  override var shownProperties: LayerProperties { presented ?? backing.properties }

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
    get { shownProperties.instanceCount }
    set { change(\.geometry.instanceCount, to: newValue, event: "instanceCount") }
  }

  /// How much later each instance's animations run than the one before's, in seconds.
  open var instanceDelay: CFTimeInterval {
    get { shownProperties.instanceDelay }
    set { change(\.geometry.instanceDelay, to: newValue) }
  }

  /// Applied to each instance to give the next, about the centre of the layer.
  open var instanceTransform: CATransform3D {
    get { CATransform3D(shownProperties.instanceTransform) }
    set { change(\.geometry.instanceTransform, to: newValue.transform3D) }
  }

  /// Multiplies the instances' colours (opaque white, no change, by default).
  open var instanceColor: CGColor? {
    get { isPresentationCopy ? CGColor(shownProperties.instanceColor) : instanceColorObject }
    set {
      instanceColorObject = newValue
      change(\.paint.instanceColor, to: newValue?.rgba ?? .white)
    }
  }

  /// Added to the instance colour's red for each instance after the first.
  open var instanceRedOffset: Float {
    get { Float(shownProperties.instanceRedOffset) }
    set { change(\.paint.instanceRedOffset, to: Double(newValue)) }
  }
  open var instanceGreenOffset: Float {
    get { Float(shownProperties.instanceGreenOffset) }
    set { change(\.paint.instanceGreenOffset, to: Double(newValue)) }
  }
  open var instanceBlueOffset: Float {
    get { Float(shownProperties.instanceBlueOffset) }
    set { change(\.paint.instanceBlueOffset, to: Double(newValue)) }
  }
  open var instanceAlphaOffset: Float {
    get { Float(shownProperties.instanceAlphaOffset) }
    set { change(\.paint.instanceAlphaOffset, to: Double(newValue)) }
  }

  /// Accepted; instances are flattened into the layer's plane as any sublayers are.
  open var preservesDepth = false
}
