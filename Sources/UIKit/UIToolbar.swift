import Foundation

/// A bar's look (UIKit's).
public enum UIBarStyle: Int, Sendable {
  case `default`, black
  public static let blackOpaque = UIBarStyle.black
}

/// Told of a bar's position (UIKit's); nothing asks it here.
@MainActor public protocol UIToolbarDelegate: AnyObject {}

/// A bar of buttons (UIKit's), 44 points tall: iOS 13's default look, frosted glass (the
/// chrome material) with a hairline along its top, or opaque when not translucent, its
/// items laid out from the leading edge. HUDs use a bare one as a frosted background.
open class UIToolbar: UIView {
  open var barStyle = UIBarStyle.default { didSet { applyLook() } }
  open var isTranslucent = true { didSet { applyLook() } }
  /// The bar's colour: under the glass's frosting when translucent, the bar itself when not.
  open var barTintColor: UIColor? { didSet { applyLook() } }
  open weak var delegate: UIToolbarDelegate?
  open var items: [UIBarButtonItem]? { didSet { rebuildItems() } }

  /// The glass's tint and the hairline, beneath the items.
  private let tint = CALayer()
  private let hairline = CALayer()
  /// The views showing `items`, with the item each shows (nil for spaces).
  private var shown: [(item: UIBarButtonItem, view: UIView?)] = []

  public override init(frame: CGRect) {
    super.init(frame: frame)
    setUp()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    setUp()
  }

  private func setUp() {
    layer.insertSublayer(tint, at: 0)
    layer.insertSublayer(hairline, at: 1)
    applyLook()
  }

  open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) { self.items = items }

  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    CGSize(width: size.width, height: 44)
  }

  open override var intrinsicContentSize: CGSize {
    CGSize(width: UIView.noIntrinsicMetric, height: 44)
  }

  open override func tintColorDidChange() {
    super.tintColorDidChange()
    rebuildItems()
  }

  /// The glass (iOS's chrome material, dark for `.black`) or the opaque bar, and the
  /// hairline: black at 30% alpha, one pixel tall.
  private func applyLook() {
    let dark = barStyle == .black
    var color: CGColor
    if isTranslucent {
      let glass = UIBlurEffect(style: dark ? .systemChromeMaterialDark : .systemChromeMaterial)
      layer.backing.properties.backdropFilter = glass.backdropFilter
      color = barTintColor.map { $0.withAlphaComponent(0.85).cgColor } ?? glass.frosting
    } else {
      layer.backing.properties.backdropFilter = .identity
      color = barTintColor?.cgColor ?? CGColor(gray: dark ? 0.11 : 0.976, alpha: 1)
    }
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    tint.backgroundColor = color
    hairline.backgroundColor = CGColor(gray: 0, alpha: 0.3)
    CATransaction.commit()
  }

  private func rebuildItems() {
    for (_, view) in shown { view?.removeFromSuperview() }
    shown = (items ?? []).map { item in (item, item.makeView(tint: tintColor)) }
    for case (_, let view?) in shown { addSubview(view) }
    setNeedsLayout()
  }

  /// Items from the leading edge, 16 points in, 8 points apart; flexible spaces share what
  /// is left, fixed ones take their width (8 when 0); each centred vertically.
  open override func layoutSubviews() {
    super.layoutSubviews()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    tint.frame = bounds
    hairline.frame = CGRect(x: 0, y: 0, width: bounds.width, height: 1 / Runtime.screenScale)
    CATransaction.commit()
    let margin: CGFloat = 16
    let gap: CGFloat = 8
    // Each view's fitted size, asked once.
    let fitted = shown.map { $0.view?.sizeThatFits(bounds.size) ?? .zero }
    let widths = zip(shown, fitted).map { entry, size in
      if entry.view != nil { return entry.item.width > 0 ? entry.item.width : size.width }
      return entry.item.systemItem == .fixedSpace
        ? (entry.item.width > 0 ? entry.item.width : 8) : 0
    }
    let flexible = shown.filter { $0.item.systemItem == .flexibleSpace }.count
    let used = widths.reduce(0, +) + gap * CGFloat(max(0, shown.count - 1))
    let share = flexible > 0 ? max(0, bounds.width - 2 * margin - used) / CGFloat(flexible) : 0
    var x = margin
    for (k, entry) in shown.enumerated() {
      let w = widths[k] + (entry.item.systemItem == .flexibleSpace ? share : 0)
      if let view = entry.view {
        let h = min(bounds.height, max(fitted[k].height, 0))
        view.frame = CGRect(x: x, y: (bounds.height - h) / 2, width: w, height: h)
      }
      x += w + gap
    }
  }
}
