import RingGraphics
import RingLayers

/// A colour space (Core Graphics'): colours here are sRGB, whatever the space says.
public final class CGColorSpace: @unchecked Sendable {
  public let name: CFString?
  /// Its colours' model: grey spaces have one component besides alpha, the rest three.
  public let model: CGColorSpaceModel

  public init?(name: CFString) {
    self.name = name
    model = name == CGColorSpace.genericGrayGamma2_2 ? .monochrome : .rgb
  }
  init(model: CGColorSpaceModel = .rgb) {
    name = nil
    self.model = model
  }

  /// Components of its colours, without alpha.
  public var numberOfComponents: Int { model == .monochrome ? 1 : 3 }

  public static let sRGB: CFString = "kCGColorSpaceSRGB"
  public static let displayP3: CFString = "kCGColorSpaceDisplayP3"
  public static let genericRGBLinear: CFString = "kCGColorSpaceGenericRGBLinear"
  public static let genericGrayGamma2_2: CFString = "kCGColorSpaceGenericGrayGamma2_2"
}

public typealias CFString = String

public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace() }
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(model: .monochrome) }

/// The kinds of colour space (Core Graphics').
public enum CGColorSpaceModel: Int32, Sendable {
  case unknown = -1
  case monochrome, rgb, cmyk, lab, deviceN, indexed, pattern, XYZ
}

/// Colours at locations in [0, 1] along a gradient (Core Graphics').
public final class CGGradient: @unchecked Sendable {
  let colors: [RGBAColor]
  /// One per colour, or nil for evenly spaced.
  let locations: [Double]?

  /// `colors` (`CGColor`s) at `locations` (nil: evenly spaced); nil without two colours.
  public init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: [CGFloat]?) {
    let list = (colors as? [Any] ?? []).compactMap { ($0 as? CGColor)?.rgba }
    guard list.count >= 1 else { return nil }
    self.colors = list
    self.locations = locations.map { $0.prefix(list.count).map(Double.init) }
  }

  /// `components` (red, green, blue, alpha for each colour) at `locations`.
  public init?(
    colorSpace space: CGColorSpace, colorComponents components: [CGFloat],
    locations: [CGFloat]?, count: Int
  ) {
    guard count >= 1, components.count >= count * 4 else { return nil }
    colors = (0..<count).map { i in
      RGBAColor(
        unchecked: min(max(Double(components[4 * i]), 0), 1),
        min(max(Double(components[4 * i + 1]), 0), 1),
        min(max(Double(components[4 * i + 2]), 0), 1),
        min(max(Double(components[4 * i + 3]), 0), 1))
    }
    self.locations = locations.map { $0.prefix(count).map(Double.init) }
  }
}

public typealias CFArray = Any

/// Whether a gradient also paints before its start and after its end.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
  public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}

/// How `drawPath(using:)` paints the current path.
public enum CGPathDrawingMode: Int32, Sendable {
  case fill, eoFill, stroke, fillStroke, eoFillStroke
}

/// How drawing combines with what is beneath (see `BlendMode`).
public enum CGBlendMode: Int32, Sendable {
  case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight
  case hardLight, difference, exclusion, hue, saturation, color, luminosity, clear, copy
  case sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut
  case destinationAtop, xor, plusDarker, plusLighter

  /// The engine's mode of the same name.
  var blendMode: BlendMode { BlendMode.allCases[Int(rawValue)] }
}

public enum CGInterpolationQuality: Int32, Sendable {
  case `default`, none, low, medium, high
}

extension CGContext {
  // MARK: Painting the current path

  /// Paints the current path as `mode` says (fill and stroke, even-odd or non-zero), then
  /// clears it.
  public func drawPath(using mode: CGPathDrawingMode) {
    switch mode {
    case .fill: paint(path, fill: true, evenOdd: false, miterLimit: state.miterLimit)
    case .eoFill: paint(path, fill: true, evenOdd: true, miterLimit: state.miterLimit)
    case .stroke: paint(path, fill: false, miterLimit: state.miterLimit)
    case .fillStroke, .eoFillStroke:
      paint(path, fill: true, evenOdd: mode == .eoFillStroke, miterLimit: state.miterLimit)
      paint(path, fill: false, miterLimit: state.miterLimit)
    }
    path = BezierPath()
  }

  public func fillPath(using rule: CGPathFillRule) {
    paint(path, fill: true, evenOdd: rule == .evenOdd, miterLimit: state.miterLimit)
    path = BezierPath()
  }

  public var isPathEmpty: Bool { path.elements.isEmpty }
  public var boundingBoxOfPath: CGRect { CGPath(path).boundingBox }
  public var currentPointOfPath: CGPoint { path.currentPoint.map(CGPoint.init) ?? .zero }

  public func addLines(between points: [CGPoint]) {
    guard let first = points.first else { return }
    path.move(to: first.point)
    for p in points.dropFirst() { path.addLine(to: p.point) }
  }
  public func addRects(_ rects: [CGRect]) { for r in rects { addRect(r) } }

  /// Replaces the current path by the outline of its stroke with the current line style.
  public func replacePathWithStrokedPath() {
    path =
      CGPath(path).copy(
        strokingWithWidth: state.lineWidth, lineCap: cgCap(state.lineCap),
        lineJoin: cgJoin(state.lineJoin), miterLimit: CGFloat(state.miterLimit)
      ).bezier
  }

  // MARK: Clipping

  /// Narrows drawing to the inside of the current path (non-zero), then clears it.
  public func clip() { clip(using: .winding) }

  public func clip(using rule: CGPathFillRule) {
    state.clips.append(.path(devicePath, rule == .evenOdd ? .evenOdd : .nonZero))
    path = BezierPath()
  }

  public func clip(to rect: CGRect) {
    let r = BezierPath(rect: rect.rect)
    state.clips.append(
      .path(state.transform == .identity ? r : r.applying(state.transform), .nonZero))
  }

  public func clip(to rects: [CGRect]) {
    var union = BezierPath()
    for r in rects { union.append(BezierPath(rect: r.rect)) }
    state.clips.append(
      .path(state.transform == .identity ? union : union.applying(state.transform), .nonZero))
  }

  public var boundingBoxOfClipPath: CGRect {
    guard let last = state.clips.last else { return CGRect(extent) }
    return CGRect(last.bounds)
  }

  // MARK: Style

  public func setMiterLimit(_ limit: CGFloat) { state.miterLimit = Double(limit) }
  public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
    state.dash = (Double(phase), lengths.map(Double.init))
  }
  /// Multiplies everything drawn afterwards, in [0, 1].
  public func setAlpha(_ alpha: CGFloat) { state.alpha = min(max(Double(alpha), 0), 1) }
  public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    setFillColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
  }
  public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    setStrokeColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
  }
  public func setFillColor(gray: CGFloat, alpha: CGFloat) {
    setFillColor(CGColor(gray: gray, alpha: alpha))
  }
  public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
    setStrokeColor(CGColor(gray: gray, alpha: alpha))
  }

  /// A shadow under everything drawn afterwards: `offset` in points (positive height down,
  /// as UIKit's flipped contexts show it), `blur` about twice a Gaussian's standard
  /// deviation, `color` (a third-opaque black without one).
  public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
    guard let color else {
      state.shadow = nil
      return
    }
    state.shadow = (offset.size, max(0, Double(blur)), color.rgba)
  }

  public func setShadow(offset: CGSize, blur: CGFloat) {
    setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3))
  }

  /// How what is drawn afterwards combines with what the context holds: Core Graphics'
  /// formulas, mixed by the shape's coverage (see `BlendMode`).
  public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode.blendMode }

  /// Makes `rect` (user space) transparent.
  public func clear(_ rect: CGRect) { drawing(by: .clear) { fill(rect) } }

  /// Runs `body` by `mode` (and at `alpha`, when given), the state restored after.
  func drawing(by mode: CGBlendMode, alpha: CGFloat? = nil, _ body: () -> Void) {
    saveGState()
    setBlendMode(mode)
    if let alpha { setAlpha(alpha) }
    body()
    restoreGState()
  }

  /// Accepted: drawing is always anti-aliased with exact coverage here.
  public func setAllowsAntialiasing(_ allows: Bool) {}
  public func setShouldAntialias(_ should: Bool) {}
  public var interpolationQuality: CGInterpolationQuality {
    get { .default }
    set {}
  }

  // MARK: Gradients

  /// Paints `gradient` along the line from `start` to `end` (user space) over the clip,
  /// before the start and after the end only as `options` say.
  public func drawLinearGradient(
    _ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions
  ) {
    let t = state.transform
    let s = t.apply(to: start.point)
    let e = t.apply(to: end.point)
    let axis = e - s
    guard axis.length > 0 else { return }
    let area = paintArea
    let layer = GradientLayer()
    layer.anchorPoint = .zero
    layer.bounds = area
    layer.position = area.origin
    func unit(_ p: Point) -> Point {
      Point(x: (p.x - area.minX) / area.width, y: (p.y - area.minY) / area.height)
    }
    layer.startPoint = unit(s)
    layer.endPoint = unit(e)
    layer.colors = gradient.colors
    layer.locations = gradient.locations
    emitGradient(layer, band: band(from: s, to: e, options: options))
  }

  /// Paints `gradient` in circles from `startRadius` about `startCenter` to `endRadius`
  /// about `endCenter` (user space). Circles about one centre are drawn exactly; with two
  /// centres, about the end's (a note says so once).
  public func drawRadialGradient(
    _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint,
    endRadius: CGFloat, options: CGGradientDrawingOptions
  ) {
    if startCenter != endCenter {
      Notice.once("radial", "radial gradients between two centres are drawn about the end's")
    }
    let t = state.transform
    let c = t.apply(to: endCenter.point)
    let scale = abs(t.a * t.d - t.b * t.c).squareRoot()
    let r0 = max(0, Double(startRadius)) * scale
    let r1 = Double(endRadius) * scale
    guard r1 > r0 else { return }
    let reach =
      options.contains(.drawsAfterEndLocation)
      ? paintArea
      : Rect(
        x: c.x - r1, y: c.y - r1, width: 2 * r1, height: 2 * r1)
    let layer = GradientLayer()
    layer.type = .radial
    layer.anchorPoint = .zero
    layer.bounds = reach
    layer.position = reach.origin
    layer.startPoint = Point(
      x: (c.x - reach.minX) / reach.width, y: (c.y - reach.minY) / reach.height)
    layer.endPoint = Point(
      x: (c.x + r1 - reach.minX) / reach.width, y: (c.y + r1 - reach.minY) / reach.height)
    // Core Graphics' location l lies at r0 + l (r1 - r0); the layer's at its fraction of r1.
    let n = gradient.colors.count
    let locations =
      gradient.locations ?? (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 }
    layer.colors = gradient.colors
    layer.locations = locations.map { (r0 + $0 * (r1 - r0)) / r1 }
    var band: BezierPath?
    if !options.contains(.drawsAfterEndLocation) {
      band = BezierPath(ovalIn: Rect(x: c.x - r1, y: c.y - r1, width: 2 * r1, height: 2 * r1))
    }
    if r0 > 0, !options.contains(.drawsBeforeStartLocation) {
      var ring = band ?? BezierPath(rect: reach)
      ring.append(BezierPath(ovalIn: Rect(x: c.x - r0, y: c.y - r0, width: 2 * r0, height: 2 * r0)))
      emitGradient(layer, band: (ring, .evenOdd))
      return
    }
    emitGradient(layer, band: band.map { ($0, .nonZero) })
  }

  /// What an unbounded fill covers: the clip's bounds within the context's extent.
  private var paintArea: Rect {
    guard let b = state.clips.last?.bounds else { return extent }
    return b.isEmpty ? extent : b
  }

  /// The strip between the lines through `s` and `e` across the axis (open on the sides
  /// `options` extend), as a clip; nil when both sides extend.
  private func band(from s: Point, to e: Point, options: CGGradientDrawingOptions)
    -> (BezierPath, FillRule)?
  {
    let before = options.contains(.drawsBeforeStartLocation)
    let after = options.contains(.drawsAfterEndLocation)
    if before && after { return nil }
    let axis = e - s
    let u = axis * (1 / axis.length)
    let normal = Point(x: -u.y, y: u.x)
    // Far enough to cover the extent from anywhere on it.
    let far = (extent.width + extent.height) * 4 + axis.length + (s - extent.origin).length
    let from = before ? s - u * far : s
    let to = after ? e + u * far : e
    return (
      BezierPath(polygon: [
        from + normal * far, to + normal * far, to - normal * far, from - normal * far,
      ]), .nonZero
    )
  }

  private func emitGradient(_ layer: GradientLayer, band: (BezierPath, FillRule)?) {
    guard let band else {
      emit(layer)
      return
    }
    saveGState()
    state.clips.append(.path(band.0, band.1))
    emit(layer)
    restoreGState()
  }

  private func cgCap(_ cap: LineCap) -> CGLineCap {
    switch cap {
    case .butt: .butt
    case .round: .round
    case .square: .square
    }
  }

  private func cgJoin(_ join: LineJoin) -> CGLineJoin {
    switch join {
    case .miter: .miter
    case .round: .round
    case .bevel: .bevel
    }
  }
}

/// Which points a fill covers (Core Graphics').
public enum CGPathFillRule: Int, Sendable {
  case winding, evenOdd
}

extension CGPath {
  /// The outline of this path's stroke as a path whose non-zero fill is the stroke.
  public func copy(
    strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
    miterLimit: CGFloat, transform: CGAffineTransform = .identity
  ) -> CGPath {
    let style = StrokeStyle(
      clampingLineWidth: Double(lineWidth), lineCap: LineCap(rawValue: "\(lineCap)") ?? .butt,
      lineJoin: LineJoin(rawValue: "\(lineJoin)") ?? .miter, miterLimit: Double(miterLimit),
      strokeStart: 0, strokeEnd: 1)
    var outline = BezierPath()
    for polygon in bezier.strokeOutlines(style: style) {
      outline.append(BezierPath(polygon: polygon))
    }
    return CGPath(transform.isIdentity ? outline : outline.applying(transform.transform2D))
  }

  /// The path cut into dashes, as a stroke with `lengths` and `phase` would be dashed (see
  /// `BezierPath.dashed`): open subpaths of lines, curves flattened to within 0.01 point.
  public func copy(
    dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform = .identity
  ) -> CGPath {
    let dashed = bezier.dashed(
      pattern: lengths.map(Double.init), phase: Double(phase), tolerance: 0.0005)
    return CGPath(transform.isIdentity ? dashed : dashed.applying(transform.transform2D))
  }

  /// The path with every point through `transform`.
  public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
    guard let transform else { return CGPath(bezier) }
    return CGPath(bezier.applying(transform.pointee.transform2D))
  }

  /// `path` cut into dashes (the older spelling of `copy(dashingWithPhase:lengths:)`).
  public convenience init?(
    __byDashing path: CGPath, transform: UnsafePointer<CGAffineTransform>?, phase: CGFloat,
    lengths: UnsafePointer<CGFloat>?, count: Int
  ) {
    let pattern = lengths.map { Array(UnsafeBufferPointer(start: $0, count: max(0, count))) }
    let dashed = path.copy(
      dashingWithPhase: phase, lengths: pattern ?? [], transform: transform?.pointee ?? .identity)
    self.init(dashed.bezier)
  }

  /// The outline of `path`'s stroke (the older spelling).
  public convenience init?(
    __byStroking path: CGPath, transform: UnsafePointer<CGAffineTransform>?,
    lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat
  ) {
    let outline = path.copy(
      strokingWithWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit,
      transform: transform?.pointee ?? .identity)
    self.init(outline.bezier)
  }
}
