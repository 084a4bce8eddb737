import Foundation

/// Pull to refresh (UIKit's): set as a scroll view's `refreshControl`, it sits above the
/// content. When a drag has pulled the content `UIRefreshControl.trigger` points below its
/// top, it begins refreshing and sends `.valueChanged`; while it refreshes the scroll view
/// rests `height` points lower, showing its spinning indicator, until `endRefreshing()`.
open class UIRefreshControl: UIControl {
  /// How tall the control is, in points.
  static let height: CGFloat = 60
  /// How far below its top a pull must bring the content to begin refreshing, in points
  /// (UIKit does not document its distance; this is about an iPhone's).
  static let trigger: CGFloat = 80

  open private(set) var isRefreshing = false
  /// The indicator's colour.
  open override var tintColor: UIColor! {
    didSet { spinner.color = tintColor }
  }
  /// Kept: a title under the indicator is not drawn here.
  open var attributedTitle: NSAttributedString?

  private let spinner = UIActivityIndicatorView(style: .medium)
  weak var scrollView: UIScrollView?

  public override init(frame: CGRect) {
    super.init(frame: frame)
    setUp()
  }

  public convenience init() { self.init(frame: .zero) }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    setUp()
  }

  private func setUp() {
    spinner.hidesWhenStopped = false
    spinner.alpha = 0
    addSubview(spinner)
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    spinner.center = CGPoint(x: bounds.midX, y: bounds.midY)
  }

  /// Shows the indicator spinning and keeps room for it above the content (it sends no
  /// action, as UIKit's does not).
  open func beginRefreshing() {
    guard !isRefreshing else { return }
    isRefreshing = true
    spinner.alpha = 1
    spinner.startAnimating()
  }

  /// Stops the indicator; the content moves back up to its top, when it shows the control.
  open func endRefreshing() {
    guard isRefreshing else { return }
    isRefreshing = false
    spinner.stopAnimating()
    spinner.alpha = 0
    guard let scrollView, !scrollView.isDragging else { return }
    let top = scrollView.offsetLimits.min.y
    if scrollView.contentOffset.y < top {
      scrollView.setContentOffset(
        CGPoint(x: scrollView.contentOffset.x, y: top), animated: true)
    }
  }

  /// Follows a pull `distance` points past the top: the indicator fades in, and at the
  /// trigger refreshing begins.
  func pulled(_ distance: CGFloat) {
    guard !isRefreshing else { return }
    spinner.alpha = min(1, max(0, distance / Self.trigger))
    if distance >= Self.trigger {
      beginRefreshing()
      sendActions(for: .valueChanged)
    }
  }

  /// Places the control above the content, as wide as `scrollView`.
  func place(in scrollView: UIScrollView) {
    frame = CGRect(
      x: 0, y: -scrollView.contentInset.top - Self.height, width: scrollView.bounds.width,
      height: Self.height)
  }
}
