import Foundation

/// A button on a bar (UIKit's): a title, an image, a system item, a space or a view of the
/// program's, calling its action on its target when tapped.
@preconcurrency @MainActor
open class UIBarButtonItem: NSObject {
  public enum Style: Int, Sendable { case plain, bordered, done }

  public enum SystemItem: Int, Sendable {
    case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action
    case organize, bookmarks, search, refresh, stop, camera, trash, play, pause, rewind
    case fastForward, undo, redo, pageCurl, close
  }

  open var title: String?
  open var image: UIImage?
  open var style = Style.plain
  /// The width of a fixed space, in points (0: the standard 8).
  open var width: CGFloat = 0
  open var customView: UIView?
  open var tintColor: UIColor?
  open var isEnabled = true
  open var tag = 0
  /// The system item it was made as, if any.
  let systemItem: SystemItem?
  /// Calls the action on the target, with the item as the sender.
  var call: (@MainActor (UIBarButtonItem) -> Void)?
  open var primaryAction: UIAction?

  public override init() {
    systemItem = nil
    super.init()
  }

  init(systemItem: SystemItem?) {
    self.systemItem = systemItem
    super.init()
  }

  public convenience init(customView: UIView) {
    self.init()
    self.customView = customView
  }

  public convenience init(title: String?, style: Style = .plain) {
    self.init()
    self.title = title
    self.style = style
  }

  public convenience init(image: UIImage?, style: Style = .plain) {
    self.init()
    self.image = image
    self.style = style
  }

  /// A title whose action is `target`'s method (`Self.tapped`, where iOS takes
  /// `#selector(tapped)`).
  public convenience init<Target: AnyObject>(
    title: String?, style: Style, target: Any?,
    action: @escaping @MainActor (Target) -> @MainActor () -> Void
  ) {
    self.init(title: title, style: style)
    connect(target) { object, _ in action(object)() }
  }

  public convenience init<Target: AnyObject>(
    title: String?, style: Style, target: Any?,
    action: @escaping @MainActor (Target) -> @MainActor (UIBarButtonItem) -> Void
  ) {
    self.init(title: title, style: style)
    connect(target) { object, item in action(object)(item) }
  }

  public convenience init<Target: AnyObject>(
    image: UIImage?, style: Style, target: Any?,
    action: @escaping @MainActor (Target) -> @MainActor () -> Void
  ) {
    self.init(image: image, style: style)
    connect(target) { object, _ in action(object)() }
  }

  public convenience init(barButtonSystemItem systemItem: SystemItem) {
    self.init(systemItem: systemItem)
    style = systemItem == .done ? .done : .plain
  }

  public convenience init<Target: AnyObject>(
    barButtonSystemItem systemItem: SystemItem, target: Any?,
    action: @escaping @MainActor (Target) -> @MainActor () -> Void
  ) {
    self.init(barButtonSystemItem: systemItem)
    connect(target) { object, _ in action(object)() }
  }

  /// The same, with no action (`action: nil`, as spaces are made).
  public convenience init(barButtonSystemItem systemItem: SystemItem, target: Any?, action: Never?)
  {
    self.init(barButtonSystemItem: systemItem)
  }

  public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction?) {
    self.init(title: title, style: .plain)
    self.image = image
    self.primaryAction = primaryAction
  }

  /// A flexible space: the room left on the bar, shared with the other flexible spaces.
  public class func flexibleSpace() -> UIBarButtonItem {
    UIBarButtonItem(barButtonSystemItem: .flexibleSpace)
  }

  /// A space `width` points wide.
  public class func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
    let item = UIBarButtonItem(barButtonSystemItem: .fixedSpace)
    item.width = width
    return item
  }

  private func connect<Target: AnyObject>(
    _ target: Any?, _ body: @escaping @MainActor (Target, UIBarButtonItem) -> Void
  ) {
    guard let target else { return }
    let object = TargetAction.typed(target, as: Target.self, in: "UIBarButtonItem")
    call = { [weak object] item in if let object { body(object, item) } }
  }

  /// The title a system item shows (English), nil for spaces and symbols.
  var shownTitle: String? {
    if let title { return title }
    switch systemItem {
    case .done: return "Done"
    case .cancel: return "Cancel"
    case .edit: return "Edit"
    case .save: return "Save"
    case .close: return "Close"
    case .undo: return "Undo"
    case .redo: return "Redo"
    case .add: return "+"
    default: return nil
    }
  }

  /// What it shows on a bar: the program's view, or a button with its title or image.
  func makeView(tint: UIColor?) -> UIView? {
    if let customView { return customView }
    switch systemItem {
    case .flexibleSpace, .fixedSpace: return nil
    default: break
    }
    let button = UIButton(type: .system)
    button.setTitle(shownTitle, for: .normal)
    button.setImage(image, for: .normal)
    button.titleLabel?.font =
      style == .done ? .systemFont(ofSize: 17, weight: .semibold) : .systemFont(ofSize: 17)
    if let color = tintColor ?? tint { button.tintColor = color }
    button.isEnabled = isEnabled
    button.addAction(
      UIAction { [weak self] _ in
        guard let self else { return }
        self.call?(self)
        if let action = self.primaryAction {
          action.sender = self
          action.handler(action)
        }
      }, for: .touchUpInside)
    return button
  }
}
