import Foundation

/// A priority for each axis.
struct AxisPriorities {
  var horizontal: UILayoutPriority
  var vertical: UILayoutPriority

  init(_ both: UILayoutPriority) { (horizontal, vertical) = (both, both) }

  subscript(axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
    get { axis == .horizontal ? horizontal : vertical }
    set {
      if axis == .horizontal { horizontal = newValue } else { vertical = newValue }
    }
  }
}

/// A view's Auto Layout state: its guides and the priorities of its natural size.
struct AutoLayoutState {
  var safeArea: UILayoutGuide?
  var margins: UILayoutGuide?
  /// Its controller's `topLayoutGuide` and `bottomLayoutGuide`.
  var topBars: UILayoutGuide?
  var bottomBars: UILayoutGuide?
  var guides: [UILayoutGuide] = []
  /// How strongly the view keeps from growing past (hugging) and shrinking below
  /// (compression resistance) its intrinsic size, horizontally and vertically.
  var hugging = AxisPriorities(.defaultLow)
  var compression = AxisPriorities(.defaultHigh)
  var needsUpdateConstraints = false
}

/// The active constraints and the layout pass that solves them: each tree of views with
/// constraints is one problem for `ConstraintSolver`, in the root's points. A view whose
/// `translatesAutoresizingMaskIntoConstraints` holds stays where its frame puts it
/// (relative to its superview, so it moves with it); the others go where the solution
/// puts them, their edges rounded to the screen's pixels as UIKit rounds them.
@MainActor enum AutoLayout {
  /// Active constraints, in the order they were activated.
  static var active: [NSLayoutConstraint] = []
  /// Whether something a solution depends on changed since the last one.
  static var dirty = false
  /// How many times a required constraint was broken (reported once on standard error).
  static var broken = 0
  /// Set while solutions are applied (their frames are not changes).
  static var applying = false
  /// Views that asked for `updateConstraints()` (`setNeedsUpdateConstraints()`), held
  /// weakly, in the order they asked.
  static var needingUpdate: [WeakView] = []

  struct WeakView {
    weak var view: UIView?
  }

  static func changed() { dirty = true }
  static func frameChanged() { if !applying && !active.isEmpty { dirty = true } }

  static func activate(_ c: NSLayoutConstraint) {
    guard !active.contains(where: { $0 === c }) else { return }
    active.append(c)
    c.installedOn = commonAncestor(of: c)
    dirty = true
  }

  static func deactivate(_ c: NSLayoutConstraint) {
    active.removeAll { $0 === c }
    c.installedOn = nil
    dirty = true
  }

  /// A view leaves its superview: the constraints between its tree and the rest go, as on
  /// iOS.
  static func removed(_ view: UIView) {
    func inside(_ item: AnyObject?) -> Bool {
      guard let o = item.flatMap(owner) else { return false }
      return o === view || o.isDescendant(of: view)
    }
    for c in active where inside(c.firstItem) != inside(c.secondItem) && c.secondItem != nil {
      deactivate(c)
    }
    dirty = true
  }

  /// The view an item (a view or a guide) belongs to.
  static func owner(_ item: AnyObject) -> UIView? {
    (item as? UIView) ?? (item as? UILayoutGuide)?.owningView
  }

  /// The closest common ancestor of `c`'s items' views (the first's view when it relates
  /// to nothing): where UIKit installs it and measures its positions.
  static func commonAncestor(of c: NSLayoutConstraint) -> UIView? {
    let owners = [c.firstItem, c.secondItem].compactMap { $0.flatMap(owner) }
    return owners.dropFirst().reduce(owners.first) { a, b in a.flatMap { commonAncestor($0, b) } }
  }

  static func commonAncestor(_ a: UIView, _ b: UIView) -> UIView? {
    var v: UIView? = a
    while let x = v {
      if b === x || b.isDescendant(of: x) { return x }
      v = x.superview
    }
    return nil
  }

  static func root(of view: UIView) -> UIView {
    var v = view
    while let s = v.superview { v = s }
    return v
  }

  /// Solves every tree with constraints when something changed, and moves its views; or,
  /// laying out `limit` (`limit.layoutIfNeeded()`), moves only the views inside it and
  /// resizes `limit` itself, as UIKit applies a layout pass to the receiver's bounds and
  /// its subviews' frames: the rest wait for their own pass or the frame's (a constraint
  /// change animated by `layoutIfNeeded()` on one view leaves its siblings' changes to a
  /// later block).
  static func solveIfNeeded(within limit: UIView? = nil) {
    guard dirty || waiting, !applying else { return }
    dirty = false
    waiting = false
    // Views that asked to update their constraints do so first, deepest first (they may
    // make the first constraints of their tree).
    while !needingUpdate.isEmpty {
      let asked = needingUpdate.compactMap(\.view)
      needingUpdate = []
      for v in asked.sorted(by: { depth($0) > depth($1) }) where v.autoLayout.needsUpdateConstraints
      {
        v.autoLayout.needsUpdateConstraints = false
        // A view controller's view updates through the controller (whose default asks the
        // view).
        if let controller = v.viewController {
          controller.updateViewConstraints()
        } else {
          v.updateConstraints()
        }
      }
    }
    // Constraints whose views are gone go too.
    active.removeAll { c in
      c.firstItem == nil || (c.secondAttribute != .notAnAttribute && c.secondItem == nil)
    }
    var roots: [UIView] = []
    for c in active {
      guard let o = c.firstItem.flatMap(owner) else { continue }
      let r = root(of: o)
      if !roots.contains(where: { $0 === r }) { roots.append(r) }
    }
    for r in roots { solve(r, within: limit) }
    dirty = false
  }

  /// Set by a solve limited to a subtree when a view outside it did not move where the
  /// solution puts it: the next layout pass solves again.
  static var waiting = false

  private static func depth(_ view: UIView) -> Int {
    var n = 0
    var v = view.superview
    while let x = v {
      n += 1
      v = x.superview
    }
    return n
  }

  /// One participant of a problem: a view, or a guide with a frame of its own.
  private struct Node {
    let item: AnyObject
    let parent: Int?
    let x, y, w, h: ConstraintSolver.Variable
  }

  /// The size a view fits at: toward `size`, its width and height held there at these
  /// priorities (`systemLayoutSizeFitting`).
  struct Fitting {
    var size: CGSize
    var horizontal: UILayoutPriority
    var vertical: UILayoutPriority
  }

  /// Solves the constraints of the tree under `root` and moves its views; or, `fitting`,
  /// finds the size `root` takes (its own size free) and moves nothing.
  @discardableResult
  static func solve(
    _ root: UIView, fitting: Fitting? = nil, within limit: UIView? = nil, pass: Int = 0
  ) -> CGSize? {
    func inside(_ v: UIView) -> Bool {
      fitting == nil ? Self.root(of: v) === root : v === root || v.isDescendant(of: root)
    }
    let constraints = active.filter {
      guard let o = $0.firstItem.flatMap(owner) else { return false }
      guard let s = $0.secondItem else { return inside(o) }
      return inside(o) && owner(s).map(inside) == true
    }
    guard !constraints.isEmpty || fitting != nil else { return nil }
    // The views the constraints name and their ancestors, parents first (tree order).
    var wanted = Set<ObjectIdentifier>()
    var freeGuides: [UILayoutGuide] = []
    for c in constraints {
      for item in [c.firstItem, c.secondItem].compactMap({ $0 }) {
        if let g = item as? UILayoutGuide, g.isFree, !freeGuides.contains(where: { $0 === g }) {
          freeGuides.append(g)
        }
        var v = owner(item)
        while let x = v {
          wanted.insert(ObjectIdentifier(x))
          v = x.superview
        }
      }
    }
    if fitting != nil { wanted.insert(ObjectIdentifier(root)) }
    var solver = ConstraintSolver()
    var nodes: [Node] = []
    var index: [ObjectIdentifier: Int] = [:]
    func add(_ item: AnyObject, parent: Int?) {
      index[ObjectIdentifier(item)] = nodes.count
      nodes.append(
        Node(
          item: item, parent: parent, x: solver.variable(), y: solver.variable(),
          w: solver.variable(), h: solver.variable()))
    }
    func visit(_ v: UIView, parent: Int?) {
      guard wanted.contains(ObjectIdentifier(v)) else { return }
      add(v, parent: parent)
      let me = nodes.count - 1
      for g in freeGuides where g.owningView === v { add(g, parent: me) }
      for s in v.subviews { visit(s, parent: me) }
    }
    visit(root, parent: nil)

    typealias E = ConstraintSolver.Expression
    // Each priority in the problem weighs a thousand times the one below it (fewer steps
    // when there are many), so a higher priority wins over any few lower ones; the faint
    // pulls weigh less than all.
    var levels = Set(constraints.map(\.priority.rawValue))
    if let fitting { levels.formUnion([fitting.horizontal.rawValue, fitting.vertical.rawValue]) }
    for n in nodes {
      guard let v = n.item as? UIView, !v.translatesAutoresizingMaskIntoConstraints else {
        continue
      }
      let s = v.autoLayout
      levels.formUnion(
        [
          s.hugging.horizontal, s.hugging.vertical, s.compression.horizontal,
          s.compression.vertical,
        ].map(\.rawValue))
    }
    let ranked = levels.filter { $0 < 1000 }.sorted()
    let step = ranked.count > 1 ? min(1000, pow(1e12, 1 / Double(ranked.count - 1))) : 1000
    func weight(_ p: UILayoutPriority) -> Double? {
      guard p.rawValue < 1000 else { return nil }
      return pow(step, Double(ranked.firstIndex(of: p.rawValue) ?? 0))
    }
    let faint = 1e-3
    /// Adds the constraint, or leaves the solver as it was when it cannot hold.
    @discardableResult
    func add(_ e: E, _ r: ConstraintSolver.Relation, _ w: Double?) -> Bool {
      let saved = solver
      do {
        try solver.add(e, r, weight: w)
        return true
      } catch {
        solver = saved
        return false
      }
    }
    func require(_ e: E) { add(e, .equal, nil) }
    let scale = Double(Runtime.screenScale) > 0 ? Double(Runtime.screenScale) : 2
    for n in nodes {
      let x = E(n.x)
      let y = E(n.y)
      let w = E(n.w)
      let h = E(n.h)
      guard let parent = n.parent else {
        let b = (n.item as! UIView).bounds
        require(x)
        require(y)
        if let fitting {
          add(w, .greaterOrEqual, nil)
          add(h, .greaterOrEqual, nil)
          add(w - E(fitting.size.width), .equal, weight(fitting.horizontal))
          add(h - E(fitting.size.height), .equal, weight(fitting.vertical))
          let own = (n.item as! UIView).intrinsicContentSize
          if own.width >= 0 { add(w - E(own.width), .greaterOrEqual, nil) }
          if own.height >= 0 { add(h - E(own.height), .greaterOrEqual, nil) }
        } else if (n.item as! UIView).translatesAutoresizingMaskIntoConstraints {
          require(w - E(b.width))
          require(h - E(b.height))
        } else {
          // A view placed by constraints, taken out of its superview: its own constraints
          // size it (its bounds, already rounded to pixels, only pull faintly), as UIKit's
          // engine keeps them without a conflict.
          add(w - E(b.width), .equal, faint)
          add(h - E(b.height), .equal, faint)
        }
        continue
      }
      let p = nodes[parent]
      guard let view = n.item as? UIView else {
        // A guide of its own: only its constraints place it (a faint pull to its owner's
        // origin and to no size keeps an unplaced one still).
        for (v, o) in [(x, E(p.x)), (y, E(p.y)), (w, E(0)), (h, E(0))] {
          add(v - o, .equal, faint)
        }
        continue
      }
      let superBounds = (p.item as! UIView).bounds
      // The frame from the centre and the bounds: a transform does not change where
      // Auto Layout places a view, nor, for a view it places, does its layer's anchor
      // point (its centre is the middle of its rectangle, so a changed anchor point moves
      // the layer, as on iOS).
      let size0 = view.bounds.size
      let anchor =
        view.translatesAutoresizingMaskIntoConstraints
        ? view.layer.anchorPoint : CGPoint(x: 0.5, y: 0.5)
      let f = CGRect(
        x: view.center.x - anchor.x * size0.width, y: view.center.y - anchor.y * size0.height,
        width: size0.width, height: size0.height)
      // Where the frame puts the view: held there when it translates its frame; otherwise
      // pulled there faintly, so that what the constraints leave open stays.
      let placed = [
        (x, E(p.x) + E(f.minX - superBounds.minX)), (y, E(p.y) + E(f.minY - superBounds.minY)),
        (w, E(f.width)), (h, E(f.height)),
      ]
      if view.translatesAutoresizingMaskIntoConstraints {
        for (v, o) in placed { require(v - o) }
        continue
      }
      let size = view.intrinsicContentSize
      let s = view.autoLayout
      for (v, natural, hug, resist) in [
        (w, size.width, s.hugging.horizontal, s.compression.horizontal),
        (h, size.height, s.hugging.vertical, s.compression.vertical),
      ] where natural >= 0 {
        add(v - E(natural), .lessOrEqual, weight(hug) ?? 1e12)
        add(v - E(natural), .greaterOrEqual, weight(resist) ?? 1e12)
      }
      for (v, o) in placed { add(v - o, .equal, faint) }
    }
    for c in constraints {
      // Positions are measured in the items' closest common ancestor, as UIKit measures
      // them (a multiplier scales distances from its origin, not from the window's).
      let origin = commonAncestor(of: c).flatMap { index[ObjectIdentifier($0)] }.map { nodes[$0] }
      guard
        let first = expression(c.firstItem!, c.firstAttribute, nodes, index, origin: origin)
      else { continue }
      // Right to left, a leading or trailing constant counts leftwards (a leading edge 10
      // points in is 10 points left of its superview's right edge), as on iOS.
      let leftwards =
        [.leading, .trailing, .leadingMargin, .trailingMargin].contains(c.firstAttribute)
        && rightToLeft(c.firstItem!)
      var e = first - E(leftwards ? -c.constant : c.constant)
      if let item = c.secondItem, c.secondAttribute != .notAnAttribute {
        guard let second = expression(item, c.secondAttribute, nodes, index, origin: origin)
        else { continue }
        e = e - second * c.multiplier
      }
      let relation: ConstraintSolver.Relation =
        switch c.relation {
        case .lessThanOrEqual: .lessOrEqual
        case .equal: .equal
        case .greaterThanOrEqual: .greaterOrEqual
        }
      if !add(e, relation, weight(c.priority)) {
        // iOS breaks one of the conflicting constraints and says so; so does this: the
        // new one, kept as far as the others let it.
        broken += 1
        Notice.once(
          "unsatisfiable",
          "Auto Layout: unable to satisfy every required constraint; \(c) is broken")
        add(e, relation, 1e12)
      }
    }
    if fitting != nil, let n = nodes.first {
      func up(_ v: Double) -> CGFloat { CGFloat((v * scale - 1e-6).rounded(.up) / scale) }
      return CGSize(width: up(solver.value(n.w)), height: up(solver.value(n.h)))
    }
    applying = true
    defer { applying = false }
    func snap(_ v: Double) -> Double { (v * scale).rounded() / scale }
    for n in nodes {
      guard let parent = n.parent else {
        // A root placed by constraints (taken out of its superview) takes the size they
        // give it when it is laid out.
        if let view = n.item as? UIView, !view.translatesAutoresizingMaskIntoConstraints,
          limit == nil || view === limit
        {
          let size = CGSize(
            width: max(0, snap(solver.value(n.w))), height: max(0, snap(solver.value(n.h))))
          if view.bounds.size != size { view.bounds.size = size }
        }
        continue
      }
      let p = nodes[parent]
      if let g = n.item as? UILayoutGuide {
        let (px, py) = (solver.value(p.x), solver.value(p.y))
        g.solvedFrame = CGRect(
          x: solver.value(n.x) - px, y: solver.value(n.y) - py, width: solver.value(n.w),
          height: solver.value(n.h))
        continue
      }
      guard let view = n.item as? UIView, !view.translatesAutoresizingMaskIntoConstraints
      else { continue }
      let superBounds = (p.item as! UIView).bounds
      let left = snap(solver.value(n.x))
      let top = snap(solver.value(n.y))
      let right = snap(solver.value(n.x) + solver.value(n.w))
      let bottom = snap(solver.value(n.y) + solver.value(n.h))
      let px = snap(solver.value(p.x))
      let py = snap(solver.value(p.y))
      let size = CGSize(width: max(0, right - left), height: max(0, bottom - top))
      let center = CGPoint(
        x: left - px + superBounds.minX + size.width / 2,
        y: top - py + superBounds.minY + size.height / 2)
      // Laying out `limit`: its own size, and the frames of the views inside it.
      let resizes = limit == nil || view === limit || view.isDescendant(of: limit!)
      let moves = limit == nil || (view !== limit && view.isDescendant(of: limit!))
      if resizes, view.bounds.size != size {
        var b = view.bounds
        b.size = size
        view.bounds = b
      }
      if moves, view.center != center { view.center = center }
      if (!resizes && view.bounds.size != size) || (!moves && view.center != center) {
        waiting = true
      }
    }
    // Multi-line labels whose width the solution changed break their lines at it: solved
    // again with their heights at those widths, as UIKit's engine does in the same pass
    // (twice at most: a height does not change a width the constraints fix).
    var wrapped = false
    for n in nodes {
      guard let label = n.item as? UILabel, label.wrapsAtLayoutWidth,
        label.layoutWrapWidth != label.bounds.width
      else { continue }
      label.layoutWrapWidth = label.bounds.width
      wrapped = true
    }
    if wrapped, pass < 2 { return solve(root, fitting: nil, within: limit, pass: pass + 1) }
    return nil
  }

  /// The margin attributes and the plain ones they inset.
  private static let marginAttributes:
    [NSLayoutConstraint.Attribute: NSLayoutConstraint.Attribute] =
      [
        .leftMargin: .left, .rightMargin: .right, .topMargin: .top, .bottomMargin: .bottom,
        .leadingMargin: .leading, .trailingMargin: .trailing,
        .centerXWithinMargins: .centerX, .centerYWithinMargins: .centerY,
      ]

  /// Whether `item`, a view or a guide (its owning view's direction), lays out right to
  /// left.
  private static func rightToLeft(_ item: AnyObject) -> Bool {
    let view = item as? UIView ?? (item as? UILayoutGuide)?.owningView
    return view?.effectiveUserInterfaceLayoutDirection == .rightToLeft
  }

  /// The value of `attribute` of `item` as an expression of the problem's variables.
  private static func expression(
    _ item: AnyObject, _ attribute: NSLayoutConstraint.Attribute, _ nodes: [Node],
    _ index: [ObjectIdentifier: Int], origin: Node?
  ) -> ConstraintSolver.Expression? {
    typealias E = ConstraintSolver.Expression
    var insets = UIEdgeInsets.zero
    let node: Node
    if let i = index[ObjectIdentifier(item)] {
      node = nodes[i]
    } else if let g = item as? UILayoutGuide, let v = g.owningView,
      let i = index[ObjectIdentifier(v)]
    {
      node = nodes[i]
      insets = g.insets()
    } else {
      return nil
    }
    var a = attribute
    if let view = item as? UIView {
      if let plain = marginAttributes[a] {
        insets = view.layoutMargins
        a = plain
      }
      if a == .firstBaseline || a == .lastBaseline {
        Notice.once("baseline", "Auto Layout baselines are placed at the view's top and bottom")
      }
    }
    // Positions from the origin's corner; sizes as they are.
    let x = origin.map { E(node.x) - E($0.x) } ?? E(node.x)
    let y = origin.map { E(node.y) - E($0.y) } ?? E(node.y)
    let (w, h) = (E(node.w), E(node.h))
    let (l, t, r, b) = (insets.left, insets.top, insets.right, insets.bottom)
    // Right to left, leading is the right edge and trailing the left one.
    if [.leading, .trailing, .leadingMargin, .trailingMargin].contains(a), rightToLeft(item) {
      a = a == .leading || a == .leadingMargin ? .right : .left
    }
    switch a {
    case .left, .leading, .leftMargin, .leadingMargin: return x + E(l)
    case .right, .trailing, .rightMargin, .trailingMargin: return x + w - E(r)
    case .centerX, .centerXWithinMargins: return x + w * 0.5 + E((l - r) / 2)
    case .top, .topMargin, .firstBaseline: return y + E(t)
    case .bottom, .bottomMargin, .lastBaseline: return y + h - E(b)
    case .centerY, .centerYWithinMargins: return y + h * 0.5 + E((t - b) / 2)
    case .width: return w - E(l + r)
    case .height: return h - E(t + b)
    case .notAnAttribute: return E(0)
    }
  }
}

extension UIView {
  public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .leading) }
  public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .trailing) }
  public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .left) }
  public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .right) }
  public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .centerX) }
  public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .top) }
  public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .bottom) }
  public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .centerY) }
  public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .firstBaseline) }
  public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .lastBaseline) }
  public var widthAnchor: NSLayoutDimension { NSLayoutDimension(self, .width) }
  public var heightAnchor: NSLayoutDimension { NSLayoutDimension(self, .height) }

  /// The safe area: the bounds less `safeAreaInsets` (none here: no notch).
  public var safeAreaLayoutGuide: UILayoutGuide {
    ownGuide(\.safeArea, "UIViewSafeAreaLayoutGuide") { $0.safeAreaInsets }
  }

  /// The bounds less `layoutMargins`.
  public var layoutMarginsGuide: UILayoutGuide {
    ownGuide(\.margins, "UIViewLayoutMarginsGuide") { $0.layoutMargins }
  }

  /// The strip above the safe area (`top`) or below it, for its controller's
  /// `topLayoutGuide` and `bottomLayoutGuide`: empty here, at the top or bottom edge.
  func barsGuide(top: Bool) -> UILayoutGuide {
    if top {
      return ownGuide(\.topBars, "UIViewControllerTopLayoutGuide") { view in
        UIEdgeInsets(
          top: 0, left: 0, bottom: view.bounds.height - view.safeAreaInsets.top, right: 0)
      }
    }
    return ownGuide(\.bottomBars, "UIViewControllerBottomLayoutGuide") { view in
      UIEdgeInsets(
        top: view.bounds.height - view.safeAreaInsets.bottom, left: 0, bottom: 0, right: 0)
    }
  }

  /// The guide kept at `slot`, made on first use: the bounds less `insets` of the view.
  private func ownGuide(
    _ slot: WritableKeyPath<AutoLayoutState, UILayoutGuide?>, _ identifier: String,
    insets: @escaping (UIView) -> UIEdgeInsets
  ) -> UILayoutGuide {
    if let g = autoLayout[keyPath: slot] { return g }
    let g = UILayoutGuide()
    g.owningView = self
    g.identifier = identifier
    g.insets = { [unowned self] in insets(self) }
    autoLayout[keyPath: slot] = g
    return g
  }

  /// Where text reads comfortably: the margins guide here (a window is never wide enough
  /// for iOS to narrow it).
  public var readableContentGuide: UILayoutGuide { layoutMarginsGuide }

  /// Guides added with `addLayoutGuide(_:)`: rectangles of their own that constraints place.
  public var layoutGuides: [UILayoutGuide] { autoLayout.guides }

  public func addLayoutGuide(_ guide: UILayoutGuide) {
    guide.owningView = self
    guide.isFree = true
    autoLayout.guides.append(guide)
    AutoLayout.changed()
  }

  public func removeLayoutGuide(_ guide: UILayoutGuide) {
    autoLayout.guides.removeAll { $0 === guide }
    for c in AutoLayout.active where c.firstItem === guide || c.secondItem === guide {
      AutoLayout.deactivate(c)
    }
    guide.owningView = nil
  }

  /// The active constraints installed on this view (their items' closest common ancestor).
  public var constraints: [NSLayoutConstraint] {
    AutoLayout.active.filter { $0.installedOn === self }
  }

  public func addConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = true }
  public func addConstraints(_ constraints: [NSLayoutConstraint]) {
    NSLayoutConstraint.activate(constraints)
  }
  public func removeConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = false }
  public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
    NSLayoutConstraint.deactivate(constraints)
  }

  public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
    autoLayout.hugging[axis]
  }
  public func setContentHuggingPriority(
    _ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis
  ) {
    autoLayout.hugging[axis] = priority
    AutoLayout.changed()
  }
  public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis)
    -> UILayoutPriority
  {
    autoLayout.compression[axis]
  }
  public func setContentCompressionResistancePriority(
    _ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis
  ) {
    autoLayout.compression[axis] = priority
    AutoLayout.changed()
  }

  /// The smallest size the constraints allow (`systemLayoutSizeFitting`'s usual target).
  public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
  /// The largest size the constraints allow.
  public static let layoutFittingExpandedSize = CGSize(width: 100_000, height: 100_000)

  /// The size the view's constraints give it, as near `targetSize` as they let it (the
  /// pull to the target at `fittingSizeLevel`).
  public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
    systemLayoutSizeFitting(
      targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
      verticalFittingPriority: .fittingSizeLevel)
  }

  /// The size the view's constraints give it, its width and height pulled to
  /// `targetSize` at these priorities (`.required` holds that side exactly).
  public func systemLayoutSizeFitting(
    _ targetSize: CGSize, withHorizontalFittingPriority horizontal: UILayoutPriority,
    verticalFittingPriority vertical: UILayoutPriority
  ) -> CGSize {
    AutoLayout.solveIfNeeded()
    return AutoLayout.solve(
      self,
      fitting: AutoLayout.Fitting(size: targetSize, horizontal: horizontal, vertical: vertical))
      ?? bounds.size
  }

  /// Asks for `updateConstraints()` before the next layout pass solves.
  public func setNeedsUpdateConstraints() {
    if !autoLayout.needsUpdateConstraints {
      AutoLayout.needingUpdate.append(AutoLayout.WeakView(view: self))
    }
    autoLayout.needsUpdateConstraints = true
    AutoLayout.changed()
  }
  public func needsUpdateConstraints() -> Bool { autoLayout.needsUpdateConstraints }
  /// Runs the pending `updateConstraints()` calls (and the solve) now.
  public func updateConstraintsIfNeeded() { AutoLayout.solveIfNeeded() }
}
