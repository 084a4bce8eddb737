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

  /// A method of a type off the main actor (a layer subclass's, an `NSObject` helper's) in
  /// the form the selector APIs take: they call it on the main thread, where the run loop's
  /// timers fire and notifications from it are posted.
  static func onMain<Target, Argument>(_ method: @escaping (Target) -> (Argument) -> Void)
    -> @MainActor (Target) -> @MainActor (Argument) -> Void
  {
    nonisolated(unsafe) let method = method
    return { target in
      nonisolated(unsafe) let target = target
      return { argument in method(target)(argument) }
    }
  }

  /// The same, for a method taking nothing.
  static func onMain<Target>(_ method: @escaping (Target) -> () -> Void)
    -> @MainActor (Target) -> @MainActor () -> Void
  {
    nonisolated(unsafe) let method = method
    return { target in
      nonisolated(unsafe) let target = target
      return { method(target)() }
    }
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
