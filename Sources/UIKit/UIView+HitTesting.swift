import RingGraphics
import RingLayers

extension CALayer {
  /// From this layer's coordinates to its superlayer's (through its transform and the
  /// superlayer's sublayer transform, flattened).
  var toSuperlayer: Transform2D {
    let own = backing.properties.geometry.toSuperlayer3D
    let space = superlayer?.backing.properties.geometry.sublayerSpace
    return (space.map(own.concatenating) ?? own).flattened
  }

  /// From this layer's coordinates to its root's superlayer's (the window's, for a layer
  /// on screen).
  var toRoot: Transform2D {
    var t = toSuperlayer
    var layer = superlayer
    while let l = layer {
      t = t.concatenating(l.toSuperlayer)
      layer = l.superlayer
    }
    return t
  }

  /// `point` in this layer's coordinates, in `layer`'s (nil: the root's superlayer's).
  public func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint {
    let root = toRoot.apply(to: point.point)
    guard let layer, let back = layer.toRoot.inverted() else { return CGPoint(root) }
    return CGPoint(back.apply(to: root))
  }

  /// `point` in `layer`'s coordinates (nil: the root's superlayer's), in this layer's.
  public func convert(_ point: CGPoint, from layer: CALayer?) -> CGPoint {
    let root = layer.map { $0.toRoot.apply(to: point.point) } ?? point.point
    guard let back = toRoot.inverted() else { return CGPoint(root) }
    return CGPoint(back.apply(to: root))
  }

  /// `rect` in this layer's coordinates, as the box round its corners in `layer`'s.
  public func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect {
    box(
      [rect.minX, rect.maxX].flatMap { x in
        [rect.minY, rect.maxY].map { convert(CGPoint(x: x, y: $0), to: layer) }
      })
  }

  /// `rect` in `layer`'s coordinates, as the box round its corners in this layer's.
  public func convert(_ rect: CGRect, from layer: CALayer?) -> CGRect {
    box(
      [rect.minX, rect.maxX].flatMap { x in
        [rect.minY, rect.maxY].map { convert(CGPoint(x: x, y: $0), from: layer) }
      })
  }

  private func box(_ points: [CGPoint]) -> CGRect {
    let xs = points.map(\.x)
    let ys = points.map(\.y)
    return CGRect(
      x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
  }

}
