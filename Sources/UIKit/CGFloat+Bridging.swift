import Foundation

/// `CGFloat` bridges to and from `NSNumber` as on Apple's platforms, where Foundation
/// declares it: `layer.value(forKeyPath: "transform.rotation.z") as! CGFloat`, a number
/// in an `Any` cast to `CGFloat`, and `[NSNumber]` to `[CGFloat]` work. Foundation on Linux
/// bridges `Double` and `Float` but not `CGFloat`, so such casts failed (and `as!` trapped).
/// A number converts as it does to `Double`. (Retroactive by necessity: the conformance is
/// Foundation's on Apple's platforms.)
// swift-format-ignore: AvoidRetroactiveConformances
extension CGFloat: @retroactive _ObjectiveCBridgeable {
  public typealias _ObjectiveCType = NSNumber

  public func _bridgeToObjectiveC() -> NSNumber { NSNumber(value: Double(self)) }

  public static func _forceBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) {
    var double: Double?
    Double._forceBridgeFromObjectiveC(source, result: &double)
    result = double.map { CGFloat($0) }
  }

  @discardableResult
  public static func _conditionallyBridgeFromObjectiveC(
    _ source: NSNumber, result: inout CGFloat?
  ) -> Bool {
    var double: Double?
    let bridged = Double._conditionallyBridgeFromObjectiveC(source, result: &double)
    result = double.map { CGFloat($0) }
    return bridged
  }

  public static func _unconditionallyBridgeFromObjectiveC(_ source: NSNumber?) -> CGFloat {
    CGFloat(Double._unconditionallyBridgeFromObjectiveC(source))
  }
}
