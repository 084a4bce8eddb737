import RingGraphics

/// A value an animation can carry: the types of Core Animation's animatable properties.
public enum AnimatableValue: Hashable, Sendable {
  case number(Double)
  case point(Point)
  case color(RGBAColor)
  /// A colour array (`colors`), interpolated element by element.
  case colors([RGBAColor])
  /// A number array (`locations`), interpolated element by element.
  case numbers([Double])

  /// `self` at 0, `other` at 1, or `nil` when the two cannot be mixed (different kinds or
  /// array lengths), in which case Core Animation shows the destination value.
  public func interpolated(to other: AnimatableValue, fraction f: Double) -> AnimatableValue? {
    switch (self, other) {
    case (.number(let a), .number(let b)): return .number(a + (b - a) * f)
    case (.point(let a), .point(let b)): return .point(a.interpolated(to: b, fraction: f))
    case (.color(let a), .color(let b)): return .color(a.interpolated(to: b, fraction: f))
    case (.colors(let a), .colors(let b)) where a.count == b.count:
      return .colors(zip(a, b).map { $0.interpolated(to: $1, fraction: f) })
    case (.numbers(let a), .numbers(let b)) where a.count == b.count:
      return .numbers(zip(a, b).map { $0 + ($1 - $0) * f })
    default: return nil
    }
  }

  /// Whether two values are of the same kind (so one can animate towards the other).
  func isSameKind(as other: AnimatableValue) -> Bool {
    switch (self, other) {
    case (.number, .number), (.point, .point), (.color, .color), (.colors, .colors),
      (.numbers, .numbers):
      return true
    default: return false
    }
  }

  var isFinite: Bool {
    switch self {
    case .number(let v): v.isFinite
    case .point(let p): p.x.isFinite && p.y.isFinite
    case .color(let c): [c.red, c.green, c.blue, c.alpha].allSatisfy { (0...1).contains($0) }
    case .colors(let cs):
      cs.allSatisfy { c in [c.red, c.green, c.blue, c.alpha].allSatisfy { (0...1).contains($0) } }
    case .numbers(let vs): vs.allSatisfy(\.isFinite)
    }
  }
}
