import RingGraphics

/// Draws presentations of layer trees: the one way from layers to pixels.
///
/// A presentation's geometry compiles to a `RenderPlan` (coverage, gradient programs, group
/// structure), reused while the geometry holds; each frame then only refills colour tables
/// and composites. Each layer is drawn into its superlayer's target: background, content
/// (gradient, or shape fill then stroke), sublayers. A gradient layer alone or under a plain
/// shape mask is drawn in one pass; any other layer with a mask or an opacity below 1 is
/// drawn into an offscreen, multiplied by its mask's alpha and composited at its opacity.
/// Rendering never changes a layer and never reads a clock.
public final class LayerRenderer {
  /// Whether pixels are BGRA (blue in the low byte, as X11 takes them) instead of RGBA.
  public let swapsRedAndBlue: Bool

  private var plan: RenderPlan?
  private var cache = CoverageCache()
  private var pool = OffscreenPool()
  /// The frame of the units beneath the first animated one (incremental drawing).
  private var backdrop: Pixmap?
  private var backdropIsValid = false

  public init(swapsRedAndBlue: Bool = false) {
    self.swapsRedAndBlue = swapsRedAndBlue
  }

  /// Draws the tree under `root` as it shows at `time` over what `pixmap` holds; the root's
  /// superlayer coordinates map to device pixels by `scale` (pixels per point), origin at
  /// the pixmap's top-left.
  public func render(_ root: Layer, at time: MediaTime, scale: Double, into pixmap: inout Pixmap) {
    render(
      root.presentation(at: time), transform: Transform2D(scaleX: scale, y: scale), into: &pixmap)
  }

  /// Draws `presentation` over what `pixmap` holds, placed on the device by `transform`
  /// (the root's superlayer points to device pixels).
  public func render(
    _ presentation: Presentation, transform: Transform2D, into pixmap: inout Pixmap
  ) {
    prepare(presentation, transform, pixmap)
    var plan = self.plan.take()!
    defer { self.plan = plan }
    plan.execute(plan.steps.indices, presentation, depth: 0, into: &pixmap, under: nil, pool: &pool)
  }

  /// Brings `frame` from `previous` to `presentation`, redrawing only what changed, and
  /// returns the rectangle of pixels written. `frame` must hold what this renderer drew for
  /// `previous` (pass `nil` when it holds anything else: every pixel is redrawn from clear).
  /// A steady frame allocates nothing.
  public func update(
    _ frame: inout Pixmap, to presentation: Presentation, from previous: Presentation?,
    transform: Transform2D
  ) -> PixelRect {
    let recompiled = prepare(presentation, transform, frame)
    var plan = self.plan.take()!
    defer { self.plan = plan }
    let whole = PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)
    let b = plan.firstAnimatedUnit
    let units = plan.units
    guard !recompiled, backdropIsValid || b == units.count, let previous,
      previous.nodes.count == presentation.nodes.count
    else {
      redrawAll(&plan, presentation, into: &frame)
      return whole
    }
    func changed(_ u: RenderPlan.Unit) -> Bool {
      u.nodes.contains { presentation.nodes[$0].properties != previous.nodes[$0].properties }
    }
    guard let c = units.firstIndex(where: changed) else { return .empty }
    if c < b {
      redrawAll(&plan, presentation, into: &frame)
      return whole
    }
    var restore = PixelRect.empty
    for u in units[(b + 1)...] { restore = restore.union(u.bounds) }
    if !units[b].drawsOverBackdrop { restore = restore.union(units[b].bounds) }
    let steps = units[b].steps.lowerBound..<plan.steps.count
    let width = frame.width
    backdrop!.pixels.withUnsafeBufferPointer { under in
      if !restore.isEmpty {
        frame.withUnsafeMutablePixels { px in
          for y in restore.y..<restore.y + restore.height {
            let row = y * width + restore.x
            (px.baseAddress! + row).update(from: under.baseAddress! + row, count: restore.width)
          }
        }
      }
      plan.execute(
        units[b].steps, presentation, depth: 0, into: &frame,
        under: units[b].drawsOverBackdrop ? under.baseAddress! : nil, pool: &pool)
      plan.execute(
        units[b].steps.upperBound..<steps.upperBound, presentation, depth: 0, into: &frame,
        under: nil, pool: &pool)
    }
    return restore.union(units[b].bounds)
  }

  /// Clears `frame`, draws the backdrop units, keeps a copy, then draws the rest.
  private func redrawAll(_ plan: inout RenderPlan, _ p: Presentation, into frame: inout Pixmap) {
    frame.clear()
    let units = plan.units
    let b = plan.firstAnimatedUnit
    let split = b < units.count ? units[b].steps.lowerBound : plan.steps.count
    plan.execute(0..<split, p, depth: 0, into: &frame, under: nil, pool: &pool)
    if b < units.count {
      if backdrop?.width != frame.width || backdrop?.height != frame.height {
        backdrop = try? Pixmap(width: frame.width, height: frame.height)
      }
      frame.pixels.withUnsafeBufferPointer { src in
        backdrop!.withUnsafeMutablePixels {
          $0.baseAddress!.update(from: src.baseAddress!, count: src.count)
        }
      }
    }
    backdropIsValid = b < units.count
    plan.execute(split..<plan.steps.count, p, depth: 0, into: &frame, under: nil, pool: &pool)
  }

  /// Compiles a plan unless the last one fits; returns whether it compiled.
  @discardableResult
  private func prepare(_ p: Presentation, _ transform: Transform2D, _ target: Pixmap) -> Bool {
    if let plan,
      plan.fits(
        p, transform: transform, width: target.width, height: target.height,
        swapsRedAndBlue: swapsRedAndBlue)
    {
      return false
    }
    plan = RenderPlan(
      p, transform: transform, width: target.width, height: target.height,
      swapsRedAndBlue: swapsRedAndBlue, cache: &cache)
    backdropIsValid = false
    return true
  }
}

/// Reusable offscreen pixmaps, one per group depth.
struct OffscreenPool {
  private var offscreens: [Pixmap?] = []

  mutating func take(depth: Int, like target: Pixmap) -> Pixmap {
    while offscreens.count <= depth { offscreens.append(nil) }
    var p = offscreens[depth].take()
    if p == nil || p!.width != target.width || p!.height != target.height {
      // A device-sized pixmap: the target itself was allocated at this size.
      p = try! Pixmap(width: target.width, height: target.height)
    } else {
      p!.clear()
    }
    return p!
  }

  mutating func give(_ p: Pixmap, depth: Int) { offscreens[depth] = p }
}

extension RenderPlan {
  /// Runs `range` of the steps for presentation `p` into `target`. A gradient step blends
  /// over `under` when given (a frame of what lies beneath), else over the target.
  mutating func execute(
    _ range: Range<Int>, _ p: Presentation, depth: Int, into target: inout Pixmap,
    under: UnsafePointer<UInt32>?, pool: inout OffscreenPool
  ) {
    var k = range.lowerBound
    while k < range.upperBound {
      switch steps[k] {
      case .fill(let node, let source, let coverage):
        let q = p.nodes[node].properties
        let color =
          switch source {
          case .background: q.backgroundColor
          case .fill: q.fillColor
          case .stroke: q.strokeColor
          }
        target.fill(coverage, color: packed(color))
        k += 1
      case .gradient(let node, let program, let appliesOpacity):
        let q = p.nodes[node].properties
        let opacity = appliesOpacity ? opacity8(q.opacity) : 255
        refreshTable(program, q)
        if opacity > 0 || under != nil {
          target.withUnsafeMutablePixels { px in
            programs[program].draw(
              table: tables[program], opacity: opacity, into: px.baseAddress!,
              under: under ?? UnsafePointer(px.baseAddress!))
          }
        }
        k += 1
      case .group(let node, let contentEnd, let end):
        let opacity = opacity8(p.nodes[node].properties.opacity)
        if opacity > 0 {
          var group = pool.take(depth: depth, like: target)
          execute(k + 1..<contentEnd, p, depth: depth + 1, into: &group, under: nil, pool: &pool)
          if contentEnd < end {
            var mask = pool.take(depth: depth + 1, like: target)
            execute(contentEnd..<end, p, depth: depth + 2, into: &mask, under: nil, pool: &pool)
            group.multiply(byAlphaOf: mask)
            pool.give(mask, depth: depth + 1)
          }
          target.composite(group, opacity: opacity)
          pool.give(group, depth: depth)
        }
        k = end
      }
    }
  }

  private func opacity8(_ o: Double) -> UInt32 { UInt32((min(max(o, 0), 1) * 255).rounded()) }

  /// A colour premultiplied and packed in the device's channel order.
  private func packed(_ c: RGBAColor) -> UInt32 {
    let v = c.premultipliedRGBA8
    return swapsRedAndBlue ? (v & 0xFF00_FF00) | (v & 0xFF) << 16 | (v >> 16) & 0xFF : v
  }

  /// Refills program `k`'s table when its colours or locations changed since the last fill.
  private mutating func refreshTable(_ k: Int, _ q: LayerProperties) {
    guard tableColors[k] != q.colors || tableLocations[k] != q.locations || tableColors[k].isEmpty
    else { return }
    tables[k].update(colors: q.colors, locations: q.stopLocations, indices: programs[k].usedIndices)
    if swapsRedAndBlue { tables[k].swapRedAndBlue(indices: programs[k].usedIndices) }
    copy(q.colors, into: &tableColors[k])
    copy(q.locations, into: &tableLocations[k])
  }
}

/// Copies `source` into `target`'s own storage (allocating only when the counts differ), so
/// that `target` never shares a buffer that its owner writes in place.
func copy<T>(_ source: [T], into target: inout [T]) {
  if target.count != source.count {
    target = source.map { $0 }
    return
  }
  for i in source.indices { target[i] = source[i] }
}
