import RainbowRing

/// The kinds of file an animation can be exported to.
public enum ExportFormat: String, CaseIterable, Sendable {
  case gif
  case apng
  case webp
  case mp4
  case webm
  /// One PNG with every frame in a grid, plus a JSON frame map and an HTML snippet that
  /// plays it beside it (`SpriteSheet`).
  case spriteSheet = "sprite-sheet"
  /// A folder of numbered PNG frames.
  case frames
  /// Raw premultiplied RGBA frames, one after another.
  case rgba
  /// One SVG file that plays the animation by itself (`SVGDocument`); gzipped as `.svgz`.
  case svg
  /// A Lottie animation: Bodymovin 5 JSON (`LottieDocument`).
  case lottie
  /// A dotLottie file: the Lottie animation and a manifest in a ZIP archive.
  case dotLottie = "dotlottie"
  /// A standalone web page showing the ring, with a pause button (`HTMLPage`).
  case html
  /// Nothing: every frame rendered as for a file and dropped, as ffmpeg's `-f null` does;
  /// the honest measure of rendering speed.
  case null

  /// The extensions a file of this format takes, the first the one to suggest; `nil` for
  /// frames, which go into a folder named as the user likes. The one table of extensions.
  public var extensions: [String]? {
    switch self {
    case .gif: ["gif"]
    case .apng: ["apng", "png"]
    case .webp: ["webp"]
    case .mp4: ["mp4", "m4v"]
    case .webm: ["webm"]
    case .rgba: ["rgba", "raw"]
    case .spriteSheet: ["png"]
    case .frames: nil
    case .svg: ["svg", "svgz"]
    case .lottie: ["json"]
    case .dotLottie: ["lottie"]
    case .html: ["html", "htm"]
    case .null: []
    }
  }

  /// The format a file name implies (the first whose `extensions` hold its extension, any
  /// case: `.png` is an APNG, not a sprite sheet), or `nil` when the extension says nothing.
  public init?(fileName: String) {
    guard let dot = fileName.lastIndex(of: "."), !fileName.hasSuffix("/") else { return nil }
    let ext = fileName[fileName.index(after: dot)...].lowercased()
    guard let format = ExportFormat.allCases.first(where: { $0.extensions?.contains(ext) == true })
    else { return nil }
    self = format
  }

  /// Frames per second when none is asked for: 50 for GIF (2 cs per frame), 60 otherwise.
  public var defaultFramesPerSecond: Double { self == .gif ? 50 : 60 }

  /// Whether the format stores transparency.
  public var hasAlpha: Bool { self != .mp4 }

  /// Whether the file describes the animation as shapes and keyframes rather than frames.
  public var isVector: Bool {
    self == .svg || self == .lottie || self == .dotLottie || self == .html
  }

  /// Whether frames go through ffmpeg.
  public var usesFFmpeg: Bool { self == .webp || self == .mp4 || self == .webm }
}

/// When each exported frame is shown: frame i at `time(ofFrame: i)`, the whole export
/// lasting `duration` seconds, held in whole nanoseconds so loops are exact.
public struct ExportTiming: Hashable, Sendable {
  public let frameCount: Int
  /// Total length, in nanoseconds.
  public let durationNanoseconds: Int64

  public init(frameCount: Int, durationNanoseconds: Int64) {
    self.frameCount = frameCount
    self.durationNanoseconds = durationNanoseconds
  }

  public var duration: Double { Double(durationNanoseconds) / 1e9 }
  public var framesPerSecond: Double { Double(frameCount) / duration }

  /// Start of frame `i`, in nanoseconds: i x duration / frameCount, rounded down.
  public func nanoseconds(ofFrame i: Int) -> Int64 {
    let product = durationNanoseconds.multipliedFullWidth(by: Int64(i))
    return Int64(frameCount).dividingFullWidth(product).quotient
  }

  /// Start of frame `i`, exact to the nanosecond.
  public func time(ofFrame i: Int) -> MediaTime { .nanoseconds(nanoseconds(ofFrame: i)) }

  /// Each frame's delay in whole centiseconds (GIF): `delays(inUnitsOf:)` of 10 ms.
  public func centisecondDelays() -> [Int] { delays(inUnitsOf: 10_000_000) }

  /// Each frame's delay in whole milliseconds (WebP): `delays(inUnitsOf:)` of 1 ms.
  public func millisecondDelays() -> [Int] { delays(inUnitsOf: 1_000_000) }

  /// Each frame's delay in whole units of `unit` nanoseconds: the differences of the frame
  /// start times rounded to the nearest unit, so they add up to the duration rounded to the
  /// unit, and each is off its exact length by less than one unit.
  public func delays(inUnitsOf unit: Int64) -> [Int] {
    func rounded(_ ns: Int64) -> Int64 { (ns + unit / 2) / unit }
    return (0..<frameCount).map { i in
      let end = i + 1 == frameCount ? durationNanoseconds : nanoseconds(ofFrame: i + 1)
      return Int(rounded(end) - rounded(nanoseconds(ofFrame: i)))
    }
  }

  /// The frame delay as a fraction of a second with both terms at most 65535 (APNG), exact
  /// when possible, else the closest such fraction.
  public func delayFraction() -> (numerator: UInt16, denominator: UInt16) {
    // delay = durationNanoseconds / (frameCount x 1e9) seconds.
    var num = durationNanoseconds
    var den = Int64(frameCount) * 1_000_000_000
    let g = gcd(num, den)
    num /= g
    den /= g
    if num <= 65535 && den <= 65535 { return (UInt16(num), UInt16(den)) }
    // Best rational approximation with bounded terms (continued fractions).
    let x = Double(num) / Double(den)
    var best = (n: Int64(max(1, (x * 1000).rounded())), d: Int64(1000))
    var (h0, h1, k0, k1) = (Int64(0), Int64(1), Int64(1), Int64(0))
    var value = x
    for _ in 0..<32 {
      let a = Int64(value.rounded(.down))
      let h2 = a * h1 + h0
      let k2 = a * k1 + k0
      if h2 > 65535 || k2 > 65535 { break }
      best = (max(h2, 1), k2)
      (h0, h1, k0, k1) = (h1, h2, k1, k2)
      let frac = value - Double(a)
      if frac < 1e-12 { break }
      value = 1 / frac
    }
    return (UInt16(best.n), UInt16(best.d))
  }

  private func gcd(_ a: Int64, _ b: Int64) -> Int64 {
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return max(a, 1)
  }
}
