import Foundation

/// The system's on/off switch (iOS 13 and later): a 51 x 31-point capsule track, grey when
/// off and `onTintColor` (system green) when on, and a 27-point white thumb with a soft
/// shadow that slides from the leading to the trailing end. A touch lifted inside toggles
/// it and sends `.valueChanged`; its size is always 51 x 31, as on iOS.
@preconcurrency @MainActor
open class UISwitch: UIControl {
  public enum Style: Int, Sendable { case automatic, checkbox, sliding }

  /// The switch's size, whatever frame it is given.
  public static let size = CGSize(width: 51, height: 31)
  static let thumbDiameter: CGFloat = 27
  /// The off track's fill (the system fill: grey at 16%).
  static let offTrackColor = UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.16)

  open var isOn: Bool {
    get { on }
    set { setOn(newValue, animated: false) }
  }
  /// The track's colour when on (system green unless set).
  open var onTintColor: UIColor? {
    didSet { refresh(animated: false) }
  }
  /// The thumb's colour (white unless set).
  open var thumbTintColor: UIColor? {
    didSet { refresh(animated: false) }
  }
  open var preferredStyle = Style.automatic
  /// Always `.sliding` on a phone.
  open var style: Style { .sliding }

  private var on = false
  private let track = CALayer()
  private let thumb = CALayer()

  public override init(frame: CGRect) {
    super.init(frame: CGRect(origin: frame.origin, size: Self.size))
    setUp()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    setUp()
  }

  public convenience init() { self.init(frame: .zero) }

  private func setUp() {
    layer.addSublayer(track)
    track.addSublayer(thumb)
    thumb.shadowColor = UIColor.black.cgColor
    thumb.shadowOpacity = 0.2
    thumb.shadowOffset = CGSize(width: 0, height: 3)
    thumb.shadowRadius = 3
    refresh(animated: false)
  }

  /// 51 x 31, whatever size was asked for.
  open override var frame: CGRect {
    get { super.frame }
    set { super.frame = CGRect(origin: newValue.origin, size: Self.size) }
  }

  open override var intrinsicContentSize: CGSize { Self.size }
  open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }

  /// Turns it on or off; `animated` slides the thumb and fades the track over 0.25 s.
  open func setOn(_ on: Bool, animated: Bool) {
    guard on != self.on else { return }
    self.on = on
    refresh(animated: animated)
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    refresh(animated: false)
  }

  override func stateDidChange() {
    super.stateDidChange()
    refresh(animated: false)
  }

  /// A touch lifted inside toggles it, then `.valueChanged` is sent.
  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    super.touchesEnded(touches, with: event)
    guard isEnabled, isTouchInside else { return }
    setOn(!on, animated: true)
    sendActions(for: .valueChanged)
  }

  private func refresh(animated: Bool) {
    CATransaction.changing(animated: animated) {
      let size = Self.size
      let d = Self.thumbDiameter
      let inset = (size.height - d) / 2
      track.frame = CGRect(origin: .zero, size: size)
      track.cornerRadius = size.height / 2
      track.backgroundColor = (on ? onTintColor ?? .systemGreen : Self.offTrackColor).cgColor
      thumb.bounds = CGRect(x: 0, y: 0, width: d, height: d)
      thumb.cornerRadius = d / 2
      thumb.position = CGPoint(
        x: on ? size.width - inset - d / 2 : inset + d / 2, y: size.height / 2)
      thumb.backgroundColor = (thumbTintColor ?? .white).cgColor
      // Disabled, it fades, as on iOS.
      track.opacity = isEnabled ? 1 : 0.5
    }
  }
}
