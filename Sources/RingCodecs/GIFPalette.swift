import RingGraphics

/// A GIF's one global colour table, chosen for the ring: the ring's colours lie on one
/// closed path through its hues, and anti-aliased edges blend them toward the matte.
/// Sixel output uses it too.
///
/// Index 0 is transparent. With an opaque matte, index 1 is the matte, 48 entries are edge
/// blends (12 hues at 20, 40, 60 and 80 % coverage) and the rest sample the hue path evenly
/// by length in RGB. Without a matte all 255 visible entries sample the path.
public struct GIFPalette: Sendable {
  /// 256 entries of (red, green, blue).
  public let colors: [(UInt8, UInt8, UInt8)]
  /// The table as GIF stores it: 768 bytes.
  public var tableBytes: [UInt8] { colors.flatMap { [$0.0, $0.1, $0.2] } }
  /// The typical distance between neighbouring entries, in 8-bit levels (sets the
  /// dithering's amplitude).
  public let spacing: Double
  /// Whether entry 1 is an opaque matte.
  public let hasMatte: Bool

  public static let transparentIndex: UInt8 = 0

  /// The palette for a ring of `colors` (a closed path through its hues, as
  /// `RainbowRing.colors`), over `matte` when it is opaque (`nil` for transparent output),
  /// with entries for up to 32 `accents` (composited over the matte).
  public init(colors ring: [RGBAColor], matte: RGBAColor?, accents: [RGBAColor] = []) {
    hasMatte = matte != nil
    var entries: [(Double, Double, Double)] = []

    let path = ring.map { ($0.red * 255, $0.green * 255, $0.blue * 255) }
    func point(at s: Double, lengths: [Double], total: Double) -> (Double, Double, Double) {
      var remaining = s * total
      for (i, l) in lengths.enumerated() {
        if remaining <= l || i == lengths.count - 1 {
          let f = l > 0 ? min(1, remaining / l) : 0
          let a = path[i]
          let b = path[(i + 1) % path.count]
          return (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f, a.2 + (b.2 - a.2) * f)
        }
        remaining -= l
      }
      return path[0]
    }
    let lengths = path.indices.map { i -> Double in
      let a = path[i]
      let b = path[(i + 1) % path.count]
      return ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2))
        .squareRoot()
    }
    let total = max(lengths.reduce(0, +), 1e-9)
    if let matte {
      let m = (matte.red * 255, matte.green * 255, matte.blue * 255)
      entries.append(m)
      for level in [0.2, 0.4, 0.6, 0.8] {
        for h in 0..<12 {
          let c = point(at: (Double(h) + 0.5) / 12, lengths: lengths, total: total)
          entries.append(
            (
              c.0 * level + m.0 * (1 - level), c.1 * level + m.1 * (1 - level),
              c.2 * level + m.2 * (1 - level)
            ))
        }
      }
    }
    for a in accents.prefix(32) {
      let c = matte.map { $0.blended(under: a) } ?? a
      entries.append((c.red * 255, c.green * 255, c.blue * 255))
    }
    let pathCount = 255 - entries.count
    for j in 0..<pathCount {
      entries.append(
        point(at: (Double(j) + 0.5) / Double(pathCount), lengths: lengths, total: total))
    }
    func byte(_ v: Double) -> UInt8 { UInt8(min(255, max(0, v.rounded()))) }
    let visible = entries.map { (byte($0.0), byte($0.1), byte($0.2)) }
    let zero =
      matte.map { (byte($0.red * 255), byte($0.green * 255), byte($0.blue * 255)) } ?? (0, 0, 0)
    colors = [zero] + visible
    spacing = max(2, total / Double(pathCount))
  }
}
