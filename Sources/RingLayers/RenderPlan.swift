import RingGraphics

/// What a presentation's geometry compiles to: coverage and gradient programs in drawing
/// order, reused while the geometry holds (paths, strokes, masks, sizes, transform, gradient
/// geometry). Per frame it reads only what may change without recompiling: colours and
/// opacities.
struct RenderPlan {
  enum Step {
    /// Node `node`'s colour `source` over `coverage`.
    case fill(node: Int, source: ColorSource, coverage: CoverageMask)
    /// Node `node`'s image (its `contents`, times its `contentsTint`) over `region`, added
    /// to what is beneath when `additive` (a particle of an additive emitter).
    case image(node: Int, region: CoverageMask, sampler: ImageSampler, additive: Bool)
    /// Node `node`'s gradient (masked by its plain shape mask, if any, and at its own
    /// opacity when `appliesOpacity`).
    case gradient(node: Int, program: Int, appliesOpacity: Bool)
    /// Node `node` drawn as a group: steps up to `contentEnd` into an offscreen, the mask's
    /// steps from there to `end` into another, multiplied, then multiplied by `clip` (the
    /// rounded bounds of a layer that masks to them), composited at the node's opacity.
    /// A `shadow`, when the node casts one, is composited first, beneath the group.
    case group(node: Int, contentEnd: Int, end: Int, clip: CoverageMask?, shadow: Shadow?)
    /// The pixels beneath `region` filtered by node `node`'s backdrop filter (`sigma` in
    /// device pixels), mixed in at the node's opacity.
    case backdrop(node: Int, region: CoverageMask, sigma: Double, saturation: Double)
  }

  /// A layer's shadow on the device: the coverage of its `shadowPath` (nil: the alpha of
  /// what the layer draws), blurred by `sigma` pixels and moved by whole pixels.
  struct Shadow {
    var path: CoverageMask?
    var sigma: Double
    var dx: Int
    var dy: Int
  }

  enum ColorSource { case background, fill, stroke, border }

  /// A top-level run of steps and the nodes whose values it draws.
  struct Unit {
    var steps: Range<Int>
    var nodes: Range<Int>
    var bounds: PixelRect
    /// Whether the unit is one gradient step drawn over a frame of what lies beneath.
    var drawsOverBackdrop: Bool
  }

  /// What one node's plan is compiled from, compared by value: its place in the tree, its
  /// geometry, and what its paint decides about coverage. Built and compared every frame, so
  /// it copies arrays only by reference.
  struct NodeKey: Equatable {
    var kind: LayerKind
    var mask: Int?
    var sublayersStart: Int
    var end: Int
    var isAnimated: Bool
    var geometry: LayerGeometry
    var coverage: LayerPaint.Coverage

    init(_ n: Presentation.Node) {
      kind = n.kind
      mask = n.mask
      sublayersStart = n.sublayersStart
      end = n.end
      isAnimated = n.isAnimated
      geometry = n.properties.geometry
      coverage = LayerPaint.Coverage(n.properties.paint, inMask: n.isInMask)
    }
  }

  var keys: [NodeKey] = []
  /// Storage for the next plan's keys and units (see `init`).
  private var spareKeys: [NodeKey] = []
  private var spareUnits: [Unit] = []
  /// Storage for the next plan's program list.
  private var sparePrograms: [GradientProgram] = []
  /// Each node's geometry stamp when compiled (see `Presentation.Node.geometryStamp`).
  var stamps: [UInt64] = []
  var transform = Transform2D.identity
  var width = 0
  var height = 0
  var swapsRedAndBlue = false

  var steps: [Step] = []
  var units: [Unit] = []
  /// While groups are drawn into offscreens, the pixels of the targets they will be
  /// composited onto, outermost first: what a backdrop filter inside them sees beneath.
  /// Kept only when the plan has a backdrop step.
  var enclosingTargets: [UnsafePointer<UInt32>] = []
  /// Whether any step filters a backdrop.
  var hasBackdrop = false
  var programs: [GradientProgram] = []
  /// Each program's colour table.
  var colors: [GradientColors] = []
  /// Whether the plan this one replaced drew the same backdrop (see
  /// `drawsTheSameBackdrop(as:)`); false when it replaced none.
  private(set) var keepsBackdrop = false
  /// The first unit that may change with time: units before it form the backdrop.
  var firstAnimatedUnit = 0

  /// Whether the units beneath the first animated one are those of `other`, from the same
  /// nodes with the same geometry on the same device: the backdrop drawn for `other` holds
  /// for this plan while those nodes' values hold too.
  func drawsTheSameBackdrop(as other: RenderPlan) -> Bool {
    let b = firstAnimatedUnit
    guard b == other.firstAnimatedUnit, b < units.count, b < other.units.count,
      transform == other.transform, width == other.width, height == other.height,
      swapsRedAndBlue == other.swapsRedAndBlue
    else { return false }
    for (u, v) in zip(units[..<b], other.units[..<b]) {
      guard u.nodes == v.nodes, u.steps == v.steps, u.bounds == v.bounds,
        u.nodes.allSatisfy({
          $0 < keys.count && $0 < other.keys.count && keys[$0] == other.keys[$0]
        })
      else { return false }
    }
    return true
  }

  /// Whether this plan was compiled for `p`'s geometry on this device.
  func fits(
    _ p: Presentation, transform: Transform2D, width: Int, height: Int, swapsRedAndBlue: Bool
  ) -> Bool {
    guard transform == self.transform, width == self.width, height == self.height,
      swapsRedAndBlue == self.swapsRedAndBlue, p.nodes.count == keys.count
    else { return false }
    for i in keys.indices {
      let n = p.nodes[i]
      let k = keys[i]
      // An unchanged stamp vouches for the geometry; the rest is compared every frame.
      if n.geometryStamp != 0 && n.geometryStamp == stamps[i] && n.mask == k.mask
        && n.sublayersStart == k.sublayersStart && n.end == k.end
        && n.isAnimated == k.isAnimated
        && LayerPaint.Coverage(n.properties.paint, inMask: n.isInMask) == k.coverage
      {
        continue
      }
      if NodeKey(n) != k { return false }
    }
    return true
  }

  /// Compiles `p` for a `width` x `height` device placed by `transform`, reusing coverage
  /// from `cache` (and leaving in it what this plan uses), and the storage of `old`, the plan
  /// this one replaces (left without its programs and tables).
  init(
    _ p: Presentation, transform: Transform2D, width: Int, height: Int, swapsRedAndBlue: Bool,
    cache: inout CoverageCache, recycling old: inout RenderPlan?
  ) {
    self.transform = transform
    self.width = width
    self.height = height
    self.swapsRedAndBlue = swapsRedAndBlue
    // Storage from the plan replaced: its programs, tables, steps and stamps, and the keys,
    // units and program list of the plan before it (its own keys and units are compared
    // below).
    var spare: [GradientProgram] = []
    if old != nil {
      swap(&spare, &old!.programs)
      swap(&programs, &old!.sparePrograms)
      swap(&colors, &old!.colors)
      swap(&stamps, &old!.stamps)
      swap(&steps, &old!.steps)
      swap(&keys, &old!.spareKeys)
      swap(&units, &old!.spareUnits)
    }
    keys.removeAll(keepingCapacity: true)
    stamps.removeAll(keepingCapacity: true)
    for n in p.nodes {
      keys.append(NodeKey(n))
      stamps.append(n.geometryStamp)
    }
    cache.beginPlan()
    var compiler = Compiler(
      p: p, width: width, height: height, cache: &cache, steps: &steps, units: &units,
      programs: &programs, spare: &spare)
    if !p.nodes.isEmpty { compiler.compileTopLevel(0, parent: transform) }
    compiler.finish(
      cache: &cache, steps: &steps, units: &units, programs: &programs, spare: &spare)
    cache.endPlan()
    hasBackdrop = steps.contains { if case .backdrop = $0 { true } else { false } }
    sparePrograms = spare
    while colors.count > programs.count { colors.removeLast() }
    for k in colors.indices { colors[k].programDidChange() }
    while colors.count < programs.count { colors.append(GradientColors()) }
    firstAnimatedUnit =
      units.firstIndex { u in u.nodes.contains { p.nodes[$0].isAnimated } } ?? units.count
    if old != nil {
      keepsBackdrop = drawsTheSameBackdrop(as: old!)
      swap(&spareKeys, &old!.keys)
      swap(&spareUnits, &old!.units)
    }
  }

  /// The transform from a node's coordinates to the device, given its superlayer's plane
  /// on the device (`parent`) and the superlayer's sublayer space (`space`, `nil` for none,
  /// and for a mask).
  static func local(_ p: LayerGeometry, parent: Transform2D, space: Transform3D? = nil)
    -> Transform2D
  {
    if p.transform.isIdentity && space == nil {
      // One translation, computed as it always was (goldens pin it).
      let b = p.bounds
      let ox = p.position.x - p.anchorPoint.x * b.width - b.minX
      let oy = p.position.y - p.anchorPoint.y * b.height - b.minY
      return Transform2D(translationX: ox, y: oy).concatenating(parent)
    }
    let own = p.toSuperlayer3D
    return (space.map(own.concatenating) ?? own).flattened.concatenating(parent)
  }
}

extension LayerPaint {
  /// What a layer's paint decides about the coverage a plan compiles: which parts draw at
  /// all, whether the layer composites as a group, and (for a mask, whose alpha is baked into
  /// coverage) the alphas themselves.
  struct Coverage: Equatable {
    var isTranslucent: Bool
    var background: Bool
    var fill: Bool
    var stroke: Bool
    var border: Bool
    var shadow: Bool
    var isInMask: Bool
    /// For masks: the premultiplied 8-bit alphas of fill and stroke; 0 elsewhere.
    var fillAlpha: UInt8
    var strokeAlpha: UInt8
    var backgroundAlpha: UInt8

    init(_ paint: LayerPaint, inMask: Bool) {
      isTranslucent = paint.opacity < 1
      background = paint.backgroundColor.alpha > 0
      fill = paint.fillColor.alpha > 0
      stroke = paint.strokeColor.alpha > 0
      border = paint.borderColor.alpha > 0
      shadow = paint.shadowOpacity > 0 && paint.shadowColor.alpha > 0 && !inMask
      isInMask = inMask
      func alpha(_ c: RGBAColor) -> UInt8 { inMask ? UInt8(c.premultipliedRGBA8 >> 24) : 0 }
      fillAlpha = alpha(paint.fillColor)
      strokeAlpha = alpha(paint.strokeColor)
      backgroundAlpha = alpha(paint.backgroundColor)
    }
  }
}

extension RenderPlan {
  /// Turns presentation nodes into steps.
  struct Compiler {
    let p: Presentation
    let width: Int
    let height: Int
    var cache: CoverageCache
    var steps: [Step] = []
    var units: [Unit] = []
    var programs: [GradientProgram] = []
    var bounds: [PixelRect] = []
    /// Programs of the plan replaced, whose storage new programs compile into (last first).
    private var spare: [GradientProgram]

    /// A compiler that takes over `cache`, the (emptied) storage of `steps`, `units` and
    /// `programs`, and `spare`, programs whose storage new ones compile into (all left
    /// empty until `finish` gives them back).
    init(
      p: Presentation, width: Int, height: Int, cache: inout CoverageCache,
      steps: inout [Step], units: inout [Unit], programs: inout [GradientProgram],
      spare: inout [GradientProgram]
    ) {
      self.p = p
      self.width = width
      self.height = height
      self.cache = CoverageCache()
      self.spare = []
      swap(&self.cache, &cache)
      swap(&self.steps, &steps)
      swap(&self.units, &units)
      swap(&self.programs, &programs)
      swap(&self.spare, &spare)
      self.steps.removeAll(keepingCapacity: true)
      self.units.removeAll(keepingCapacity: true)
      self.programs.removeAll(keepingCapacity: true)
      self.spare.reverse()
      swap(&bounds, &self.cache.stepBounds)
      bounds.removeAll(keepingCapacity: true)
    }

    /// Gives back what `init` took, the steps, units and programs compiled, and the spare
    /// storage left.
    mutating func finish(
      cache: inout CoverageCache, steps: inout [Step], units: inout [Unit],
      programs: inout [GradientProgram], spare: inout [GradientProgram]
    ) {
      swap(&bounds, &self.cache.stepBounds)
      swap(&self.cache, &cache)
      swap(&self.steps, &steps)
      swap(&self.units, &units)
      swap(&self.programs, &programs)
      swap(&self.spare, &spare)
    }

    /// Compiles a gradient program (into a spare program's storage, when there is one) and
    /// returns its index.
    /// The program reads kept indices (`CoverageCache.indexField`) or kept device angles
    /// (`CoverageCache.angleField`) when the cache has them for its gradient, of layer bounds
    /// `bounds` placed by `m`.
    private mutating func addProgram(
      region: CoverageMask, alpha: CoverageMask?, sampler: GradientSampler, bounds: Rect,
      _ m: Transform2D
    ) -> Int {
      let field = cache.indexField(sampler, bounds, m, width, height)
      var program = spare.popLast() ?? GradientProgram()
      program.compile(
        region: region, alpha: alpha, sampler: sampler, field: field,
        angles: field == nil ? cache.angleField(sampler, width, height) : nil, width: width,
        height: height)
      programs.append(program)
      return programs.count - 1
    }

    /// Compiles node `i` (the root) and makes each top-level step range a unit.
    mutating func compileTopLevel(_ i: Int, parent: Transform2D) {
      compile(i, parent: parent, topLevel: true)
    }

    private mutating func unit(from start: Int, nodes: Range<Int>, overBackdrop: Bool) {
      guard steps.count > start else { return }
      var b = PixelRect.empty
      for k in start..<steps.count { b = b.union(bounds[k]) }
      units.append(
        Unit(
          steps: start..<steps.count, nodes: nodes, bounds: b.clipped(width: width, height: height),
          drawsOverBackdrop: overBackdrop))
    }

    /// What node `i`'s paint decides about coverage: all the compiler reads of paint.
    private func coverage(_ i: Int) -> LayerPaint.Coverage {
      LayerPaint.Coverage(p.nodes[i].properties.paint, inMask: p.nodes[i].isInMask)
    }

    private mutating func add(_ step: Step, bounds b: PixelRect) {
      steps.append(step)
      bounds.append(b)
    }

    /// Whether node `m` is a mask that is only a static shape's alpha.
    private func isPlainShapeMask(_ m: Int) -> Bool {
      let n = p.nodes[m]
      let c = coverage(m)
      let g = n.properties.geometry
      return n.kind == .shape && n.mask == nil && n.sublayersStart == n.end
        && !g.isHidden && !c.isTranslucent && !c.background && !g.masksToBounds
        && g.contents == nil
        && !(c.border && g.borderWidth > 0)
    }

    private mutating func compile(
      _ i: Int, parent: Transform2D, space: Transform3D? = nil, topLevel: Bool
    ) {
      let n = p.nodes[i]
      let q = n.properties.geometry
      let c = coverage(i)
      guard !q.isHidden else { return }
      let m = RenderPlan.local(q, parent: parent, space: space)
      let start = steps.count
      let hasBorder = c.border && q.borderPath != nil
      // A frosted layer first filters what lies beneath it.
      if !q.backdropFilter.isIdentity {
        let filter = q.backdropFilter
        let region = boundsRegion(q, m)
        add(
          .backdrop(
            node: i, region: region, sigma: filter.sigma * m.maximumScale,
            saturation: filter.saturation),
          bounds: region.pixelBounds)
      }
      // A gradient alone or under a plain shape mask draws in one pass, its opacity folded in
      // (its region the rounded bounds when it masks to them).
      // A layer that masks to its bounds clips its shadow away, as on iOS.
      let castsShadow = c.shadow && !q.masksToBounds
      if n.kind == .gradient, n.sublayersStart == n.end, !c.background, !hasBorder, !castsShadow,
        q.contents == nil, q.blendMode == .normal, q.backdropFilter.isIdentity,
        n.mask.map(isPlainShapeMask) ?? true
      {
        let region = boundsRegion(q, m)
        var alpha: CoverageMask?
        if let mi = n.mask {
          let g = p.nodes[mi].properties.geometry
          alpha = maskAlpha(g, coverage(mi), RenderPlan.local(g, parent: m))
        }
        addGradient(i, q, region: region, alpha: alpha, appliesOpacity: true, m)
        if topLevel { unit(from: start, nodes: i..<n.end, overBackdrop: true) }
        return
      }
      // A particle's blend mode is drawn by its image step (additive), not as a group.
      if n.mask != nil || c.isTranslucent || q.masksToBounds || castsShadow
        || (q.blendMode != .normal && n.kind != .particle)
      {
        // After the backdrop step, if any (the unit still starts at `start`).
        let groupStart = steps.count
        add(.group(node: i, contentEnd: 0, end: 0, clip: nil, shadow: nil), bounds: .empty)
        compileContents(i, m)
        let contentEnd = steps.count
        if let mi = n.mask { compile(mi, parent: m, topLevel: false) }
        var b = PixelRect.empty
        for k in (groupStart + 1)..<contentEnd { b = b.union(bounds[k]) }
        if !q.blendMode.keepsBackdropUnderClear {
          // A Porter-Duff operator composites the whole group, clear pixels too.
          b = PixelRect(x: 0, y: 0, width: width, height: height)
        }
        let clip =
          q.masksToBounds ? cache.fill(bounds: q, m, width, height) : nil
        var shadow: Shadow?
        if castsShadow {
          // The offset and blur in points, through the layer's transform (its scale).
          let o = m.apply(to: Point(x: q.shadowOffset.width, y: q.shadowOffset.height))
          let z = m.apply(to: .zero)
          let scale = m.maximumScale
          // At most the device's size: beyond it a shadow is all blur or all elsewhere.
          let reach = Double(width + height)
          func pixels(_ v: Double) -> Int {
            v.isFinite ? Int(min(max(v, -reach), reach).rounded()) : 0
          }
          let radius = q.shadowRadius.isFinite ? max(0, q.shadowRadius) : 0
          let sigma = (radius * scale).isFinite ? min(radius * scale, reach) : 0
          let path = q.shadowPath.map { cache.fill($0, rule: .nonZero, m, width, height) }
          let s = Shadow(path: path, sigma: sigma, dx: pixels(o.x - z.x), dy: pixels(o.y - z.y))
          shadow = s
          let spread = Int((3 * sigma).rounded(.up)) + 1
          let cast = path?.pixelBounds ?? b
          b = b.union(
            PixelRect(
              x: cast.x + s.dx - spread, y: cast.y + s.dy - spread, width: cast.width + 2 * spread,
              height: cast.height + 2 * spread
            ).clipped(width: width, height: height))
        }
        steps[groupStart] = .group(
          node: i, contentEnd: contentEnd, end: steps.count, clip: clip, shadow: shadow)
        bounds[groupStart] = b
        // The border is drawn over the group, unclipped (it lies inside the bounds).
        compileBorder(i, m)
        if topLevel { unit(from: start, nodes: i..<n.end, overBackdrop: false) }
        return
      }
      if topLevel {
        // Contents and each sublayer become units of their own; the border one more.
        compileOwnContent(i, m)
        unit(from: start, nodes: i..<i + 1, overBackdrop: false)
        forEachSublayer(of: i) { compiler, s in
          compiler.compile(s, parent: m, space: q.sublayerSpace, topLevel: true)
        }
        let borderStart = steps.count
        compileBorder(i, m)
        unit(from: borderStart, nodes: i..<i + 1, overBackdrop: false)
      } else {
        compileContents(i, m)
        compileBorder(i, m)
      }
    }

    /// The layer's bounds on the device through `m`: rounded when it masks to them.
    /// The step that shades node `i`'s gradient over `region` (times `alpha`, a mask's).
    private mutating func addGradient(
      _ i: Int, _ q: LayerGeometry, region: CoverageMask, alpha: CoverageMask?,
      appliesOpacity: Bool, _ m: Transform2D
    ) {
      let sampler = GradientSampler(geometry: q.gradientGeometry, bounds: q.bounds, transform: m)
      let program = addProgram(region: region, alpha: alpha, sampler: sampler, bounds: q.bounds, m)
      add(
        .gradient(node: i, program: program, appliesOpacity: appliesOpacity),
        bounds: programs[program].bounds)
    }

    private mutating func boundsRegion(_ q: LayerGeometry, _ m: Transform2D) -> CoverageMask {
      q.masksToBounds
        ? cache.fill(bounds: q, m, width, height)
        : cache.fill(rect: q.bounds, m, width, height)
    }

    /// Calls `body` with node `i`'s sublayers, back to front: in order, or by `zPosition`
    /// (stable) when any differs. Allocates only to sort.
    private mutating func forEachSublayer(
      of i: Int, _ body: (inout Compiler, Int) -> Void
    ) {
      var z: Double?
      var ordered = true
      for s in p.sublayers(of: i) {
        let zs = p.nodes[s].properties.geometry.zPosition
        if z == nil { z = zs } else if zs != z { ordered = false }
      }
      guard !ordered else {
        for s in p.sublayers(of: i) { body(&self, s) }
        return
      }
      let subs = Array(p.sublayers(of: i))
      let zs = subs.map { p.nodes[$0].properties.geometry.zPosition }
      for k in subs.indices.sorted(by: { (zs[$0], $0) < (zs[$1], $1) }) { body(&self, subs[k]) }
    }

    /// Node `i`'s border, if it has one: above its content and sublayers.
    private mutating func compileBorder(_ i: Int, _ m: Transform2D) {
      guard coverage(i).border, let path = p.nodes[i].properties.geometry.borderPath else { return }
      let c = cache.fill(path, rule: .evenOdd, m, width, height)
      add(.fill(node: i, source: .border, coverage: c), bounds: c.pixelBounds)
    }

    /// Background and content of node `i` then its sublayers, in its transform `m`.
    private mutating func compileContents(_ i: Int, _ m: Transform2D) {
      compileOwnContent(i, m)
      let space = p.nodes[i].properties.geometry.sublayerSpace
      forEachSublayer(of: i) { compiler, s in
        compiler.compile(s, parent: m, space: space, topLevel: false)
      }
    }

    private mutating func compileOwnContent(_ i: Int, _ m: Transform2D) {
      let n = p.nodes[i]
      let q = n.properties.geometry
      let drawn = coverage(i)
      if drawn.background {
        let c = cache.fill(bounds: q, m, width, height)
        add(.fill(node: i, source: .background, coverage: c), bounds: c.pixelBounds)
      }
      if let contents = q.contents { compileContents(i, n, q, contents.image, m) }
      switch n.kind {
      case .plain, .replicator, .emitter, .particle: break
      case .gradient:
        let region = cache.fill(rect: q.bounds, m, width, height)
        addGradient(i, q, region: region, alpha: nil, appliesOpacity: false, m)
      case .shape:
        guard let path = q.path else { break }
        if drawn.fill {
          let c = cache.fill(path, rule: q.fillRule, m, width, height)
          add(.fill(node: i, source: .fill, coverage: c), bounds: c.pixelBounds)
        }
        if drawn.stroke {
          let c = cache.stroke(path, q.strokeStyle, m, width, height)
          add(.fill(node: i, source: .stroke, coverage: c), bounds: c.pixelBounds)
        }
      }
    }

    /// The layer's image: the part `contentsRect` picks, placed by the gravity, in nine
    /// slices around `contentsCenter` (one when the whole part stretches).
    private mutating func compileContents(
      _ i: Int, _ n: Presentation.Node, _ q: LayerGeometry, _ image: Pixmap, _ m: Transform2D
    ) {
      let scale = q.contentsScale > 0 && q.contentsScale.isFinite ? q.contentsScale : 1
      // The part of the image drawn, in its pixels (all of it by default).
      let r = q.contentsRect
      let (w, h) = (Double(image.width), Double(image.height))
      let part = Rect(x: r.minX * w, y: r.minY * h, width: r.width * w, height: r.height * h)
      let size = Size(width: part.width / scale, height: part.height / scale)
      let place = q.contentsGravity.place(size, in: q.bounds)
      guard part.width > 0, part.height > 0, part.minX.isFinite, part.minY.isFinite,
        !place.isEmpty
      else { return }
      let additive = n.kind == .particle && q.blendMode == .plusLighter
      Self.forEachSlice(of: part, around: q.contentsCenter, scale, in: place) {
        source, destination in
        // Image pixels to the layer's points, then to the device.
        var toPlace = Transform2D(
          scaleX: destination.width / source.width, y: destination.height / source.height)
        if source.minX != 0 || source.minY != 0 {
          toPlace = Transform2D(translationX: -source.minX, y: -source.minY)
            .concatenating(toPlace)
        }
        let toDevice = toPlace.concatenating(
          Transform2D(translationX: destination.minX, y: destination.minY)
        ).concatenating(m)
        guard let sampler = ImageSampler(image: image, transform: toDevice) else { return }
        let region = cache.fill(rect: destination, m, width, height)
        add(
          .image(node: i, region: region, sampler: sampler, additive: additive),
          bounds: region.pixelBounds)
      }
    }

    /// Calls `body` with each slice of `part` (image pixels) and where it goes in `place`
    /// (points), by the stretchable `center` (unit space of the part): the edges keep their
    /// size at `scale` pixels per point unless the place is too small for them, when they
    /// shrink alike. Without allocating (particles' images are placed every frame).
    private static func forEachSlice(
      of part: Rect, around center: Rect, _ scale: Double, in place: Rect,
      _ body: (_ source: Rect, _ destination: Rect) -> Void
    ) {
      guard center != .unit, center.minX.isFinite, center.minY.isFinite, center.width.isFinite,
        center.height.isFinite
      else { return body(part, place) }
      // Cuts along one axis: the image's and the place's.
      func cuts(
        _ start: Double, _ length: Double, _ lo: Double, _ hi: Double, _ p0: Double,
        _ pLength: Double
      ) -> (SIMD4<Double>, SIMD4<Double>) {
        let a = start + length * min(max(lo, 0), 1)
        let b = max(a, start + length * min(max(hi, 0), 1))
        let before = (a - start) / scale
        let after = (start + length - b) / scale
        let shrink = before + after > pLength ? pLength / (before + after) : 1
        return (
          SIMD4(start, a, b, start + length),
          SIMD4(p0, p0 + before * shrink, p0 + pLength - after * shrink, p0 + pLength)
        )
      }
      let (sx, dx) = cuts(part.minX, part.width, center.minX, center.maxX, place.minX, place.width)
      let (sy, dy) = cuts(
        part.minY, part.height, center.minY, center.maxY, place.minY, place.height)
      for row in 0..<3 {
        for column in 0..<3 {
          let destination = Rect(
            x: dx[column], y: dy[row], width: dx[column + 1] - dx[column],
            height: dy[row + 1] - dy[row])
          guard destination.width > 0, destination.height > 0 else { continue }
          // A centre of no width stretches the pixels where it lies.
          let source = Rect(
            x: sx[column], y: sy[row], width: max(sx[column + 1] - sx[column], 1e-6),
            height: max(sy[row + 1] - sy[row], 1e-6))
          body(source, destination)
        }
      }
    }

    /// A plain shape mask's alpha: stroke over fill, with the rounding of compositing the two
    /// into a clear offscreen.
    private mutating func maskAlpha(
      _ s: LayerGeometry, _ c: LayerPaint.Coverage, _ m: Transform2D
    ) -> CoverageMask {
      guard let path = s.path else { return .empty }
      let fillA = UInt32(c.fillAlpha)
      let strokeA = UInt32(c.strokeAlpha)
      let fill = fillA > 0 ? cache.fill(path, rule: s.fillRule, m, width, height) : .empty
      let stroke = strokeA > 0 ? cache.stroke(path, s.strokeStyle, m, width, height) : .empty
      return CoverageMask.combine(
        fill: fill, fillAlpha: fillA, stroke: stroke, strokeAlpha: strokeA)
    }
  }
}

/// Rasterized coverage kept across plans, so a plan recompiled for one changed shape (an
/// animated stroke end) rasterizes only that shape.
struct CoverageCache {
  struct Key: Hashable {
    var path: BezierPath
    var stroke: StrokeStyle?
    var rule: FillRule
    var transform: Transform2D
    var width: Int
    var height: Int
  }
  private var entries: [Key: CoverageMask] = [:]
  private var used: Set<Key> = []
  /// Scan conversion's storage, kept from shape to shape (made on first use).
  private var scratch: RasterScratch?
  /// Masks dropped by the last plans, whose storage new masks take.
  private var spareMasks: [CoverageMask] = []
  private var stale: [Key] = []
  private var staleFields: [FieldKey] = []
  private var staleShapes: [Shape] = []

  /// A path filled, or stroked with a style: what an outline is made from.
  struct Shape: Hashable {
    var path: BezierPath
    var stroke: StrokeStyle?
  }
  /// Outlines in the shapes' own units, and the tolerance each was flattened to: a shape
  /// that only moves or turns is mapped and scan-converted again, not outlined again.
  private var outlines: [Shape: (tolerance: Double, contours: Contours)] = [:]
  /// Rectangles' paths (the regions of gradients and images).
  private var rectPaths: [Rect: BezierPath] = [:]
  /// Storage for a compiler's step bounds, kept between plans.
  var stepBounds: [PixelRect] = []
  private var shapesUsed: Set<Shape> = []
  /// Outlines dropped by the last plans, whose storage new outlines take.
  private var spareOutlines: [Contours] = []
  /// Paths flattened, kept while their shapes are outlined again (a stroke's end moving).
  private var flattened: [BezierPath: FlattenedPath] = [:]
  /// Flattened paths dropped by the last plans, whose storage new ones take.
  private var spareFlattened: [FlattenedPath] = []
  private var pathsUsed: Set<BezierPath> = []
  private var stalePaths: [BezierPath] = []

  /// A gradient in one place on one device.
  struct FieldKey: Hashable {
    var geometry: GradientGeometry
    var bounds: Rect
    var transform: Transform2D
    var width: Int
    var height: Int
  }
  /// Index fields, made when two plans in a row draw the same non-axial gradient in the
  /// same place (one plan alone computes only the pixels it covers).
  private var fields: [FieldKey: IndexField] = [:]
  private var fieldsUsed: Set<FieldKey> = []
  private var fieldsSeen: Set<FieldKey> = []
  /// How many index fields were made, for tests.
  private(set) var fieldsMade = 0
  /// Device angles about a point, made when two plans in a row draw a device conic about it
  /// (a spinner turning about its centre); kept while one does.
  struct AngleKey: Hashable {
    var centre: Point
    var width: Int
    var height: Int
  }
  private var angles: [AngleKey: AngleField] = [:]
  private var anglesUsed: Set<AngleKey> = []
  private var anglesSeen: Set<AngleKey> = []
  private var staleAngles: [AngleKey] = []

  mutating func beginPlan() {
    used.removeAll(keepingCapacity: true)
    fieldsUsed.removeAll(keepingCapacity: true)
    anglesUsed.removeAll(keepingCapacity: true)
    shapesUsed.removeAll(keepingCapacity: true)
    pathsUsed.removeAll(keepingCapacity: true)
  }
  /// Drops what the last plan did not use.
  mutating func endPlan() {
    // In place: each mask and outline dropped keeps its storage for the next one made.
    CoverageCache.dropUnused(&entries, used: used, stale: &stale) { mask in
      CoverageCache.keep(mask, in: &spareMasks)
    }
    CoverageCache.dropUnused(&fields, used: fieldsUsed, stale: &staleFields)
    CoverageCache.dropUnused(&angles, used: anglesUsed, stale: &staleAngles)
    swap(&anglesSeen, &anglesUsed)
    CoverageCache.dropUnused(&outlines, used: shapesUsed, stale: &staleShapes) { dropped in
      CoverageCache.keep(dropped.contours, in: &spareOutlines) { $0.points.capacity }
    }
    // A path stays flattened while a shape of it was outlined in the last plan or is kept.
    for shape in outlines.keys { pathsUsed.insert(shape.path) }
    CoverageCache.dropUnused(&flattened, used: pathsUsed, stale: &stalePaths) { dropped in
      if spareFlattened.count < 8 { spareFlattened.append(dropped) }
    }
    swap(&fieldsSeen, &fieldsUsed)
  }

  /// Keeps `value`'s storage in `pool` (at most 8, the largest last, so the next shape made,
  /// likely the one just dropped a little grown, takes the most storage): none is kept
  /// without storage, and the smallest goes when the pool is full.
  private static func keep<Value>(
    _ value: Value, in pool: inout [Value], storage: (Value) -> Int
  ) {
    let size = storage(value)
    guard size > 0 else { return }
    // Room for all 8 at once: the pool fills slowly, and must not grow after the first.
    if pool.capacity < 8 { pool.reserveCapacity(8) }
    if pool.count == 8 {
      guard size > storage(pool[0]) else { return }
      pool.removeFirst()
    }
    var i = pool.count
    while i > 0, storage(pool[i - 1]) > size { i -= 1 }
    pool.insert(value, at: i)
  }

  /// `keep` of a mask, measured by its runs' storage.
  private static func keep(_ mask: CoverageMask, in pool: inout [CoverageMask]) {
    keep(mask, in: &pool) { $0.runs.capacity + $0.runStarts.capacity }
  }

  /// Removes from `entries` in place those whose keys are not in `used` (collected in
  /// `stale`, storage kept), handing each removed value to `dropped`.
  private static func dropUnused<Key, Value>(
    _ entries: inout [Key: Value], used: Set<Key>, stale: inout [Key],
    dropped: (Value) -> Void = { _ in }
  ) {
    stale.removeAll(keepingCapacity: true)
    for key in entries.keys where !used.contains(key) { stale.append(key) }
    for key in stale {
      if let value = entries.removeValue(forKey: key) { dropped(value) }
    }
  }

  /// The index field of `sampler`'s gradient when the last plan drew it too; `nil` the
  /// first time, and for axial gradients (their positions are one multiply-add).
  mutating func indexField(
    _ sampler: GradientSampler, _ bounds: Rect, _ m: Transform2D, _ w: Int, _ h: Int
  ) -> IndexField? {
    guard sampler.affine == nil else { return nil }
    let key = FieldKey(
      geometry: sampler.geometry, bounds: bounds, transform: m, width: w, height: h)
    fieldsUsed.insert(key)
    if let field = fields[key] { return field }
    guard fieldsSeen.contains(key) else { return nil }
    let field = IndexField(sampler: sampler, width: w, height: h)
    fields[key] = field
    fieldsMade += 1
    return field
  }

  /// The device angles about `sampler`'s device conic's centre when the last plan drew one
  /// about it too; `nil` the first time, and for other gradients.
  mutating func angleField(_ sampler: GradientSampler, _ w: Int, _ h: Int) -> AngleField? {
    guard let conic = sampler.deviceConic else { return nil }
    let key = AngleKey(centre: conic.centre, width: w, height: h)
    anglesUsed.insert(key)
    if let field = angles[key] { return field }
    guard anglesSeen.contains(key) else { return nil }
    let field = AngleField(centre: conic.centre, width: w, height: h)
    angles[key] = field
    fieldsMade += 1
    return field
  }

  /// The mask for `key`: the one kept, or one rasterized from the shape's outline (kept
  /// while the shape and its flattening tolerance hold) into the storage of a dropped mask.
  private mutating func get(_ key: Key) -> CoverageMask {
    used.insert(key)
    if let hit = entries[key] { return hit }
    let scratch = self.scratch ?? RasterScratch()
    self.scratch = scratch
    let shape = Shape(path: key.path, stroke: key.stroke)
    shapesUsed.insert(shape)
    let tolerance = Rasterizer.tolerance(key.path, key.stroke, key.transform)
    let outline: Contours
    if let kept = outlines[shape], kept.tolerance == tolerance {
      outline = kept.contours
    } else {
      pathsUsed.insert(key.path)
      let lines: FlattenedPath
      if let kept = flattened[key.path], kept.tolerance == tolerance {
        lines = kept
      } else {
        var made = spareFlattened.popLast() ?? FlattenedPath()
        made.refill(key.path, tolerance: tolerance)
        lines = made
        flattened[key.path] = made
      }
      var made = spareOutlines.popLast() ?? Contours()
      Rasterizer.outlines(of: lines, style: key.stroke, into: &made, scratch: scratch)
      outline = made
      outlines[shape] = (tolerance, made)
    }
    var spare = spareMasks.popLast() ?? .empty
    let mask = Rasterizer.coverage(
      of: outline, transform: key.transform, rule: key.rule, width: key.width,
      height: key.height, scratch: scratch, reusing: &spare)
    // A shape that covers nothing leaves the storage it was offered: kept for the next.
    CoverageCache.keep(spare, in: &spareMasks)
    entries[key] = mask
    return mask
  }

  mutating func fill(_ path: BezierPath, rule: FillRule, _ m: Transform2D, _ w: Int, _ h: Int)
    -> CoverageMask
  {
    get(Key(path: path, stroke: nil, rule: rule, transform: m, width: w, height: h))
  }

  /// `fill` of a layer's bounds, its `maskedCorners` rounded by its `cornerRadius`: a
  /// square-cornered one through the kept rectangle paths (a background drawn each frame
  /// builds no path).
  mutating func fill(bounds q: LayerGeometry, _ m: Transform2D, _ w: Int, _ h: Int)
    -> CoverageMask
  {
    guard q.cornerRadius > 0, q.cornerRadius.isFinite else { return fill(rect: q.bounds, m, w, h) }
    return fill(q.roundedBounds, rule: .nonZero, m, w, h)
  }

  /// `fill` of rectangle `r`'s path, made once for a rectangle and kept.
  mutating func fill(rect r: Rect, _ m: Transform2D, _ w: Int, _ h: Int) -> CoverageMask {
    let path: BezierPath
    if let kept = rectPaths[r] {
      path = kept
    } else {
      if rectPaths.count >= 64 { rectPaths.removeAll(keepingCapacity: true) }
      path = BezierPath(rect: r)
      rectPaths[r] = path
    }
    return fill(path, rule: .nonZero, m, w, h)
  }

  mutating func stroke(
    _ path: BezierPath, _ style: StrokeStyle, _ m: Transform2D, _ w: Int, _ h: Int
  )
    -> CoverageMask
  {
    get(Key(path: path, stroke: style, rule: .nonZero, transform: m, width: w, height: h))
  }
}

extension CoverageMask {
  /// Alpha of (stroke colour x stroke coverage) over (fill colour x fill coverage), with the
  /// same rounding as compositing the two into a clear offscreen.
  static func combine(
    fill: CoverageMask, fillAlpha: UInt32, stroke: CoverageMask, strokeAlpha: UInt32
  ) -> CoverageMask {
    func draws(_ m: CoverageMask, _ alpha: UInt32) -> Bool {
      m.width > 0 && m.height > 0 && alpha > 0
    }
    let drawsFill = draws(fill, fillAlpha)
    let drawsStroke = draws(stroke, strokeAlpha)
    guard drawsFill || drawsStroke else { return .empty }
    if drawsFill != drawsStroke {
      let (mask, alpha) = drawsFill ? (fill, fillAlpha) : (stroke, strokeAlpha)
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
}
