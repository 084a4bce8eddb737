import RingGraphics

/// A rectangle on screen backed by a layer (`layer`, of `layerClass`), with subviews.
/// Geometry in points, in the superview's coordinates. Views lay out before each frame is
/// drawn (`layoutSubviews` after `setNeedsLayout`, a size change or a new subview). A
/// view's own layer does not animate implicitly, except inside `UIView.animate`.
@preconcurrency @MainActor
open class UIView: UIResponder, CALayerDelegate {
  public let layer: CALayer
  public private(set) var subviews: [UIView] = []
  public private(set) weak var superview: UIView?
  weak var viewController: UIViewController?
  var needsLayout = true
  /// Its registrations for trait changes (`registerForTraitChanges`).
  var traitChangeRegistrations: [TraitChangeRegistration] = []
  /// Whether `updateProperties()` is due: a new view, or `setNeedsUpdateProperties()`.
  var needsUpdateProperties = true
  private var backgroundObject: UIColor?

  /// The class of `layer`: `CALayer` unless a subclass says otherwise.
  open class var layerClass: AnyClass { CALayer.self }

  public init(frame: CGRect) {
    layer = CALayer.make(Self.layerClass)
    super.init()
    layer.delegate = self
    // A view draws once before it shows (what `draw(_:)` draws, if anything).
    layer.setNeedsDisplay()
    self.frame = frame
    if Self.requiresConstraintBasedLayout { setNeedsUpdateConstraints() }
  }

  public required init?(coder: NSCoder) {
    layer = CALayer.make(Self.layerClass)
    super.init(coder: coder)
    layer.delegate = self
    layer.setNeedsDisplay()
  }

  public convenience override init() { self.init(frame: .zero) }

  open override var next: UIResponder? { viewController ?? superview }

  // MARK: Geometry

  open var frame: CGRect {
    get { layer.frame }
    set {
      let oldSize = layer.bounds.size
      if layer.frame != newValue { AutoLayout.frameChanged() }
      layer.frame = newValue
      if layer.bounds.size != oldSize {
        resizeSubviews(from: oldSize)
        setNeedsLayout()
        setNeedsDisplay()
      }
    }
  }
  open var bounds: CGRect {
    get { layer.bounds }
    set {
      let oldSize = layer.bounds.size
      if layer.bounds != newValue { AutoLayout.frameChanged() }
      layer.bounds = newValue
      if newValue.size != oldSize {
        resizeSubviews(from: oldSize)
        setNeedsLayout()
        setNeedsDisplay()
      }
    }
  }
  open var center: CGPoint {
    get { layer.position }
    set {
      if layer.position != newValue { AutoLayout.frameChanged() }
      layer.position = newValue
    }
  }
  /// The view's transform about its centre: its layer's, as an affine one.
  open var transform: CGAffineTransform {
    get { layer.affineTransform() }
    set { layer.setAffineTransform(newValue) }
  }
  /// The view's 3D transform: its layer's.
  open var transform3D: CATransform3D {
    get { layer.transform }
    set { layer.transform = newValue }
  }

  // MARK: Appearance

  open var backgroundColor: UIColor? {
    get { backgroundObject }
    set {
      backgroundObject = newValue
      layer.backgroundColor = newValue?.cgColor
    }
  }
  open var alpha: CGFloat {
    get { CGFloat(layer.opacity) }
    set { layer.opacity = Float(newValue) }
  }
  open var isHidden: Bool {
    get { layer.isHidden }
    set {
      layer.isHidden = newValue
      // A stack view closes the gap of an arranged view that hides.
      (superview as? UIStackView)?.arrangedViewChanged(self)
    }
  }
  open var isOpaque = true
  open var tag = 0
  open var isUserInteractionEnabled = true
  /// The gesture recognisers added (see `gestureRecognizers`).
  var recognizers: [UIGestureRecognizer] = []

  /// Asks the first responder in the view's tree to resign: none is, as nothing here takes
  /// the keyboard, so it succeeds.
  @discardableResult open func endEditing(_ force: Bool) -> Bool { true }

  /// Whether `gestureRecognizer`, on this view, may begin (asked as it leaves `.possible`).
  open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
    true
  }
  open var tintColor: UIColor! = UIColor(red: 0, green: 0.478, blue: 1, alpha: 1) {
    didSet { tintColorDidChange() }
  }

  /// Called when `tintColor` changes; does nothing unless overridden.
  open func tintColorDidChange() {}

  /// Whether the tint is dimmed (UIKit's): kept, as nothing here dims it (no alert is ever
  /// shown); setting it calls `tintColorDidChange`.
  public enum TintAdjustmentMode: Int, Sendable { case automatic, normal, dimmed }
  open var tintAdjustmentMode = TintAdjustmentMode.automatic {
    didSet { tintColorDidChange() }
  }

  /// Pixels per point of the view's content: its layer's `contentsScale`.
  open var contentScaleFactor: CGFloat {
    get { layer.contentsScale }
    set { layer.contentsScale = newValue }
  }
  /// Accepted; not drawn here (a note says so once).
  /// A view whose alpha masks this one (its layer is this layer's mask): laid out and drawn
  /// with this view, though it is no subview.
  open var mask: UIView? {
    didSet {
      layer.mask = mask?.layer
      mask?.setNeedsLayout()
    }
  }

  // MARK: Hit-testing and traits

  /// Whether `point` (in the view's coordinates) is inside it: its bounds unless
  /// overridden.
  open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
    bounds.contains(point)
  }

  /// The frontmost descendant (or this view) that holds `point` (in the view's
  /// coordinates), as UIKit finds it: hidden views, views nearly transparent (alpha below
  /// 0.01) and views that take no interaction are skipped, subviews front to back.
  open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
    guard !isHidden, alpha >= 0.01, isUserInteractionEnabled,
      self.point(inside: point, with: event)
    else { return nil }
    for view in subviews.reversed() {
      if let hit = view.hitTest(view.convert(point, from: self), with: event) { return hit }
    }
    return self
  }

  /// The environment the view is shown in.
  open var traitCollection: UITraitCollection { .current }

  /// Called when the environment changes: never here (it does not change); does nothing
  /// unless overridden.
  open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

  // Accessibility: kept for assistive technologies, which this module does not serve.
  open var isAccessibilityElement = false
  open var accessibilityLabel: String?
  open var accessibilityValue: String?
  open var accessibilityHint: String?
  open var accessibilityIdentifier: String?
  open var accessibilityTraits: UIAccessibilityTraits = .none
  open var accessibilityElementsHidden = false
  /// The elements inside the view that assistive technologies visit, in order.
  open var accessibilityElements: [Any]?
  open var accessibilityFrame = CGRect.zero
  open var accessibilityPath: UIBezierPath?
  open var accessibilityActivationPoint = CGPoint.zero
  open var accessibilityLanguage: String?
  open var accessibilityViewIsModal = false
  open var shouldGroupAccessibilityChildren = false
  open var accessibilityAttributedLabel: NSAttributedString?
  open var accessibilityAttributedValue: NSAttributedString?
  open var accessibilityAttributedHint: NSAttributedString?
  open var accessibilityCustomActions: [UIAccessibilityCustomAction]?
  open var accessibilityUserInputLabels: [String]!
  open var accessibilityRespondsToUserInteraction = false
  /// What VoiceOver's swipe up and down do to an adjustable element: for subclasses to
  /// override. Nothing by default.
  open func accessibilityIncrement() {}
  open func accessibilityDecrement() {}
  /// What a double tap does under VoiceOver; false lets the default activation happen.
  open func accessibilityActivate() -> Bool { false }
  open func accessibilityPerformEscape() -> Bool { false }
  open func accessibilityPerformMagicTap() -> Bool { false }

  /// How far the view's content lies inside its frame (a shadow or a badge outside it):
  /// none unless overridden. Kept for `alignmentRect(forFrame:)`; Auto Layout here places
  /// frames, not alignment rectangles.
  open var alignmentRectInsets: UIEdgeInsets { .zero }

  /// `frame` less `alignmentRectInsets`.
  open func alignmentRect(forFrame frame: CGRect) -> CGRect { frame.inset(by: alignmentRectInsets) }

  /// `alignmentRect` grown by `alignmentRectInsets`.
  open func frame(forAlignmentRect alignmentRect: CGRect) -> CGRect {
    let i = alignmentRectInsets
    return alignmentRect.inset(
      by: UIEdgeInsets(top: -i.top, left: -i.left, bottom: -i.bottom, right: -i.right))
  }

  /// Archives the view (`NSCoding`): nothing is archived here, where no interface file is
  /// read; for subclasses to override, calling `super`.
  open func encode(with coder: NSCoder) {}

  /// Which way the view's content is laid out (`effectiveUserInterfaceLayoutDirection`).
  open var semanticContentAttribute = UISemanticContentAttribute.unspecified {
    didSet {
      guard semanticContentAttribute != oldValue else { return }
      setNeedsLayout()
      AutoLayout.changed()
    }
  }

  /// Whether the view takes more than one finger (touches are one finger here).
  open var isMultipleTouchEnabled = false
  /// Whether a touch in this view keeps other views from being touched at once.
  open var isExclusiveTouch = false

  /// The interactions added to the view (`addInteraction(_:)`).
  public private(set) var interactions: [UIInteraction] = []

  /// Adds `interaction`, telling it before and after.
  public func addInteraction(_ interaction: UIInteraction) {
    interaction.willMove(to: self)
    interactions.append(interaction)
    interaction.didMove(to: self)
  }

  /// Removes `interaction`, if added, telling it before and after.
  public func removeInteraction(_ interaction: UIInteraction) {
    guard let i = interactions.firstIndex(where: { $0 === interaction }) else { return }
    interaction.willMove(to: nil)
    interactions.remove(at: i)
    interaction.didMove(to: nil)
  }

  /// The name state restoration saves the view under (UIKit's; nil unless set). Kept: a
  /// program here saves and restores no state.
  open var restorationIdentifier: String?

  /// How the view's content fills its bounds (`.scaleToFill` unless set).
  open var contentMode: ContentMode = .scaleToFill

  /// How the view follows its superview's size: which of its margins and sizes stretch.
  open var autoresizingMask: AutoresizingMask = []
  /// Whether the subviews follow this view's size by their `autoresizingMask`.
  open var autoresizesSubviews = true

  /// The margins and sizes of a view that stretch as its superview's size changes.
  public struct AutoresizingMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
  }

  /// Moves and sizes the subviews with an `autoresizingMask` for this view's new size, as
  /// UIKit does: along each axis the change is shared among the flexible parts (a margin,
  /// the size, the other margin) in proportion to what each was (equally when all were 0).
  private func resizeSubviews(from old: CGSize) {
    guard autoresizesSubviews else { return }
    let new = bounds.size
    for view in subviews where !view.autoresizingMask.isEmpty {
      let mask = view.autoresizingMask
      var frame = view.frame
      func share(
        _ lead: CGFloat, _ size: CGFloat, _ trail: CGFloat, _ delta: CGFloat,
        _ flexible: (Bool, Bool, Bool)
      ) -> (lead: CGFloat, size: CGFloat) {
        let parts = [(flexible.0, lead), (flexible.1, size), (flexible.2, trail)]
        let count = CGFloat(parts.filter(\.0).count)
        guard count > 0 else { return (lead, size) }
        let total = parts.filter(\.0).map { max(0, $0.1) }.reduce(0, +)
        func grow(_ part: (Bool, CGFloat)) -> CGFloat {
          guard part.0 else { return 0 }
          return total > 0 ? delta * max(0, part.1) / total : delta / count
        }
        return (lead + grow(parts[0]), size + grow(parts[1]))
      }
      let x = share(
        frame.minX, frame.width, old.width - frame.maxX, new.width - old.width,
        (
          mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
          mask.contains(.flexibleRightMargin)
        ))
      let y = share(
        frame.minY, frame.height, old.height - frame.maxY, new.height - old.height,
        (
          mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
          mask.contains(.flexibleBottomMargin)
        ))
      frame = CGRect(x: x.lead, y: y.lead, width: max(0, x.size), height: max(0, y.size))
      if frame != view.frame { view.frame = frame }
    }
  }

  /// Clips the view's content and subviews to its bounds: its layer's `masksToBounds`.
  open var clipsToBounds: Bool {
    get { layer.masksToBounds }
    set { layer.masksToBounds = newValue }
  }

  // MARK: The hierarchy

  open var window: UIWindow? {
    var v: UIView? = self
    while let view = v {
      if let w = view as? UIWindow { return w }
      v = view.superview
    }
    return nil
  }

  open func addSubview(_ view: UIView) { insertSubview(view, at: subviews.count) }

  open func insertSubview(_ view: UIView, at index: Int) { insert(view, .index(index)) }

  open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
    guard sibling.superview === self, sibling !== view else { return addSubview(view) }
    insert(view, .above(sibling))
  }

  open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
    guard sibling.superview === self, sibling !== view else { return insertSubview(view, at: 0) }
    insert(view, .below(sibling))
  }

  /// Where a subview goes: at an index among the others, or next to a sibling.
  private enum Place {
    case index(Int)
    case above(UIView)
    case below(UIView)
  }

  /// Makes `view` a subview at `place`, as UIKit does: taken from its old superview first,
  /// told before and after. Its layer goes next to the sibling's; at an index, beneath the
  /// layer of the view it goes beneath, else above every sublayer (a layer the program added
  /// itself stays beneath the views added after it).
  private func insert(_ view: UIView, _ place: Place) {
    let isNew = view.superview !== self
    let (from, to) = (view.window, window)
    if !isNew, let i = subviews.firstIndex(where: { $0 === view }) {
      subviews.remove(at: i)
    } else {
      // Only a view that has a superview is removed from it (a subclass's override of
      // `removeFromSuperview`, which may tear its content down, is not called otherwise);
      // moving, it hears of its window only once, below.
      if view.superview != nil {
        view.isMoving = true
        view.removeFromSuperview()
        view.isMoving = false
      }
      view.willMove(toSuperview: self)
      if from !== to { view.tellWillMove(toWindow: to) }
    }
    let i =
      switch place {
      case .index(let index): max(0, min(index, subviews.count))
      case .above(let sibling): subviews.firstIndex { $0 === sibling }! + 1
      case .below(let sibling): subviews.firstIndex { $0 === sibling }!
      }
    subviews.insert(view, at: i)
    view.superview = self
    switch place {
    case .above(let sibling): layer.insertSublayer(view.layer, above: sibling.layer)
    case .below(let sibling): layer.insertSublayer(view.layer, below: sibling.layer)
    case .index where i + 1 < subviews.count:
      layer.insertSublayer(view.layer, below: subviews[i + 1].layer)
    case .index: layer.addSublayer(view.layer)
    }
    AutoLayout.changed()
    if from !== to { view.tellDidMove(from: from) }
    if isNew {
      didAddSubview(view)
      view.didMoveToSuperview()
    }
    setNeedsLayout()
  }

  open func bringSubviewToFront(_ view: UIView) {
    guard view.superview === self else { return }
    insertSubview(view, at: subviews.count)
  }

  open func sendSubviewToBack(_ view: UIView) {
    guard view.superview === self else { return }
    insertSubview(view, at: 0)
  }

  open func removeFromSuperview() {
    guard let parent = superview else { return }
    let from = isMoving ? nil : window
    parent.willRemoveSubview(self)
    willMove(toSuperview: nil)
    if from != nil { tellWillMove(toWindow: nil) }
    parent.subviews.removeAll { $0 === self }
    superview = nil
    AutoLayout.removed(self)
    layer.removeFromSuperlayer()
    if from != nil { tellDidMove(from: from) }
    didMoveToSuperview()
    parent.setNeedsLayout()
  }

  /// Whether `insert` is moving the view from another superview (its removal from the old
  /// one does not tell of a change of window: the insertion does, if there is one).
  private var isMoving = false

  /// Tells the view and its subviews, each before its own, that their window is about to
  /// become `newWindow`.
  private func tellWillMove(toWindow newWindow: UIWindow?) {
    // The subviews as they are now: one added by the call is told by its own insertion.
    let children = subviews
    willMove(toWindow: newWindow)
    for view in children { view.tellWillMove(toWindow: newWindow) }
  }

  /// Tells the view and its subviews that their window has changed from `oldWindow`. Leaving
  /// every window, their layers' animations that are removed on completion go first, as on
  /// iOS (a spinner made with one stops; programs start it again in `didMoveToWindow`).
  private func tellDidMove(from oldWindow: UIWindow?) {
    if oldWindow != nil, window == nil { layer.removeAnimationsLeavingWindow() }
    tellDidMoveToWindow()
  }

  private func tellDidMoveToWindow() {
    // The subviews as they are now: one added by the call is told by its own insertion.
    let children = subviews
    didMoveToWindow()
    for view in children where view.superview === self { view.tellDidMoveToWindow() }
  }

  open func viewWithTag(_ tag: Int) -> UIView? {
    if self.tag == tag { return self }
    for view in subviews { if let v = view.viewWithTag(tag) { return v } }
    return nil
  }

  open func isDescendant(of view: UIView) -> Bool {
    var v: UIView? = self
    while let current = v {
      if current === view { return true }
      v = current.superview
    }
    return false
  }

  open func willMove(toSuperview newSuperview: UIView?) {}
  open func didMoveToSuperview() {}
  /// Called on the view and each of its subviews before their window changes.
  open func willMove(toWindow newWindow: UIWindow?) {}
  /// Called on the view and each of its subviews once their window has changed.
  open func didMoveToWindow() {}
  open func didAddSubview(_ subview: UIView) {}
  /// Called on the superview before `subview` leaves it.
  open func willRemoveSubview(_ subview: UIView) {}

  // MARK: Layout

  /// Lays out subviews; does nothing unless overridden.
  open func layoutSubviews() {}

  open func setNeedsLayout() { needsLayout = true }

  /// Lays this view out now if it needs it, then its subviews; first, when constraints
  /// or what they depend on changed, solves them and moves the views they place.
  open func layoutIfNeeded() {
    AutoLayout.solveIfNeeded(within: self)
    layOutTreeIfNeeded()
  }

  /// The layout pass below a solve: this view if it needs it, its mask's tree, then its
  /// subviews'.
  private func layOutTreeIfNeeded() {
    updateOwnPropertiesIfNeeded()
    if needsLayout {
      needsLayout = false
      // Through the layer, as on iOS: its class may override `layoutSublayers()`.
      layer.layoutSublayers()
    }
    mask?.layoutIfNeeded()
    // What the layout changed (constraints added, frames moved) is solved before the
    // subviews are laid out.
    if AutoLayout.dirty { AutoLayout.solveIfNeeded(within: self) }
    for view in subviews { view.layOutTreeIfNeeded() }
  }

  /// Sets the view's content and styling (text, colours, visibility) before its layout
  /// (UIKit's, iOS 26): called once in the next layout pass after
  /// `setNeedsUpdateProperties()`, and in the first one, for each view top-down, each just
  /// before its own `layoutSubviews()` would run; it asks for no layout itself. Does nothing
  /// unless overridden; call `setNeedsUpdateProperties()` rather than this.
  open func updateProperties() {}

  /// Asks for `updateProperties()` in the next layout pass (the frame's, or
  /// `layoutIfNeeded()`); several requests before it make one call.
  open func setNeedsUpdateProperties() { needsUpdateProperties = true }

  /// Runs the pending `updateProperties()` now, of this view (its controller's first) and
  /// of every view in its tree, top-down; none that is not due.
  open func updatePropertiesIfNeeded() {
    updateOwnPropertiesIfNeeded()
    mask?.updatePropertiesIfNeeded()
    for view in subviews { view.updatePropertiesIfNeeded() }
  }

  /// This view's own properties update, if due: its controller's, then its own.
  func updateOwnPropertiesIfNeeded() {
    guard needsUpdateProperties else { return }
    needsUpdateProperties = false
    tracking {
      viewController?.updateProperties()
      updateProperties()
    } invalidate: {
      $0.setNeedsUpdateProperties()
    }
  }

  /// The view's layout (its controller told before and after), as its layer's
  /// `layoutSublayers()` runs it.
  func layOutSubviewsNow() {
    // Reached through the layer alone too (its own `layoutIfNeeded()`): properties first.
    updateOwnPropertiesIfNeeded()
    tracking {
      viewController?.viewWillLayoutSubviews()
      layoutSubviews()
      viewController?.viewDidLayoutSubviews()
    } invalidate: {
      $0.setNeedsLayout()
    }
  }

  open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

  /// Draws the view and its subviews, as they show now, into `rect` of the current
  /// context; false when nothing was drawn (see `drawSnapshot`).
  @discardableResult
  open func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
    drawSnapshot(in: rect, afterScreenUpdates: afterUpdates)
  }

  /// A new view holding a picture of this one as it shows now (see `makeSnapshotView`).
  open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
    makeSnapshotView(afterScreenUpdates: afterUpdates)
  }

  /// What `intrinsicContentSize` gives on an axis the view has no natural size on.
  public static let noIntrinsicMetric: CGFloat = -1

  /// The view's natural size, for layouts that ask; none on either axis unless a subclass
  /// says so (`UIView.noIntrinsicMetric`).
  open var intrinsicContentSize: CGSize {
    CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
  }

  /// Tells Auto Layout the natural size changed: the next layout pass solves again (a
  /// stack view that arranges the view by it arranges again).
  open func invalidateIntrinsicContentSize() {
    AutoLayout.changed()
    (superview as? UIStackView)?.arrangedViewChanged(self)
  }

  /// Whether the view's frame, as set, holds it in place for Auto Layout (true); false lets
  /// its constraints place and size it.
  open var translatesAutoresizingMaskIntoConstraints = true {
    didSet { AutoLayout.changed() }
  }

  /// Auto Layout's per-view state: guides and content priorities.
  var autoLayout = AutoLayoutState()

  /// Updates the view's constraints before a layout pass solves them, once
  /// `setNeedsUpdateConstraints()` asked; an override calls `super` last, as UIKit asks.
  open func updateConstraints() {}

  /// Whether the view relies on constraints; kept for code that overrides it.
  open class var requiresConstraintBasedLayout: Bool { false }

  /// Called on views loaded from a nib or storyboard; there are none here, so only a
  /// subclass's own calls reach it.
  open func awakeFromNib() {}

  /// Called by Interface Builder's live preview; never called here.
  open func prepareForInterfaceBuilder() {}

  /// The insets that keep content clear of a screen's rounded corners and sensor housing:
  /// none here (a window shows whole on a desktop or in a terminal).
  open var safeAreaInsets: UIEdgeInsets { .zero }
  /// Called when `safeAreaInsets` change: they never do here.
  open func safeAreaInsetsDidChange() {}
  /// The default spacing between the view's edges and its content: 8 points each side, as
  /// on iOS.
  open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
    didSet {
      AutoLayout.changed()
      layoutMarginsDidChange()
    }
  }
  /// The margins by leading and trailing edge (left and right here: text runs left to
  /// right).
  open var directionalLayoutMargins: NSDirectionalEdgeInsets {
    get {
      NSDirectionalEdgeInsets(
        top: layoutMargins.top, leading: layoutMargins.left, bottom: layoutMargins.bottom,
        trailing: layoutMargins.right)
    }
    set {
      layoutMargins = UIEdgeInsets(
        top: newValue.top, left: newValue.leading, bottom: newValue.bottom,
        right: newValue.trailing)
    }
  }
  /// Kept: a window here has no safe area for margins to add to, nor do superviews pass
  /// theirs down.
  open var preservesSuperviewLayoutMargins = false
  open var insetsLayoutMarginsFromSafeArea = true
  /// Called when `layoutMargins` change.
  open func layoutMarginsDidChange() {}

  /// The view whose baseline aligns (this one, unless overridden; deprecated on iOS).
  open func forBaselineLayout() -> UIView { self }
  open var forFirstBaselineLayout: UIView { self }
  open var forLastBaselineLayout: UIView { self }
  open func sizeToFit() {
    let s = sizeThatFits(bounds.size)
    frame = CGRect(origin: frame.origin, size: s)
  }

  /// Draws the view's content with UIKit and Core Graphics calls (`UIBezierPath.fill()`,
  /// `UIGraphicsGetCurrentContext()`), in the view's coordinates; does nothing unless
  /// overridden. It is called at the end of a turn of the run loop after
  /// `setNeedsDisplay()` or a new size, and what it draws shows beneath the subviews.
  open func draw(_ rect: CGRect) {}

  /// Marks the view's content for redrawing at the end of this turn of the run loop: its
  /// layer's `display()`, whose drawing (unless the layer's class draws itself) is this
  /// view's `draw(_:)`.
  open func setNeedsDisplay() { layer.setNeedsDisplay() }
  open func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay() }

  /// The view's drawing for its layer (UIKit's `drawLayer:inContext:`): `draw(_:)` with the
  /// layer's context current.
  nonisolated open func draw(_ layer: CALayer, in ctx: CGContext) {
    MainActor.assumeIsolated {
      tracking {
        draw(bounds)
      } invalidate: {
        $0.setNeedsDisplay()
      }
    }
  }

  /// The layout of the view's layer (UIKit's `layoutSublayersOfLayer:`): for its own layer,
  /// the view's layout (`layoutSubviews`, its controller told before and after). A view
  /// that overrides this lays out there, and without `super` its `layoutSubviews()` does
  /// not run, as on iOS.
  nonisolated open func layoutSublayers(of layer: CALayer) {
    // Views live on the main thread, so a layer whose delegate is a view is laid out there.
    let id = ObjectIdentifier(layer)
    MainActor.assumeIsolated {
      if ObjectIdentifier(self.layer) == id { layOutSubviewsNow() }
    }
  }

  /// `point` in the view's coordinates, in `view`'s (nil: the window's), through every
  /// transform on the way.
  open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
    layer.convert(point, to: view?.layer)
  }

  /// `point` in `view`'s coordinates (nil: the window's), in the view's.
  open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
    layer.convert(point, from: view?.layer)
  }

  open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
    layer.convert(rect, to: view?.layer)
  }

  open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
    layer.convert(rect, from: view?.layer)
  }

  // MARK: Actions and animation blocks

  /// `NSNull` (no implicit animation) outside `UIView.animate`; inside, an animation with
  /// the block's duration, delay and curve.
  /// "No animation", as a view answers for its own layer outside an animation block: one
  /// object, as `NSNull()` is on iOS (on Linux each `NSNull()` is a new one, a heap
  /// allocation at every change of a view's layer).
  nonisolated static let noAction = NSNull()

  nonisolated open func action(for layer: CALayer, forKey event: String) -> CAAction? {
    guard let block = UIView.animationBlocks.last else { return UIView.noAction }
    guard CAKeyPath(event, on: layer.backing.kind) != nil else { return UIView.noAction }
    let animation: CABasicAnimation
    if let spring = block.spring {
      animation = UIView.spring(
        dampingRatio: spring.dampingRatio, duration: block.duration, velocity: spring.velocity)
    } else if let spring = block.physicalSpring {
      animation = spring.animation
    } else {
      animation = CABasicAnimation()
    }
    if let keyframes = block.keyframes {
      // A change inside `animateKeyframes` but outside any keyframe happens at once, as UIKit
      // does; one inside a keyframe animates over it, linearly, and holds its value after.
      guard keyframes.isStep else { return UIView.noAction }
      let step = KeyframeStep()
      step.keyPath = event
      // A keyframe of no length switches at its time (Core Animation takes 0 for 0.25 s).
      step.duration = max(block.duration, 1e-6)
      step.beginTime = CACurrentMediaTime() + block.delay
      if keyframes.discrete {
        // Discrete: its value shows from its end, the next key time, as a discrete
        // `CAKeyframeAnimation` shows each value from its own key time to the next.
        step.beginTime += step.duration
        step.duration = 1e-6
      }
      step.whole = (keyframes.begins, keyframes.total)
      step.repeatCount = block.repeats ? .infinity : 0
      step.autoreverses = block.autoreverses
      let first = UIView.keyframedProperties.insert("\(ObjectIdentifier(layer)) \(event)").inserted
      step.fillMode = first ? .both : .forwards
      return step
    }
    // "If you specify a negative value or 0, the changes are made without animating them"
    // (Core Animation would take a duration of 0 for its default, 0.25 s).
    guard block.duration > 0 || block.animator != nil else { return UIView.noAction }
    animation.keyPath = event
    animation.duration = block.duration
    animation.timingFunction = block.curve
    if block.delay > 0 {
      animation.beginTime = CACurrentMediaTime() + block.delay
      animation.fillMode = .backwards
    }
    animation.autoreverses = block.autoreverses
    animation.repeatCount = block.repeats ? .infinity : 0
    return animation
  }

  struct AnimationBlock {
    var duration: Double
    var delay: Double
    var curve: CAMediaTimingFunction
    var repeats = false
    var autoreverses = false
    /// Whether animations start from the model value before the change (UIKit's default)
    /// rather than from what shows (`.beginFromCurrentState`).
    var fromModel = true
    /// A spring's damping ratio and initial velocity (fractions of the distance per second).
    var spring: (dampingRatio: Double, velocity: Double)?
    /// Inside `animateKeyframes`: the whole animation's length in seconds (a keyframe's times
    /// are fractions of it), whether this block is a keyframe's, when the whole begins on
    /// the media clock, and whether each keyframe jumps at its start.
    var keyframes: (total: Double, isStep: Bool, begins: CFTimeInterval, discrete: Bool)?
    /// A spring given by its mass, stiffness and damping (`UISpringTimingParameters`).
    var physicalSpring: PhysicalSpring?
    /// Inside a `UIViewPropertyAnimator`'s blocks: where the changes are recorded.
    var animator: AnimatorRecording?

    struct PhysicalSpring {
      var mass, stiffness, damping, velocity: Double
      var allowsOverdamping = false

      /// The spring of `CASpringAnimation(perceptualDuration:bounce:)`, with `velocity`: a
      /// period that is not a positive number is 0.5 s, a bounce is clamped to -1...1 (0 when
      /// it is not a number).
      init(perceptualDuration: Double, bounce: Double, velocity: Double) {
        let period =
          perceptualDuration.isFinite && perceptualDuration > 0 ? perceptualDuration : 0.5
        let spring = CASpringAnimation(
          perceptualDuration: period, bounce: bounce.isFinite ? min(1, max(-1, bounce)) : 0)
        (mass, stiffness, damping) = (spring.mass, spring.stiffness, spring.damping)
        self.velocity = velocity
        allowsOverdamping = spring.allowsOverdamping
      }

      init(mass: Double, stiffness: Double, damping: Double, velocity: Double) {
        (self.mass, self.stiffness, self.damping, self.velocity) =
          (mass, stiffness, damping, velocity)
      }

      /// The spring as Core Animation runs it.
      var animation: CASpringAnimation {
        let spring = CASpringAnimation()
        (spring.mass, spring.stiffness, spring.damping) = (mass, stiffness, damping)
        spring.initialVelocity = velocity
        spring.allowsOverdamping = allowsOverdamping
        return spring
      }

      /// Its settling duration, in seconds.
      var settlingDuration: Double { animation.settlingDuration }
    }
  }

  /// UIKit's spring for `dampingRatio` ζ (clamped to 0.01...1), `duration` T seconds and
  /// initial `velocity` (fractions of the distance per second): mass 1, and the stiffness
  /// whose envelope `e^(−ζω₀t)` has fallen to 1/1500 of the distance at T, so
  /// `ω₀ = ln 1500 / (ζ·T)`, stiffness `ω₀²`, damping `2ζω₀`. This is the relation published
  /// for matching UIView's spring animations with `CASpringAnimation` (Stack Overflow
  /// question 61763337, after a blog post on relaxation time); Apple documents only that 1
  /// does not oscillate and smaller ratios do more.
  nonisolated static func spring(dampingRatio: Double, duration: Double, velocity: Double = 0)
    -> CASpringAnimation
  {
    let ratio = min(1, max(0.01, dampingRatio.isFinite ? dampingRatio : 1))
    let omega = log(1500) / (ratio * max(duration, 1e-3))
    let spring = CASpringAnimation()
    (spring.stiffness, spring.damping) = (omega * omega, 2 * ratio * omega)
    spring.initialVelocity = velocity
    return spring
  }
  nonisolated(unsafe) static var animationBlocks: [AnimationBlock] = []
  /// The properties whose changes in an animation block run as additive animations, as
  /// UIKit's have since iOS 8 (a view's position, bounds and transform), each with the key
  /// paths it runs through: a bounds' origin and size apart, as UIKit does (an offset's
  /// size may be negative, which a rectangle does not keep). Others replace an animation of
  /// the property already running.
  nonisolated static let additiveParts: [String: [String]] = [
    "position": ["position"], "bounds": ["bounds.origin", "bounds.size"],
    "transform": ["transform"],
  ]
  /// The key paths of `additiveParts`.
  nonisolated static let additiveKeyPaths = Set(additiveParts.values.joined())
  /// The layers' properties a keyframe animation has animated so far (the first keyframe of
  /// each shows its start value until it begins).
  nonisolated(unsafe) static var keyframedProperties: Set<String> = []

  /// Animates what `animations` changes inside `addKeyframe` calls, each over its share of
  /// `duration` seconds from its relative start, after `delay`; `completion` runs when all
  /// have stopped. Each keyframe moves linearly from the value before it and holds its
  /// value after it.
  open class func animateKeyframes(
    withDuration duration: TimeInterval, delay: TimeInterval,
    options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    CATransaction.begin()
    if let completion { CATransaction.setCompletion(completion) }
    animationBlocks.append(
      AnimationBlock(
        duration: duration, delay: delay, curve: CAMediaTimingFunction(name: .linear),
        repeats: options.contains(.repeat), autoreverses: options.contains(.autoreverse),
        keyframes: (
          duration, false, CACurrentMediaTime() + delay,
          options.intersection(.calculationModes) == .calculationModeDiscrete
        )))
    keyframedProperties = []
    animations()
    keyframedProperties = []
    animationBlocks.removeLast()
    CATransaction.commit()
  }

  /// Inside `animateKeyframes`: animates what `animations` changes from
  /// `frameStartTime` to `frameStartTime + frameDuration`, fractions of the whole.
  open class func addKeyframe(
    withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
    animations: @escaping () -> Void
  ) {
    guard let outer = animationBlocks.last, let keyframes = outer.keyframes else {
      animations()
      return
    }
    let start = min(max(frameStartTime.isFinite ? frameStartTime : 0, 0), 1)
    let length = min(max(frameDuration.isFinite ? frameDuration : 0, 0), 1 - start)
    var block = outer
    block.delay = outer.delay + start * keyframes.total
    block.duration = length * keyframes.total
    block.keyframes = (keyframes.total, true, keyframes.begins, keyframes.discrete)
    animationBlocks.append(block)
    animations()
    animationBlocks.removeLast()
  }

  /// Options of `animateKeyframes`: `.repeat`, `.autoreverse` (the whole animation, each
  /// keyframe at its place in it) and `.calculationModeDiscrete` (each keyframe's values
  /// jump at its end) are honoured; the other calculation modes move linearly; the rest
  /// are accepted.
  public struct KeyframeAnimationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
    public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
    public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
    public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
    public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
    public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
    public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
    public static let calculationModeLinear = KeyframeAnimationOptions([])
    public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
    public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
    public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
    public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
    /// The bits the calculation mode takes.
    static let calculationModes = KeyframeAnimationOptions(rawValue: 7 << 10)
  }

  /// Options of `animate(withDuration:delay:options:animations:completion:)`: the curves,
  /// `.repeat`, `.autoreverse` and `.beginFromCurrentState` are honoured, the rest
  /// accepted.
  public struct AnimationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let curveEaseInOut = AnimationOptions([])
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
  }

  /// Animates the view properties `animations` changes (frame, bounds, center, alpha,
  /// backgroundColor) over `duration` seconds after `delay`; `completion` runs when they
  /// have stopped.
  open class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
    animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    // Changes of the program's own layer properties made before the block are not its.
    CALayer.noticeWatchedChanges()
    CATransaction.begin()
    if let completion { CATransaction.setCompletion(completion) }
    var block = AnimationBlock(
      duration: duration, delay: delay, curve: options.timingFunction,
      repeats: options.contains(.repeat), autoreverses: options.contains(.autoreverse),
      fromModel: !options.contains(.beginFromCurrentState), spring: springBlock,
      physicalSpring: physicalSpringBlock)
    // A block inside another takes the outer's duration, curve and repeats unless told not
    // to.
    if let outer = animationBlocks.last {
      if !options.contains(.overrideInheritedDuration) { block.duration = outer.duration }
      if !options.contains(.overrideInheritedCurve) { block.curve = outer.curve }
      if !options.contains(.overrideInheritedOptions) {
        (block.repeats, block.autoreverses) = (outer.repeats, outer.autoreverses)
      }
    }
    animationBlocks.append(block)
    springBlock = nil
    physicalSpringBlock = nil
    animations()
    // Changes of the program's own layer properties made in the block are noticed while it
    // holds (those made before it, as it began), so
    // a layer's `action(forKey:)` asking its view for an animation (of "opacity", to copy
    // its timing) gets the block's, as on iOS.
    CALayer.noticeWatchedChanges()
    animationBlocks.removeLast()
    CATransaction.commit()
  }

  open class func animate(
    withDuration duration: TimeInterval, animations: @escaping () -> Void,
    completion: ((Bool) -> Void)?
  ) {
    animate(
      withDuration: duration, delay: 0, options: [], animations: animations,
      completion: completion)
  }

  open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
    animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
  }

  /// As `animate(withDuration:delay:options:animations:completion:)` with a spring
  /// (`CASpringAnimation`, see `spring(dampingRatio:duration:velocity:)`) for each change in
  /// place of the curve: `dampingRatio` 1 settles without oscillating, smaller ratios
  /// oscillate more; `velocity` is in fractions of each change's distance per second. The
  /// animations last `duration` seconds.
  open class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval,
    usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
    options: AnimationOptions = [], animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    springBlock = (Double(dampingRatio), Double(velocity))
    animate(
      withDuration: duration, delay: delay, options: options, animations: animations,
      completion: completion)
  }
  /// The spring the next animation block takes (set just before it opens).
  nonisolated(unsafe) static var springBlock: (dampingRatio: Double, velocity: Double)?
  /// The spring of mass, stiffness and damping the next animation block takes.
  nonisolated(unsafe) static var physicalSpringBlock: AnimationBlock.PhysicalSpring?

  /// As `animate(withDuration:delay:options:animations:completion:)` with iOS 17's spring for
  /// each change: `CASpringAnimation(perceptualDuration: duration, bounce: bounce)` (0 settles
  /// without overshoot, up to 1 bounces more, below 0 creeps), `velocity` in fractions of
  /// each change's distance per second; the animations last the spring's settling duration.
  open class func animate(
    springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0,
    initialSpringVelocity velocity: CGFloat = 0, delay: TimeInterval = 0,
    options: AnimationOptions = [], animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    let spring = AnimationBlock.PhysicalSpring(
      perceptualDuration: duration, bounce: bounce, velocity: velocity.isFinite ? velocity : 0)
    physicalSpringBlock = spring
    animate(
      withDuration: spring.settlingDuration, delay: delay, options: options,
      animations: animations, completion: completion)
  }

  /// Runs `actionsWithoutAnimation` with no animation at all.
  open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    actionsWithoutAnimation()
    CATransaction.commit()
  }
}
