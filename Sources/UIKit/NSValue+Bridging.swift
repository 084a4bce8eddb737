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
  /// The Objective-C type the value was stored under.
  var objCTypeName: String { String(cString: objCType) }

  /// The types Foundation stores points, sizes and rectangles under.
  static let pointType = NSValue(point: .zero).objCTypeName
  static let sizeType = NSValue(size: .zero).objCTypeName
  static let rectType = NSValue(rect: .zero).objCTypeName
}

// Foundation's types, retroactively by necessity: the conformances are Foundation's on
// Apple's platforms (as `CGFloat`'s, in CGFloat+Bridging.swift).
// swift-format-ignore: AvoidRetroactiveConformances
extension CGPoint: @retroactive _ObjectiveCBridgeable, NSValueBridged {
  var boxed: NSValue { NSValue(point: self) }
  static func unboxed(_ value: NSValue) -> CGPoint? {
    value.objCTypeName == NSValue.pointType ? value.pointValue : nil
  }
}

// swift-format-ignore: AvoidRetroactiveConformances
extension CGSize: @retroactive _ObjectiveCBridgeable, NSValueBridged {
  var boxed: NSValue { NSValue(size: self) }
  static func unboxed(_ value: NSValue) -> CGSize? {
    value.objCTypeName == NSValue.sizeType ? value.sizeValue : nil
  }
}

// swift-format-ignore: AvoidRetroactiveConformances
extension CGRect: @retroactive _ObjectiveCBridgeable, NSValueBridged {
  var boxed: NSValue { NSValue(rect: self) }
  static func unboxed(_ value: NSValue) -> CGRect? {
    value.objCTypeName == NSValue.rectType ? value.rectValue : nil
  }
}

extension UIEdgeInsets: _ObjectiveCBridgeable, NSValueBridged {
  var boxed: NSValue { NSValue(uiEdgeInsets: self) }
  static func unboxed(_ value: NSValue) -> UIEdgeInsets? {
    value.objCTypeName == NSValue.edgeInsetsType ? value.uiEdgeInsetsValue : nil
  }
}

extension CATransform3D: _ObjectiveCBridgeable, NSValueBridged {
  var boxed: NSValue { NSValue(caTransform3D: self) }
  static func unboxed(_ value: NSValue) -> CATransform3D? {
    value.objCTypeName == NSValue.transformType ? value.caTransform3DValue : nil
  }
}
