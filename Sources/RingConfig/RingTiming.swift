import RingLayers

/// The progress animation's named curves (`timing`), in CSS's words for Core Animation's.
public enum RingTiming: String, CaseIterable, Hashable, Sendable {
  case linear
  case easeIn = "ease-in"
  case easeOut = "ease-out"
  case easeInOut = "ease-in-out"
  case `default`

  /// The curve.
  public var function: TimingFunction {
    switch self {
    case .linear: .linear
    case .easeIn: .easeIn
    case .easeOut: .easeOut
    case .easeInOut: .easeInEaseOut
    case .default: .default
    }
  }
}

/// What a configuration's scene shows: the ring alone, or the iPhone's white host view
/// with the ring at (50, 80).
public enum RingSceneKind: String, CaseIterable, Hashable, Sendable {
  case ring
  case seed
}
