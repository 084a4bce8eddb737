import Foundation

/// The system's progress bar (iOS 14 and later): a 4-point capsule track with the progress
/// filled from the leading edge in the tint colour.
open class UIProgressView: UIView {
  public enum Style: Int, Sendable {
    case `default`, bar
  }

  open var progressViewStyle: Style = .default {
    didSet { setNeedsLayout() }
  }
  /// The fraction shown, clamped to [0, 1].
  open var progress: Float {
    get { value }
    set { setProgress(newValue, animated: false) }
  }
  /// The filled part's colour (the tint colour unless set).
  open var progressTintColor: UIColor? {
    didSet { setNeedsLayout() }
  }
  /// The track's colour (a light grey unless set).
  open var trackTintColor: UIColor? {
    didSet { setNeedsLayout() }
  }

  private var value: Float = 0
  private let track = CALayer()
  private let bar = CALayer()

  public init(progressViewStyle style: Style) {
    progressViewStyle = style
    super.init(frame: CGRect(x: 0, y: 0, width: 150, height: 4))
    setUp()
  }

  public override init(frame: CGRect) {
    super.init(frame: frame)
    setUp()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    setUp()
  }

  private func setUp() {
    layer.addSublayer(track)
    track.addSublayer(bar)
    bar.anchorPoint = .zero
  }

  open override var intrinsicContentSize: CGSize {
    CGSize(width: UIView.noIntrinsicMetric, height: progressViewStyle == .bar ? 2.5 : 4)
  }

  /// Sets the progress; `animated` moves the bar there over 0.25 s.
  open func setProgress(_ progress: Float, animated: Bool) {
    value = min(max(progress.isNaN ? 0 : progress, 0), 1)
    if animated {
      let from = bar.presentation()?.bounds ?? bar.bounds
      layoutBar()
      let move = CABasicAnimation(keyPath: "bounds")
      move.fromValue = NSValue(cgRect: from)
      move.duration = 0.25
      move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
      bar.add(move, forKey: "progress")
    } else {
      layoutBar()
    }
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    layoutBar()
  }

  private func layoutBar() {
    CATransaction.changing(animated: false) {
      let height = progressViewStyle == .bar ? min(bounds.height, 2.5) : min(bounds.height, 4)
      track.frame = CGRect(
        x: 0, y: (bounds.height - height) / 2, width: bounds.width, height: height)
      let round = progressViewStyle == .default
      track.cornerRadius = round ? height / 2 : 0
      track.masksToBounds = true
      track.backgroundColor = (trackTintColor ?? UIColor(white: 0.47, alpha: 0.2)).cgColor
      bar.bounds = CGRect(x: 0, y: 0, width: bounds.width * CGFloat(value), height: height)
      bar.position = .zero
      bar.cornerRadius = round ? height / 2 : 0
      bar.backgroundColor = (progressTintColor ?? tintColor).cgColor
    }
  }
}
