// The UIKit and Core Animation compatibility module: the API an iOS sample uses, in Apple's
// names and signatures, drawn by the RainbowRing engine. On Apple platforms the system's
// UIKit is used instead; this module is built on Linux only.
@_exported import Foundation
// URLSession and the rest of Foundation's networking, which `import UIKit` brings on iOS
// (on Linux a module of its own).
@_exported import FoundationNetworking
import RingGraphics

/// A time interval in seconds (Core Foundation's name).
public typealias CFTimeInterval = Double

extension CGPoint {
  var point: Point { Point(x: Double(x), y: Double(y)) }
  init(_ p: Point) { self.init(x: CGFloat(p.x), y: CGFloat(p.y)) }
}

extension CGSize {
  var size: Size { Size(width: Double(width), height: Double(height)) }
  init(_ s: Size) { self.init(width: CGFloat(s.width), height: CGFloat(s.height)) }
}

extension CGRect {
  var rect: Rect {
    let r = standardized
    return Rect(
      x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width),
      height: Double(r.size.height))
  }
  init(_ r: Rect) {
    self.init(
      x: CGFloat(r.origin.x), y: CGFloat(r.origin.y), width: CGFloat(r.size.width),
      height: CGFloat(r.size.height))
  }
}

/// An affine transform of the plane, `(x, y) -> (a x + c y + tx, b x + d y + ty)`: what Core
/// Graphics' path functions take. Layers and views have no transform here (see the README).
public struct CGAffineTransform: Hashable, Sendable {
  public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }
  public init(translationX tx: CGFloat, y ty: CGFloat) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }
  public init(scaleX sx: CGFloat, y sy: CGFloat) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }
  public init(rotationAngle angle: CGFloat) {
    let (s, c) = (CGFloat(sin(Double(angle))), CGFloat(cos(Double(angle))))
    self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
  }
  public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
  public var isIdentity: Bool { self == .identity }

  /// This transform followed by `t`.
  public func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
    CGAffineTransform(transform2D.concatenating(t.transform2D))
  }
  public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
    CGAffineTransform(translationX: x, y: y).concatenating(self)
  }
  public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
    CGAffineTransform(scaleX: x, y: y).concatenating(self)
  }
  public func rotated(by angle: CGFloat) -> CGAffineTransform {
    CGAffineTransform(rotationAngle: angle).concatenating(self)
  }
  /// The inverse, or the transform itself when it has none (as Core Graphics returns it).
  public func inverted() -> CGAffineTransform {
    transform2D.inverted().map(CGAffineTransform.init) ?? self
  }

  init(_ t: Transform2D) {
    self.init(
      a: CGFloat(t.a), b: CGFloat(t.b), c: CGFloat(t.c), d: CGFloat(t.d), tx: CGFloat(t.tx),
      ty: CGFloat(t.ty))
  }

  var transform2D: Transform2D {
    Transform2D(
      a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(tx), ty: Double(ty))
  }
}

extension CGPoint {
  public func applying(_ t: CGAffineTransform) -> CGPoint {
    CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
  }
}

extension CGSize {
  /// The size through the transform's linear part.
  public func applying(_ t: CGAffineTransform) -> CGSize {
    CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
  }
}

extension CGRect {
  /// The smallest rectangle holding the transformed corners.
  public func applying(_ t: CGAffineTransform) -> CGRect {
    let corners = [
      CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY),
      CGPoint(x: maxX, y: maxY),
    ].map { $0.applying(t) }
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    return CGRect(
      x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
  }
}

/// One line on standard error the first time each `key` comes up: for API this module
/// accepts but does not draw, so a sample's author learns why nothing moves.
enum Notice {
  nonisolated(unsafe) private static var shown: Set<String> = []

  static func once(_ key: String, _ message: @autoclosure () -> String) {
    guard !shown.contains(key) else { return }
    shown.insert(key)
    FileHandle.standardError.write(Data("UIKit (RainbowRing): \(message())\n".utf8))
  }
}

/// Numbers as Core Animation takes them in `Any` values: NSNumber, Double, CGFloat, Float,
/// Int.
func numberValue(_ value: Any?) -> Double? {
  switch value {
  case let v as Double: v
  case let v as CGFloat: Double(v)
  case let v as Float: Double(v)
  case let v as Int: Double(v)
  case let v as NSNumber: v.doubleValue
  default: nil
  }
}

/// A point as Core Animation takes it: a `CGPoint`, or an `NSValue` holding one.
func pointValue(_ value: Any?) -> CGPoint? {
  switch value {
  case let p as CGPoint: p
  case let v as NSValue: v.pointValue
  default: nil
  }
}

/// A rectangle as Core Animation takes it: a `CGRect`, or an `NSValue` holding one.
func rectValue(_ value: Any?) -> CGRect? {
  switch value {
  case let r as CGRect: r
  case let v as NSValue: v.rectValue
  default: nil
  }
}

extension NSValue {
  /// UIKit's spellings of Foundation's point, size and rectangle values.
  public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
  public convenience init(cgSize size: CGSize) { self.init(size: size) }
  public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
  public var cgPointValue: CGPoint { pointValue }
  public var cgSizeValue: CGSize { sizeValue }
  public var cgRectValue: CGRect { rectValue }
}

/// Core Graphics' C constants, which Swift code writes too (`CGRectZero`).
public let CGPointZero = CGPoint.zero
public let CGSizeZero = CGSize.zero
public let CGRectZero = CGRect.zero
public let CGRectNull = CGRect.null
public let CGRectInfinite = CGRect.infinite

/// The largest `Int` (Foundation's C name).
public let NSIntegerMax = Int.max
public let NSIntegerMin = Int.min

/// A vector in the plane (Core Graphics'), in points.
public struct CGVector: Hashable, Sendable {
  public var dx: CGFloat
  public var dy: CGFloat
  public init(dx: CGFloat, dy: CGFloat) { (self.dx, self.dy) = (dx, dy) }
  public init() { (dx, dy) = (0, 0) }
  public static let zero = CGVector()
}

extension NSCoder {
  /// The point in a string such as `"{1, 2}"` (UIKit's), zero when it is not one.
  public class func cgPoint(for string: String) -> CGPoint {
    let v = numbers(in: string)
    return v.count == 2 ? CGPoint(x: v[0], y: v[1]) : .zero
  }

  /// The size in a string such as `"{3, 4}"`, zero when it is not one.
  public class func cgSize(for string: String) -> CGSize {
    let v = numbers(in: string)
    return v.count == 2 ? CGSize(width: v[0], height: v[1]) : .zero
  }

  /// The rectangle in a string such as `"{{1, 2}, {3, 4}}"`, zero when it is not one.
  public class func cgRect(for string: String) -> CGRect {
    let v = numbers(in: string)
    return v.count == 4 ? CGRect(x: v[0], y: v[1], width: v[2], height: v[3]) : .zero
  }

  public class func string(for point: CGPoint) -> String { "{\(point.x), \(point.y)}" }
  public class func string(for size: CGSize) -> String { "{\(size.width), \(size.height)}" }
  public class func string(for rect: CGRect) -> String {
    "{{\(rect.minX), \(rect.minY)}, {\(rect.width), \(rect.height)}}"
  }

  private class func numbers(in string: String) -> [CGFloat] {
    string.split { "{}, ".contains($0) }.compactMap { Double($0).map { CGFloat($0) } }
  }
}

/// Darwin's time constants (`DispatchTime.now() + Double(NSEC_PER_SEC)`), which Linux's
/// Dispatch lacks.
public let NSEC_PER_SEC: UInt64 = 1_000_000_000
public let NSEC_PER_MSEC: UInt64 = 1_000_000
public let NSEC_PER_USEC: UInt64 = 1_000
public let USEC_PER_SEC: UInt64 = 1_000_000

// Core Graphics' older comparisons, as code of its age writes them.
extension CGRect {
  public func equalTo(_ other: CGRect) -> Bool { self == other }
}
extension CGPoint {
  public func equalTo(_ other: CGPoint) -> Bool { self == other }
}
extension CGSize {
  public func equalTo(_ other: CGSize) -> Bool { self == other }
}
