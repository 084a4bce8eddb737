import RingLayers

/// What an animation shows outside its active time.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let removed = CAMediaTimingFillMode(rawValue: "removed")
  public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
  public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
  public static let both = CAMediaTimingFillMode(rawValue: "both")

  var fillMode: FillMode { FillMode(rawValue: rawValue) ?? .removed }
}

/// The names of Core Animation's predefined pacing curves.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
  public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
  public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
  public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
  public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A pacing curve: a cubic Bezier from (0, 0) to (1, 1) through two control points.
open class CAMediaTimingFunction: NSObject {
  let function: TimingFunction

  public init(name: CAMediaTimingFunctionName) {
    function =
      switch name {
      case .easeIn: .easeIn
      case .easeOut: .easeOut
      case .easeInEaseOut: .easeInEaseOut
      case .default: .default
      default: .linear
      }
    super.init()
  }

  /// Control points' x outside [0, 1] are clamped (Core Animation refuses them).
  public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
    let x1 = min(1, max(0, Double(c1x.isFinite ? c1x : 0)))
    let x2 = min(1, max(0, Double(c2x.isFinite ? c2x : 1)))
    function =
      (try? TimingFunction(
        controlPoints: x1, Double(c1y.isFinite ? c1y : 0), x2, Double(c2y.isFinite ? c2y : 1)))
      ?? .linear
    super.init()
  }

  /// Control point `idx` (0 to 3) as `[x, y]` into `ptr`.
  open func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
    let points: [(Double, Double)] = [
      (0, 0), (function.controlPoint1.x, function.controlPoint1.y),
      (function.controlPoint2.x, function.controlPoint2.y), (1, 1),
    ]
    let p = points[max(0, min(3, idx))]
    ptr[0] = Float(p.0)
    ptr[1] = Float(p.1)
  }

  open override func isEqual(_ object: Any?) -> Bool {
    (object as? CAMediaTimingFunction)?.function == function
  }
  open override var hash: Int { function.hashValue }
}

// The spellings of Swift 4 and Objective-C, which samples like the seed still use.
public let kCAFillModeRemoved = CAMediaTimingFillMode.removed
public let kCAFillModeForwards = CAMediaTimingFillMode.forwards
public let kCAFillModeBackwards = CAMediaTimingFillMode.backwards
public let kCAFillModeBoth = CAMediaTimingFillMode.both
public let kCAMediaTimingFunctionLinear = CAMediaTimingFunctionName.linear
public let kCAMediaTimingFunctionEaseIn = CAMediaTimingFunctionName.easeIn
public let kCAMediaTimingFunctionEaseOut = CAMediaTimingFunctionName.easeOut
public let kCAMediaTimingFunctionEaseInEaseOut = CAMediaTimingFunctionName.easeInEaseOut
public let kCAMediaTimingFunctionDefault = CAMediaTimingFunctionName.default

/// The media clock's time in seconds: 0 at launch, moved only by the program's own clock
/// (exact frame times in a snapshot, the player's monotonic clock when it plays).
public func CACurrentMediaTime() -> CFTimeInterval {
  Double(Runtime.now.nanoseconds) / 1e9
}
