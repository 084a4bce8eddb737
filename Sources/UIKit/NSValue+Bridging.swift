import Foundation

// Geometry in `Any` bridges to `NSValue` and back, as Foundation's overlay bridges it on
// iOS: `change[.newKey] as? NSValue` and `as? CGPoint` both work on a key-value observing
// change, whichever form the value is in (DGElasticPullToRefresh reads an `NSValue`).

/// A value type stored in an `NSValue` under one Objective-C type.
protocol NSValueBridged: _ObjectiveCBridgeable where _ObjectiveCType == NSValue {
  /// The value as an `NSValue`.
  var boxed: NSValue { get }
  /// The value `value` holds; nil when it holds another type.
  static func unboxed(_ value: NSValue) -> Self?
}

extension NSValueBridged {
  public func _bridgeToObjectiveC() -> NSValue { boxed }

  public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout Self?) {
    result = unboxed(source)
  }

  public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout Self?)
    -> Bool
  {
    result = unboxed(source)
    return result != nil
  }

  public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> Self {
    guard let source, let value = unboxed(source) else {
      fatalError("UIKit (RainbowRing): the NSValue does not hold a \(Self.self)")
    }
    return value
  }
}

extension NSValue {
  /// Whether the value was stored under the same Objective-C type as `other`.
  func holdsSameType(as other: NSValue) -> Bool {
    String(cString: objCType) == String(cString: other.objCType)
  }
}

// Foundation's types, retroactively by necessity: the conformances are Foundation's on
// Apple's platforms (as `CGFloat`'s, in CGFloat+Bridging.swift).
// swift-format-ignore: AvoidRetroactiveConformances
extension CGPoint: @retroactive _ObjectiveCBridgeable, NSValueBridged {
  var boxed: NSValue { NSValue(point: self) }
  static func unboxed(_ value: NSValue) -> CGPoint? {
    value.holdsSameType(as: NSValue(point: .zero)) ? value.pointValue : nil
  }
}

// swift-format-ignore: AvoidRetroactiveConformances
extension CGSize: @retroactive _ObjectiveCBridgeable, NSValueBridged {
  var boxed: NSValue { NSValue(size: self) }
  static func unboxed(_ value: NSValue) -> CGSize? {
    value.holdsSameType(as: NSValue(size: .zero)) ? value.sizeValue : nil
  }
}

// swift-format-ignore: AvoidRetroactiveConformances
extension CGRect: @retroactive _ObjectiveCBridgeable, NSValueBridged {
  var boxed: NSValue { NSValue(rect: self) }
  static func unboxed(_ value: NSValue) -> CGRect? {
    value.holdsSameType(as: NSValue(rect: .zero)) ? value.rectValue : nil
  }
}

extension UIEdgeInsets: _ObjectiveCBridgeable, NSValueBridged {
  var boxed: NSValue { NSValue(uiEdgeInsets: self) }
  static func unboxed(_ value: NSValue) -> UIEdgeInsets? {
    String(cString: value.objCType) == NSValue.edgeInsetsType ? value.uiEdgeInsetsValue : nil
  }
}

extension CATransform3D: _ObjectiveCBridgeable, NSValueBridged {
  var boxed: NSValue { NSValue(caTransform3D: self) }
  static func unboxed(_ value: NSValue) -> CATransform3D? {
    String(cString: value.objCType) == NSValue.transformType ? value.caTransform3DValue : nil
  }
}
