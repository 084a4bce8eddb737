/// Closed polygons in one buffer: polygon `k` is `points[ends[k - 1]..<ends[k]]` (from 0
/// for the first). A shape's outline kept between frames, or scratch refilled each frame
/// without allocating once it has grown.
public struct Contours: Sendable {
  public internal(set) var points: [Point] = []
  public private(set) var ends: [Int] = []

  public init() {}

  /// `polygons` in one buffer.
  public init(_ polygons: [[Point]]) {
    for polygon in polygons {
      points.append(contentsOf: polygon)
      ends.append(points.count)
    }
  }

  /// How many polygons there are.
  public var count: Int { ends.count }

  /// Polygon `k`'s points.
  public func polygon(_ k: Int) -> ArraySlice<Point> {
    points[(k == 0 ? 0 : ends[k - 1])..<ends[k]]
  }

  /// Empties the buffer, keeping its capacity.
  public mutating func removeAll() {
    points.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
  }

  /// Adds a point to the polygon being built.
  public mutating func append(_ p: Point) { points.append(p) }

  /// Ends the polygon being built (an empty one is dropped).
  public mutating func closePolygon() {
    if points.count > (ends.last ?? 0) { ends.append(points.count) }
  }
}
