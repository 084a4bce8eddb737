import RainbowRing

/// What a vector file will hold, known before it is written: its gradient stops and an upper
/// estimate of its text, so that a caller can refuse a file too large to be of use (a
/// gradient of thousands of stops that browsers take minutes to load; gigabytes of
/// keyframes) before building it. The size in points costs a vector file nothing.
///
/// The estimate bounds the text from above (each number at its longest) and stays within
/// 3x of it for rings of two or more colours; `VectorExportTests` holds both over the formats
/// and ring options.
public struct VectorEstimate: Hashable, Sendable {
  /// Gradient stops in the file.
  public let stops: Int
  /// Upper estimate of the text built, in bytes (before gzip or ZIP; a dotLottie archive
  /// is at most this and its small manifest).
  public let bytes: Double
  /// How many periods one SMIL iteration holds (see `VectorRing.smilRepeats`); 1 for other
  /// kinds of file and whenever the period is whole milliseconds.
  public let smilRepeats: Int

  /// The estimate for an export; throws `RingError` for a scene the format cannot draw.
  public init(_ settings: ExportSettings) throws {
    let v = try VectorRing(try Exporter.ring(of: settings), format: settings.format)
    let n = Double(v.colorCount)
    let stops = v.stopIndices.count
    let alpha = v.isTranslucent
    let s = Double(stops)
    var repeats = 1
    let bytes: Double
    switch settings.format {
    case .svg where settings.svgMotion == .smil:
      repeats = v.smilRepeats
      // Per stop: its tag and one <animate> (two when translucent) of k n + 1 values, each
      // "#rrggbb;" and "0.1234;".
      let values = Double(repeats) * n + 1
      bytes = 1500 + s * (200 + 8 * values + (alpha ? 120 + 7 * values : 0))
    case .svg:
      bytes = Self.cssBytes(n: n, stops: s, alpha: alpha)
    case .html:
      // The CSS SVG inline and again escaped (at most twice as long) in the text box.
      bytes = 6000 + 3 * Self.cssBytes(n: n, stops: s, alpha: alpha)
    case .lottie, .dotLottie:
      // n + 1 keyframes of four numbers a stop ("0.0139," and "0.502,"), two more a stop
      // when translucent; the solid colour's stroke has one colour and opacity a keyframe.
      let perStop = 26 + (alpha ? 14 : 0)
      bytes = 3000 + (n + 1) * (100 + s * Double(perStop) + (alpha && stops == 1 ? 100 : 0))
    default:
      throw RingError(.invalidSettings, "\(settings.format.rawValue) is not a vector format")
    }
    self.stops = stops
    self.bytes = bytes
    self.smilRepeats = repeats
  }

  /// The estimate for a still SVG of `scene`; throws `RingError` for a conic gradient.
  public init(still scene: RingScene) throws {
    let v = try VectorRing(scene, format: .svg, still: true)
    stops = v.stopIndices.count
    bytes = 700 + Double(stops) * 80
    smilRepeats = 1
  }

  /// The CSS variant: n + 1 keyframes ("98.630137%{stop-color:#rrggbb;stop-opacity:0.1234}")
  /// and a tag a stop with its delay and iteration count.
  static func cssBytes(n: Double, stops: Double, alpha: Bool) -> Double {
    2000 + (n + 1) * (40 + (alpha ? 22 : 0)) + stops * (170 + (alpha ? 25 : 0))
  }
}
