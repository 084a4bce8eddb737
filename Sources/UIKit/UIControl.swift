import Foundation

/// A view that turns interaction into events (UIKit's): its state, the actions registered
/// for each event, and the tracking methods custom controls (sliders, dials, switches)
/// override. Touches (the window's pointer, or a program's own calls of the touch methods)
/// track as UIKit does (begin, continue, end), then send `.touchDown`, `.touchDragInside`
/// (and enter, exit, outside) and `.touchUpInside`, rather than passing the touches up the
/// responder chain; `sendActions(for:)` runs the actions registered for those events.
///
/// Target-action (`addTarget(_:action:for:)`) takes the method itself where iOS takes
/// `#selector` (which needs the Objective-C runtime): `addTarget(self, action:
/// Self.tapped, for: .touchUpInside)`. Closures register with `addAction(_:for:)`.
@preconcurrency @MainActor
open class UIControl: UIView {
  public struct State: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let normal: State = []
    public static let highlighted = State(rawValue: 1 << 0)
    public static let disabled = State(rawValue: 1 << 1)
    public static let selected = State(rawValue: 1 << 2)
    public static let focused = State(rawValue: 1 << 3)
    public static let application = State(rawValue: 0x00FF_0000)
    public static let reserved = State(rawValue: 0xFF00_0000)
  }

  public struct Event: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let touchDown = Event(rawValue: 1 << 0)
    public static let touchDownRepeat = Event(rawValue: 1 << 1)
    public static let touchDragInside = Event(rawValue: 1 << 2)
    public static let touchDragOutside = Event(rawValue: 1 << 3)
    public static let touchDragEnter = Event(rawValue: 1 << 4)
    public static let touchDragExit = Event(rawValue: 1 << 5)
    public static let touchUpInside = Event(rawValue: 1 << 6)
    public static let touchUpOutside = Event(rawValue: 1 << 7)
    public static let touchCancel = Event(rawValue: 1 << 8)
    public static let valueChanged = Event(rawValue: 1 << 12)
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    public static let menuActionTriggered = Event(rawValue: 1 << 14)
    public static let editingDidBegin = Event(rawValue: 1 << 16)
    public static let editingChanged = Event(rawValue: 1 << 17)
    public static let editingDidEnd = Event(rawValue: 1 << 18)
    public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
    public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
    public static let allEditingEvents = Event(rawValue: 0x000F_0000)
    public static let applicationReserved = Event(rawValue: 0x0F00_0000)
    public static let systemReserved = Event(rawValue: 0xF000_0000)
    public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
  }

  public enum ContentHorizontalAlignment: Int, Sendable {
    case center, left, right, fill, leading, trailing
  }
  public enum ContentVerticalAlignment: Int, Sendable { case center, top, bottom, fill }

  open var isEnabled = true {
    didSet { if isEnabled != oldValue { stateDidChange() } }
  }
  open var isSelected = false {
    didSet { if isSelected != oldValue { stateDidChange() } }
  }
  open var isHighlighted = false {
    didSet { if isHighlighted != oldValue { stateDidChange() } }
  }
  open var contentHorizontalAlignment = ContentHorizontalAlignment.center
  open var contentVerticalAlignment = ContentVerticalAlignment.center

  /// The flags that are set, `.normal` when none is.
  open var state: State {
    var s: State = []
    if isHighlighted { s.insert(.highlighted) }
    if !isEnabled { s.insert(.disabled) }
    if isSelected { s.insert(.selected) }
    return s
  }

  /// Whether a touch is being tracked, and whether it is inside the bounds (with UIKit's
  /// 70-point margin around them).
  public private(set) var isTracking = false
  public private(set) var isTouchInside = false

  private var registered: [(action: UIAction, events: Event)] = []

  public override init(frame: CGRect) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// A control whose primary action (a button's tap) runs `primaryAction`.
  public convenience init(frame: CGRect, primaryAction: UIAction?) {
    self.init(frame: frame)
    if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
  }

  /// Called when `isEnabled`, `isSelected` or `isHighlighted` changes: redraws.
  func stateDidChange() { setNeedsDisplay() }

  // MARK: Actions

  /// Runs `action` whenever one of `controlEvents` is sent. An action of the same identifier
  /// is replaced by it, and keeps its events.
  open func addAction(_ action: UIAction, for controlEvents: Event) {
    // Added again, for more events: one action, for all of them.
    if let i = registered.firstIndex(where: { $0.action.identifier == action.identifier }) {
      registered[i] = (action, registered[i].events.union(controlEvents))
    } else {
      registered.append((action, controlEvents))
    }
  }

  /// Calls `action`, a method of the target's type taking nothing, the sender, or the sender
  /// and the event, on `target` whenever one of `controlEvents` is sent. The target is not
  /// kept (a control does not own its targets); one that has gone is skipped. A nil target
  /// (the responder chain's search for the selector) is not supported: nothing is added.
  /// Stops the program when the target or this control is not of the method's types, as
  /// iOS stops for a selector its target does not recognise. (Final, unlike the rest: a
  /// subclass's table of these generic methods does not link with this compiler.)
  public final func addTarget<Target: AnyObject>(
    _ target: Any?, action: @escaping @MainActor (Target) -> @MainActor () -> Void,
    for controlEvents: Event
  ) {
    addTarget(target, for: controlEvents) { (object: Target, _: Any, _) in action(object)() }
  }

  public final func addTarget<Target: AnyObject, Sender>(
    _ target: Any?, action: @escaping @MainActor (Target) -> @MainActor (Sender) -> Void,
    for controlEvents: Event
  ) {
    addTarget(target, for: controlEvents) { (object: Target, sender: Sender, _) in
      action(object)(sender)
    }
  }

  public final func addTarget<Target: AnyObject, Sender>(
    _ target: Any?,
    action: @escaping @MainActor (Target) -> @MainActor (Sender, UIEvent) -> Void,
    for controlEvents: Event
  ) {
    addTarget(target, for: controlEvents) { (object: Target, sender: Sender, event) in
      action(object)(sender, event)
    }
  }

  private final func addTarget<Target: AnyObject, Sender>(
    _ target: Any?, for controlEvents: Event,
    call: @escaping @MainActor (Target, Sender, UIEvent) -> Void
  ) {
    guard let target else { return }
    let object = TargetAction.typed(target, as: Target.self, in: "addTarget")
    TargetAction.check(self, is: Sender.self, in: "addTarget")
    let action = UIAction { [weak object] action in
      guard let object, let sender = action.sender as? Sender else { return }
      call(object, sender, UIEvent())
    }
    action.target = object
    registered.append((action, controlEvents))
  }

  /// Stops calling `target` for `controlEvents`: every action of it (methods cannot be
  /// told apart here, as selectors are on iOS), or of every target when `target` is nil.
  open func removeTarget(_ target: Any?, action: Never?, for controlEvents: Event) {
    let object = target.map { $0 as AnyObject }
    registered = registered.compactMap { entry in
      guard let held = entry.action.target,
        object == nil || held === object
      else { return entry }
      let left = entry.events.subtracting(controlEvents)
      return left.isEmpty ? nil : (entry.action, left)
    }
  }

  public final func removeTarget<Target: AnyObject>(
    _ target: Any?, action: @escaping @MainActor (Target) -> @MainActor () -> Void,
    for controlEvents: Event
  ) {
    removeTarget(target, action: nil, for: controlEvents)
  }

  public final func removeTarget<Target: AnyObject, Sender>(
    _ target: Any?, action: @escaping @MainActor (Target) -> @MainActor (Sender) -> Void,
    for controlEvents: Event
  ) {
    removeTarget(target, action: nil, for: controlEvents)
  }

  /// The targets that have actions (those still alive).
  open var allTargets: Set<AnyHashable> {
    Set(registered.compactMap { $0.action.target as? AnyHashable })
  }

  open func removeAction(_ action: UIAction, for controlEvents: Event) {
    removeAction(identifiedBy: action.identifier, for: controlEvents)
  }

  open func removeAction(identifiedBy identifier: UIAction.Identifier, for controlEvents: Event) {
    registered = registered.compactMap { entry in
      guard entry.action.identifier == identifier else { return entry }
      let left = entry.events.subtracting(controlEvents)
      return left.isEmpty ? nil : (entry.action, left)
    }
  }

  /// Runs, in the order they were added, the actions registered for any of `controlEvents`.
  open func sendActions(for controlEvents: Event) {
    for entry in registered where !entry.events.isDisjoint(with: controlEvents) {
      sendAction(entry.action)
    }
  }

  open func sendAction(_ action: UIAction) {
    action.sender = self
    action.handler(action)
  }

  /// The actions registered for any of `controlEvents`.
  open func actions(for controlEvents: Event) -> [UIAction] {
    registered.filter { !$0.events.isDisjoint(with: controlEvents) }.map(\.action)
  }

  /// The events that have actions.
  open var allControlEvents: Event {
    registered.reduce([]) { $0.union($1.events) }
  }

  // MARK: Tracking

  /// A touch began in the control: return whether to go on tracking it.
  open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
  /// The touch moved: return whether to go on tracking it.
  open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
  open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
  open func cancelTracking(with event: UIEvent?) {}

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    guard isEnabled, let touch = touches.first else { return }
    isTouchInside = true
    isHighlighted = true
    isTracking = beginTracking(touch, with: event)
    sendActions(for: .touchDown)
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    guard isEnabled, let touch = touches.first else { return }
    let wasInside = isTouchInside
    isTouchInside = isInside(touch)
    isHighlighted = isTouchInside
    if isTracking { isTracking = continueTracking(touch, with: event) }
    var events: Event = isTouchInside ? .touchDragInside : .touchDragOutside
    if isTouchInside != wasInside {
      events.insert(isTouchInside ? .touchDragEnter : .touchDragExit)
    }
    sendActions(for: events)
  }

  /// Ends the touch; a control disabled meanwhile stops tracking but sends nothing.
  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    let touch = touches.first
    if let touch { isTouchInside = isInside(touch) }
    isHighlighted = false
    if isTracking { endTracking(touch, with: event) }
    isTracking = false
    guard isEnabled else { return }
    sendActions(for: isTouchInside ? touchUpEvents : .touchUpOutside)
  }

  /// What a touch lifted inside sends: `.touchUpInside` (a button adds its primary action).
  var touchUpEvents: Event { .touchUpInside }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    isHighlighted = false
    isTouchInside = false
    if isTracking { cancelTracking(with: event) }
    isTracking = false
    sendActions(for: .touchCancel)
  }

  private func isInside(_ touch: UITouch) -> Bool {
    bounds.insetBy(dx: -70, dy: -70).contains(touch.location(in: self))
  }
}

/// What a control runs for an event (UIKit's menu element with a handler).
@preconcurrency @MainActor
open class UIAction: NSObject {
  public struct Identifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
  }

  public enum State: Int, Sendable { case off, on, mixed }

  public struct Attributes: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let disabled = Attributes(rawValue: 1 << 0)
    public static let destructive = Attributes(rawValue: 1 << 1)
    public static let hidden = Attributes(rawValue: 1 << 2)
  }

  open var title: String
  open var image: UIImage?
  public let identifier: Identifier
  open var attributes: Attributes
  open var state: State
  let handler: (UIAction) -> Void
  /// The control that sent it last.
  public internal(set) weak var sender: AnyObject?
  /// The target whose method it calls, for an action added with `addTarget`.
  weak var target: AnyObject?

  /// An action; without an identifier it gets a unique one.
  public init(
    title: String = "", image: UIImage? = nil, identifier: Identifier? = nil,
    discoverabilityTitle: String? = nil, attributes: Attributes = [], state: State = .off,
    handler: @escaping (UIAction) -> Void
  ) {
    self.title = title
    self.image = image
    self.identifier = identifier ?? Identifier(UUID().uuidString)
    self.attributes = attributes
    self.state = state
    self.handler = handler
    super.init()
  }
}

public typealias UIActionHandler = (UIAction) -> Void
