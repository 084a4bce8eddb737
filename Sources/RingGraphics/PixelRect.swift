/// A rectangle of device pixels: columns `x..<x + width`, rows `y..<y + height`.
public struct PixelRect: Hashable, Sendable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  public static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

  public var isEmpty: Bool { width == 0 || height == 0 }
}
