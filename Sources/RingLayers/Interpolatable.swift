import RingGraphics

/// A value an animation can carry: it mixes two values of its type in place.
///
/// Values that cannot be mixed are discrete, with one rule for all of them: they give the
/// destination `b` at every fraction, as Core Animation shows the destination of values it
/// cannot mix. Discrete are a `Bool` (`isHidden`), a path against a path of another
/// structure (other elements, or in another order), a path against none, and arrays of
/// different lengths.
public protocol Interpolatable: Equatable {
  /// Sets `self` to `a` at fraction 0, `b` at 1, straight in between and beyond (a spring's
  /// fraction overshoots 1 or undershoots 0: numbers, points, rectangles and transforms
  /// extrapolate, colours stay in 0...1); discrete values give `b`. Reuses `self`'s storage,
  /// so a presentation refreshed every frame does not allocate.
  mutating func interpolate(from a: Self, to b: Self, fraction f: Double)
  /// Whether the value may be animated (finite; colours in range).
  var isValidAnimationValue: Bool { get }
}

extension Double: Interpolatable {
  public mutating func interpolate(from a: Double, to b: Double, fraction f: Double) {
    self = a + (b - a) * f
  }
  public var isValidAnimationValue: Bool { isFinite }
}

extension Point: Interpolatable {
  public mutating func interpolate(from a: Point, to b: Point, fraction f: Double) {
    self = a.interpolated(to: b, fraction: f)
  }
  public var isValidAnimationValue: Bool { x.isFinite && y.isFinite }
}

extension Size: Interpolatable {
  public mutating func interpolate(from a: Size, to b: Size, fraction f: Double) {
    self = Size(
      width: a.width + (b.width - a.width) * f, height: a.height + (b.height - a.height) * f)
  }
  public var isValidAnimationValue: Bool { width.isFinite && height.isFinite }
}

extension Rect: Interpolatable {
  public mutating func interpolate(from a: Rect, to b: Rect, fraction f: Double) {
    self = Rect(
      origin: a.origin.interpolated(to: b.origin, fraction: f),
      size: Size(
        width: a.width + (b.width - a.width) * f, height: a.height + (b.height - a.height) * f))
  }
  public var isValidAnimationValue: Bool {
    origin.isValidAnimationValue && size.width.isFinite && size.height.isFinite
  }
}

extension RGBAColor: Interpolatable {
  /// Each component clamped to 0...1 when `f` lies outside 0...1.
  public mutating func interpolate(from a: RGBAColor, to b: RGBAColor, fraction f: Double) {
    self = a.interpolated(to: b, fraction: f)
    if f < 0 || f > 1 {
      func clamp(_ v: Double) -> Double { min(1, max(0, v)) }
      self = RGBAColor(unchecked: clamp(red), clamp(green), clamp(blue), clamp(alpha))
    }
  }
  public var isValidAnimationValue: Bool {
    [red, green, blue, alpha].allSatisfy { (0...1).contains($0) }
  }
}

extension Array: Interpolatable where Element: Interpolatable {
  public mutating func interpolate(from a: [Element], to b: [Element], fraction f: Double) {
    guard a.count == b.count else {
      self = b
      return
    }
    if count != a.count { self = a }
    for i in indices { self[i].interpolate(from: a[i], to: b[i], fraction: f) }
  }
  public var isValidAnimationValue: Bool { allSatisfy(\.isValidAnimationValue) }
}

/// Mixed by parts, as Core Animation mixes transforms: discrete (`b`) when either cannot be
/// taken apart (see `Transform3D.interpolated(from:to:fraction:)`).
extension Transform3D: Interpolatable {
  public mutating func interpolate(from a: Transform3D, to b: Transform3D, fraction f: Double) {
    self = Transform3D.interpolated(from: a, to: b, fraction: f)
  }
  public var isValidAnimationValue: Bool { isFinite }
}

/// Discrete: `b` at every fraction (Core Animation cross-fades images; this shows the
/// destination).
extension LayerContents: Interpolatable {
  public mutating func interpolate(from a: LayerContents, to b: LayerContents, fraction f: Double) {
    self = b
  }
  public var isValidAnimationValue: Bool { true }
}

/// Its blur and saturation mixed straight (a blur fades in from `identity`), kept within
/// their ranges when a spring overshoots.
extension BackdropFilter: Interpolatable {
  public mutating func interpolate(from a: BackdropFilter, to b: BackdropFilter, fraction f: Double)
  {
    self = BackdropFilter(
      sigma: a.sigma + (b.sigma - a.sigma) * f,
      saturation: a.saturation + (b.saturation - a.saturation) * f)
  }
  public var isValidAnimationValue: Bool { sigma.isFinite && saturation.isFinite }
}

extension Bool: Interpolatable {
  /// Discrete: `b` at every fraction.
  public mutating func interpolate(from a: Bool, to b: Bool, fraction f: Double) {
    self = b
  }
  public var isValidAnimationValue: Bool { true }
}

/// Mixes point by point when both paths have the same structure, else discrete (`b`): see
/// `BezierPath.interpolate(from:to:fraction:)`.
extension BezierPath: Interpolatable {
  public var isValidAnimationValue: Bool { isFinite }
}

extension Optional: Interpolatable where Wrapped: Interpolatable {
  /// The wrapped values mixed when both are there; discrete (`b`) when either is `nil`.
  public mutating func interpolate(from a: Wrapped?, to b: Wrapped?, fraction f: Double) {
    guard let a, let b else {
      self = b
      return
    }
    if self == nil { self = a }
    self!.interpolate(from: a, to: b, fraction: f)
  }
  public var isValidAnimationValue: Bool { self?.isValidAnimationValue ?? true }
}
