import Foundation

/// The shape of a gradient's colour bands (`CAGradientLayerType`).
public enum GradientKind: String, Hashable, Sendable, CaseIterable {
  /// Bands perpendicular to the start-end line in the layer's unit space.
  case axial
  /// Ellipses around `startPoint`; `endPoint` gives the radii in unit space.
  case radial
  /// A sweep around `startPoint`, starting in the direction of `endPoint`, clockwise on screen.
  case conic
}

/// Where a gradient's colours fall: kind, start and end points in the unit space of the
/// layer's bounds ((0, 0) top-left, (1, 1) bottom-right), as Core Animation defines them.
public struct GradientGeometry: Hashable, Sendable {
  public var kind: GradientKind
  public var startPoint: Point
  public var endPoint: Point

  public init(kind: GradientKind = .axial, startPoint: Point, endPoint: Point) {
    self.kind = kind
    self.startPoint = startPoint
    self.endPoint = endPoint
  }

  /// The gradient position in [0, 1] at unit-space point (ux, uy).
  ///
  /// Axial: `dot(u - s, e - s) / |e - s|^2`, clamped. Radial: the elliptical distance from
  /// `startPoint` with radii `|e.x - s.x|`, `|e.y - s.y|`, clamped. Conic: the clockwise angle
  /// from the start-end direction, in turns. A degenerate geometry (start equal to end) gives 1.
  @inlinable
  public func position(ux: Double, uy: Double) -> Double {
    let s = startPoint
    let e = endPoint
    let dx = e.x - s.x
    let dy = e.y - s.y
    switch kind {
    case .axial:
      let len2 = dx * dx + dy * dy
      guard len2 > 0 else { return 1 }
      let t = ((ux - s.x) * dx + (uy - s.y) * dy) / len2
      return min(max(t, 0), 1)
    case .radial:
      let rx = abs(dx)
      let ry = abs(dy)
      guard rx > 0 || ry > 0 else { return 1 }
      let nx = rx > 0 ? (ux - s.x) / rx : (ux == s.x ? 0 : .infinity)
      let ny = ry > 0 ? (uy - s.y) / ry : (uy == s.y ? 0 : .infinity)
      return min((nx * nx + ny * ny).squareRoot(), 1)
    case .conic:
      guard dx != 0 || dy != 0 else { return 1 }
      return GradientGeometry.conicPosition(
        ux - s.x, uy - s.y, from: Turns.atan2(dy, dx))
    }
  }

  /// A conic gradient's position at offset (x, y) from its centre, whose sweep starts at
  /// angle `start` (turns): the clockwise angle from there, in turns in [0, 1).
  @inlinable @inline(__always)
  static func conicPosition(_ x: Double, _ y: Double, from start: Double) -> Double {
    // In [-1, 1]: `a - floor(a)` without the C library's floor.
    let a = Turns.atan2(y, x) - start
    return a < 0 ? a + 1 : (a >= 1 ? a - 1 : a)
  }
}

/// A gradient: geometry plus colour stops.
public struct Gradient: Hashable, Sendable {
  public var geometry: GradientGeometry
  /// The colours, at least one.
  public var colors: [RGBAColor]
  /// The stop positions in [0, 1], one per colour and non-decreasing; `nil` spaces the
  /// colours evenly (colour k of n at k / (n - 1)).
  public var locations: [Double]?

  /// A gradient; throws for no colours, locations that do not match the colours, or
  /// locations that are not finite and non-decreasing.
  public init(geometry: GradientGeometry, colors: [RGBAColor], locations: [Double]? = nil) throws {
    guard !colors.isEmpty else {
      throw RingError(.invalidGradient, "a gradient needs at least one colour")
    }
    if let locations {
      guard locations.count == colors.count else {
        throw RingError(
          .invalidGradient,
          "\(locations.count) locations for \(colors.count) colours; give one per colour")
      }
      guard locations.allSatisfy(\.isFinite),
        zip(locations, locations.dropFirst()).allSatisfy({ $0 <= $1 })
      else {
        throw RingError(.invalidGradient, "locations must be finite and non-decreasing")
      }
    }
    guard geometry.startPoint.isFinite, geometry.endPoint.isFinite else {
      throw RingError(.invalidGradient, "start and end points must be finite")
    }
    self.geometry = geometry
    self.colors = colors
    self.locations = locations
  }

  /// The exact colour at position `t`: straight interpolation between the neighbouring stops,
  /// component by component; the end colours extend beyond the first and last stops.
  public func color(at t: Double) -> RGBAColor {
    GradientTable.color(at: t, colors: colors, locations: locations)
  }
}
