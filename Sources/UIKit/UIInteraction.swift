import Foundation

/// Behaviour added to a view (UIKit's): it is told when it moves to a view and away.
@MainActor public protocol UIInteraction: AnyObject {
  var view: UIView? { get }
  func willMove(to view: UIView?)
  func didMove(to view: UIView?)
}

/// The pointer's effects on an iPad with a trackpad (UIKit's). There is no such pointer
/// here, so the delegate is never asked; the interaction is kept on its view.
@MainActor open class UIPointerInteraction: NSObject, UIInteraction {
  open weak var delegate: UIPointerInteractionDelegate?
  open var isEnabled = true
  public private(set) weak var view: UIView?

  public init(delegate: UIPointerInteractionDelegate?) {
    self.delegate = delegate
    super.init()
  }

  open func willMove(to view: UIView?) {}
  open func didMove(to view: UIView?) { self.view = view }
  /// Asks the delegate again for the region under the pointer: nothing here.
  open func invalidate() {}
}

/// What a pointer interaction asks (never here): every method has a default.
@MainActor public protocol UIPointerInteractionDelegate: AnyObject {
  func pointerInteraction(
    _ interaction: UIPointerInteraction, regionFor request: UIPointerRegionRequest,
    defaultRegion: UIPointerRegion
  ) -> UIPointerRegion?
  func pointerInteraction(_ interaction: UIPointerInteraction, styleFor region: UIPointerRegion)
    -> UIPointerStyle?
  func pointerInteraction(
    _ interaction: UIPointerInteraction, willEnter region: UIPointerRegion,
    animator: UIPointerInteractionAnimating)
  func pointerInteraction(
    _ interaction: UIPointerInteraction, willExit region: UIPointerRegion,
    animator: UIPointerInteractionAnimating)
}

extension UIPointerInteractionDelegate {
  public func pointerInteraction(
    _ interaction: UIPointerInteraction, regionFor request: UIPointerRegionRequest,
    defaultRegion: UIPointerRegion
  ) -> UIPointerRegion? { defaultRegion }
  public func pointerInteraction(
    _ interaction: UIPointerInteraction, styleFor region: UIPointerRegion
  ) -> UIPointerStyle? { nil }
  public func pointerInteraction(
    _ interaction: UIPointerInteraction, willEnter region: UIPointerRegion,
    animator: UIPointerInteractionAnimating
  ) {}
  public func pointerInteraction(
    _ interaction: UIPointerInteraction, willExit region: UIPointerRegion,
    animator: UIPointerInteractionAnimating
  ) {}
}

/// Animations run alongside a pointer's entering or leaving a region.
@MainActor public protocol UIPointerInteractionAnimating: AnyObject {
  func addAnimations(_ animations: @escaping () -> Void)
  func addCompletion(_ completion: @escaping (Bool) -> Void)
}

/// Where the pointer is, in the interaction's view.
@MainActor open class UIPointerRegionRequest: NSObject {
  public let location: CGPoint
  init(location: CGPoint) { self.location = location }
}

/// A part of a view that the pointer treats as one.
@MainActor open class UIPointerRegion: NSObject {
  public let rect: CGRect
  public let identifier: AnyHashable?
  public init(rect: CGRect, identifier: AnyHashable? = nil) {
    self.rect = rect
    self.identifier = identifier
    super.init()
  }
}

/// A view as the pointer's effects see it.
@MainActor open class UITargetedPreview: NSObject {
  public let view: UIView
  public init(view: UIView) {
    self.view = view
    super.init()
  }
}

/// How the pointer changes over a view.
public enum UIPointerEffect {
  case automatic(UITargetedPreview)
  case highlight(UITargetedPreview)
  case lift(UITargetedPreview)
  case hover(
    UITargetedPreview, preferredTintMode: TintMode = .overlay, prefersShadow: Bool = false,
    prefersScaledContent: Bool = true)

  public enum TintMode: Int, Sendable { case none, overlay, underlay }
}

/// The pointer's shape.
public enum UIPointerShape {
  case path(UIBezierPath)
  case roundedRect(CGRect, radius: CGFloat = UIPointerShape.defaultCornerRadius)
  case verticalBeam(length: CGFloat)
  case horizontalBeam(length: CGFloat)

  public static let defaultCornerRadius: CGFloat = 8
}

/// The pointer's effect and shape over a region.
@MainActor open class UIPointerStyle: NSObject {
  public let effect: UIPointerEffect?
  public let shape: UIPointerShape?

  public init(effect: UIPointerEffect, shape: UIPointerShape? = nil) {
    self.effect = effect
    self.shape = shape
    super.init()
  }

  public init(shape: UIPointerShape, constrainedAxes: UIAxis = []) {
    effect = nil
    self.shape = shape
    super.init()
  }

  /// A pointer hidden over the region.
  open class func hidden() -> UIPointerStyle { UIPointerStyle(shape: .verticalBeam(length: 0)) }
}

/// Axes (UIKit's).
public struct UIAxis: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let horizontal = UIAxis(rawValue: 1)
  public static let vertical = UIAxis(rawValue: 2)
  public static let both: UIAxis = [.horizontal, .vertical]
}

/// An action VoiceOver offers on an element (UIKit's); kept for assistive technologies,
/// which this module does not serve.
open class UIAccessibilityCustomAction: NSObject {
  open var name: String
  open var image: UIImage?
  let handler: ((UIAccessibilityCustomAction) -> Bool)?

  public init(name: String, actionHandler: @escaping (UIAccessibilityCustomAction) -> Bool) {
    self.name = name
    handler = actionHandler
    super.init()
  }

  public init(
    name: String, image: UIImage?,
    actionHandler: @escaping (UIAccessibilityCustomAction) -> Bool
  ) {
    self.name = name
    self.image = image
    handler = actionHandler
    super.init()
  }
}
