import Foundation

/// The system's slider (iOS 13 and later): a 4-point capsule track across the middle, the
/// part up to the value in `minimumTrackTintColor` (the tint colour) and the rest in
/// `maximumTrackTintColor` (the system fill), and a 28-point white thumb with a soft shadow
/// centred on the value. Subclasses that override `trackRect(forBounds:)` or
/// `thumbRect(forBounds:trackRect:value:)` (a thicker track, an inset thumb) are drawn by
/// them; a thumb image replaces the round thumb (an empty image hides it).
@preconcurrency @MainActor
open class UISlider: UIControl {
  static let thumbDiameter: CGFloat = 28
  static let trackHeight: CGFloat = 4

  /// The value, clamped to `minimumValue...maximumValue`.
  open var value: Float {
    get { current }
    set { setValue(newValue, animated: false) }
  }
  open var minimumValue: Float = 0 {
    didSet {
      if maximumValue < minimumValue { maximumValue = minimumValue }
      setValue(current, animated: false)
    }
  }
  open var maximumValue: Float = 1 {
    didSet {
      if minimumValue > maximumValue { minimumValue = maximumValue }
      setValue(current, animated: false)
    }
  }
  /// Whether dragging sends `.valueChanged` as it goes (else once, at the end).
  open var isContinuous = true
  open var minimumTrackTintColor: UIColor? {
    didSet { setNeedsLayout() }
  }
  open var maximumTrackTintColor: UIColor? {
    didSet { setNeedsLayout() }
  }
  open var thumbTintColor: UIColor? {
    didSet { setNeedsLayout() }
  }
  /// Images beside the track's ends (kept; the track is not shortened for them).
  open var minimumValueImage: UIImage?
  open var maximumValueImage: UIImage?

  private var current: Float = 0
  private var thumbImages = PerState<UIImage>()
  private let minimumTrack = CALayer()
  private let maximumTrack = CALayer()
  private let thumb = CALayer()

  public override init(frame: CGRect) {
    super.init(frame: frame)
    setUp()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    setUp()
  }

  public convenience init() { self.init(frame: .zero) }

  private func setUp() {
    layer.addSublayer(maximumTrack)
    layer.addSublayer(minimumTrack)
    layer.addSublayer(thumb)
    minimumTrack.anchorPoint = .zero
    maximumTrack.anchorPoint = .zero
  }

  open override var intrinsicContentSize: CGSize {
    CGSize(width: UIView.noIntrinsicMetric, height: 31)
  }

  /// Sets the value; `animated` moves the thumb and track there over 0.25 s.
  open func setValue(_ value: Float, animated: Bool) {
    let v = value.isNaN ? minimumValue : value
    current = min(max(v, minimumValue), maximumValue)
    refresh(animated: animated)
  }

  /// The thumb image for `state` (falling back to `.normal`'s), nil for the round thumb.
  open func thumbImage(for state: UIControl.State) -> UIImage? { thumbImages[state] }
  open func setThumbImage(_ image: UIImage?, for state: UIControl.State) {
    thumbImages[state] = image
    setNeedsLayout()
  }
  open var currentThumbImage: UIImage? { thumbImages[state] }

  /// The track: the bounds' width, 4 points tall, centred vertically.
  open func trackRect(forBounds bounds: CGRect) -> CGRect {
    CGRect(
      x: bounds.minX, y: bounds.midY - Self.trackHeight / 2, width: bounds.width,
      height: Self.trackHeight)
  }

  /// The thumb for `value`: centred on the track, travelling its length less the thumb's
  /// width.
  open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
    let size =
      currentThumbImage?.size ?? CGSize(width: Self.thumbDiameter, height: Self.thumbDiameter)
    let span = maximumValue - minimumValue
    let fraction = span > 0 ? CGFloat((value - minimumValue) / span) : 0
    let x = rect.minX + fraction * max(0, rect.width - size.width)
    return CGRect(x: x, y: rect.midY - size.height / 2, width: size.width, height: size.height)
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    refresh(animated: false)
  }

  override func stateDidChange() {
    super.stateDidChange()
    setNeedsLayout()
  }

  // MARK: Tracking

  /// How far from the thumb, in points, a touch still takes hold of it.
  static let thumbReach: CGFloat = 10
  /// Where on the thumb the touch took hold, from its centre, in points.
  private var grab: CGFloat = 0

  /// A touch that begins on the thumb (or within `thumbReach` of it) takes hold of it, where
  /// it touched; one elsewhere on the track moves nothing, as on iOS.
  open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    let track = trackRect(forBounds: bounds)
    let thumb = thumbRect(forBounds: bounds, trackRect: track, value: current)
    let p = touch.location(in: self)
    guard thumb.insetBy(dx: -Self.thumbReach, dy: -Self.thumbReach).contains(p) else {
      return false
    }
    grab = p.x - thumb.midX
    return true
  }

  open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    follow(touch)
    return true
  }

  open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
    if !isContinuous { sendActions(for: .valueChanged) }
  }

  /// Moves the value under the touch (the thumb follows it, held where it was taken).
  private func follow(_ touch: UITouch) {
    let track = trackRect(forBounds: bounds)
    let thumbWidth = thumbRect(forBounds: bounds, trackRect: track, value: current).width
    let travel = max(1, track.width - thumbWidth)
    let x = touch.location(in: self).x - grab - track.minX - thumbWidth / 2
    let fraction = Float(min(max(x / travel, 0), 1))
    let old = current
    setValue(minimumValue + fraction * (maximumValue - minimumValue), animated: false)
    if isContinuous && current != old { sendActions(for: .valueChanged) }
  }

  private func refresh(animated: Bool) {
    CATransaction.changing(animated: animated) {
      let track = trackRect(forBounds: bounds)
      let knob = thumbRect(forBounds: bounds, trackRect: track, value: current)
      let split = min(max(knob.midX, track.minX), track.maxX)
      let radius = min(track.height, track.width) / 2
      maximumTrack.frame = track
      maximumTrack.cornerRadius = radius
      maximumTrack.backgroundColor =
        (maximumTrackTintColor ?? UISwitch.offTrackColor.withAlphaComponent(0.2)).cgColor
      minimumTrack.frame = CGRect(
        x: track.minX, y: track.minY, width: split - track.minX, height: track.height)
      minimumTrack.cornerRadius = radius
      minimumTrack.backgroundColor = (minimumTrackTintColor ?? tintColor).cgColor
      thumb.frame = knob
      if let image = currentThumbImage {
        thumb.contents = image.cgImage
        thumb.backgroundColor = nil
        thumb.cornerRadius = 0
        thumb.shadowOpacity = 0
      } else {
        thumb.contents = nil
        thumb.backgroundColor = (thumbTintColor ?? .white).cgColor
        thumb.cornerRadius = knob.height / 2
        thumb.shadowColor = UIColor.black.cgColor
        thumb.shadowOpacity = 0.2
        thumb.shadowOffset = CGSize(width: 0, height: 3)
        thumb.shadowRadius = 3
      }
      layer.opacity = isEnabled ? 1 : 0.5
    }
  }
}
