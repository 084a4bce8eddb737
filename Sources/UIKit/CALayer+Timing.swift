import RingCore
import RingLayers

/// A timeline's properties (Core Animation's), shared by layers and animations.
public protocol CAMediaTiming: AnyObject {
  var beginTime: CFTimeInterval { get set }
  var duration: CFTimeInterval { get set }
  var speed: Float { get set }
  var timeOffset: CFTimeInterval { get set }
  var repeatCount: Float { get set }
  var repeatDuration: CFTimeInterval { get set }
  var autoreverses: Bool { get set }
  var fillMode: CAMediaTimingFillMode { get set }
}

extension CALayer: CAMediaTiming {}
extension CAAnimation: CAMediaTiming {}
extension CAEmitterCell: CAMediaTiming {}

/// A layer's own timeline (`CAMediaTiming`): its local time is `(superlayer's time -
/// beginTime) × speed + timeOffset`, and its animations and sublayers run on it. The
/// classic pause is `speed = 0` with `timeOffset` at the paused time.
extension CALayer {
  /// How fast the layer's time runs against its superlayer's; 0 pauses it.
  public var speed: Float {
    get { Float(backing.timing.speed) }
    set { backing.timing.speed = newValue.isFinite ? Double(newValue) : 1 }
  }

  /// Added to the layer's time, in seconds.
  public var timeOffset: CFTimeInterval {
    get { backing.timing.timeOffset.seconds }
    set { backing.timing.timeOffset = .seconds(newValue) }
  }

  /// When the layer's timeline starts, in its superlayer's time, in seconds.
  public var beginTime: CFTimeInterval {
    get { backing.timing.beginTime.seconds }
    set { backing.timing.beginTime = .seconds(newValue) }
  }

  // The rest of `CAMediaTiming`, kept (and read by key) but not applied to the layer's
  // timeline here: a layer's own duration, repeats and fill are seldom set.
  public var duration: CFTimeInterval {
    get { storedValues["duration"] as? CFTimeInterval ?? 0 }
    set { storedValues["duration"] = newValue }
  }
  public var repeatCount: Float {
    get { storedValues["repeatCount"] as? Float ?? 0 }
    set { storedValues["repeatCount"] = newValue }
  }
  public var repeatDuration: CFTimeInterval {
    get { storedValues["repeatDuration"] as? CFTimeInterval ?? 0 }
    set { storedValues["repeatDuration"] = newValue }
  }
  public var autoreverses: Bool {
    get { storedValues["autoreverses"] as? Bool ?? false }
    set { storedValues["autoreverses"] = newValue }
  }
  public var fillMode: CAMediaTimingFillMode {
    get { storedValues["fillMode"] as? CAMediaTimingFillMode ?? .removed }
    set { storedValues["fillMode"] = newValue }
  }

  /// `t` in `layer`'s time (nil: the media clock's) converted to this layer's time.
  public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
    let global = layer?.globalTime(ofLocal: t) ?? t
    return localTime(ofGlobal: global)
  }

  /// `t` in this layer's time converted to `layer`'s time (nil: the media clock's).
  public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
    let global = globalTime(ofLocal: t)
    return layer?.localTime(ofGlobal: global) ?? global
  }

  /// The timelines from the root down to this layer's own.
  private var timelines: [LayerTiming] {
    var chain: [LayerTiming] = []
    var layer: CALayer? = self
    while let l = layer {
      chain.insert(l.backing.timing, at: 0)
      layer = l.superlayer
    }
    return chain
  }

  private func localTime(ofGlobal t: CFTimeInterval) -> CFTimeInterval {
    var ns = MediaTime.seconds(t).nanoseconds
    for timing in timelines { ns = timing.local(ns) }
    return MediaTime(nanoseconds: ns).seconds
  }

  private func globalTime(ofLocal t: CFTimeInterval) -> CFTimeInterval {
    var ns = MediaTime.seconds(t).nanoseconds
    for timing in timelines.reversed() {
      guard let parent = timing.parent(ofLocal: ns) else { return t }
      ns = parent
    }
    return MediaTime(nanoseconds: ns).seconds
  }
}
