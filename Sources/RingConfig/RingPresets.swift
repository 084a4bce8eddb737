import RainbowRing
import RingGraphics

/// Named starting points for a ring (`--preset NAME`): each is a configuration that options
/// and ring files override.
public enum RingPresets {
  /// The presets, by name, in the order help lists them.
  public static let all: [(name: String, configuration: RingConfiguration)] = [
    ("seed", RingConfiguration()),
    ("activity", activity),
    ("progress", progress),
    ("viridis", palette("viridis")),
    ("magma", palette("magma")),
    ("oklch", palette("oklch-rainbow")),
  ]

  public static var names: [String] { all.map(\.name) }

  public static func named(_ name: String) -> RingConfiguration? {
    all.first { $0.name == name }?.configuration
  }

  /// A ring in the style of a fitness app's activity ring: red to pink, three quarters
  /// round from twelve o'clock, a dim track, a shadow under the round head, still colours,
  /// filling up over 1.2 s.
  static var activity: RingConfiguration {
    var c = RingConfiguration()
    c.palette = "activity"
    c.ringWidth = 28
    c.progress = 0.75
    c.startAngle = -90
    c.cap = .round
    c.track = "#FA114F33"
    c.endEffect = .shadow
    c.flow = false
    c.progressFrom = 0
    c.progressDuration = 1.2
    c.timing = .easeInOut
    c.background = "black"
    return c
  }

  /// The seed's flowing rainbow as a three-quarter progress arc on a grey track.
  static var progress: RingConfiguration {
    var c = RingConfiguration()
    c.progress = 0.75
    c.track = "#80808040"
    c.cap = .round
    return c
  }

  /// A full conic ring of a named palette, mixed in OKLab.
  static func palette(_ name: String) -> RingConfiguration {
    var c = RingConfiguration()
    c.palette = name
    c.gradient = .conic
    return c
  }
}
