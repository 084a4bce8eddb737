/// How a stroke ends at open subpath ends (`CAShapeLayerLineCap`).
public enum LineCap: String, Hashable, Sendable, CaseIterable {
  case butt, round, square
}

/// How a stroke turns at corners (`CAShapeLayerLineJoin`).
public enum LineJoin: String, Hashable, Sendable, CaseIterable {
  case miter, round, bevel
}

/// Which points a fill covers (`CAShapeLayerFillRule`).
public enum FillRule: String, Hashable, Sendable, CaseIterable {
  case nonZero, evenOdd
}

/// The geometry of a stroke: width in points, caps, joins and trimming.
public struct StrokeStyle: Hashable, Sendable {
  /// Width of the stroke, in points; 0 draws nothing.
  public var lineWidth: Double
  public var lineCap: LineCap
  public var lineJoin: LineJoin
  /// A miter join longer than `miterLimit` x `lineWidth` becomes a bevel (Core Animation: 10).
  public var miterLimit: Double
  /// Fraction of the path's length where the stroke starts, in [0, 1].
  public var strokeStart: Double
  /// Fraction of the path's length where the stroke ends, in [0, 1].
  public var strokeEnd: Double
  /// Lengths in points of the dashes and the gaps between them, alternating, starting with
  /// a dash (an odd count repeats to make pairs); empty draws a solid stroke.
  public var dashPattern: [Double] = []
  /// How far into the pattern each subpath starts, in points.
  public var dashPhase: Double = 0

  /// A stroke style; throws for a negative or non-finite width, a miter limit below 1, or
  /// trim fractions outside [0, 1].
  public init(
    lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
    miterLimit: Double = 10, strokeStart: Double = 0, strokeEnd: Double = 1
  ) throws {
    guard lineWidth.isFinite, lineWidth >= 0 else {
      throw RingError(.invalidStroke, "line width \(lineWidth) must be finite and >= 0")
    }
    guard miterLimit.isFinite, miterLimit >= 1 else {
      throw RingError(.invalidStroke, "miter limit \(miterLimit) must be finite and >= 1")
    }
    guard (0...1).contains(strokeStart), (0...1).contains(strokeEnd) else {
      throw RingError(.invalidStroke, "strokeStart and strokeEnd must lie in 0...1")
    }
    self.init(
      unchecked: lineWidth, lineCap, lineJoin, miterLimit, strokeStart, strokeEnd)
  }

  init(
    unchecked lineWidth: Double, _ lineCap: LineCap, _ lineJoin: LineJoin, _ miterLimit: Double,
    _ strokeStart: Double, _ strokeEnd: Double
  ) {
    self.lineWidth = lineWidth
    self.lineCap = lineCap
    self.lineJoin = lineJoin
    self.miterLimit = miterLimit
    self.strokeStart = strokeStart
    self.strokeEnd = strokeEnd
  }

  /// A style from values that may be out of range (as a layer may hold transiently):
  /// each is clamped into range instead of refused, so rendering never fails.
  public init(
    clampingLineWidth lineWidth: Double, lineCap: LineCap, lineJoin: LineJoin,
    miterLimit: Double, strokeStart: Double, strokeEnd: Double
  ) {
    self =
      StrokeStyle(
        unchecked: lineWidth, lineCap, lineJoin, miterLimit, strokeStart, strokeEnd
      ).clamped
  }

  /// A sanitised copy: values a layer may hold transiently are clamped into range, so
  /// rendering never fails.
  public var clamped: StrokeStyle {
    func c(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
    var style = StrokeStyle(
      unchecked: lineWidth.isFinite ? max(0, lineWidth) : 0, lineCap, lineJoin,
      miterLimit.isFinite ? max(1, miterLimit) : 10, c(strokeStart), c(strokeEnd))
    // A pattern with a negative or non-finite length, or nothing to draw, is solid.
    let valid =
      dashPattern.allSatisfy { $0.isFinite && $0 >= 0 } && dashPattern.reduce(0, +) > 0
    style.dashPattern = valid ? dashPattern : []
    style.dashPhase = valid && dashPhase.isFinite ? dashPhase : 0
    return style
  }
}
