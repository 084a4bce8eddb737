import Foundation

/// A button (UIKit's, in its classic configuration-free form): a title and an image for
/// each state, laid out side by side in the middle of the bounds less `contentEdgeInsets`.
/// A `.system` button's title is the tint colour, faded while highlighted; a `.custom`
/// one's is white. Nothing is drawn behind them unless a background image is set.
@preconcurrency @MainActor
open class UIButton: UIControl {
  public enum ButtonType: Int, Sendable {
    case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, plain, close
    public static let roundedRect = ButtonType.system
  }

  public private(set) var buttonType = ButtonType.custom
  private var titles = PerState<String>()
  private var attributedTitles = PerState<NSAttributedString>()
  private var titleColors = PerState<UIColor>()
  private var images = PerState<UIImage>()
  private var backgroundImages = PerState<UIImage>()
  private let label = UILabel()
  private let icon = UIImageView()
  let backgroundView = UIImageView()

  open var contentEdgeInsets = UIEdgeInsets.zero {
    didSet { setNeedsLayout() }
  }
  open var titleEdgeInsets = UIEdgeInsets.zero {
    didSet { setNeedsLayout() }
  }
  open var imageEdgeInsets = UIEdgeInsets.zero {
    didSet { setNeedsLayout() }
  }

  /// A button of `buttonType` (a convenience initialiser, as on iOS, so a subclass that
  /// overrides `init(frame:)` inherits it).
  public convenience init(type buttonType: ButtonType) {
    self.init(frame: .zero)
    self.buttonType = buttonType
    update()
  }

  /// A button that runs `primaryAction` when tapped, showing its title and image.
  public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
    self.init(type: buttonType)
    guard let primaryAction else { return }
    addAction(primaryAction, for: .primaryActionTriggered)
    setTitle(primaryAction.title, for: .normal)
    setImage(primaryAction.image, for: .normal)
  }

  /// A custom button.
  public override init(frame: CGRect) {
    super.init(frame: frame)
    setUp()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    setUp()
  }

  private func setUp() {
    label.font = .systemFont(ofSize: 15)
    label.textAlignment = .center
    icon.contentMode = .center
    update()
  }

  /// Adds the background image view, the image view and the title label once each has
  /// something to show, at layout, as UIKit does: the background at the back, the image
  /// above it, the title on top. So views a subclass adds in its initialiser lie beneath the
  /// title.
  private func installContentViews() {
    if currentBackgroundImage != nil, backgroundView.superview !== self {
      insertSubview(backgroundView, at: 0)
    }
    if currentImage != nil, icon.superview !== self {
      if backgroundView.superview === self {
        insertSubview(icon, aboveSubview: backgroundView)
      } else {
        insertSubview(icon, at: 0)
      }
    }
    if currentTitle != nil, label.superview !== self { addSubview(label) }
  }

  // MARK: Per-state values (the normal state's when a state has none)

  open func setTitle(_ title: String?, for state: State) { set(\.titles, title, state) }
  open func title(for state: State) -> String? { titles[state] }
  /// A styled title; it is shown instead of the plain one.
  open func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
    set(\.attributedTitles, title, state)
  }
  open func attributedTitle(for state: State) -> NSAttributedString? { attributedTitles[state] }
  open func setTitleColor(_ color: UIColor?, for state: State) { set(\.titleColors, color, state) }
  open func titleColor(for state: State) -> UIColor? {
    titleColors[state] ?? (buttonType == .custom ? .white : tintColor)
  }
  open func setImage(_ image: UIImage?, for state: State) { set(\.images, image, state) }
  open func image(for state: State) -> UIImage? { images[state] }
  open func setBackgroundImage(_ image: UIImage?, for state: State) {
    set(\.backgroundImages, image, state)
  }
  open func backgroundImage(for state: State) -> UIImage? { backgroundImages[state] }

  private func set<Value>(
    _ table: ReferenceWritableKeyPath<UIButton, PerState<Value>>, _ value: Value?, _ state: State
  ) {
    self[keyPath: table][state] = value
    update()
  }

  open var currentTitle: String? { currentAttributedTitle?.string ?? title(for: state) }
  open var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }
  open var currentTitleColor: UIColor { titleColor(for: state) ?? tintColor }
  open var currentImage: UIImage? { image(for: state) }
  open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }
  /// The label showing the title (nil for a button that shows no text, on iOS; kept here).
  open var titleLabel: UILabel? { label }
  open var imageView: UIImageView? { icon }

  /// A button's primary action is its touch up inside.
  override var touchUpEvents: Event { [.touchUpInside, .primaryActionTriggered] }

  override func stateDidChange() {
    super.stateDidChange()
    update()
  }

  open override func tintColorDidChange() {
    super.tintColorDidChange()
    update()
  }

  private func update() {
    label.textColor = currentTitleColor
    if let styled = currentAttributedTitle {
      label.attributedText = styled
    } else {
      label.text = currentTitle
    }
    // A system button fades while pressed, and greys out while disabled.
    label.alpha = buttonType == .system && isHighlighted ? 0.2 : 1
    if !isEnabled && !titleColors.isSet(for: .disabled) && buttonType == .system {
      label.textColor = UIColor(white: 0.6, alpha: 1)
    }
    icon.image = currentImage
    backgroundView.image = currentBackgroundImage
    invalidateIntrinsicContentSize()
    setNeedsLayout()
  }

  private var titleSize: CGSize {
    currentTitle == nil ? .zero : label.intrinsicContentSize
  }
  private var imageSize: CGSize { currentImage?.size ?? .zero }

  /// The title and image side by side, with the insets.
  open override var intrinsicContentSize: CGSize {
    let (t, i) = (titleSize, imageSize)
    let width = t.width + i.width + contentEdgeInsets.left + contentEdgeInsets.right
    let height = max(t.height, i.height) + contentEdgeInsets.top + contentEdgeInsets.bottom
    // A system button with a title is at least 30 points tall, as UIKit's is.
    return CGSize(
      width: width, height: buttonType == .system && t.height > 0 ? max(30, height) : height)
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

  open override func layoutSubviews() {
    super.layoutSubviews()
    installContentViews()
    backgroundView.frame = bounds
    let content = bounds.inset(by: contentEdgeInsets)
    let (t, i) = (titleSize, imageSize)
    // The image, then the title, centred together (or placed by the alignments).
    let total = t.width + i.width
    let x: CGFloat =
      switch contentHorizontalAlignment {
      case .left, .leading: content.minX
      case .right, .trailing: content.maxX - total
      case .center, .fill: content.midX - total / 2
      }
    func y(_ height: CGFloat) -> CGFloat {
      switch contentVerticalAlignment {
      case .top: content.minY
      case .bottom: content.maxY - height
      case .center, .fill: content.midY - height / 2
      }
    }
    icon.frame = CGRect(x: x, y: y(i.height), width: i.width, height: i.height)
      .inset(by: imageEdgeInsets)
    label.frame = CGRect(x: x + i.width, y: y(t.height), width: t.width, height: t.height)
      .inset(by: titleEdgeInsets)
  }
}

/// A button's values for each control state: a state without one of its own shows the
/// normal state's.
struct PerState<Value> {
  private var values: [UInt: Value] = [:]

  subscript(state: UIControl.State) -> Value? {
    get { values[state.rawValue] ?? values[UIControl.State.normal.rawValue] }
    set { values[state.rawValue] = newValue }
  }

  /// Whether `state` has a value of its own.
  func isSet(for state: UIControl.State) -> Bool { values[state.rawValue] != nil }
}
