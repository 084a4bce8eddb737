import RingGraphics

/// What kind of content a layer draws.
public enum LayerKind: Hashable, Sendable, CaseIterable {
  /// Only a background and sublayers (`CALayer`).
  case plain
  /// A gradient filling the bounds (`CAGradientLayer`).
  case gradient
  /// A filled and stroked path (`CAShapeLayer`).
  case shape
  /// Its sublayers drawn `instanceCount` times, each instance moved, delayed and tinted
  /// from the one before (`CAReplicatorLayer`).
  case replicator
  /// Particles born, moving and dying as its emitter says (`CAEmitterLayer`).
  case emitter
  /// One particle of an emitter: an image, tinted (presented only, never a model layer).
  case particle
}

/// Every drawable property of a layer, as one value: a layer's model values, and (resolved
/// at a time) its presentation. Properties of another kind than the layer's are ignored.
///
/// The values come in two parts, and a property's part is its classification: `geometry`,
/// what a render plan is compiled from (a plan is reused exactly while it is equal), and
/// `paint`, what each frame reads without recompiling. Read and write either part's
/// properties directly on the whole (`properties.lineWidth`).
@dynamicMemberLookup
public struct LayerProperties: Hashable, Sendable {
  public var geometry = LayerGeometry()
  public var paint = LayerPaint()

  public init() {}

  public subscript<Value>(dynamicMember member: WritableKeyPath<LayerGeometry, Value>) -> Value {
    get { geometry[keyPath: member] }
    // In place, so that writing into an array value does not copy it.
    _modify { yield &geometry[keyPath: member] }
  }

  public subscript<Value>(dynamicMember member: WritableKeyPath<LayerPaint, Value>) -> Value {
    get { paint[keyPath: member] }
    _modify { yield &paint[keyPath: member] }
  }

  public subscript<Value>(dynamicMember member: KeyPath<LayerGeometry, Value>) -> Value {
    geometry[keyPath: member]
  }

  public subscript<Value>(dynamicMember member: KeyPath<LayerPaint, Value>) -> Value {
    paint[keyPath: member]
  }

  /// The rectangle the layer covers in its superlayer, in points: with a transform, the
  /// smallest one holding the transformed bounds (as Core Animation derives it).
  public var frame: Rect {
    let g = geometry
    let r = Rect(
      x: g.position.x - g.anchorPoint.x * g.bounds.width,
      y: g.position.y - g.anchorPoint.y * g.bounds.height,
      width: g.bounds.width, height: g.bounds.height)
    guard !g.transform.isIdentity else { return r }
    let m = g.toSuperlayer
    let b = g.bounds
    let corners = [
      Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.minX, y: b.maxY),
      Point(x: b.maxX, y: b.maxY),
    ].map(m.apply(to:))
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    return Rect(
      x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
  }
}

/// The part of a layer's values that shapes what is drawn: sizes, places, paths, strokes and
/// gradient geometry. A render plan compiles from it and is reused while it is equal.
public struct LayerGeometry: Hashable, Sendable {
  /// The layer's own coordinate space: origin and size, in points.
  public var bounds: Rect = .zero
  /// Where the anchor point sits in the superlayer, in points.
  public var position: Point = .zero
  /// The point of `bounds` placed at `position`, in unit coordinates ((0.5, 0.5) = centre).
  public var anchorPoint = Point(x: 0.5, y: 0.5)
  /// Applied to the layer about its anchor point, in its superlayer's coordinates.
  public var transform = Transform3D.identity
  /// Applied to the sublayers (not the mask) about the layer's anchor point.
  public var sublayerTransform = Transform3D.identity
  public var isHidden = false
  /// Rounds the corners of the background and border, and of the clip when
  /// `masksToBounds`, in points (clamped to half the shorter side).
  public var cornerRadius: Double = 0
  /// Which corners `cornerRadius` rounds: all four unless set.
  public var maskedCorners: RectCorners = .all
  /// Clips the content and sublayers to the (rounded) bounds.
  public var masksToBounds = false
  /// The border's width, in points, drawn inside the bounds above the sublayers.
  public var borderWidth: Double = 0
  /// Orders sublayers: higher in front; equal ones in their order.
  public var zPosition: Double = 0
  /// Blur of the shadow, in points (Core Animation: 3).
  public var shadowRadius: Double = 3
  /// Where the shadow falls, in points (Core Animation: 3 points up).
  public var shadowOffset = Size(width: 0, height: -3)
  /// The shadow's shape; `nil` casts the shadow of what the layer draws.
  public var shadowPath: BezierPath?
  /// An image drawn above the background, beneath the sublayers (`contents`).
  public var contents: LayerContents?
  /// Where the image goes in the bounds.
  public var contentsGravity: ContentsGravity = .resize
  /// The image's pixels per point, for the gravities that keep its size.
  public var contentsScale: Double = 1
  /// The part of the image drawn, in its unit space ((0, 0) its top-left, (1, 1) its
  /// bottom-right): placed by the gravity as if it were the whole image (a sprite sheet's
  /// frame). One of no area draws nothing.
  public var contentsRect = Rect.unit
  /// The part of that image that stretches, in its unit space: the rest, its edges and
  /// corners, keeps its size in points (nine-slice scaling), shrunk alike only where the
  /// place is too small for them. The unit rectangle stretches it all.
  public var contentsCenter = Rect.unit
  /// How the layer, drawn as a group, combines with what is beneath it in its superlayer's
  /// target (`compositingFilter`); anything but `.normal` draws it as a group.
  public var blendMode: BlendMode = .normal
  /// What the layer does to the pixels beneath its bounds (rounded when it masks to them)
  /// before it draws: a frosted glass's blur and saturation (`UIVisualEffectView`); by
  /// default none. Animated by its blur and saturation, so a blur fades in from none.
  public var backdropFilter = BackdropFilter.identity

  /// Gradient: start point in the unit space of the bounds ((0, 0) top-left).
  public var startPoint = Point(x: 0.5, y: 0)
  /// Gradient: end point in the unit space of the bounds.
  public var endPoint = Point(x: 0.5, y: 1)
  /// Gradient: axial, radial or conic.
  public var gradientKind: GradientKind = .axial

  /// Shape: the path, in the layer's coordinates.
  public var path: BezierPath?
  public var fillRule: FillRule = .nonZero
  /// Shape: stroke width, in points.
  public var lineWidth: Double = 1
  public var lineCap: LineCap = .butt
  public var lineJoin: LineJoin = .miter
  public var miterLimit: Double = 10
  /// Shape: fraction of the path's length where the stroke starts.
  public var strokeStart: Double = 0
  /// Shape: fraction of the path's length where the stroke ends.
  public var strokeEnd: Double = 1
  /// Shape: dash and gap lengths in points, alternating; empty strokes solid.
  public var lineDashPattern: [Double] = []
  /// Shape: how far into the dash pattern the stroke starts, in points.
  public var lineDashPhase: Double = 0

  /// Replicator: how many times the sublayers are drawn (none below 1).
  public var instanceCount = 1
  /// Replicator: how much later each instance's animations run than the one before's, in
  /// seconds.
  public var instanceDelay: Double = 0
  /// Replicator: applied to each instance to give the next, about the centre of the bounds.
  public var instanceTransform = Transform3D.identity
  /// Emitter: its cells, shape, rates and seed.
  public var emitter = Emitter()

  public init() {}

  /// The point of the bounds at the anchor point, in the layer's own coordinates.
  public var anchorInBounds: Point {
    Point(
      x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
  }

  /// From the layer's own coordinates to its superlayer's, in space: the anchor point to
  /// the origin, the transform, then to `position`.
  public var toSuperlayer3D: Transform3D {
    let a = anchorInBounds
    return Transform3D(translationX: -a.x, y: -a.y, z: 0).concatenating(transform)
      .concatenating(Transform3D(translationX: position.x, y: position.y, z: 0))
  }

  /// From the layer's own plane to its superlayer's, flattened.
  public var toSuperlayer: Transform2D { toSuperlayer3D.flattened }

  /// From the sublayers' space (the superlayer's of each) to the layer's own: the sublayer
  /// transform about the anchor point; `nil` without one. A sublayer's transform and this
  /// compose in space before the layer flattens them into its plane (so a perspective here
  /// shows its sublayers' turns in depth).
  public var sublayerSpace: Transform3D? {
    guard !sublayerTransform.isIdentity else { return nil }
    let a = anchorInBounds
    return Transform3D(translationX: -a.x, y: -a.y, z: 0).concatenating(sublayerTransform)
      .concatenating(Transform3D(translationX: a.x, y: a.y, z: 0))
  }

  /// The stroke geometry, clamped into range.
  public var strokeStyle: StrokeStyle {
    var style = StrokeStyle(
      clampingLineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin,
      miterLimit: miterLimit, strokeStart: strokeStart, strokeEnd: strokeEnd)
    if !lineDashPattern.isEmpty {
      style.dashPattern = lineDashPattern
      style.dashPhase = lineDashPhase
      style = style.clamped
    }
    return style
  }

  /// The bounds with the `maskedCorners` rounded by `cornerRadius`.
  public var roundedBounds: BezierPath { rounded(bounds, by: cornerRadius) }

  /// `rect` with the `maskedCorners` rounded by `r`.
  func rounded(_ rect: Rect, by r: Double) -> BezierPath {
    let r = r.isFinite ? max(0, r) : 0
    guard r > 0 else { return BezierPath(rect: rect) }
    let c = maskedCorners
    if c == .all { return BezierPath(roundedRect: rect, cornerRadius: r) }
    return BezierPath(
      roundedRect: rect, topLeft: c.contains(.topLeft) ? r : 0,
      topRight: c.contains(.topRight) ? r : 0, bottomRight: c.contains(.bottomRight) ? r : 0,
      bottomLeft: c.contains(.bottomLeft) ? r : 0)
  }

  /// The border's ring: the rounded bounds less the same inset by `borderWidth` (filled
  /// even-odd); `nil` without a border.
  public var borderPath: BezierPath? {
    let w = min(borderWidth, bounds.width / 2, bounds.height / 2)
    guard w > 0, w.isFinite else { return nil }
    let r = cornerRadius.isFinite ? max(0, cornerRadius) : 0
    var path = roundedBounds
    path.append(rounded(bounds.insetBy(dx: w, dy: w), by: max(0, r - w)))
    return path
  }

  /// The gradient's geometry.
  public var gradientGeometry: GradientGeometry {
    GradientGeometry(kind: gradientKind, startPoint: startPoint, endPoint: endPoint)
  }
}

/// Corners of a rectangle, on a y-down screen (`CACornerMask`, `UIRectCorner`).
public struct RectCorners: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  public static let topLeft = RectCorners(rawValue: 1)
  public static let topRight = RectCorners(rawValue: 2)
  public static let bottomLeft = RectCorners(rawValue: 4)
  public static let bottomRight = RectCorners(rawValue: 8)
  public static let all: RectCorners = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// An immutable image a layer shows (`CGImage`), compared by identity: two contents are
/// equal when made from the same image, so comparing a layer's values never compares pixels.
public struct LayerContents: Hashable, Sendable {
  final class Storage: Sendable {
    let image: Pixmap
    init(_ image: Pixmap) { self.image = image }
  }
  let storage: Storage

  public init(image: Pixmap) { storage = Storage(image) }

  public var image: Pixmap { storage.image }

  public static func == (a: LayerContents, b: LayerContents) -> Bool { a.storage === b.storage }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(storage)) }
}

/// Where a layer's image goes in its bounds (`CALayerContentsGravity`).
public enum ContentsGravity: String, Hashable, Sendable, CaseIterable {
  case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
  case resize, resizeAspect, resizeAspectFill

  /// The rectangle in `bounds` (points) an image of `size` points goes in.
  public func place(_ size: Size, in bounds: Rect) -> Rect {
    let (w, h) = (size.width, size.height)
    func at(_ fx: Double, _ fy: Double, _ w: Double, _ h: Double) -> Rect {
      Rect(
        x: bounds.minX + (bounds.width - w) * fx, y: bounds.minY + (bounds.height - h) * fy,
        width: w, height: h)
    }
    switch self {
    case .resize: return bounds
    case .resizeAspect, .resizeAspectFill:
      guard w > 0, h > 0 else { return bounds }
      let sx = bounds.width / w
      let sy = bounds.height / h
      let s = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
      return at(0.5, 0.5, w * s, h * s)
    case .center: return at(0.5, 0.5, w, h)
    // Core Animation's top is the bounds' minimum y on iOS.
    case .top: return at(0.5, 0, w, h)
    case .bottom: return at(0.5, 1, w, h)
    case .left: return at(0, 0.5, w, h)
    case .right: return at(1, 0.5, w, h)
    case .topLeft: return at(0, 0, w, h)
    case .topRight: return at(1, 0, w, h)
    case .bottomLeft: return at(0, 1, w, h)
    case .bottomRight: return at(1, 1, w, h)
    }
  }
}

/// The part of a layer's values that only colours what geometry covers: read every frame,
/// never compiled into a plan.
///
/// Colours that draw nothing are stored as `.clear`, so that animations from or to "none"
/// interpolate through transparent black, as Core Animation's do.
public struct LayerPaint: Hashable, Sendable {
  /// Opacity in [0, 1] (values outside are clamped when drawn).
  public var opacity: Double = 1
  /// Fills the bounds beneath the content.
  public var backgroundColor: RGBAColor = .clear
  /// Gradient: the colours; none draws nothing.
  public var colors: [RGBAColor] = []
  /// Gradient: stop positions, one per colour; empty (or a count that does not match)
  /// spaces them evenly.
  public var locations: [Double] = []
  /// Shape: fill colour; Core Animation's default is opaque black.
  public var fillColor: RGBAColor = .black
  /// Shape: stroke colour; clear (the default) draws no stroke.
  public var strokeColor: RGBAColor = .clear
  /// The border's colour (Core Animation: opaque black).
  public var borderColor: RGBAColor = .black
  /// The shadow's colour (Core Animation: opaque black).
  public var shadowColor: RGBAColor = .black
  /// The shadow's opacity in [0, 1]; 0 (the default) casts none.
  public var shadowOpacity: Double = 0
  /// Replicator: multiplies the first instance's colours (its alpha, the instance's
  /// opacity).
  public var instanceColor: RGBAColor = .white
  /// Multiplies the colours and alpha of the layer's `contents` (a particle's colour, a
  /// replicator instance's tint).
  public var contentsTint: RGBAColor = .white
  /// Replicator: added to the instance colour's red, green, blue and alpha for each
  /// instance after the first (the sums clamped to [0, 1]).
  public var instanceRedOffset: Double = 0
  public var instanceGreenOffset: Double = 0
  public var instanceBlueOffset: Double = 0
  public var instanceAlphaOffset: Double = 0

  public init() {}

  /// The gradient's stop positions, `nil` when evenly spaced.
  public var stopLocations: [Double]? {
    locations.isEmpty || locations.count != colors.count ? nil : locations
  }
}

extension RGBAColor {
  /// `nil` for a colour that draws nothing at all (`.clear`), else the colour.
  var nilIfClear: RGBAColor? { self == .clear ? nil : self }
}
