import Foundation

/// What has a trait collection (UIKit's): views and view controllers.
@MainActor public protocol UITraitEnvironment: AnyObject {
  var traitCollection: UITraitCollection { get }
  func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}

extension UIView: UITraitEnvironment {}
extension UIViewController: UITraitEnvironment {}

/// A trait, named by its type (iOS 17's): `UITraitUserInterfaceStyle.self` and its kin.
public protocol UITraitDefinition {
  associatedtype Value
  static var defaultValue: Value { get }
  static var identifier: String { get }
  static var name: String { get }
  static var affectsColorAppearance: Bool { get }
}

extension UITraitDefinition {
  public static var identifier: String { String(reflecting: Self.self) }
  public static var name: String { String(describing: Self.self) }
  public static var affectsColorAppearance: Bool { false }
}

/// A trait's type, as `registerForTraitChanges` takes traits.
public typealias UITrait = any UITraitDefinition.Type

/// The light or dark appearance.
public enum UITraitUserInterfaceStyle: UITraitDefinition {
  public static let defaultValue = UIUserInterfaceStyle.unspecified
  public static var affectsColorAppearance: Bool { true }
}

/// The horizontal size class.
public enum UITraitHorizontalSizeClass: UITraitDefinition {
  public static let defaultValue = UIUserInterfaceSizeClass.unspecified
}

/// The vertical size class.
public enum UITraitVerticalSizeClass: UITraitDefinition {
  public static let defaultValue = UIUserInterfaceSizeClass.unspecified
}

/// The screen's scale, in pixels per point.
public enum UITraitDisplayScale: UITraitDefinition {
  public static let defaultValue: CGFloat = 0
}

/// The kind of device.
public enum UITraitUserInterfaceIdiom: UITraitDefinition {
  public static let defaultValue = UIUserInterfaceIdiom.unspecified
}

/// A registration for trait changes, to give back to `unregisterForTraitChanges(_:)`.
public protocol UITraitChangeRegistration: AnyObject {}

/// What registers for changes of its traits (iOS 17's replacement for overriding
/// `traitCollectionDidChange(_:)`).
@MainActor public protocol UITraitChangeObservable {
  @discardableResult
  func registerForTraitChanges<Environment>(
    _ traits: [UITrait],
    handler: @escaping (Environment, UITraitCollection) -> Void
  ) -> any UITraitChangeRegistration
  func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration)
}

/// One registration: the traits it watches. They never change here (a light, upright
/// iPhone), so its handler is never called and not kept.
final class TraitChangeRegistration: UITraitChangeRegistration {
  let traits: [UITrait]

  init(traits: [UITrait]) { self.traits = traits }
}

/// What keeps its registrations for trait changes.
@MainActor protocol TraitChangeRegistering: AnyObject, UITraitChangeObservable {
  var traitChangeRegistrations: [TraitChangeRegistration] { get set }
}

extension TraitChangeRegistering {
  /// Calls `handler` with the object and its traits before each change of one of `traits`:
  /// never here, where they do not change.
  @discardableResult
  public func registerForTraitChanges<Environment>(
    _ traits: [UITrait], handler: @escaping (Environment, UITraitCollection) -> Void
  ) -> any UITraitChangeRegistration {
    let registration = TraitChangeRegistration(traits: traits)
    traitChangeRegistrations.append(registration)
    return registration
  }

  public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) {
    traitChangeRegistrations.removeAll { $0 === registration }
  }
}

extension UIView: TraitChangeRegistering {}
extension UIViewController: TraitChangeRegistering {}
