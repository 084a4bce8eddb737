import RingGraphics

/// A layer whose sublayers are drawn `instanceCount` times, each instance moved, delayed
/// and tinted from the one before (`CAReplicatorLayer`): the spinner staple.
public final class ReplicatorLayer: Layer {
  public override init() { super.init(kind: .replicator) }

  /// The most instances drawn (more are not): a count from a bug should not exhaust
  /// memory presenting them.
  public static let maximumInstanceCount = 1024

  /// How many times the sublayers are drawn; 0 draws none, and at most
  /// `maximumInstanceCount` are.
  public var instanceCount: Int {
    get { properties.instanceCount }
    set { properties.instanceCount = newValue }
  }
  /// How much later each instance's animations run than the one before's, in seconds.
  public var instanceDelay: Double {
    get { properties.instanceDelay }
    set { properties.instanceDelay = newValue }
  }
  /// Applied to each instance to give the next, about the centre of the bounds.
  public var instanceTransform: Transform3D {
    get { properties.instanceTransform }
    set { properties.instanceTransform = newValue }
  }
  /// Multiplies the first instance's colours; its alpha, the instance's opacity.
  public var instanceColor: RGBAColor {
    get { properties.instanceColor }
    set { properties.instanceColor = newValue }
  }
}
