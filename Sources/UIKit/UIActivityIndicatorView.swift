import Foundation

/// The system's spinner (iOS 13 and later): eight capsule spokes round the centre, their
/// opacity falling off behind the brightest, the pattern stepping an eighth of a turn
/// eight times a second while it animates. `.medium` is 20 points across, `.large` 37.
open class UIActivityIndicatorView: UIView {
  public enum Style: Int, Sendable {
    case medium = 100
    case large = 101
    // The pre-iOS 13 names draw as their iOS 13 counterparts.
    case whiteLarge = 0
    case white = 1
    case gray = 2
  }

  open var style: Style {
    didSet { rebuild() }
  }
  /// The spokes' colour (a mid grey unless set).
  open var color: UIColor! = UIColor(white: 0.47, alpha: 1) {
    didSet { rebuild() }
  }
  /// Whether the indicator hides while it is not animating (true unless set).
  open var hidesWhenStopped = true {
    didSet { isHidden = hidesWhenStopped && !isAnimating }
  }
  public private(set) var isAnimating = false

  private let spokes = CAReplicatorLayer()
  private let spoke = CALayer()

  public init(style: Style) {
    self.style = style
    let side = UIActivityIndicatorView.side(style)
    super.init(frame: CGRect(x: 0, y: 0, width: side, height: side))
    setUp()
  }

  public override convenience init(frame: CGRect) {
    self.init(style: .medium)
    self.frame = frame
  }

  public required init?(coder: NSCoder) {
    style = .medium
    super.init(coder: coder)
    setUp()
  }

  private func setUp() {
    spokes.addSublayer(spoke)
    layer.addSublayer(spokes)
    isHidden = hidesWhenStopped
    rebuild()
  }

  static func side(_ style: Style) -> CGFloat {
    switch style {
    case .large, .whiteLarge: 37
    default: 20
    }
  }

  open override var intrinsicContentSize: CGSize {
    let s = UIActivityIndicatorView.side(style)
    return CGSize(width: s, height: s)
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    rebuild()
  }

  /// Lays the spokes out for the current size, style and colour.
  private func rebuild() {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    let side = UIActivityIndicatorView.side(style)
    let box = CGRect(
      x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side)
    spokes.frame = box
    let width = side * 0.1
    let length = side * 0.28
    spoke.bounds = CGRect(x: 0, y: 0, width: width, height: length)
    spoke.cornerRadius = width / 2
    spoke.position = CGPoint(x: side / 2, y: length / 2 + side * 0.05)
    spoke.backgroundColor = color.cgColor
    spokes.instanceCount = 8
    // Each spoke an eighth of a turn back from the one before, fainter: the brightest leads
    // and the others trail it as the pattern turns clockwise.
    spokes.instanceTransform = CATransform3DMakeRotation(-.pi / 4, 0, 0, 1)
    spokes.instanceAlphaOffset = -0.1
    spokes.instanceColor = UIColor.white.cgColor
    CATransaction.commit()
  }

  /// Starts the spokes turning (and shows the indicator).
  open func startAnimating() {
    guard !isAnimating else { return }
    isAnimating = true
    isHidden = false
    let turn = CAKeyframeAnimation(keyPath: "transform.rotation.z")
    turn.values = (0..<8).map { CGFloat($0) * .pi / 4 }
    turn.calculationMode = .discrete
    turn.duration = 1
    turn.repeatCount = .infinity
    turn.isRemovedOnCompletion = false
    spokes.add(turn, forKey: "spin")
  }

  /// Stops the spokes (and hides the indicator when `hidesWhenStopped`).
  open func stopAnimating() {
    guard isAnimating else { return }
    isAnimating = false
    spokes.removeAnimation(forKey: "spin")
    if hidesWhenStopped { isHidden = true }
  }
}
