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
  /// The pixels (frame offset, count) the plan's first animated unit writes, recorded when
  /// it is compiled (when that unit is gradients alone over the backdrop), and those of the
  /// plan it replaced: only they are restored beneath the new one (storage reused).
  private var footprint: [(pixel: Int, count: Int)] = []
  private var footprintKnown = false
  private var oldFootprint: [(pixel: Int, count: Int)] = []
  private var oldFootprintKnown = false
  /// How many times a plan was compiled (a new geometry), for tests.
  package private(set) var planCompilations = 0
  /// How many gradients' index fields were made (kept under moving masks), for tests.
  package var indexFieldsMade: Int { cache.fieldsMade }
  private var cache = CoverageCache()
  private var pool = OffscreenPool()
  /// What lies beneath the first animated unit (incremental drawing).
  private var backdrop = Backdrop.invalid
  /// The values the backdrop was drawn from: those of the nodes of the units beneath the
  /// first animated one, in order.
  private var backdropValues: [LayerProperties] = []
  /// Changes whenever the backdrop's pixels are drawn again.
  private var backdropStamp = 0

  enum Backdrop {
    case invalid
    /// Nothing is drawn beneath: the pixels are clear.
    case clear
    /// A frame of the units beneath.
    case pixels(Pixmap)
  }

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
    plan.execute(
      plan.steps.indices, presentation, depth: 0, into: &pixmap, beneath: .target, pool: &pool)
  }

  /// Brings `frame` from `previous` to `presentation`, redrawing only what changed, and
  /// returns the rectangle of pixels written. `frame` must hold what this renderer drew for
  /// `previous` (pass `nil` when it holds anything else: every pixel is redrawn from clear).
  /// A steady frame allocates nothing.
  public func update(
    _ frame: inout Pixmap, to presentation: Presentation, from previous: Presentation?,
    transform: Transform2D
  ) -> PixelRect {
    // What the last plan's animated units covered: a new geometry there (a growing arc)
    // keeps the backdrop and redraws only the old and the new place.
    let before = plan.map { p in p.units[min(p.firstAnimatedUnit, p.units.count)...] }
    let recompiled = prepare(presentation, transform, frame)
    // The pixels the first of them wrote, when it was all gradients over the backdrop.
    let footprintKnown = recompiled && oldFootprintKnown
    var plan = self.plan.take()!
    defer { self.plan = plan }
    let whole = PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)
    let b = plan.firstAnimatedUnit
    let units = plan.units
    let hasBackdrop = if case .invalid = backdrop { false } else { true }
    guard hasBackdrop || (b == units.count && !recompiled), let previous,
      previous.nodes.count == presentation.nodes.count
    else {
      redrawAll(&plan, presentation, into: &frame)
      return whole
    }
    func changed(_ u: RenderPlan.Unit) -> Bool {
      u.nodes.contains { presentation.nodes[$0].properties != previous.nodes[$0].properties }
    }
    guard recompiled || units.contains(where: changed) else { return .empty }
    if !backdropMatches(plan, presentation) {
      redrawAll(&plan, presentation, into: &frame)
      return whole
    }
    var restore = PixelRect.empty
    // Whether only the old unit's own pixels are restored beneath the new one: when both
    // are gradients alone, drawn over the backdrop (which they read, not the frame), in the
    // same place among the units.
    let spans =
      recompiled && footprintKnown && before?.count == units.count - b
      && units[b].drawsOverBackdrop && isGradientsOnly(units[b], plan)
    var dirty = PixelRect.empty
    if recompiled, let before {
      for u in spans ? before.dropFirst() : before[...] { restore = restore.union(u.bounds) }
      if !spans { restore = restore.union(units[b].bounds) }
      if let first = before.first { dirty = first.bounds }
    }
    for u in units[(b + 1)...] { restore = restore.union(u.bounds) }
    if !units[b].drawsOverBackdrop { restore = restore.union(units[b].bounds) }
    let overBackdrop = units[b].drawsOverBackdrop
    let rest = units[b].steps.upperBound..<plan.steps.count
    switch backdrop {
    case .pixels(let under):
      under.pixels.withUnsafeBufferPointer { under in
        copy(restore, from: under.baseAddress!, into: &frame)
        if spans { copyFootprint(from: under.baseAddress!, into: &frame) }
        plan.execute(
          units[b].steps, presentation, depth: 0, into: &frame,
          beneath: overBackdrop ? .pixels(under.baseAddress!, stamp: backdropStamp) : .target,
          pool: &pool)
      }
    default:
      copy(restore, from: nil, into: &frame)
      if spans { copyFootprint(from: nil, into: &frame) }
      plan.execute(
        units[b].steps, presentation, depth: 0, into: &frame,
        beneath: overBackdrop ? .clear : .target, pool: &pool)
    }
    plan.execute(rest, presentation, depth: 0, into: &frame, beneath: .target, pool: &pool)
    return restore.union(units[b].bounds).union(dirty)
  }

  /// Keeps in `footprint` the pixels `plan`'s first animated unit writes, and returns true,
  /// when that unit is gradients alone drawn over the backdrop.
  private func recordFootprint(of plan: RenderPlan) -> Bool {
    footprint.removeAll(keepingCapacity: true)
    let b = plan.firstAnimatedUnit
    guard b < plan.units.count, plan.units[b].drawsOverBackdrop,
      isGradientsOnly(plan.units[b], plan)
    else { return false }
    for k in plan.units[b].steps {
      if case .gradient(_, let program, _) = plan.steps[k] {
        plan.programs[program].appendFootprint(to: &footprint)
      }
    }
    return true
  }

  private func isGradientsOnly(_ unit: RenderPlan.Unit, _ plan: RenderPlan) -> Bool {
    unit.steps.allSatisfy { k in
      if case .gradient = plan.steps[k] { return true }
      return false
    }
  }

  /// Copies the pixels of `source` (laid out like `frame`; `nil` for clear) that the
  /// replaced plan's footprint holds and the new one's does not into `frame` (the new
  /// shape's own pixels are drawn whole over the backdrop).
  private func copyFootprint(from source: UnsafePointer<UInt32>?, into frame: inout Pixmap) {
    frame.withUnsafeMutablePixels { px in
      func restore(_ start: Int, _ end: Int) {
        guard end > start else { return }
        if let source {
          (px.baseAddress! + start).update(from: source + start, count: end - start)
        } else {
          (px.baseAddress! + start).update(repeating: 0, count: end - start)
        }
      }
      // Both are ascending and disjoint: the old spans less the new, in one pass.
      var j = 0
      for old in oldFootprint {
        var start = old.pixel
        let end = old.pixel + old.count
        while j < footprint.count, footprint[j].pixel + footprint[j].count <= start { j += 1 }
        var k = j
        while start < end, k < footprint.count, footprint[k].pixel < end {
          restore(start, footprint[k].pixel)
          start = max(start, footprint[k].pixel + footprint[k].count)
          k += 1
        }
        restore(start, end)
      }
    }
  }

  /// `update` drawn straight into `target` (`width` x `height` pixels, laid out like a
  /// frame), which must hold what this renderer drew for `previous`, when the plan holds and
  /// everything to redraw is gradients (over the kept backdrop, or over what the target
  /// holds): the rectangle written. `nil`, with nothing written, when it cannot.
  func updateInPlace(
    _ target: UnsafeMutablePointer<UInt32>, width: Int, height: Int,
    to presentation: Presentation, from previous: Presentation, transform: Transform2D
  ) -> PixelRect? {
    guard var plan = self.plan.take() else { return nil }
    defer { self.plan = plan }
    let units = plan.units
    let b = plan.firstAnimatedUnit
    guard
      plan.fits(
        presentation, transform: transform, width: width, height: height,
        swapsRedAndBlue: swapsRedAndBlue),
      b < units.count, previous.nodes.count == presentation.nodes.count
    else { return nil }
    let hasBackdrop = if case .invalid = backdrop { false } else { true }
    guard hasBackdrop else { return nil }
    func changed(_ u: RenderPlan.Unit) -> Bool {
      u.nodes.contains { presentation.nodes[$0].properties != previous.nodes[$0].properties }
    }
    guard units.contains(where: changed) else { return .empty }
    let range = units[b].steps.lowerBound..<plan.steps.count
    guard backdropMatches(plan, presentation),
      range.allSatisfy({ if case .gradient = plan.steps[$0] { true } else { false } })
    else { return nil }
    var restore = PixelRect.empty
    for u in units[(b + 1)...] { restore = restore.union(u.bounds) }
    if !units[b].drawsOverBackdrop { restore = restore.union(units[b].bounds) }
    func draw(under: UnsafePointer<UInt32>?) {
      for y in restore.y..<restore.y + restore.height where !restore.isEmpty {
        let row = target + y * width + restore.x
        if let under {
          row.update(from: under + y * width + restore.x, count: restore.width)
        } else {
          row.update(repeating: 0, count: restore.width)
        }
      }
      for k in range {
        guard case .gradient(let node, let program, let appliesOpacity) = plan.steps[k] else {
          continue
        }
        let overBackdrop = units[b].steps.contains(k) && units[b].drawsOverBackdrop
        plan.drawGradient(
          program, presentation.nodes[node].properties, appliesOpacity: appliesOpacity,
          into: target, under: overBackdrop ? under : UnsafePointer(target),
          underStamp: overBackdrop && under != nil ? backdropStamp : nil,
          drawsBeneath: overBackdrop)
      }
    }
    if case .pixels(let kept) = backdrop {
      kept.pixels.withUnsafeBufferPointer { draw(under: $0.baseAddress!) }
    } else {
      draw(under: nil)
    }
    return restore.union(units[b].bounds)
  }

  /// Copies rectangle `r` of `source` (laid out like `frame`; `nil` for clear) into `frame`.
  private func copy(_ r: PixelRect, from source: UnsafePointer<UInt32>?, into frame: inout Pixmap) {
    guard !r.isEmpty else { return }
    let width = frame.width
    frame.withUnsafeMutablePixels { px in
      for y in r.y..<r.y + r.height {
        let row = y * width + r.x
        if let source {
          (px.baseAddress! + row).update(from: source + row, count: r.width)
        } else {
          (px.baseAddress! + row).update(repeating: 0, count: r.width)
        }
      }
    }
  }

  /// Whether the backdrop was drawn from `p`'s values (the frame may have been drawn by
  /// another presentation of the same geometry in between).
  private func backdropMatches(_ plan: RenderPlan, _ p: Presentation) -> Bool {
    var k = 0
    for u in plan.units[..<plan.firstAnimatedUnit] {
      for i in u.nodes {
        guard k < backdropValues.count, p.nodes[i].properties == backdropValues[k] else {
          return false
        }
        k += 1
      }
    }
    return k == backdropValues.count
  }

  /// Clears `frame`, draws the backdrop units and keeps a copy of them (none when they drew
  /// nothing), then draws the rest.
  private func redrawAll(_ plan: inout RenderPlan, _ p: Presentation, into frame: inout Pixmap) {
    frame.clear()
    let units = plan.units
    let b = plan.firstAnimatedUnit
    let split = b < units.count ? units[b].steps.lowerBound : plan.steps.count
    plan.execute(0..<split, p, depth: 0, into: &frame, beneath: .target, pool: &pool)
    backdropValues.removeAll(keepingCapacity: true)
    for u in units[..<min(b, units.count)] {
      for i in u.nodes { backdropValues.append(p.nodes[i].properties) }
    }
    if b == units.count {
      backdrop = .invalid
    } else if split == 0 {
      backdrop = .clear
    } else {
      var kept: Pixmap
      if case .pixels(let old) = backdrop, old.width == frame.width, old.height == frame.height {
        kept = old
        backdrop = .invalid  // keep the storage uniquely referenced
      } else {
        // The frame's own size: the frame itself was allocated at it.
        kept = try! Pixmap(width: frame.width, height: frame.height)
      }
      frame.pixels.withUnsafeBufferPointer { src in
        kept.withUnsafeMutablePixels {
          $0.baseAddress!.update(from: src.baseAddress!, count: src.count)
        }
      }
      backdrop = .pixels(kept)
      backdropStamp += 1
    }
    plan.execute(split..<plan.steps.count, p, depth: 0, into: &frame, beneath: .target, pool: &pool)
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
    planCompilations += 1
    let replaces = plan != nil
    var old = plan.take()
    plan = RenderPlan(
      p, transform: transform, width: target.width, height: target.height,
      swapsRedAndBlue: swapsRedAndBlue, cache: &cache, recycling: &old)
    if !plan!.keepsBackdrop { backdrop = .invalid }
    swap(&footprint, &oldFootprint)
    oldFootprintKnown = replaces && footprintKnown
    footprintKnown = recordFootprint(of: plan!)
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
  /// What a gradient step blends over.
  enum Beneath {
    /// The target's own pixels.
    case target
    /// Transparent pixels.
    case clear
    /// A frame of what lies beneath, laid out like the target, and its stamp (the same
    /// stamp, the same pixels).
    case pixels(UnsafePointer<UInt32>, stamp: Int)
  }

  /// Runs `range` of the steps for presentation `p` into `target`.
  mutating func execute(
    _ range: Range<Int>, _ p: Presentation, depth: Int, into target: inout Pixmap,
    beneath: Beneath, pool: inout OffscreenPool
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
          case .border: q.borderColor
          }
        target.fill(coverage, color: packed(color))
        k += 1
      case .backdrop(let node, let region, let sigma, let saturation):
        target.filterBackdrop(
          region, sigma: sigma, saturation: saturation,
          opacity: opacity8(p.nodes[node].properties.opacity), swapsRedAndBlue: swapsRedAndBlue,
          beneath: enclosingTargets)
        k += 1
      case .image(let node, let region, let sampler, let additive):
        target.fillImage(
          region, sampler: sampler, tint: p.nodes[node].properties.contentsTint,
          additive: additive, swapsRedAndBlue: swapsRedAndBlue)
        k += 1
      case .gradient(let node, let program, let appliesOpacity):
        let drawsBeneath = if case .target = beneath { false } else { true }
        target.withUnsafeMutablePixels { px in
          var stamp: Int?
          let under: UnsafePointer<UInt32>?
          switch beneath {
          case .target: under = UnsafePointer(px.baseAddress!)
          case .clear: under = nil
          case .pixels(let p, let s): (under, stamp) = (p, s)
          }
          drawGradient(
            program, p.nodes[node].properties, appliesOpacity: appliesOpacity,
            into: px.baseAddress!, under: under, underStamp: stamp, drawsBeneath: drawsBeneath)
        }
        k += 1
      case .group(let node, let contentEnd, let end, let clip, let shadow):
        let opacity = opacity8(p.nodes[node].properties.opacity)
        // A mask that draws nothing (no background, path or colours, or hidden) hides the
        // whole layer, as on iOS: only what a mask covers shows.
        let maskedOut = p.nodes[node].mask != nil && contentEnd == end
        if opacity > 0 && !maskedOut {
          var group = pool.take(depth: depth, like: target)
          if hasBackdrop {
            // A backdrop filter in the group sees what the group will be composited onto.
            target.withUnsafeMutablePixels { outer in
              enclosingTargets.append(UnsafePointer(outer.baseAddress!))
              execute(
                k + 1..<contentEnd, p, depth: depth + 1, into: &group, beneath: .target,
                pool: &pool)
              enclosingTargets.removeLast()
            }
          } else {
            execute(
              k + 1..<contentEnd, p, depth: depth + 1, into: &group, beneath: .target,
              pool: &pool)
          }
          if contentEnd < end {
            var mask = pool.take(depth: depth + 1, like: target)
            execute(
              contentEnd..<end, p, depth: depth + 2, into: &mask, beneath: .target, pool: &pool)
            group.multiply(byAlphaOf: mask)
            pool.give(mask, depth: depth + 1)
          }
          if let clip { group.multiply(byCoverage: clip) }
          if let shadow {
            let q = p.nodes[node].properties
            let mask =
              shadow.path.map {
                ShadowMask(
                  coverage: $0, width: target.width, height: target.height, sigma: shadow.sigma)
              } ?? ShadowMask(alphaOf: group, sigma: shadow.sigma)
            var color = q.shadowColor
            color.alpha *= min(max(q.shadowOpacity, 0), 1) * Double(opacity) / 255
            target.composite(mask, color: packed(color), dx: shadow.dx, dy: shadow.dy)
          }
          target.composite(
            group, opacity: opacity, mode: p.nodes[node].properties.blendMode,
            swapsRedAndBlue: swapsRedAndBlue)
          pool.give(group, depth: depth)
        }
        k = end
      }
    }
  }

  /// Program `program` drawn with `q`'s colours (and opacity when `appliesOpacity`) into
  /// `base` over `under` (nil: clear); skipped when transparent unless it `drawsBeneath`
  /// (what lies beneath is copied through it).
  mutating func drawGradient(
    _ program: Int, _ q: LayerProperties, appliesOpacity: Bool,
    into base: UnsafeMutablePointer<UInt32>, under: UnsafePointer<UInt32>?,
    underStamp: Int? = nil, drawsBeneath: Bool
  ) {
    let opacity = appliesOpacity ? opacity8(q.opacity) : 255
    refreshTable(program, q)
    guard opacity > 0 || drawsBeneath else { return }
    programs[program].draw(
      table: colors[program].table, opaque: colors[program].isOpaque, opacity: opacity, into: base,
      under: under, underStamp: underStamp)
  }

  private func opacity8(_ o: Double) -> UInt32 { UInt32((min(max(o, 0), 1) * 255).rounded()) }

  /// A colour premultiplied and packed in the device's channel order.
  private func packed(_ c: RGBAColor) -> UInt32 {
    let v = c.premultipliedRGBA8
    return swapsRedAndBlue ? PixelMath.swappingRedAndBlue(v) : v
  }

  /// Refills program `k`'s table where its colours or the entries it uses changed.
  private mutating func refreshTable(_ k: Int, _ q: LayerProperties) {
    colors[k].refresh(for: programs[k], q, swapsRedAndBlue: swapsRedAndBlue)
  }
}

/// Copies `source` into `target`'s own storage (allocating only when it grows past what
/// `target` held, or shares), so that `target` never shares a buffer that its owner writes in
/// place.
func copy<T>(_ source: [T], into target: inout [T]) {
  if target.count != source.count {
    target.removeAll(keepingCapacity: true)
    target.append(contentsOf: source)
    return
  }
  for i in source.indices { target[i] = source[i] }
}
