@_exported import RingCore
import RingGraphics
import Synchronization

/// A rectangle of content in a tree, with sublayers, an optional mask and animations
/// (`CALayer`). Geometry in points, in the superlayer's coordinates (y down).
///
/// A layer holds model values (`properties`); what it shows at a time is its presentation
/// (`presentation(at:)`), the model with its animations applied, and rendering reads only
/// presentations. Layers are reference types because the tree, its animations and their
/// stop callbacks refer to the same layer; only `AnimationClock` removes finished
/// animations and runs stop callbacks.
open class Layer {
  /// What the layer draws: fixed by its class.
  public let kind: LayerKind
  /// The model values of every drawable property.
  public var properties = LayerProperties() {
    didSet { touch() }
  }
  /// A layer whose alpha masks this layer's content and sublayers, in this layer's coordinates.
  public var mask: Layer? {
    didSet {
      touch()
      oldValue?.touch()
      mask?.touch()
    }
  }
  public private(set) var sublayers: [Layer] = []
  /// The layer's own timeline, on which its animations and sublayers run.
  public var timing = LayerTiming() {
    didSet { touch() }
  }
  public private(set) weak var superlayer: Layer?

  struct Attached {
    var key: String
    var animation: any Animation
    /// Resolved begin time in clock nanoseconds; `nil` until committed.
    var begin: Int64?
    var sequence: Int
    /// The properties the animation declares it writes.
    var writes: [any AnyLayerProperty]
    /// Whether any declared property is geometry (the layer's plan may change with time).
    var movesGeometry: Bool
    /// Set when a finished animation that stays on the layer has reported its stop.
    var stopped = false
  }
  var attached: [Attached] = []
  /// Orders animations and names unnamed ones.
  private static let sequence = Atomic<Int>(0)
  private static func nextSequence() -> Int { sequence.add(1, ordering: .relaxed).newValue }

  /// A number no other layer or version of this one has: it changes whenever the model,
  /// the layer's place in the tree or its animations change.
  private(set) var stamp = Layer.nextStamp()
  private static let stamps = Atomic<UInt64>(0)
  private static func nextStamp() -> UInt64 { stamps.add(1, ordering: .relaxed).newValue }
  private func touch() { stamp = Layer.nextStamp() }

  public init() { kind = .plain }

  init(kind: LayerKind) { self.kind = kind }

  /// The layer's own coordinate space: origin and size, in points.
  public var bounds: Rect {
    get { properties.bounds }
    set { properties.bounds = newValue }
  }
  /// Where the anchor point sits in the superlayer, in points.
  public var position: Point {
    get { properties.position }
    set { properties.position = newValue }
  }
  /// The point of `bounds` placed at `position`, in unit coordinates ((0.5, 0.5) = centre).
  public var anchorPoint: Point {
    get { properties.anchorPoint }
    set { properties.anchorPoint = newValue }
  }
  /// Opacity in [0, 1].
  public var opacity: Double {
    get { properties.opacity }
    set { properties.opacity = newValue }
  }
  /// Fills the bounds beneath the content; `nil` draws nothing.
  public var backgroundColor: RGBAColor? {
    get { properties.backgroundColor.nilIfClear }
    set { properties.backgroundColor = newValue ?? .clear }
  }
  public var isHidden: Bool {
    get { properties.isHidden }
    set { properties.isHidden = newValue }
  }

  /// The rectangle the layer covers in its superlayer, in points.
  public var frame: Rect {
    get { properties.frame }
    set {
      bounds.size = newValue.size
      position = Point(
        x: newValue.minX + anchorPoint.x * newValue.width,
        y: newValue.minY + anchorPoint.y * newValue.height)
    }
  }

  public func addSublayer(_ layer: Layer) {
    insertSublayer(layer, at: Int.max)
  }

  /// Puts `layer` among the sublayers at `index` (clamped to the ends; 0 is the back),
  /// taking it from its superlayer first.
  public func insertSublayer(_ layer: Layer, at index: Int) {
    layer.removeFromSuperlayer()
    sublayers.insert(layer, at: max(0, min(index, sublayers.count)))
    layer.superlayer = self
    touch()
    layer.touch()
  }

  public func removeFromSuperlayer() {
    superlayer?.sublayers.removeAll { $0 === self }
    superlayer?.touch()
    superlayer = nil
    touch()
  }

  // MARK: Animations

  /// Adds `animation` under `key`, replacing (and stopping, unfinished) any animation already
  /// there; throws `RingError` when a property it declares (`keyPaths`) is not animatable on
  /// this kind of layer, or its timing or values are refused.
  public func add(_ animation: any Animation, forKey key: String? = nil) throws {
    try animation.timing.validate()
    try animation.validateValues()
    var writes: [any AnyLayerProperty] = []
    for keyPath in animation.keyPaths {
      guard let property = LayerProperties.animatable(keyPath), property.kinds.contains(kind)
      else {
        let what =
          LayerProperties.animatable(keyPath).map { "'\($0.name)'" }
          ?? "a property of type \(type(of: keyPath).valueType)"
        throw RingError(.unknownKeyPath, "\(what) is not an animatable property of \(Self.self)")
      }
      writes.append(property)
    }
    let key = key ?? "animation-\(Layer.nextSequence())"
    if let existing = attached.firstIndex(where: { $0.key == key }) {
      let old = attached.remove(at: existing)
      Layer.notifyStop(old.animation, finished: false)
    }
    let begin = animation.timing.beginTime == .zero ? nil : animation.timing.beginTime.nanoseconds
    attached.append(
      Attached(
        key: key, animation: animation, begin: begin, sequence: Layer.nextSequence(),
        writes: writes, movesGeometry: writes.contains { $0.role == .geometry }))
    touch()
  }

  public func animation(forKey key: String) -> (any Animation)? {
    attached.first { $0.key == key }?.animation
  }

  public var animationKeys: [String] { attached.map(\.key) }

  /// Where the animation under `key` is at clock time `time`: nil when there is none, it is
  /// not yet committed, or it shows nothing then (before its begin without a backwards
  /// fill, or after its end without a forwards one).
  public func phase(ofAnimation key: String, at time: MediaTime) -> AnimationPhase? {
    guard let a = attached.first(where: { $0.key == key }), let begin = a.begin else {
      return nil
    }
    return a.animation.timing.phase(at: localTime(at: time), begin: begin)
  }

  /// Removes the animation under `key`; its stop callbacks run with `finished` false.
  public func removeAnimation(forKey key: String) {
    guard let i = attached.firstIndex(where: { $0.key == key }) else { return }
    let old = attached.remove(at: i)
    touch()
    Layer.notifyStop(old.animation, finished: false)
  }

  public func removeAllAnimations() {
    let old = attached
    attached.removeAll()
    touch()
    for a in old { Layer.notifyStop(a.animation, finished: false) }
  }

  static func notifyStop(_ animation: any Animation, finished: Bool) {
    animation.delegate?.animationDidStop(animation, finished: finished)
    animation.onStop?(animation, finished)
  }

  // MARK: Presentation

  /// The tree under this layer as it shows at clock time `time`: every property with the
  /// animations applied in the order they were added. A pure function of the tree and the
  /// time.
  public func presentation(at time: MediaTime) -> Presentation {
    var p = Presentation()
    present(at: time, into: &p)
    return p
  }

  /// The model as of the last `commitModel()`.
  private var committedModel: LayerProperties?

  /// Records the model as committed: what `committedPresentation(at:)` starts from until
  /// the next commit (Core Animation's render tree, a transaction behind the model).
  public func commitModel() { committedModel = properties }

  /// The tree as it shows on screen at `time` while a transaction is open: the committed
  /// model (the current one for a layer never committed) with the committed animations,
  /// as Core Animation's presentation layers leave out what the open transaction changed.
  public func committedPresentation(at time: MediaTime) -> Presentation {
    var p = Presentation()
    p.time = time
    var count = 0
    appendPresented(
      at: superlayerTime(time.nanoseconds), inMask: false, into: &p.nodes, count: &count,
      committedOnly: true)
    return p
  }

  /// `presentation(at:)` into an existing presentation, reusing its storage: a tree whose
  /// shape and array sizes are unchanged is presented without allocating.
  public func present(at time: MediaTime, into presentation: inout Presentation) {
    presentation.time = time
    var count = 0
    appendPresented(
      at: superlayerTime(time.nanoseconds), inMask: false, into: &presentation.nodes,
      count: &count)
    if presentation.nodes.count > count {
      presentation.nodes.removeLast(presentation.nodes.count - count)
    }
  }

  private func appendPresented(
    at t: Int64, inMask: Bool, into nodes: inout [Presentation.Node], count: inout Int,
    committedOnly: Bool = false, replicated: Bool = false
  ) {
    // This layer's animations and sublayers run on its own timeline.
    let t = timing.local(t)
    let index = count
    count += 1
    let properties = committedOnly ? (committedModel ?? self.properties) : self.properties
    if index == nodes.count {
      nodes.append(Presentation.Node(kind: kind, properties: properties))
    } else if nodes[index].modelStamp != stamp || !attached.isEmpty || replicated {
      nodes[index].kind = kind
      if attached.isEmpty {
        nodes[index].properties = properties
      } else {
        // Keep the node's own colour and location storage, the model's values copied in, so
        // that animations write them in place, changing their counts within its capacity.
        var colors: [RGBAColor] = []
        var locations: [Double] = []
        swap(&colors, &nodes[index].properties.paint.colors)
        swap(&locations, &nodes[index].properties.paint.locations)
        nodes[index].properties = properties
        Layer.refill(&colors, with: properties.paint.colors)
        Layer.refill(&locations, with: properties.paint.locations)
        nodes[index].properties.paint.colors = colors
        nodes[index].properties.paint.locations = locations
      }
    }
    // The node holds the model's values only while no animation writes it: one that did
    // keeps its animated values, which must be replaced once the animations are gone.
    nodes[index].modelStamp = attached.isEmpty && !replicated ? stamp : 0
    var animated = false
    var geometryIsModel = true
    for a in attached {
      geometryIsModel = geometryIsModel && !a.movesGeometry
      if committedOnly && a.begin == nil { continue }
      guard let phase = a.animation.timing.phase(at: t, begin: a.begin ?? 0) else { continue }
      #if DEBUG
        let before = Layer.outside(a.writes, of: nodes[index].properties)
      #endif
      a.animation.apply(phase, model: properties, to: &nodes[index].properties)
      #if DEBUG
        assert(
          Layer.outside(a.writes, of: nodes[index].properties) == before,
          "animation '\(a.key)' wrote a property it does not declare in keyPaths")
      #endif
      animated = true
    }
    // An instance of a replicator is moved and tinted after it is presented.
    nodes[index].geometryStamp = geometryIsModel && !replicated ? stamp : 0
    nodes[index].isAnimated = !attached.isEmpty || animated
    nodes[index].isInMask = inMask
    nodes[index].mask = nil
    if let mask {
      nodes[index].mask = count
      mask.appendPresented(
        at: t, inMask: true, into: &nodes, count: &count, committedOnly: committedOnly,
        replicated: replicated)
    }
    nodes[index].sublayersStart = count
    if kind == .replicator {
      appendInstances(
        of: nodes[index].properties, at: t, inMask: inMask, into: &nodes, count: &count,
        committedOnly: committedOnly)
    } else {
      for sub in sublayers {
        sub.appendPresented(
          at: t, inMask: inMask, into: &nodes, count: &count, committedOnly: committedOnly,
          replicated: replicated)
      }
    }
    if kind == .emitter {
      nodes[index].properties.emitter.start = emissionStart(of: nodes[index].properties.emitter)
      Layer.appendParticles(
        of: nodes[index].properties.emitter, at: t, inMask: inMask, into: &nodes, count: &count)
    }
    nodes[index].end = count
  }

  /// A replicator's sublayers, `instanceCount` times (`CAReplicatorLayer`): instance k's
  /// animations run k `instanceDelay`s late, its placement is followed by
  /// `instanceTransform` k times about the centre of the replicator's bounds, and its
  /// colours are multiplied by the instance colour plus k offsets (clamped), whose alpha
  /// multiplies the instance's opacity.
  private func appendInstances(
    of replicator: LayerProperties, at t: Int64, inMask: Bool,
    into nodes: inout [Presentation.Node], count: inout Int, committedOnly: Bool
  ) {
    let g = replicator.geometry
    let p = replicator.paint
    let center = Transform3D(translationX: g.bounds.midX, y: g.bounds.midY, z: 0)
    let back = Transform3D(translationX: -g.bounds.midX, y: -g.bounds.midY, z: 0)
    var instance = Transform3D.identity
    for k in 0..<min(max(0, g.instanceCount), ReplicatorLayer.maximumInstanceCount)
    where count < Layer.maximumPresentedNodes {
      let delay = Double(k) * g.instanceDelay
      let time = t - (delay.isFinite ? MediaTime.seconds(delay).nanoseconds : 0)
      let kd = Double(k)
      func channel(_ base: Double, _ offset: Double) -> Double {
        min(1, max(0, base + kd * offset))
      }
      let tint = (
        red: channel(p.instanceColor.red, p.instanceRedOffset),
        green: channel(p.instanceColor.green, p.instanceGreenOffset),
        blue: channel(p.instanceColor.blue, p.instanceBlueOffset),
        alpha: channel(p.instanceColor.alpha, p.instanceAlphaOffset)
      )
      for sub in sublayers {
        let first = count
        sub.appendPresented(
          at: time, inMask: inMask, into: &nodes, count: &count, committedOnly: committedOnly,
          replicated: true)
        if k > 0 {
          // Placed, then moved by the instance transform about the centre: in terms of the
          // sublayer's own transform (applied about its anchor, before its position).
          let top = nodes[first].properties.geometry
          let position = Transform3D(translationX: top.position.x, y: top.position.y, z: 0)
          let unposition = Transform3D(translationX: -top.position.x, y: -top.position.y, z: 0)
          nodes[first].properties.transform = top.transform.concatenating(position)
            .concatenating(back).concatenating(instance).concatenating(center)
            .concatenating(unposition)
        }
        if tint != (1, 1, 1, 1) {
          nodes[first].properties.opacity *= tint.alpha
          for i in first..<count { Layer.tint(&nodes[i].properties.paint, tint) }
        }
      }
      instance = instance.concatenating(g.instanceTransform)
    }
  }

  /// An emitter's particles alive at local time `t` (nanoseconds), each a node of kind
  /// `.particle` drawing its cell's image. The render mode orders them through `zPosition`
  /// (by birth for the oldest-first and oldest-last modes) and adds them for `additive`.
  private static func appendParticles(
    of emitter: Emitter, at t: Int64, inMask: Bool, into nodes: inout [Presentation.Node],
    count: inout Int
  ) {
    let seconds = Double(t) / 1e9
    emitter.forEachParticle(at: seconds) { particle in
      guard count < Layer.maximumPresentedNodes,
        let contents = emitter.cells[particle.cell].contents
      else { return }
      let cell = emitter.cells[particle.cell]
      let index = count
      count += 1
      var g = LayerGeometry()
      let scale = cell.contentsScale > 0 && cell.contentsScale.isFinite ? cell.contentsScale : 1
      g.bounds = Rect(
        x: 0, y: 0, width: Double(contents.image.width) / scale,
        height: Double(contents.image.height) / scale)
      g.position = particle.position
      g.contents = contents
      g.contentsScale = scale
      g.transform = Transform3D(scaleX: particle.scale, y: particle.scale, z: 1)
        .concatenating(Transform3D(rotationAngle: particle.angle, x: 0, y: 0, z: 1))
      switch emitter.renderMode {
      case .oldestFirst: g.zPosition = particle.born
      case .oldestLast: g.zPosition = -particle.born
      case .additive: g.blendMode = .plusLighter
      case .unordered, .backToFront: break
      }
      var node = Presentation.Node(kind: .particle, properties: LayerProperties())
      node.properties.geometry = g
      node.properties.paint.contentsTint = particle.color
      node.isAnimated = true
      node.isInMask = inMask
      node.sublayersStart = count
      node.end = count
      if index == nodes.count { nodes.append(node) } else { nodes[index] = node }
    }
  }

  /// Multiplies the colours of `paint` by `tint`'s red, green and blue.
  private static func tint(
    _ paint: inout LayerPaint, _ tint: (red: Double, green: Double, blue: Double, alpha: Double)
  ) {
    func scaled(_ c: RGBAColor) -> RGBAColor {
      RGBAColor(
        unchecked: c.red * tint.red, c.green * tint.green, c.blue * tint.blue, c.alpha)
    }
    paint.backgroundColor = scaled(paint.backgroundColor)
    paint.fillColor = scaled(paint.fillColor)
    paint.strokeColor = scaled(paint.strokeColor)
    paint.contentsTint = scaled(paint.contentsTint)
    for i in paint.colors.indices { paint.colors[i] = scaled(paint.colors[i]) }
  }

  /// The most nodes a presentation holds: replicators' instances and emitters' particles
  /// beyond it are not presented, so that counts multiplied by nesting (an emitter in a
  /// replicator in a replicator) cannot exhaust memory or time.
  public static let maximumPresentedNodes = 100_000

  /// Where `emitter`'s emission starts on this layer's timeline, in seconds: its
  /// `startClockTime` there (never before the layer's begin time, its local 0, as Core
  /// Animation's simulation), else its `start`.
  public func emissionStart(of emitter: Emitter) -> Double {
    emitter.startClockTime.map { max(0, Double(localTime(at: $0)) / 1e9) } ?? emitter.start
  }

  /// Clock time `time` on this layer's own timeline, in nanoseconds.
  public func localTime(at time: MediaTime) -> Int64 {
    timing.local(superlayerTime(time.nanoseconds))
  }

  /// Clock time `t` on the superlayer's timeline: through every ancestor's timing, the
  /// root's first (`t` itself for a layer with none, or without a superlayer).
  private func superlayerTime(_ t: Int64) -> Int64 {
    guard let superlayer else { return t }
    return superlayer.timing.local(superlayer.superlayerTime(t))
  }

  /// Replaces `target`'s values with `source`'s in `target`'s own storage (kept when its
  /// capacity is enough).
  private static func refill<T>(_ target: inout [T], with source: [T]) {
    target.removeAll(keepingCapacity: true)
    target.append(contentsOf: source)
  }

  /// `properties` with the declared `writes` reset to their defaults: what an animation
  /// declaring them must leave unchanged. Resetting releases the declared values, so
  /// holding the result does not make an animation's in-place writes copy.
  static func outside(
    _ writes: [any AnyLayerProperty], of properties: LayerProperties
  ) -> LayerProperties {
    var p = properties
    for w in writes { w.reset(in: &p) }
    return p
  }
}

extension AnyLayerProperty {
  /// Sets the property in `p` to its default value.
  func reset(in p: inout LayerProperties) { p[keyPath: keyPath] = defaultValue }
}
