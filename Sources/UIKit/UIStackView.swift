import Foundation

/// A row or column of views laid out by constraints it makes itself, as UIKit's stack view
/// does: its arranged subviews (the hidden ones left out) along `axis`, `spacing` apart,
/// sized by `distribution` and placed across by `alignment`; the stack takes its size from
/// them where nothing else sizes it.
open class UIStackView: UIView {
  public enum Distribution: Int, Sendable {
    case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
  }

  public enum Alignment: Int, Sendable {
    case fill, leading, firstBaseline, center, trailing, lastBaseline
    public static let top = Alignment.leading
    public static let bottom = Alignment.trailing
  }

  public private(set) var arrangedSubviews: [UIView] = []
  open var axis = NSLayoutConstraint.Axis.horizontal { didSet { rearrange() } }
  open var distribution = Distribution.fill { didSet { rearrange() } }
  open var alignment = Alignment.fill { didSet { rearrange() } }
  open var spacing: CGFloat = 0 { didSet { rearrange() } }
  open var isLayoutMarginsRelativeArrangement = false { didSet { rearrange() } }
  open var isBaselineRelativeArrangement = false
  private var customSpacings: [ObjectIdentifier: CGFloat] = [:]
  /// The constraints and spacer guides the stack made, replaced whenever it rearranges.
  private var made: [NSLayoutConstraint] = []
  private var spacers: [UILayoutGuide] = []

  public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude
  public static let spacingUseSystem = systemSpacing

  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  public convenience init(arrangedSubviews views: [UIView]) {
    self.init(frame: .zero)
    for v in views { addArrangedSubview(v) }
  }

  open func addArrangedSubview(_ view: UIView) {
    insertArrangedSubview(view, at: arrangedSubviews.count)
  }

  open func insertArrangedSubview(_ view: UIView, at index: Int) {
    arrangedSubviews.removeAll { $0 === view }
    arrangedSubviews.insert(view, at: max(0, min(index, arrangedSubviews.count)))
    view.translatesAutoresizingMaskIntoConstraints = false
    if view.superview !== self { addSubview(view) }
    rearrange()
  }

  /// Stops arranging `view`; it stays a subview, as in UIKit.
  open func removeArrangedSubview(_ view: UIView) {
    arrangedSubviews.removeAll { $0 === view }
    rearrange()
  }

  open override func willRemoveSubview(_ subview: UIView) {
    super.willRemoveSubview(subview)
    if arrangedSubviews.contains(where: { $0 === subview }) { removeArrangedSubview(subview) }
  }

  /// The gap after `arrangedSubview`; `spacingUseDefault` goes back to `spacing`.
  open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
    customSpacings[ObjectIdentifier(arrangedSubview)] =
      spacing == UIStackView.spacingUseDefault || !spacing.isFinite ? nil : spacing
    rearrange()
  }

  open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
    customSpacings[ObjectIdentifier(arrangedSubview)] ?? UIStackView.spacingUseDefault
  }

  func arrangedViewChanged(_ view: UIView) {
    if arrangedSubviews.contains(where: { $0 === view }) { rearrange() }
  }

  private func rearrange() { setNeedsUpdateConstraints() }

  open override func updateConstraints() {
    NSLayoutConstraint.deactivate(made)
    for g in spacers { removeLayoutGuide(g) }
    made = []
    spacers = []
    let views = arrangedSubviews.filter { !$0.isHidden && $0.superview === self }
    arrange(views)
    NSLayoutConstraint.activate(made)
    super.updateConstraints()
  }

  private func arrange(_ views: [UIView]) {
    guard let first = views.first else { return }
    let horizontal = axis == .horizontal
    func pin(
      _ a: AnyObject, _ aa: NSLayoutConstraint.Attribute, _ r: NSLayoutConstraint.Relation,
      _ b: AnyObject?, _ ba: NSLayoutConstraint.Attribute, _ m: CGFloat = 1, _ c: CGFloat = 0,
      _ priority: UILayoutPriority = .required
    ) {
      let k = NSLayoutConstraint(
        item: a, attribute: aa, relatedBy: r, toItem: b, attribute: ba, multiplier: m,
        constant: c)
      k.priority = priority
      k.identifier = "UISV"
      made.append(k)
    }
    let lead: NSLayoutConstraint.Attribute = horizontal ? .leading : .top
    let trail: NSLayoutConstraint.Attribute = horizontal ? .trailing : .bottom
    let size: NSLayoutConstraint.Attribute = horizontal ? .width : .height
    let center: NSLayoutConstraint.Attribute = horizontal ? .centerX : .centerY
    let margins = isLayoutMarginsRelativeArrangement
    let container: AnyObject = margins ? layoutMarginsGuide : self
    pin(first, lead, .equal, container, lead)
    pin(views.last!, trail, .equal, container, trail)
    for (i, v) in views.enumerated().dropFirst() {
      let previous = views[i - 1]
      let gap = customSpacings[ObjectIdentifier(previous)] ?? spacing
      switch distribution {
      case .fill, .fillEqually, .fillProportionally:
        pin(v, lead, .equal, previous, trail, 1, gap)
      case .equalSpacing, .equalCentering:
        let spacer = UILayoutGuide()
        addLayoutGuide(spacer)
        spacers.append(spacer)
        let from: NSLayoutConstraint.Attribute =
          distribution == .equalSpacing ? trail : center
        let to: NSLayoutConstraint.Attribute = distribution == .equalSpacing ? lead : center
        pin(spacer, lead, .equal, previous, from)
        pin(spacer, trail, .equal, v, to)
        pin(v, lead, .greaterThanOrEqual, previous, trail, 1, gap)
        if spacers.count > 1 { pin(spacer, size, .equal, spacers[0], size) }
      }
      switch distribution {
      case .fillEqually: pin(v, size, .equal, first, size)
      case .fillProportionally:
        let natural = { (u: UIView) -> CGFloat in
          let s = u.intrinsicContentSize
          return horizontal ? s.width : s.height
        }
        if natural(first) > 0 && natural(v) >= 0 {
          pin(v, size, .equal, first, size, natural(v) / natural(first))
        }
      default: break
      }
    }
    // Across: each view placed by the alignment; the stack hugs the largest.
    let crossLead: NSLayoutConstraint.Attribute = horizontal ? .top : .leading
    let crossTrail: NSLayoutConstraint.Attribute = horizontal ? .bottom : .trailing
    let crossCenter: NSLayoutConstraint.Attribute = horizontal ? .centerY : .centerX
    let crossSize: NSLayoutConstraint.Attribute = horizontal ? .height : .width
    for v in views {
      switch alignment {
      case .fill:
        pin(v, crossLead, .equal, container, crossLead)
        pin(v, crossTrail, .equal, container, crossTrail)
      case .leading, .firstBaseline:
        pin(v, crossLead, .equal, container, crossLead)
        pin(v, crossTrail, .lessThanOrEqual, container, crossTrail)
      case .trailing, .lastBaseline:
        pin(v, crossTrail, .equal, container, crossTrail)
        pin(v, crossLead, .greaterThanOrEqual, container, crossLead)
      case .center:
        pin(v, crossCenter, .equal, container, crossCenter)
        pin(v, crossSize, .lessThanOrEqual, container, crossSize)
      }
      if alignment != .fill {
        pin(container, crossSize, .equal, v, crossSize, 1, 0, .fittingSizeLevel)
      }
    }
  }
}
