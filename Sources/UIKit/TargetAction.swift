/// What iOS's target-action calls share here, where a selector is the method itself
/// (`Self.tapped`): the check that the target has that method.
enum TargetAction {
  /// `target` as the type whose method the action is. Stops the program when it is not, as
  /// iOS stops for a selector its target does not recognise; `caller` names the API.
  static func typed<Target>(_ target: Any, as type: Target.Type, in caller: String) -> Target {
    guard let object = target as? Target else {
      preconditionFailure(
        "\(caller): the target, a \(Swift.type(of: target)), has no such method (the action is a method of \(Target.self))"
      )
    }
    return object
  }

  /// Stops the program when the sender `object` is not of the type the action takes.
  static func check<Sender>(_ object: AnyObject, is type: Sender.Type, in caller: String) {
    guard object is Sender else {
      preconditionFailure(
        "\(caller): the action takes a \(Sender.self), and the sender is a \(Swift.type(of: object))"
      )
    }
  }
}

/// An object held without keeping it: a recogniser's targets, an associated value assigned.
final class WeakTarget {
  weak var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
}
