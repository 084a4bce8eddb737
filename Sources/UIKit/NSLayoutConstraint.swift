import Foundation

/// A constraint's priority, 1 ... 1000: 1000 (`required`) must hold, lower ones hold as far
/// as the required ones and the higher ones let them.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
  public var rawValue: Float
  public init(rawValue: Float) { self.rawValue = rawValue }
  public init(_ rawValue: Float) { self.rawValue = rawValue }

  public static let required = UILayoutPriority(1000)
  public static let defaultHigh = UILayoutPriority(750)
  public static let dragThatCanResizeScene = UILayoutPriority(510)
  public static let sceneSizeStayPut = UILayoutPriority(500)
  public static let dragThatCannotResizeScene = UILayoutPriority(490)
  public static let defaultLow = UILayoutPriority(250)
  public static let fittingSizeLevel = UILayoutPriority(50)

  public static func < (a: UILayoutPriority, b: UILayoutPriority) -> Bool {
    a.rawValue < b.rawValue
  }
  public static func + (a: UILayoutPriority, b: Float) -> UILayoutPriority {
    UILayoutPriority(a.rawValue + b)
  }
  public static func - (a: UILayoutPriority, b: Float) -> UILayoutPriority {
    UILayoutPriority(a.rawValue - b)
  }
}

/// A relation between two layout attributes: `first = multiplier × second + constant` (or
/// `<=`, `>=`), kept while `isActive`. Solved by `ConstraintSolver` each time a layout pass
/// finds a constraint, a constant, an intrinsic size or a frame beneath it changed.
@preconcurrency @MainActor
open class NSLayoutConstraint: CustomStringConvertible {
  public enum Attribute: Int, Sendable {
    case left = 1
    case right, top, bottom, leading, trailing, width, height, centerX, centerY
    case lastBaseline, firstBaseline, leftMargin, rightMargin, topMargin, bottomMargin
    case leadingMargin, trailingMargin, centerXWithinMargins, centerYWithinMargins
    case notAnAttribute = 0
    public static let baseline = Attribute.lastBaseline
  }

  public enum Relation: Int, Sendable {
    case lessThanOrEqual = -1
    case equal = 0
    case greaterThanOrEqual = 1
  }

  public enum Axis: Int, Sendable {
    case horizontal = 0
    case vertical = 1
  }

  /// The items, held weakly as UIKit holds them: a constraint whose view is gone is
  /// dropped at the next layout pass.
  public private(set) weak var firstItem: AnyObject?
  public let firstAttribute: Attribute
  public let relation: Relation
  public private(set) weak var secondItem: AnyObject?
  public let secondAttribute: Attribute
  public let multiplier: CGFloat
  open var constant: CGFloat { didSet { if isActive { AutoLayout.changed() } } }
  open var priority = UILayoutPriority.required {
    didSet { if isActive { AutoLayout.changed() } }
  }
  open var identifier: String?
  /// Whether the constraint takes part in layout: activating installs it on the items'
  /// closest common ancestor (`UIView.constraints`).
  open var isActive: Bool {
    get { AutoLayout.active.contains { $0 === self } }
    set {
      if newValue { AutoLayout.activate(self) } else { AutoLayout.deactivate(self) }
    }
  }
  open var shouldBeArchived = false
  /// The view it is installed on while active: its items' closest common ancestor.
  weak var installedOn: UIView?

  /// Core Auto Layout's own initialiser: items are views or layout guides; a size may
  /// be related to nothing (`toItem: nil`, `.notAnAttribute`): then it equals `constant`.
  public init(
    item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
    toItem view2: Any?, attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
  ) {
    firstItem = view1 as AnyObject
    firstAttribute = attr1
    self.relation = relation
    secondItem = view2.map { $0 as AnyObject }
    secondAttribute = view2 == nil ? .notAnAttribute : attr2
    self.multiplier = multiplier
    constant = c
  }

  /// A constraint with no items (a placeholder a program replaces before it lays out, as
  /// `private var bottom = NSLayoutConstraint()`): activated, it constrains nothing.
  public convenience init() {
    self.init(
      item: NSNull(), attribute: .notAnAttribute, relatedBy: .equal, toItem: nil,
      attribute: .notAnAttribute, multiplier: 1, constant: 0)
    firstItem = nil
  }

  public static func activate(_ constraints: [NSLayoutConstraint]) {
    for c in constraints { c.isActive = true }
  }

  public static func deactivate(_ constraints: [NSLayoutConstraint]) {
    for c in constraints { c.isActive = false }
  }

  nonisolated public var description: String {
    MainActor.assumeIsolated {
      "<NSLayoutConstraint \(identifier.map { "'\($0)' " } ?? "")\(firstAttribute) "
        + "\(relation) \(multiplier) × \(secondAttribute) + \(constant)"
        + " @\(priority.rawValue)>"
    }
  }
}
