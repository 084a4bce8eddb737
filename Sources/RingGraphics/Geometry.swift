/// A point in a two-dimensional coordinate space, in points unless stated otherwise.
public struct Point: Hashable, Sendable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(x: 0, y: 0)

  public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
  public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
  public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }

  /// Dot product of two vectors.
  public func dot(_ other: Point) -> Double { x * other.x + y * other.y }
  /// Cross product (z component) of two vectors.
  public func cross(_ other: Point) -> Double { x * other.y - y * other.x }
  /// Euclidean length of the vector.
  public var length: Double { (x * x + y * y).squareRoot() }

  /// Linear interpolation: `self` at 0, `other` at 1.
  public func interpolated(to other: Point, fraction f: Double) -> Point {
    Point(x: x + (other.x - x) * f, y: y + (other.y - y) * f)
  }

  var isFinite: Bool { x.isFinite && y.isFinite }
}

/// A width and a height, in points unless stated otherwise.
public struct Size: Hashable, Sendable {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  public static let zero = Size(width: 0, height: 0)
}

/// An axis-aligned rectangle; `origin` is its top-left corner (y grows downwards).
public struct Rect: Hashable, Sendable {
  public var origin: Point
  public var size: Size

  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
  /// The unit square: all of an image, in its unit space.
  public static let unit = Rect(x: 0, y: 0, width: 1, height: 1)

  public var minX: Double { origin.x }
  public var minY: Double { origin.y }
  public var maxX: Double { origin.x + size.width }
  public var maxY: Double { origin.y + size.height }
  public var width: Double { size.width }
  public var height: Double { size.height }
  public var midX: Double { origin.x + size.width / 2 }
  public var midY: Double { origin.y + size.height / 2 }
  public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

  /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom.
  public func insetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
  }

  /// The rectangle moved by (dx, dy).
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: width, height: height)
  }

  /// The overlap of two rectangles, or `nil` when they do not overlap.
  public func intersection(_ other: Rect) -> Rect? {
    let x0 = max(minX, other.minX)
    let y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    guard x1 > x0, y1 > y0 else { return nil }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}
