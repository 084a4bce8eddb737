import Foundation

/// One attribute of a view or layout guide (`view.leadingAnchor`), from which constraints
/// are made. The anchor's type keeps horizontal, vertical and size attributes apart, as in
/// UIKit.
@preconcurrency @MainActor
open class NSLayoutAnchor<AnchorType: AnyObject> {
  let item: AnyObject
  let attribute: NSLayoutConstraint.Attribute

  init(_ item: AnyObject, _ attribute: NSLayoutConstraint.Attribute) {
    self.item = item
    self.attribute = attribute
  }

  func make(
    _ relation: NSLayoutConstraint.Relation, _ other: NSLayoutAnchor<AnchorType>?,
    multiplier: CGFloat = 1, constant: CGFloat
  ) -> NSLayoutConstraint {
    NSLayoutConstraint(
      item: item, attribute: attribute, relatedBy: relation, toItem: other?.item,
      attribute: other?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
  }

  open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
    make(.equal, anchor, constant: 0)
  }
  open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat)
    -> NSLayoutConstraint
  { make(.equal, anchor, constant: c) }
  open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>)
    -> NSLayoutConstraint
  { make(.greaterThanOrEqual, anchor, constant: 0) }
  open func constraint(
    greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat
  ) -> NSLayoutConstraint { make(.greaterThanOrEqual, anchor, constant: c) }
  open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>)
    -> NSLayoutConstraint
  { make(.lessThanOrEqual, anchor, constant: 0) }
  open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat)
    -> NSLayoutConstraint
  { make(.lessThanOrEqual, anchor, constant: c) }
}

/// The system's standard spacing between views, in points.
let systemSpacing: CGFloat = 8

/// A horizontal position: leading, trailing, left, right, centre x.
public final class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
  /// This anchor `multiplier` system spacings (8 points each) after `anchor`.
  public func constraint(equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat)
    -> NSLayoutConstraint
  { make(.equal, anchor, constant: systemSpacing * multiplier) }
  public func constraint(
    greaterThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat
  ) -> NSLayoutConstraint {
    make(.greaterThanOrEqual, anchor, constant: systemSpacing * multiplier)
  }
  public func constraint(
    lessThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat
  ) -> NSLayoutConstraint { make(.lessThanOrEqual, anchor, constant: systemSpacing * multiplier) }
}

/// A vertical position: top, bottom, centre y, baselines.
public final class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
  /// This anchor `multiplier` system spacings (8 points each) below `anchor`.
  public func constraint(equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat)
    -> NSLayoutConstraint
  { make(.equal, anchor, constant: systemSpacing * multiplier) }
  public func constraint(
    greaterThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat
  ) -> NSLayoutConstraint {
    make(.greaterThanOrEqual, anchor, constant: systemSpacing * multiplier)
  }
  public func constraint(
    lessThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat
  ) -> NSLayoutConstraint { make(.lessThanOrEqual, anchor, constant: systemSpacing * multiplier) }
}

/// A size: width or height, which may also equal a constant or a multiple of another size.
public final class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
  public func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
    make(.equal, nil, constant: c)
  }
  public func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
    make(.greaterThanOrEqual, nil, constant: c)
  }
  public func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
    make(.lessThanOrEqual, nil, constant: c)
  }
  public func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat)
    -> NSLayoutConstraint
  { make(.equal, anchor, multiplier: m, constant: 0) }
  public func constraint(
    equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat
  ) -> NSLayoutConstraint { make(.equal, anchor, multiplier: m, constant: c) }
  public func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat)
    -> NSLayoutConstraint
  { make(.greaterThanOrEqual, anchor, multiplier: m, constant: 0) }
  public func constraint(
    greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat
  ) -> NSLayoutConstraint { make(.greaterThanOrEqual, anchor, multiplier: m, constant: c) }
  public func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat)
    -> NSLayoutConstraint
  { make(.lessThanOrEqual, anchor, multiplier: m, constant: 0) }
  public func constraint(
    lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat
  ) -> NSLayoutConstraint { make(.lessThanOrEqual, anchor, multiplier: m, constant: c) }
}

/// A rectangle that takes part in Auto Layout without being a view: a view's safe area
/// (its bounds here, as a window has no notch) and its margins (`layoutMargins` in).
@preconcurrency @MainActor
open class UILayoutGuide {
  public internal(set) weak var owningView: UIView?
  open var identifier = ""
  /// How far in from the owning view's edges, in points (a view's own guides).
  var insets: () -> UIEdgeInsets = { .zero }
  /// Whether the guide has a frame of its own for constraints to place
  /// (`addLayoutGuide(_:)`), rather than following its view's edges.
  var isFree = false

  public init() {}

  /// The guide's rectangle in its view's coordinates (a free guide's, as last solved).
  open var layoutFrame: CGRect {
    guard let view = owningView else { return .zero }
    return isFree ? solvedFrame : view.bounds.inset(by: insets())
  }
  var solvedFrame = CGRect.zero

  open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .leading) }
  open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .trailing) }
  open var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .left) }
  open var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .right) }
  open var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .centerX) }
  open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .top) }
  open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .bottom) }
  open var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .centerY) }
  open var widthAnchor: NSLayoutDimension { NSLayoutDimension(self, .width) }
  open var heightAnchor: NSLayoutDimension { NSLayoutDimension(self, .height) }
}

/// A controller's older layout guides (`topLayoutGuide`, `bottomLayoutGuide`: iOS 7's,
/// deprecated for the safe area since iOS 11): how far bars cover the view, as a length
/// and as anchors for constraints.
@preconcurrency @MainActor
public protocol UILayoutSupport: AnyObject {
  /// The covered length, in points: 0 here, where no bar covers a view.
  var length: CGFloat { get }
  var topAnchor: NSLayoutYAxisAnchor { get }
  var bottomAnchor: NSLayoutYAxisAnchor { get }
  var heightAnchor: NSLayoutDimension { get }
}

extension UILayoutGuide: UILayoutSupport {
  public var length: CGFloat { layoutFrame.height }
}

extension UIViewController {
  /// The strip the top bars cover: its bottom is where content begins (the safe area's top).
  public var topLayoutGuide: UILayoutSupport { view.barsGuide(top: true) }
  /// The strip the bottom bars cover: its top is where content ends.
  public var bottomLayoutGuide: UILayoutSupport { view.barsGuide(top: false) }
}
