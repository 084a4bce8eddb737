import RingGraphics

/// A layer that emits particles (`CAEmitterLayer`): each particle alive at a time is
/// presented as a sublayer of kind `.particle`, above the layer's own sublayers.
public final class EmitterLayer: Layer {
  public override init() { super.init(kind: .emitter) }

  /// The emitter's values: its cells, shape, rates and seed.
  public var emitter: Emitter {
    get { properties.emitter }
    set { properties.emitter = newValue }
  }
}

/// One particle of an emitter, as presented: its cell's image about its centre, turned and
/// scaled by its transform and multiplied by `contentsTint`; added (plus-lighter) to what is
/// beneath when its blend mode is `.plusLighter`.
public final class ParticleLayer: Layer {
  public override init() { super.init(kind: .particle) }
}
