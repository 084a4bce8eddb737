import RingGraphics
import RingLayers

/// Supplies a layer's actions (a view is its layer's delegate, and answers `NSNull`: a
/// view's own layer does not animate implicitly).
public protocol CALayerDelegate: AnyObject {
  func action(for layer: CALayer, forKey event: String) -> CAAction?
  /// Sets the layer's content (`contents`); by default draws it with `draw(_:in:)`.
  func display(_ layer: CALayer)
  /// Draws the layer's content into `ctx`, in the layer's coordinates.
  func draw(_ layer: CALayer, in ctx: CGContext)
  /// Lays out the layer's sublayers, for a layer that is not a view's own.
  func layoutSublayers(of layer: CALayer)
}

extension CALayerDelegate {
  public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
  public func display(_ layer: CALayer) { layer.drawContent() }
  public func draw(_ layer: CALayer, in ctx: CGContext) {}
  public func layoutSublayers(of layer: CALayer) {}
}

/// A rectangle of content in a tree (Core Animation's layer), drawn by the RainbowRing
/// engine. Geometry in points, y down. Changing an animatable property of a layer that has
/// been shown, that is not a view's own layer, outside `CATransaction.setDisableActions(true)`,
/// adds Core Animation's implicit animation (0.25 s unless the transaction says otherwise)
/// under the property's name.
open class CALayer: NSObject {
  /// The engine's layer this one drives.
  let backing: Layer
  private var sublayerObjects: [CALayer] = []
  private weak var superlayerObject: CALayer?
  private var maskObject: CALayer?
  private var backgroundObject: CGColor?
  /// The model layer this is the presentation of.
  private var modelObject: CALayer?
  /// Whether this layer has been in a committed, shown tree (implicit actions need that).
  var hasBeenCommitted = false
  /// Animations added without a key: their engine keys, hidden from `animationKeys()`.
  static let unnamedPrefix = "\u{1}unnamed-"
  nonisolated(unsafe) private static var unnamed = 0

  /// A new engine key for an animation added without one.
  private static func unnamedKey() -> String {
    unnamed += 1
    return unnamedPrefix + "\(unnamed)"
  }

  open weak var delegate: CALayerDelegate?
  /// What key-value coding stored under keys that are not properties.
  var storedValues: [String: Any] = [:]
  /// Actions for property names (`NSNull()` turns one off).
  open var actions: [String: CAAction]?
  open var name: String?

  class func makeBacking() -> Layer { Layer() }

  public override init() {
    backing = Self.makeBacking()
    super.init()
    takeInitialCustomSnapshot()
  }

  /// The initialiser Core Animation makes presentation copies with: while it makes one, the
  /// layer holds `layer`'s model values. Called by a program, as many call
  /// `CAShapeLayer(layer: view.layer)` to make a layer to add to it, it makes a layer as
  /// `init()` does: on iOS such a layer is drawn where its own geometry puts it, not at the
  /// other's position, and without its background.
  public init(layer: Any) {
    backing = Self.makeBacking()
    super.init()
    if CALayer.makingCopy {
      if let other = layer as? CALayer { copyModel(from: other) }
      // The subclass's fields as they stand before the rest of its `init(layer:)`.
      CALayer.fieldsBeforeCopying = CustomProperties.rawFields(of: self)
    } else {
      takeInitialCustomSnapshot()
    }
  }

  /// Required, as on iOS (`NSSecureCoding`). This module also makes layers through it where
  /// only the class is known, should the slots of `init()` and `init(layer:)` not be found
  /// (see `ClassInitializers`): a subclass that implements it should call
  /// `super.init(coder:)`.
  public required init?(coder: NSCoder) {
    backing = Self.makeBacking()
    super.init()
    if !CALayer.makingCopy { takeInitialCustomSnapshot() }
  }

  /// Told of a change of what this layer observes (`addObserver(_:forKeyPath:options:
  /// context:)`): for subclasses to override. Nothing by default.
  open func observeValue(
    forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
    context: UnsafeMutableRawPointer?
  ) {}

  /// Set while this module makes a presentation copy.
  nonisolated(unsafe) static var makingCopy = false

  /// The program's fields of a copy being made, as its `init(layer:)` reached `CALayer`'s.
  nonisolated(unsafe) static var fieldsBeforeCopying: [CustomProperties.RawField] = []

  /// A copy of this layer as Core Animation makes a presentation layer: made by the
  /// class's `init(layer:)` (through `init?(coder:)` should its slot not be found), with
  /// the model's values, and the program's own properties with the `animated` numbers
  /// (those its `init(layer:)` set to values of its own left as they are).
  private func makePresentationCopy(animated: [String: Double]) -> Self? {
    let outer = (CALayer.makingCopy, CALayer.fieldsBeforeCopying)
    CALayer.makingCopy = true
    CALayer.fieldsBeforeCopying = []
    defer { (CALayer.makingCopy, CALayer.fieldsBeforeCopying) = outer }
    var setByProgram = Set<Int>()
    let made: Self
    if let copy = ClassInitializers.make(Self.self, copying: self) as? Self {
      setByProgram = CustomProperties.setDifferently(
        in: copy, since: CALayer.fieldsBeforeCopying, model: self)
      made = copy
    } else if let copy = Self(coder: EmptyCoder()) {
      made = copy
    } else {
      return nil
    }
    made.copyModel(from: self)
    made.modelObject = self
    copyCustomValues(to: made, except: setByProgram, animated: animated)
    return made
  }

  /// A new layer of `type` (`CALayer.Type`), as `+[CALayer layer]` makes one: by the
  /// class's `init()` (through `init?(coder:)` when it has none of its own).
  static func make(_ type: AnyClass) -> CALayer {
    if type == CALayer.self { return CALayer() }
    if type == CAGradientLayer.self { return CAGradientLayer() }
    if type == CAShapeLayer.self { return CAShapeLayer() }
    if type == CAReplicatorLayer.self { return CAReplicatorLayer() }
    if type == CAEmitterLayer.self { return CAEmitterLayer() }
    guard let layerType = type as? CALayer.Type else { return CALayer() }
    return ClassInitializers.make(layerType) ?? layerType.init(coder: EmptyCoder()) ?? CALayer()
  }

  /// Takes `other`'s model values (subclasses add theirs).
  func copyModel(from other: CALayer) {
    backing.properties = other.backing.properties
    backgroundObject = other.backgroundObject
    storedValues = other.storedValues
    borderObject = other.borderObject
    shadowObject = other.shadowObject
    shadowPathObject = other.shadowPathObject
    contentsObject = other.contentsObject
    name = other.name
  }

  // MARK: Geometry

  open var bounds: CGRect {
    get { CGRect(backing.properties.bounds) }
    set {
      if newValue.size != bounds.size {
        needsLayoutFlag = true
        if needsDisplayOnBoundsChange { setNeedsDisplay() }
      }
      change(\.geometry.bounds, to: newValue.rect)
    }
  }
  open var position: CGPoint {
    get { CGPoint(backing.properties.position) }
    set { change(\.geometry.position, to: newValue.point) }
  }
  open var anchorPoint: CGPoint {
    get { CGPoint(backing.properties.anchorPoint) }
    set { change(\.geometry.anchorPoint, to: newValue.point) }
  }
  /// Applied about the anchor point: what draws in the superlayer.
  open var transform: CATransform3D {
    get { CATransform3D(backing.properties.transform) }
    set { change(\.geometry.transform, to: newValue.transform3D) }
  }
  /// Applied to the sublayers (not the mask) about the anchor point.
  open var sublayerTransform: CATransform3D {
    get { CATransform3D(backing.properties.sublayerTransform) }
    set { change(\.geometry.sublayerTransform, to: newValue.transform3D) }
  }
  /// The rectangle the layer covers in its superlayer: the bounds at the position, and
  /// with a transform the smallest rectangle holding the transformed bounds.
  open var frame: CGRect {
    get { CGRect(backing.properties.frame) }
    set {
      let r = newValue.rect
      bounds = CGRect(x: bounds.origin.x, y: bounds.origin.y, width: r.width, height: r.height)
      position = CGPoint(
        x: r.minX + backing.properties.anchorPoint.x * r.width,
        y: r.minY + backing.properties.anchorPoint.y * r.height)
    }
  }

  // MARK: Appearance

  open var opacity: Float {
    get { Float(backing.properties.opacity) }
    set { change(\.paint.opacity, to: Double(newValue)) }
  }
  open var backgroundColor: CGColor? {
    get {
      guard isPresentationCopy else { return backgroundObject }
      let c = backing.properties.backgroundColor
      return c == .clear ? nil : CGColor(c)
    }
    set {
      backgroundObject = newValue
      change(\.paint.backgroundColor, to: newValue?.rgba ?? .clear)
    }
  }
  open var isHidden: Bool {
    get { backing.properties.isHidden }
    set {
      let wasHidden = backing.properties.isHidden
      change(\.geometry.isHidden, to: newValue, event: "hidden")
      // Shown or hidden, it enters or leaves what shows.
      let event = newValue ? kCAOnOrderOut : kCAOnOrderIn
      if wasHidden != newValue { run(orderAction(event), for: event) }
    }
  }
  /// A layer whose alpha masks this one's content and sublayers.
  open var mask: CALayer? {
    get { maskObject }
    set {
      maskObject = newValue
      backing.mask = newValue?.backing
    }
  }

  /// Rounds the background's and border's corners (and the clip's, with
  /// `masksToBounds`), in points.
  open var cornerRadius: CGFloat {
    get { CGFloat(backing.properties.cornerRadius) }
    set { change(\.geometry.cornerRadius, to: Double(newValue)) }
  }
  /// Which corners `cornerRadius` rounds (all unless set).
  open var maskedCorners: CACornerMask {
    get { CACornerMask(rawValue: UInt(backing.properties.maskedCorners.rawValue)) }
    set {
      change(
        \.maskedCorners, to: RectCorners(rawValue: Int(newValue.rawValue & 15)),
        event: "maskedCorners")
    }
  }
  /// Accepted; corners are drawn circular.
  open var cornerCurve = CALayerCornerCurve.circular
  /// Clips the content and sublayers to the (rounded) bounds; a clipped layer casts no
  /// shadow beyond them, as on iOS.
  open var masksToBounds: Bool {
    get { backing.properties.masksToBounds }
    set { change(\.geometry.masksToBounds, to: newValue) }
  }
  /// The border's width in points, drawn inside the bounds above the sublayers.
  open var borderWidth: CGFloat {
    get { CGFloat(backing.properties.borderWidth) }
    set { change(\.geometry.borderWidth, to: Double(newValue)) }
  }
  /// The border's colour: opaque black unless set.
  open var borderColor: CGColor? {
    get { isPresentationCopy ? CGColor(backing.properties.borderColor) : borderObject }
    set {
      borderObject = newValue
      change(\.paint.borderColor, to: newValue?.rgba ?? .clear)
    }
  }
  private var borderObject: CGColor? = CGColor(gray: 0, alpha: 1)
  /// The shadow's opacity in [0, 1]; 0 casts none.
  open var shadowOpacity: Float {
    get { Float(backing.properties.shadowOpacity) }
    set { change(\.paint.shadowOpacity, to: Double(newValue)) }
  }
  /// The shadow's blur, in points: a Gaussian of this standard deviation.
  open var shadowRadius: CGFloat {
    get { CGFloat(backing.properties.shadowRadius) }
    set { change(\.geometry.shadowRadius, to: Double(newValue)) }
  }
  /// Where the shadow falls, in points (3 points up unless set).
  open var shadowOffset: CGSize {
    get { CGSize(backing.properties.shadowOffset) }
    set { change(\.geometry.shadowOffset, to: newValue.size) }
  }
  /// The shadow's colour: opaque black unless set.
  open var shadowColor: CGColor? {
    get { isPresentationCopy ? CGColor(backing.properties.shadowColor) : shadowObject }
    set {
      shadowObject = newValue
      change(\.paint.shadowColor, to: newValue?.rgba ?? .clear)
    }
  }
  private var shadowObject: CGColor? = CGColor(gray: 0, alpha: 1)
  /// The shadow's shape; nil casts the shadow of what the layer draws.
  open var shadowPath: CGPath? {
    get {
      isPresentationCopy ? backing.properties.shadowPath.map { CGPath($0) } : shadowPathObject
    }
    set {
      shadowPathObject = newValue?.copy()
      change(\.geometry.shadowPath, to: newValue?.bezier)
    }
  }
  private var shadowPathObject: CGPath?
  /// An image drawn above the background and beneath the sublayers: a `CGImage` (other
  /// values draw nothing, with a note).
  open var contents: Any? {
    get {
      // A presentation copy shows what is drawn (an animation's image, say).
      guard isPresentationCopy else { return contentsObject }
      let shown = backing.properties.contents
      if let model = contentsObject as? CGImage, model.contents == shown { return model }
      return shown.map(CGImage.init(contents:))
    }
    set {
      contentsObject = newValue
      if newValue != nil, !(newValue is CGImage) {
        Notice.once("contents", "CALayer.contents draws CGImage values only")
      }
      change(\.geometry.contents, to: (newValue as? CGImage)?.contents)
    }
  }
  private var contentsObject: Any?
  /// Where the image goes in the bounds (`.resize` unless set).
  open var contentsGravity: CALayerContentsGravity {
    get { CALayerContentsGravity(rawValue: backing.properties.contentsGravity.rawValue) }
    set {
      let gravity = ContentsGravity(rawValue: newValue.rawValue) ?? .resize
      change(\.geometry.contentsGravity, to: gravity, event: "contentsGravity")
    }
  }
  /// The image's pixels per point, for gravities that keep its size.
  open var contentsScale: CGFloat {
    get { CGFloat(backing.properties.contentsScale) }
    set { change(\.geometry.contentsScale, to: Double(newValue), event: "contentsScale") }
  }
  /// How the layer combines with what is beneath it: a Core Image blend mode's name
  /// (`"multiplyBlendMode"`, `"screenBlendMode"`, ... `"luminosityBlendMode"`, with or
  /// without the `CI` prefix and a capital), `"sourceOverCompositing"`, or nil (normal).
  /// The layer is drawn as a group and blended by the W3C's formulas; a name not known
  /// draws as normal (a note says so once).
  open var compositingFilter: Any? {
    didSet {
      var mode = BlendMode.normal
      if let name = compositingFilter as? String {
        if let known = CALayer.blendModes[CALayer.filterName(name)] {
          mode = known
        } else {
          Notice.once("filter \(name)", "compositingFilter '\(name)' is not drawn (drawn normal)")
        }
      } else if compositingFilter != nil {
        Notice.once("filter", "compositingFilter takes a filter's name (a String) here")
      }
      change(\.geometry.blendMode, to: mode, event: "compositingFilter")
    }
  }

  /// Core Image's blend filters by name (`multiplyBlendMode`), as `compositingFilter`
  /// takes them.
  static let blendModes: [String: BlendMode] = {
    var modes: [String: BlendMode] = ["sourceOverCompositing": .normal]
    for mode in BlendMode.allCases where mode.isBlend && mode != .normal {
      modes[mode.rawValue + "BlendMode"] = mode
    }
    return modes
  }()

  /// `name` without Core Image's `CI` prefix, its first letter lowercase
  /// (`CIMultiplyBlendMode` is `multiplyBlendMode`).
  static func filterName(_ name: String) -> String {
    let bare = name.hasPrefix("CI") ? String(name.dropFirst(2)) : name
    return bare.prefix(1).lowercased() + bare.dropFirst()
  }

  /// Accepted: they change how iOS caches a layer, not what it shows.
  open var drawsAsynchronously = false
  open var shouldRasterize = false
  open var rasterizationScale: CGFloat = 1
  open var allowsEdgeAntialiasing = false
  open var allowsGroupOpacity = true
  open var isOpaque = false
  open var isDoubleSided = true
  open var isGeometryFlipped = false
  /// The part of `contents` drawn, in the image's unit space ((0, 0) its top-left): placed
  /// by the gravity as if it were the whole image, as a sprite sheet's frame is shown;
  /// animatable (a keyframe animation of it steps through the frames).
  open var contentsRect: CGRect {
    get { CGRect(backing.properties.contentsRect) }
    set { change(\.geometry.contentsRect, to: newValue.rect) }
  }
  /// The part of the image that stretches, in its unit space: the edges and corners around
  /// it keep their size in points (nine-slice scaling, as a stretchable button background
  /// or bubble is drawn), shrinking alike only where the layer is too small for them.
  open var contentsCenter: CGRect {
    get { CGRect(backing.properties.contentsCenter) }
    set { change(\.geometry.contentsCenter, to: newValue.rect) }
  }
  /// Accepted; images are filtered linearly.
  open var magnificationFilter = CALayerContentsFilter.linear
  open var minificationFilter = CALayerContentsFilter.linear
  /// Orders sublayers: higher in front, equal ones in their order.
  open var zPosition: CGFloat {
    get { CGFloat(backing.properties.zPosition) }
    set { change(\.geometry.zPosition, to: Double(newValue)) }
  }

  // MARK: The tree

  open var sublayers: [CALayer]? {
    get { sublayerObjects.isEmpty ? nil : sublayerObjects }
    set {
      for layer in sublayerObjects { layer.removeFromSuperlayer() }
      for layer in newValue ?? [] { addSublayer(layer) }
    }
  }
  open var superlayer: CALayer? { superlayerObject }

  open func addSublayer(_ layer: CALayer) { insertSublayer(layer, at: UInt32.max) }

  open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
    layer.removeFromSuperlayer()
    let sublayers = sublayersAction(adding: true)
    var index = min(Int(idx), sublayerObjects.count)
    // A transition's picture over the sublayers stays over those added while it shows.
    if let top = transitionPicture, top !== layer,
      let i = sublayerObjects.firstIndex(where: { $0 === top })
    {
      index = min(index, i)
    }
    sublayerObjects.insert(layer, at: index)
    layer.superlayerObject = self
    backing.insertSublayer(layer.backing, at: index + (drawnContent == nil ? 0 : 1))
    layer.run(layer.orderAction(kCAOnOrderIn), for: kCAOnOrderIn)
    runSublayersAction(sublayers, added: layer)
  }

  /// The action event of a layer whose sublayers change.
  static let sublayersEvent = "sublayers"

  /// The action for `event`, one of the events that are no property (`kCAOnOrderIn`,
  /// `kCAOnOrderOut`, `"sublayers"`), as Core Animation asks for it when a layer enters or
  /// leaves its superlayer or is shown or hidden; nil when actions are disabled. Asked
  /// before the change, run after it (`run(_:for:)`).
  func orderAction(_ event: String) -> CAAction? {
    guard !isPresentationCopy, !CATransaction.disableActions() else { return nil }
    return action(forKey: event)
  }

  /// Runs `action`, asked for `event` by `orderAction(_:)`, on this layer. A transition
  /// for `kCAOnOrderIn` brings the layer in from nothing, as it was in no tree.
  func run(_ action: CAAction?, for event: String) {
    if event == kCAOnOrderIn, let transition = action as? CATransition {
      run(transition.copy() as! CATransition, forKey: event, appearing: true)
    } else {
      action?.run(forKey: event, object: self, arguments: nil)
    }
  }

  /// The `"sublayers"` action, asked before a sublayer is removed (`adding` false) or
  /// added. A transition for a removal runs at once, so that its picture holds the sublayer
  /// leaving (it fades or moves out over what stays), and nil is left to run after it; one
  /// for an addition is left to bring the new sublayer in (`runSublayersAction`).
  func sublayersAction(adding: Bool) -> CAAction? {
    let action = orderAction(CALayer.sublayersEvent)
    guard !adding, action is CATransition else { return action }
    action?.run(forKey: CALayer.sublayersEvent, object: self, arguments: nil)
    return nil
  }

  /// Runs the `"sublayers"` action asked as `added` was added: a transition brings
  /// `added` in from nothing.
  func runSublayersAction(_ action: CAAction?, added: CALayer) {
    if let transition = action as? CATransition {
      added.run(transition.copy() as! CATransition, forKey: CALayer.sublayersEvent, appearing: true)
    } else {
      run(action, for: CALayer.sublayersEvent)
    }
  }

  /// What a view's `draw(_:)` drew, beneath the sublayers.
  private var drawnContent: Layer?
  /// The picture a transition holds over the sublayers of a layer that has no superlayer.
  weak var transitionPicture: CALayer?
  /// Animations of the program's own numbers, by their keys on the backing.
  var customTracks: [String: CustomTrack] = [:]
  /// The sublayers an animation added here under a key runs on, through their names
  /// (`addThroughSublayers`): removed with it.
  var sublayerParts: [String: [WeakTarget]] = [:]
  /// The values the content was last drawn with for them (nil: the model's).
  var customShown: [String: Double]?
  /// Whether a redraw of the model was taken by the presentation (`redrawPresentationIfDue`)
  /// and is owed when the animations end.
  var modelRedrawOwed = false
  /// The bytes of the program's own properties as last noticed (see
  /// `noticeCustomChanges`).
  var customSnapshot: [UInt8] = []
  /// The bytes of the program's own properties as last committed, what `presentation()`
  /// shows (see `commitCustomValues`).
  var customCommitted: [UInt8] = []
  /// The model layer a presentation copy draws the content of, while it draws.
  weak var drawsFor: CALayer?

  /// Shows `shapes` (in the layer's coordinates) beneath the sublayers, in place of what
  /// was drawn before; none removes it.
  func setDrawnContent(_ shapes: [Layer]) {
    drawnContent?.removeFromSuperlayer()
    drawnContent = nil
    guard !shapes.isEmpty else { return }
    // In the layer's own coordinates, clipped to its bounds as a backing store is.
    let bounds = backing.bounds
    let content = Layer()
    content.anchorPoint = .zero
    content.bounds = bounds
    content.position = bounds.origin
    let clip = ShapeLayer()
    clip.frame = bounds
    clip.path = BezierPath(rect: Rect(origin: .zero, size: bounds.size))
    clip.fillColor = .black
    content.mask = clip
    for shape in shapes { content.addSublayer(shape) }
    backing.insertSublayer(content, at: 0)
    drawnContent = content
  }

  open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
    // Taken out first: a layer already here, beneath its sibling, would shift its index.
    if layer !== sibling { layer.removeFromSuperlayer() }
    let i = sibling.flatMap { s in sublayerObjects.firstIndex { $0 === s } } ?? 0
    insertSublayer(layer, at: UInt32(i))
  }

  open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
    if layer !== sibling { layer.removeFromSuperlayer() }
    let i =
      sibling.flatMap { s in sublayerObjects.firstIndex { $0 === s }.map { $0 + 1 } }
      ?? sublayerObjects.count
    insertSublayer(layer, at: UInt32(i))
  }

  open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
    guard let i = sublayerObjects.firstIndex(where: { $0 === oldLayer }) else { return }
    oldLayer.removeFromSuperlayer()
    insertSublayer(newLayer, at: UInt32(i))
  }

  open func removeFromSuperlayer() {
    guard let parent = superlayerObject else { return }
    // Asked while it is still there, run once it has left: its action shows nothing (the
    // layer leaves at once, as on iOS), and may put the layer somewhere else.
    let leaving = orderAction(kCAOnOrderOut)
    let sublayers = parent.sublayersAction(adding: false)
    parent.sublayerObjects.removeAll { $0 === self }
    superlayerObject = nil
    backing.removeFromSuperlayer()
    run(leaving, for: kCAOnOrderOut)
    parent.run(sublayers, for: CALayer.sublayersEvent)
  }

  /// The layer and everything beneath it (masks included), depth first.
  func forEachInTree(_ body: (CALayer) -> Void) {
    body(self)
    maskObject?.forEachInTree(body)
    for layer in sublayerObjects { layer.forEachInTree(body) }
  }

  /// Calls `body` with this layer and each sublayer below it that is shown: not hidden,
  /// and not a mask.
  func forEachShownInTree(_ body: (CALayer) -> Void) {
    guard !backing.properties.isHidden else { return }
    body(self)
    for layer in sublayerObjects { layer.forEachShownInTree(body) }
  }

  // MARK: Timing (`CAMediaTiming`; see CALayer+Timing.swift)

  /// How fast the layer's time runs against its superlayer's; 0 pauses it.
  open var speed: Float {
    get { Float(backing.timing.speed) }
    set { backing.timing.speed = newValue.isFinite ? Double(newValue) : 1 }
  }

  /// Added to the layer's time, in seconds.
  open var timeOffset: CFTimeInterval {
    get { backing.timing.timeOffset.seconds }
    set { backing.timing.timeOffset = .seconds(newValue) }
  }

  /// When the layer's timeline starts, in its superlayer's time, in seconds.
  open var beginTime: CFTimeInterval {
    get { backing.timing.beginTime.seconds }
    set { backing.timing.beginTime = .seconds(newValue) }
  }

  // The rest of `CAMediaTiming`, kept (and read by key) but not applied to the layer's
  // timeline here: a layer's own duration, repeats and fill are seldom set.
  open var duration: CFTimeInterval {
    get { storedValues["duration"] as? CFTimeInterval ?? 0 }
    set { storedValues["duration"] = newValue }
  }
  open var repeatCount: Float {
    get { storedValues["repeatCount"] as? Float ?? 0 }
    set { storedValues["repeatCount"] = newValue }
  }
  open var repeatDuration: CFTimeInterval {
    get { storedValues["repeatDuration"] as? CFTimeInterval ?? 0 }
    set { storedValues["repeatDuration"] = newValue }
  }
  open var autoreverses: Bool {
    get { storedValues["autoreverses"] as? Bool ?? false }
    set { storedValues["autoreverses"] = newValue }
  }
  open var fillMode: CAMediaTimingFillMode {
    get { storedValues["fillMode"] as? CAMediaTimingFillMode ?? .removed }
    set { storedValues["fillMode"] = newValue }
  }

  // MARK: Key-value coding and hit-testing (see KeyValueCoding.swift, UIView+HitTesting.swift)

  /// The value of the property named `key`: an animatable property as Core Animation hands
  /// it out (what shows, for a presentation copy), else what was stored under `key`.
  open func value(forKey key: String) -> Any? { keyedValue(forKey: key) }

  /// Sets the property named `key` through its setter (a shown layer animates), else stores
  /// `value` under `key`.
  open func setValue(_ value: Any?, forKey key: String) { setKeyedValue(value, forKey: key) }

  /// Core Animation's default for `key`: none here beyond the properties' own.
  open class func defaultValue(forKey key: String) -> Any? { nil }

  /// Whether `key`'s value is archived: always, as Core Animation does.
  open func shouldArchiveValue(forKey key: String) -> Bool { true }

  /// Whether `point` (in this layer's coordinates) is inside its bounds.
  open func contains(_ point: CGPoint) -> Bool { bounds.contains(point) }

  /// The farthest descendant (or this layer) whose bounds hold `point`, given in the
  /// superlayer's coordinates; nil when it misses this layer. Hidden layers are skipped.
  open func hitTest(_ point: CGPoint) -> CALayer? {
    guard !isHidden else { return nil }
    let local = superlayer.map { convert(point, from: $0) } ?? convert(point, from: nil)
    guard contains(local) else { return nil }
    for sub in (sublayers ?? []).reversed() {
      if let hit = sub.hitTest(local) { return hit }
    }
    return self
  }

  // MARK: Animations

  /// Adds a copy of `anim` under `key`, replacing any animation there (whose delegate hears
  /// `finished: false` at the end of this turn of the run loop).
  open func add(_ anim: CAAnimation, forKey key: String?) {
    if addThroughSublayers(anim, forKey: key) { return }
    if let transition = anim as? CATransition {
      run(transition.copy() as! CATransition, forKey: key)
      return
    }
    let copy = anim.copy() as! CAAnimation
    // A basic animation with no values runs from what shows now to the model's value, as
    // Apple documents (a button's "bounds.size.width" animation that restores its width).
    if let basic = copy as? CABasicAnimation, !(basic is KeyframeStep), hasBeenCommitted,
      basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil
    {
      let name = basic.drawnKeyPath
      if let path = CAKeyPath(name, on: backing.kind) {
        basic.fromValue = path.boxed(
          in: backing.committedPresentation(at: Runtime.now).nodes[0].properties)
      } else if CustomProperties.fields(of: type(of: self))[name]?.kind.isNumber == true {
        // A number of the program's own: as its presentation shows it.
        basic.fromValue = presentation()?.value(forKey: name)
      }
    }
    guard let timing = copy.timing else {
      Notice.once(
        "timing", "an animation with a non-finite timing was not added")
      return
    }
    let children = (copy as? CAAnimationGroup)?.animations ?? []
    if let refusal = ([copy] + children).lazy.compactMap(\.refusal).first {
      Notice.once("refusal:\(refusal)", "an animation was not added: \(refusal)")
      return
    }
    var tracks: [(timing: AnimationTiming?, writer: any TrackWriter)] = []
    var keyPaths: [PartialKeyPath<LayerProperties>] = []
    var custom: CustomTrack?
    func bridge(_ animation: CAAnimation, timing: AnimationTiming?) {
      guard let property = animation as? CAPropertyAnimation else { return }
      let name = property.drawnKeyPath
      guard let keyPath = CAKeyPath(name, on: backing.kind) else {
        // A number of the program's own (a self-drawing layer's `progress`): drawn by
        // drawing a presentation copy at each frame (see `redrawCustomAnimations`).
        if timing == nil, CustomProperties.fields(of: type(of: self))[name]?.kind.isNumber == true {
          custom = CustomTrack(name: name, animation: property)
          return
        }
        if !name.isEmpty {
          Notice.once(
            "key:\(name)",
            "animating '\(name)' is not drawn here: the animation runs and its delegate hears of it, but nothing changes"
          )
        }
        return
      }
      let writer = keyPath.track(for: property)
      tracks.append((timing, writer))
      for path in [keyPath.property.partialKeyPath] + writer.alsoWrites
      where !keyPaths.contains(path) {
        keyPaths.append(path)
      }
    }
    if let group = copy as? CAAnimationGroup {
      for child in group.animations ?? [] {
        // In the group's time, ignoring the child's isRemovedOnCompletion (Core Animation's
        // rule): the group decides when they all leave.
        guard var timing = child.timing else { continue }
        timing.isRemovedOnCompletion = false
        // A child without a duration of its own spans the group's (JTMaterialSpinner's
        // rotation turns all through its group on iOS), not the default 0.25 s.
        if child.duration == 0 { timing.duration = .seconds(copy.duration) }
        bridge(child, timing: timing)
      }
    } else {
      bridge(copy, timing: nil)
    }
    let groups = Runtime.completionGroups()
    for group in groups { group.pending += 1 }
    let bridged = BridgedAnimation(
      keyPaths: keyPaths, timing: timing,
      onStop: { _, finished in Runtime.animationStopped(copy, finished: finished, groups: groups) },
      source: copy, tracks: tracks)
    let engineKey = key ?? CALayer.unnamedKey()
    do {
      try backing.add(bridged, forKey: engineKey)
    } catch {
      for group in groups { group.pending -= 1 }
      Notice.once("refused:\(error)", "an animation was not added: \(error)")
      return
    }
    customTracks[engineKey] = custom
    // Drawn once more from the model when it is over, as Core Animation redisplays a layer
    // whose class names the animated number in `needsDisplay(forKey:)`: also after one too
    // short for a frame to draw it.
    if let custom, type(of: self).needsDisplay(forKey: custom.name) { modelRedrawOwed = true }
    Runtime.animationAdded(copy)
  }

  /// Adds the parts of `anim` whose key paths go through a named sublayer
  /// (`"sublayers.left.position.y"`) to that sublayer, as Core Animation's key-value coding
  /// resolves them (the walking feet of Matt Neuburg's book): a property animation whole, a
  /// group's children in copies of the group, one on each layer they animate, the delegate
  /// kept by the one on this layer. False when no key path goes through a sublayer here.
  private func addThroughSublayers(_ anim: CAAnimation, forKey key: String?) -> Bool {
    /// The sublayer a key path goes through, and the rest of the path.
    func target(_ animation: CAAnimation) -> (layer: CALayer, path: String)? {
      guard let path = (animation as? CAPropertyAnimation)?.keyPath,
        path.hasPrefix("sublayers.")
      else { return nil }
      let parts = path.dropFirst("sublayers.".count).split(separator: ".", maxSplits: 1)
      guard parts.count == 2,
        let layer = sublayers?.first(where: { $0.name == String(parts[0]) })
      else { return nil }
      return (layer, String(parts[1]))
    }
    /// `animation` with its key path taken past the sublayer.
    func moved(_ animation: CAAnimation, _ path: String) -> CAAnimation {
      let copy = animation.copy() as! CAPropertyAnimation
      copy.keyPath = path
      return copy
    }
    let group = anim as? CAAnimationGroup
    let children = group?.animations ?? [anim]
    guard children.contains(where: { target($0) != nil }) else { return false }
    // Forget the parts that have ended.
    sublayerParts = sublayerParts.filter { key, parts in
      parts.contains { ($0.object as? CALayer)?.animation(forKey: key) != nil }
    }
    // Under a key of its own when it has none, so that removing it here reaches them.
    let key = key ?? CALayer.unnamedKey()
    guard let group else {
      let (layer, path) = target(anim)!
      layer.add(moved(anim, path), forKey: key)
      sublayerParts[key] = [WeakTarget(layer)]
      return true
    }
    var parts: [(layer: CALayer, animations: [CAAnimation])] = [(self, [])]
    for child in children {
      let (layer, animation) =
        target(child).map { ($0.layer, moved(child, $0.path)) } ?? (self, child)
      if let i = parts.firstIndex(where: { $0.layer === layer }) {
        parts[i].animations.append(animation)
      } else {
        parts.append((layer, [animation]))
      }
    }
    for (i, part) in parts.enumerated() {
      let copy = group.copy() as! CAAnimationGroup
      copy.animations = part.animations
      if i > 0 { copy.delegate = nil }
      part.layer.add(copy, forKey: key)
    }
    sublayerParts[key] = parts.dropFirst().map { WeakTarget($0.layer) }
    return true
  }

  /// The copy added under `key`, while it is on the layer.
  open func animation(forKey key: String) -> CAAnimation? {
    (backing.animation(forKey: key) as? BridgedAnimation)?.source
  }

  /// The keys of the animations on the layer, in the order they were added; nil for none.
  open func animationKeys() -> [String]? {
    let keys = backing.animationKeys.filter { !$0.hasPrefix(CALayer.unnamedPrefix) }
    return keys.isEmpty ? nil : keys
  }

  open func removeAnimation(forKey key: String) {
    backing.removeAnimation(forKey: key)
    for part in sublayerParts.removeValue(forKey: key) ?? [] {
      (part.object as? CALayer)?.removeAnimation(forKey: key)
    }
  }

  open func removeAllAnimations() {
    backing.removeAllAnimations()
    for (key, parts) in sublayerParts {
      for part in parts { (part.object as? CALayer)?.removeAnimation(forKey: key) }
    }
    sublayerParts = [:]
  }

  /// Removes the animations of this layer, its mask and its sublayers that are removed on
  /// completion, as they are on iOS when a view's layer leaves the window (their delegates
  /// and completions hear that they did not finish); an animation whose
  /// `isRemovedOnCompletion` is false stays, and runs on.
  func removeAnimationsLeavingWindow() {
    for key in backing.animationKeys
    where (backing.animation(forKey: key) as? BridgedAnimation)?.source.isRemovedOnCompletion
      ?? true
    {
      backing.removeAnimation(forKey: key)
    }
    mask?.removeAnimationsLeavingWindow()
    for layer in sublayers ?? [] { layer.removeAnimationsLeavingWindow() }
  }

  // MARK: Model and presentation

  /// The layer as it shows now on the media clock (a copy, with its sublayers' presented
  /// values for `render(in:)`); nil before the layer was first committed.
  open func presentation() -> Self? {
    if isPresentationCopy { return self }
    guard hasBeenCommitted else { return nil }
    let presented = backing.committedPresentation(at: Runtime.now)
    guard let copy = makePresentationCopy(animated: customValues() ?? [:]) else { return nil }
    copy.backing.properties = presented.nodes[0].properties
    copy.keepPresentedValues(presented.nodes[0].properties)
    copy.backing.removeAllAnimations()
    LayerCopy.attachChildren(of: 0, in: presented, to: copy.backing)
    return copy
  }

  /// A copy of the model with `values` for the program's own properties, to draw.
  func presentationCopyForDrawing(_ values: [String: Double]) -> CALayer? {
    guard let copy = makePresentationCopy(animated: values) else { return nil }
    copy.delegate = delegate
    return copy
  }

  /// Keeps a presentation copy's presented values where drawing its copy changes them
  /// (a replicator's).
  func keepPresentedValues(_ properties: LayerProperties) {}

  /// The values the layer's properties read: its backing's, or for a presentation copy of
  /// a replicator, those presented.
  var shownProperties: LayerProperties { backing.properties }

  /// The model layer: itself, or the layer a presentation copy was made from.
  open func model() -> Self { (modelObject as? Self) ?? self }

  /// Whether this is a presentation copy (its values come from its backing only).
  var isPresentationCopy: Bool { modelObject != nil }

  /// Draws the layer and its sublayers' model values (animations ignored, as Core Animation
  /// does; draw `presentation()` for what shows) into `ctx`, in the layer's own
  /// coordinates.
  open func render(in ctx: CGContext) {
    let root = LayerCopy.model(of: backing)
    // In the layer's own space: its transform is not drawn, as Apple documents.
    root.properties.transform = .identity
    let frame = root.properties.frame
    let bounds = root.properties.bounds
    ctx.draw(
      root,
      offset: Point(x: bounds.origin.x - frame.origin.x, y: bounds.origin.y - frame.origin.y))
  }

  // MARK: Actions

  /// The action for a change of `event`: the delegate's, else `actions[event]`, else the
  /// implicit animation. `nil` (or `NSNull`) runs nothing.
  open func action(forKey event: String) -> CAAction? {
    if let delegate, let action = delegate.action(for: self, forKey: event) {
      return action is NSNull ? nil : action
    }
    if let action = actions?[event] { return action is NSNull ? nil : action }
    // A layer not shown yet has no implicit animation: it appears as set.
    guard hasBeenCommitted, CAKeyPath(event, on: backing.kind) != nil else { return nil }
    let animation = CABasicAnimation(keyPath: event)
    animation.duration = CATransaction.animationDuration()
    animation.timingFunction = CATransaction.animationTimingFunction()
    return animation
  }

  /// Sets the model's value at `keyPath` to `value`; then, when actions run, the action for
  /// the property's Core Animation name (`event` for one that is not animatable): from the
  /// value on screen (Core Animation's implicit animations), or from the model value just
  /// before the change inside a `UIView.animate` block (UIKit's, unless
  /// `.beginFromCurrentState`).
  func change<Value>(
    _ keyPath: WritableKeyPath<LayerProperties, Value>, to value: Value, event: String? = nil
  ) {
    // Observers hear of it after the change (and after its action is added).
    defer { if !isPresentationCopy { KeyValueObservations.shared.check(touched: self) } }
    // The property's name, found once (the setters pass stored key paths: written through,
    // they allocate nothing).
    let name = LayerProperties.animatable(keyPath)?.name ?? event
    if let name, type(of: self).needsDisplay(forKey: name) {
      setNeedsDisplay()
    }
    // `action(forKey:)` is asked whether or not the layer has been shown, as Core Animation
    // asks it on every change; its implicit animation is for a shown layer only (a view's
    // own inside a `UIView.animate` block gets the block's: UIKit animates a view added in
    // the same turn, a fade-in).
    guard !isPresentationCopy, !CATransaction.disableActions(), let key = name else {
      backing.properties[keyPath: keyPath] = value
      return
    }
    let model = backing.properties
    // Asked before the change and run after it, as Core Animation does: an action that reads
    // the layer's value (a chart's slice, animating from it) reads the old one.
    let action = action(forKey: key)
    backing.properties[keyPath: keyPath] = value
    guard let action else { return }
    if let basic = action as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil,
      basic.byValue == nil
    {
      let block = delegate is UIView ? UIView.animationBlocks.last : nil
      let before =
        block?.fromModel == true
        ? model : backing.committedPresentation(at: Runtime.now).nodes[0].properties
      let path = CAKeyPath(key, on: backing.kind)
      let copy = basic.copy() as! CABasicAnimation
      copy.fromValue = path?.boxed(in: before)
      if copy is KeyframeStep {
        // A keyframe ends at the value its change set, not at the model's last one.
        copy.toValue = path?.boxed(in: backing.properties)
      } else if block != nil, let parts = UIView.additiveParts[key],
        runAdditively(copy, parts: parts, before: model, recording: block?.animator)
      {
        return
      }
      block?.animator?.changes.append((self, key, key, copy.fromValue))
      copy.run(forKey: key, object: self, arguments: nil)
    } else {
      action.run(forKey: key, object: self, arguments: nil)
    }
  }

  /// Runs `animation` for `parts` of a property as UIKit has since iOS 8: each part an offset
  /// from its value in `before` to nothing, added to what is beneath, under a key of its
  /// own (`"position"`, then `"position-2"`), so that an animation of the property already
  /// running runs on and the two add up. False, running nothing, when a part's values do
  /// not subtract (a transform that cannot be inverted).
  private func runAdditively(
    _ animation: CABasicAnimation, parts: [String], before: LayerProperties,
    recording: UIView.AnimatorRecording?
  ) -> Bool {
    var runs: [(path: String, from: Any?, offset: Any, zero: Any)] = []
    for part in parts {
      guard let path = CAKeyPath(part, on: backing.kind) else { return false }
      let (old, new) = (path.boxed(in: before), path.boxed(in: backing.properties))
      guard let offset = path.difference(old, new), let zero = path.difference(new, new) else {
        return false
      }
      runs.append((part, old, offset, zero))
    }
    for run in runs {
      let piece = animation.copy() as! CABasicAnimation
      piece.keyPath = run.path
      (piece.fromValue, piece.toValue, piece.isAdditive) = (run.offset, run.zero, true)
      var key = run.path
      var n = 1
      while backing.animation(forKey: key) != nil {
        n += 1
        key = "\(run.path)-\(n)"
      }
      recording?.changes.append((self, run.path, key, run.from))
      piece.run(forKey: key, object: self, arguments: nil)
    }
    return true
  }

  // MARK: Layout

  /// Whether `layoutSublayers()` is due: a new layer, a new size or `setNeedsLayout()`.
  private var needsLayoutFlag = true

  open func setNeedsLayout() { needsLayoutFlag = true }
  open func needsLayout() -> Bool { needsLayoutFlag }

  /// Calls `layoutSublayers()` now if it is due (layers that are not a view's own are laid
  /// out at the end of each turn of the run loop, after the views).
  open func layoutIfNeeded() {
    guard needsLayoutFlag else { return }
    needsLayoutFlag = false
    layoutSublayers()
  }

  /// Lays out sublayers: the delegate's `layoutSublayers(of:)` unless overridden (a view's
  /// own layer so lays out its view, `layoutSubviews`), so that a layer class of the view's
  /// that overrides this runs at the view's layout, calling `super` for the view's.
  open func layoutSublayers() {
    delegate?.layoutSublayers(of: self)
  }

  // MARK: Drawing

  /// Whether `display()` is due: after `setNeedsDisplay()`, a change of a key that
  /// `needsDisplay(forKey:)` names, or a new size with `needsDisplayOnBoundsChange`. A new
  /// layer has no content until then, as on iOS.
  private var needsDisplayFlag = false
  /// Redraws the content when the bounds change size.
  open var needsDisplayOnBoundsChange = false

  /// Marks the content for redrawing at the end of this turn of the run loop.
  open func setNeedsDisplay() { needsDisplayFlag = true }
  open func setNeedsDisplay(_ r: CGRect) { needsDisplayFlag = true }
  open func needsDisplay() -> Bool { needsDisplayFlag }

  /// Takes a due redraw for the presentation while an animation of the layer's own numbers
  /// runs: what shows then is the presentation's drawing, as on iOS, so a redraw of the model
  /// (its delegate committing a value mid-animation) must not replace it. The model is
  /// drawn again when the animation ends.
  func redrawPresentationIfDue() {
    guard needsDisplayFlag, !customTracks.isEmpty else { return }
    needsDisplayFlag = false
    customShown = nil
    modelRedrawOwed = true
  }

  /// Runs `display()` now if it is due.
  open func displayIfNeeded() {
    guard needsDisplayFlag else { return }
    needsDisplayFlag = false
    display()
  }

  /// Whether a change of the property named `key` redraws the layer: none by default.
  open class func needsDisplay(forKey key: String) -> Bool { false }

  /// Sets the layer's content: the delegate's `display(_:)` (by default, and for a view's
  /// own layer, what `draw(in:)` draws), else what `draw(in:)` draws.
  open func display() {
    if let delegate { delegate.display(self) } else { drawContent() }
  }

  /// Draws the layer's content, in its own coordinates: the delegate's `draw(_:in:)` (for
  /// a view's own layer, the view's `draw(_:)`) unless overridden. What it draws shows
  /// beneath the sublayers, clipped to the bounds.
  open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

  /// Records what `draw(in:)` draws as the layer's content (the context is also the current
  /// one, for UIKit drawing calls).
  func drawContent() {
    let context = CGContext(recording: backing.bounds)
    GraphicsContextStack.stack.append(context)
    draw(in: context)
    GraphicsContextStack.stack.removeLast()
    (drawsFor ?? self).setDrawnContent(context.drawnLayers)
  }
}

/// Engine layer trees copied: a model without animations, or a presentation's nodes.
enum LayerCopy {
  static func make(_ kind: LayerKind) -> Layer {
    switch kind {
    case .plain: Layer()
    case .replicator: ReplicatorLayer()
    case .emitter: EmitterLayer()
    case .particle: ParticleLayer()
    case .gradient: GradientLayer()
    case .shape: ShapeLayer()
    }
  }

  /// `layer`'s tree with its model values and no animations.
  static func model(of layer: Layer) -> Layer {
    let copy = make(layer.kind)
    copy.properties = layer.properties
    if let mask = layer.mask { copy.mask = model(of: mask) }
    for sub in layer.sublayers { copy.addSublayer(model(of: sub)) }
    return copy
  }

  /// Adds node `index`'s mask and sublayers, as presented, to `layer`. A replicator's
  /// presented sublayers are its instances, so its copy draws them once.
  static func attachChildren(of index: Int, in p: Presentation, to layer: Layer) {
    // An emitter's presented sublayers include its particles, so its copy emits none.
    if layer.kind == .emitter { layer.properties.emitter.cells = [] }
    if layer.kind == .replicator {
      layer.properties.instanceCount = 1
      layer.properties.instanceTransform = .identity
      layer.properties.paint.instanceColor = .white
      (layer.properties.instanceRedOffset, layer.properties.instanceGreenOffset) = (0, 0)
      (layer.properties.instanceBlueOffset, layer.properties.instanceAlphaOffset) = (0, 0)
    }
    if let m = p.nodes[index].mask { layer.mask = node(m, in: p) }
    for i in p.sublayers(of: index) { layer.addSublayer(node(i, in: p)) }
  }

  private static func node(_ index: Int, in p: Presentation) -> Layer {
    let layer = make(p.nodes[index].kind)
    layer.properties = p.nodes[index].properties
    attachChildren(of: index, in: p, to: layer)
    return layer
  }
}

/// The coder this module passes to `init?(coder:)` where it makes an object from its class
/// alone: it holds nothing.
final class EmptyCoder: NSCoder {
  override var allowsKeyedCoding: Bool { true }
  override func containsValue(forKey key: String) -> Bool { false }
}

public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let center = CALayerContentsGravity(rawValue: "center")
  public static let top = CALayerContentsGravity(rawValue: "top")
  public static let bottom = CALayerContentsGravity(rawValue: "bottom")
  public static let left = CALayerContentsGravity(rawValue: "left")
  public static let right = CALayerContentsGravity(rawValue: "right")
  public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
  public static let topRight = CALayerContentsGravity(rawValue: "topRight")
  public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
  public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
  public static let resize = CALayerContentsGravity(rawValue: "resize")
  public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
  public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let linear = CALayerContentsFilter(rawValue: "linear")
  public static let nearest = CALayerContentsFilter(rawValue: "nearest")
  public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

/// Corners of a layer (Core Animation's), on iOS's y-down screen: `MinY` is the top.
public struct CACornerMask: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
  public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
  public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
  public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let circular = CALayerCornerCurve(rawValue: "circular")
  public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}
