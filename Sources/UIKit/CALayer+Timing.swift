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

/// A layer's own timeline (`CAMediaTiming`, its properties in the class, open to
/// overriding): its local time is `(superlayer's time - beginTime) × speed + timeOffset`,
/// and its animations and sublayers run on it. The classic pause is `speed = 0` with
/// `timeOffset` at the paused time.
extension CALayer {
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
