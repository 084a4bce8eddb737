import RingGraphics

/// Renders a layer tree at a clock time into a pixmap: a pure function of the tree, the time
/// and the scale. The renderer only keeps caches of what changes with geometry (shape
/// coverage, gradient positions) and reusable offscreen buffers, as Core Animation's render
/// server does; a cache never changes a pixel.
///
/// Each layer is drawn into its superlayer's target: background, then content (gradient or
/// shape fill then stroke), then sublayers. A layer with a mask or an opacity below 1 is
/// drawn into an offscreen first, multiplied by the mask's alpha and composited with its
/// opacity. A gradient layer masked by a plain shape layer takes a fused path that does the
/// same arithmetic in one pass without offscreens.
public final class LayerRenderer {
  /// Whether the fused gradient-and-mask path is used (tests turn it off to prove it draws
  /// the same pixels as the general path).
  public var usesFusedPaths = true

  private var shapeCache: [CacheKey: CoverageMask] = [:]
  private var gradientCache: [ObjectIdentifier: GradientEntry] = [:]
  private var maskAlphaCache: [ObjectIdentifier: MaskAlphaEntry] = [:]
  private var offscreens: [Pixmap?] = []
  private var frameCounter = 0

  public init() {}

  /// Draws `root` as it shows at clock time `time` (seconds) over what `pixmap` holds.
  /// The root's superlayer coordinates map to device pixels by `scale` (pixels per point),
  /// origin at the pixmap's top-left.
  public func render(_ root: Layer, at time: Double, scale: Double, into pixmap: inout Pixmap) {
    render(root, at: time, transform: Transform2D(scaleX: scale, y: scale), into: &pixmap)
  }

  /// Draws `root` at clock time `time` (seconds), placed on the device by `transform`
  /// (root's superlayer points to device pixels).
  public func render(
    _ root: Layer, at time: Double, transform: Transform2D, into pixmap: inout Pixmap
  ) {
    frameCounter &+= 1
    draw(root, t: MediaTime.nanoseconds(time), parent: transform, depth: 0, into: &pixmap)
    evictStale()
  }

  // MARK: Tree walk

  private func localTransform(_ layer: Layer, _ t: Int64, parent: Transform2D) -> Transform2D {
    let position = layer.presentedPoint("position", t, layer.position)
    let b = layer.bounds
    let ox = position.x - layer.anchorPoint.x * b.width - b.minX
    let oy = position.y - layer.anchorPoint.y * b.height - b.minY
    return Transform2D(translationX: ox, y: oy).concatenating(parent)
  }

  private func draw(
    _ layer: Layer, t: Int64, parent: Transform2D, depth: Int, into target: inout Pixmap
  ) {
    guard !layer.isHidden else { return }
    let opacity = min(max(layer.presentedNumber("opacity", t, layer.opacity), 0), 1)
    guard opacity > 0 else { return }
    let m = localTransform(layer, t, parent: parent)
    if usesFusedPaths, opacity == 1, let g = layer as? GradientLayer,
      let maskLayer = g.mask as? ShapeLayer, isPlainMask(maskLayer, t),
      g.sublayers.isEmpty, g.presentedColor("backgroundColor", t, g.backgroundColor) == nil
    {
      drawFused(g, mask: maskLayer, t: t, transform: m, into: &target)
      return
    }
    let opacity8 = UInt32((opacity * 255).rounded())
    if layer.mask == nil && opacity8 == 255 {
      drawContents(layer, t: t, transform: m, depth: depth, into: &target)
      return
    }
    var group = takeOffscreen(depth: depth, like: target)
    drawContents(layer, t: t, transform: m, depth: depth + 1, into: &group)
    if let maskLayer = layer.mask {
      var maskPixels = takeOffscreen(depth: depth + 1, like: target)
      draw(maskLayer, t: t, parent: m, depth: depth + 2, into: &maskPixels)
      group.multiply(byAlphaOf: maskPixels)
      returnOffscreen(maskPixels, depth: depth + 1)
    }
    target.composite(group, opacity: opacity8)
    returnOffscreen(group, depth: depth)
  }

  private func drawContents(
    _ layer: Layer, t: Int64, transform m: Transform2D, depth: Int, into target: inout Pixmap
  ) {
    if let bg = layer.presentedColor("backgroundColor", t, layer.backgroundColor),
      bg.alpha > 0
    {
      let region = boundsCoverage(layer, m, PixelSize(target))
      target.fill(region, color: bg.premultipliedRGBA8)
    }
    if let g = layer as? GradientLayer {
      let (region, entry) = gradient(g, t, m, PixelSize(target))
      target.fillGradient(region, sampler: entry.sampler, table: entry.table)
    } else if let s = layer as? ShapeLayer, let path = s.path {
      if let fill = s.presentedColor("fillColor", t, s.fillColor), fill.alpha > 0 {
        target.fill(fillCoverage(s, path, m, PixelSize(target)), color: fill.premultipliedRGBA8)
      }
      if let stroke = s.presentedColor("strokeColor", t, s.strokeColor), stroke.alpha > 0 {
        target.fill(
          strokeCoverage(s, path, s.presentedStrokeStyle(t), m, PixelSize(target)),
          color: stroke.premultipliedRGBA8)
      }
    }
    for sub in layer.sublayers {
      draw(sub, t: t, parent: m, depth: depth, into: &target)
    }
  }

  // MARK: Fused gradient masked by a shape

  private func isPlainMask(_ s: ShapeLayer, _ t: Int64) -> Bool {
    s.sublayers.isEmpty && s.mask == nil && !s.isHidden
      && s.presentedNumber("opacity", t, s.opacity) >= 1
      && (s.presentedColor("backgroundColor", t, s.backgroundColor)?.alpha ?? 0) == 0
  }

  private struct MaskAlphaEntry {
    var key: [CacheKey]
    var fillAlpha: UInt32
    var strokeAlpha: UInt32
    var alpha: CoverageMask
    var lastUse: Int
  }

  /// The mask layer's alpha as the general path would compute it: stroke over fill.
  private func maskAlpha(_ s: ShapeLayer, _ t: Int64, _ m: Transform2D, _ target: PixelSize)
    -> CoverageMask
  {
    let ms = localTransform(s, t, parent: m)
    let fillA = s.path == nil ? 0 : alpha8(s.presentedColor("fillColor", t, s.fillColor))
    let strokeA = s.path == nil ? 0 : alpha8(s.presentedColor("strokeColor", t, s.strokeColor))
    let style = s.presentedStrokeStyle(t)
    var keys: [CacheKey] = []
    var fill = CoverageMask.empty
    var stroke = CoverageMask.empty
    if let path = s.path {
      if fillA > 0 {
        fill = fillCoverage(s, path, ms, target)
        keys.append(fillKey(s, path, ms, target))
      }
      if strokeA > 0 {
        stroke = strokeCoverage(s, path, style, ms, target)
        keys.append(strokeKey(path, style, ms, target))
      }
    }
    let id = ObjectIdentifier(s)
    if var e = maskAlphaCache[id], e.key == keys, e.fillAlpha == fillA, e.strokeAlpha == strokeA {
      e.lastUse = frameCounter
      maskAlphaCache[id] = e
      return e.alpha
    }
    let alpha = LayerRenderer.combine(
      fill: fill, fillAlpha: fillA, stroke: stroke, strokeAlpha: strokeA)
    maskAlphaCache[id] = MaskAlphaEntry(
      key: keys, fillAlpha: fillA, strokeAlpha: strokeA, alpha: alpha, lastUse: frameCounter)
    return alpha
  }

  private func alpha8(_ c: RGBAColor?) -> UInt32 { (c?.premultipliedRGBA8 ?? 0) >> 24 }

  /// Alpha of (stroke colour x stroke coverage) over (fill colour x fill coverage), with the
  /// same rounding as compositing the two into a clear offscreen.
  static func combine(
    fill: CoverageMask, fillAlpha: UInt32, stroke: CoverageMask, strokeAlpha: UInt32
  ) -> CoverageMask {
    let masks = [(fill, fillAlpha), (stroke, strokeAlpha)].filter {
      $0.0.width > 0 && $0.0.height > 0 && $0.1 > 0
    }
    guard !masks.isEmpty else { return .empty }
    if masks.count == 1 {
      let (mask, alpha) = masks[0]
      if alpha == 255 { return mask }  // scaling by 255 is exact: the coverage is the alpha
      var levels = [UInt8](repeating: 0, count: 256)
      for c in 0..<256 { levels[c] = UInt8(PixelMath.scale(alpha << 24, by: UInt32(c)) >> 24) }
      let values = mask.denseValues.map { levels[Int($0)] }
      return
        (try? CoverageMask(
          originX: mask.originX, originY: mask.originY, width: mask.width, height: mask.height,
          values: values)) ?? .empty
    }
    let x0 = min(fill.originX, stroke.originX)
    let y0 = min(fill.originY, stroke.originY)
    let x1 = max(fill.originX + fill.width, stroke.originX + stroke.width)
    let y1 = max(fill.originY + fill.height, stroke.originY + stroke.height)
    let w = x1 - x0
    let fillValues = fill.denseValues
    let strokeValues = stroke.denseValues
    func at(_ m: CoverageMask, _ v: [UInt8], _ x: Int, _ y: Int) -> UInt32 {
      let lx = x - m.originX
      let ly = y - m.originY
      guard lx >= 0, ly >= 0, lx < m.width, ly < m.height else { return 0 }
      return UInt32(v[ly * m.width + lx])
    }
    var values = [UInt8](repeating: 0, count: w * (y1 - y0))
    for y in y0..<y1 {
      for x in x0..<x1 {
        let fa = PixelMath.scale(fillAlpha << 24, by: at(fill, fillValues, x, y)) >> 24
        let sa = PixelMath.scale(strokeAlpha << 24, by: at(stroke, strokeValues, x, y)) >> 24
        values[(y - y0) * w + (x - x0)] = UInt8(PixelMath.sourceOver(sa << 24, fa << 24) >> 24)
      }
    }
    return (try? CoverageMask(originX: x0, originY: y0, width: w, height: y1 - y0, values: values))
      ?? .empty
  }

  private func drawFused(
    _ g: GradientLayer, mask s: ShapeLayer, t: Int64, transform m: Transform2D,
    into target: inout Pixmap
  ) {
    let (region, entry) = gradient(g, t, m, PixelSize(target))
    let alpha = maskAlpha(s, t, m, PixelSize(target))
    target.fillGradient(region, sampler: entry.sampler, table: entry.table, mask: alpha)
  }

  // MARK: Parts for cached drawing

  /// What a cached drawing of a masked gradient layer needs: the gradient's region (its
  /// bounds' coverage), the mask's alpha and the pixel-to-position sampler, exactly as the
  /// renderer itself uses them.
  package struct MaskedGradientParts {
    package let region: CoverageMask
    package let alpha: CoverageMask
    package let sampler: GradientSampler
  }

  /// The parts for `g` (a gradient layer masked by a plain shape layer, with no sublayers or
  /// background) inside the tree under `root`, placed by `transform`, on a device of the
  /// given size, with the model values; `nil` when `g` is not such a layer or not in the tree.
  package func maskedGradientParts(
    of g: GradientLayer, in root: Layer, transform: Transform2D, width: Int, height: Int
  ) -> MaskedGradientParts? {
    guard let s = g.mask as? ShapeLayer, isPlainMask(s, 0), g.sublayers.isEmpty,
      g.backgroundColor == nil, g.opacity == 1, !g.isHidden
    else { return nil }
    var chain: [Layer] = []
    var layer: Layer? = g
    while let l = layer {
      chain.append(l)
      if l === root { break }
      layer = l.superlayer
    }
    guard chain.last === root else { return nil }
    var m = transform
    for l in chain.reversed() {
      if l !== g && (l.isHidden || l.opacity != 1 || l.mask != nil) { return nil }
      m = localTransform(l, 0, parent: m)
    }
    let size = PixelSize(width: width, height: height)
    let geometry = GradientGeometry(kind: g.type, startPoint: g.startPoint, endPoint: g.endPoint)
    return MaskedGradientParts(
      region: boundsCoverage(g, m, size), alpha: maskAlpha(s, 0, m, size),
      sampler: GradientSampler(geometry: geometry, bounds: g.bounds, transform: m))
  }

  // MARK: Caches

  struct PixelSize {
    var width: Int
    var height: Int
    init(width: Int, height: Int) {
      self.width = width
      self.height = height
    }
    init(_ p: Pixmap) { self.init(width: p.width, height: p.height) }
  }

  struct CacheKey: Hashable {
    var path: BezierPath
    var stroke: StrokeStyle?
    var rule: FillRule
    var transform: Transform2D
    var width: Int
    var height: Int
  }

  private func fillKey(_ s: ShapeLayer, _ path: BezierPath, _ m: Transform2D, _ target: PixelSize)
    -> CacheKey
  {
    CacheKey(
      path: path, stroke: nil, rule: s.fillRule, transform: m, width: target.width,
      height: target.height)
  }

  private func strokeKey(
    _ path: BezierPath, _ style: StrokeStyle, _ m: Transform2D, _ target: PixelSize
  ) -> CacheKey {
    CacheKey(
      path: path, stroke: style, rule: .nonZero, transform: m, width: target.width,
      height: target.height)
  }

  private func cached(_ key: CacheKey, _ make: () -> CoverageMask) -> CoverageMask {
    if let hit = shapeCache[key] {
      touched.insert(key)
      return hit
    }
    let mask = make()
    shapeCache[key] = mask
    touched.insert(key)
    return mask
  }
  private var touched: Set<CacheKey> = []

  private func fillCoverage(
    _ s: ShapeLayer, _ path: BezierPath, _ m: Transform2D, _ target: PixelSize
  )
    -> CoverageMask
  {
    cached(fillKey(s, path, m, target)) {
      Rasterizer.fill(
        path, rule: s.fillRule, transform: m, width: target.width, height: target.height)
    }
  }

  private func strokeCoverage(
    _ s: ShapeLayer, _ path: BezierPath, _ style: StrokeStyle, _ m: Transform2D, _ target: PixelSize
  ) -> CoverageMask {
    cached(strokeKey(path, style, m, target)) {
      Rasterizer.stroke(
        path, style: style, transform: m, width: target.width, height: target.height)
    }
  }

  private func boundsCoverage(_ layer: Layer, _ m: Transform2D, _ target: PixelSize) -> CoverageMask
  {
    let path = BezierPath(rect: layer.bounds)
    return cached(
      CacheKey(
        path: path, stroke: nil, rule: .nonZero, transform: m, width: target.width,
        height: target.height)
    ) {
      Rasterizer.fill(path, transform: m, width: target.width, height: target.height)
    }
  }

  private struct GradientEntry {
    var geometry: GradientGeometry
    var bounds: Rect
    var transform: Transform2D
    var sampler: GradientSampler
    var table: GradientTable
    var colors: [RGBAColor]
    var locations: [Double]?
    var lastUse: Int
  }

  /// The gradient's region (its bounds' coverage), its pixel sampler (kept while the
  /// geometry holds) and its colour table for time `t` (refilled when the colours change).
  private func gradient(_ g: GradientLayer, _ t: Int64, _ m: Transform2D, _ target: PixelSize)
    -> (CoverageMask, GradientEntry)
  {
    let region = boundsCoverage(g, m, target)
    let geometry = GradientGeometry(
      kind: g.type, startPoint: g.presentedPoint("startPoint", t, g.startPoint),
      endPoint: g.presentedPoint("endPoint", t, g.endPoint))
    let colors = g.presentedColors(t)
    let locations = g.presentedLocations(t)
    let id = ObjectIdentifier(g)
    var entry: GradientEntry
    if let e = gradientCache[id], e.geometry == geometry, e.bounds == g.bounds, e.transform == m {
      entry = e
    } else {
      entry = GradientEntry(
        geometry: geometry, bounds: g.bounds, transform: m,
        sampler: GradientSampler(geometry: geometry, bounds: g.bounds, transform: m),
        table: GradientTable(), colors: [], locations: nil, lastUse: 0)
      entry.table.update(colors: colors, locations: locations)
      entry.colors = colors
      entry.locations = locations
    }
    if entry.colors != colors || entry.locations != locations {
      gradientCache[id] = nil  // keep the table's storage uniquely referenced
      entry.table.update(colors: colors, locations: locations)
      entry.colors = colors
      entry.locations = locations
    }
    entry.lastUse = frameCounter
    gradientCache[id] = entry
    return (region, entry)
  }

  /// Drops cache entries no frame has used for a while, so changing geometry does not grow
  /// memory.
  private func evictStale() {
    guard frameCounter % 64 == 0 else { return }
    shapeCache = shapeCache.filter { touched.contains($0.key) }
    touched.removeAll(keepingCapacity: true)
    gradientCache = gradientCache.filter { frameCounter - $0.value.lastUse < 64 }
    maskAlphaCache = maskAlphaCache.filter { frameCounter - $0.value.lastUse < 64 }
  }

  // MARK: Offscreens

  private func takeOffscreen(depth: Int, like target: Pixmap) -> Pixmap {
    while offscreens.count <= depth { offscreens.append(nil) }
    var p = offscreens[depth].take()
    if p == nil || p!.width != target.width || p!.height != target.height {
      p = try? Pixmap(width: target.width, height: target.height)
    }
    var out = p!
    out.clear()
    return out
  }

  private func returnOffscreen(_ p: Pixmap, depth: Int) {
    offscreens[depth] = p
  }
}
