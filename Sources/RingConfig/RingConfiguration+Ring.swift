import RainbowRing
import RingGraphics
import RingLayers

extension RingConfiguration {
  /// The configuration with the defaults filled in where this one sets nothing: every field
  /// that applies, except those whose default follows another field (the gradient's points
  /// follow its kind, the track's width the ring's). A progress ring leaves out the full
  /// ring's gradient, a full ring the progress fields.
  public var effective: RingConfiguration {
    var e = self
    let kind = gradient ?? .axial
    e.scene = scene ?? .ring
    e.size = size ?? 160
    e.ringWidth = ringWidth ?? 20
    e.background = background ?? (e.scene == .seed ? "white" : "transparent")
    e.scale = scale ?? 1
    e.stepDuration = stepDuration ?? 0.1
    e.flow = flow ?? true
    if colors == nil {
      e.palette = palette ?? "rainbow"
      if e.palette == "rainbow" {
        e.hueStep = hueStep ?? 5
        e.saturation = saturation ?? 1
        e.brightness = brightness ?? 1
      }
    }
    e.interpolation = interpolation ?? .srgb
    if progress == nil { e.gradient = kind }
    if progress != nil {
      e.startAngle = startAngle ?? -90
      e.direction = direction ?? .clockwise
      e.cap = cap ?? .round
      e.track = track ?? "transparent"
      e.endEffect = endEffect ?? RingEndEffect.none
      if progressFrom != nil {
        e.progressDuration = progressDuration ?? 1
        e.progressDelay = progressDelay ?? 0
        e.timing = timing ?? .easeInOut
      }
    }
    return e
  }

  /// The seed's diagonal for an axial gradient; the others start at the centre.
  static func defaultStart(_ kind: GradientKind) -> [Double] {
    kind == .axial ? [0, 0] : [0.5, 0.5]
  }

  /// A conic gradient starts towards the right, so the whole palette goes round the ring; a
  /// radial one reaches the ring's outer edge in both directions.
  static func defaultEnd(_ kind: GradientKind) -> [Double] {
    kind == .conic ? [1, 0.5] : [1, 1]
  }

  /// The ring this configuration describes; throws `RingError` for values that do not fit
  /// together (see `checkFit()`).
  public func makeRing() throws -> RainbowRing {
    let palette = try fittedPalette()
    let e = effective
    let size = e.size!
    let ringWidth = e.ringWidth!
    let kind = e.gradient ?? .axial
    let s = e.startPoint ?? RingConfiguration.defaultStart(kind)
    let t = e.endPoint ?? RingConfiguration.defaultEnd(kind)
    let geometry = GradientGeometry(
      kind: kind, startPoint: Point(x: s[0], y: s[1]), endPoint: Point(x: t[0], y: t[1]))
    var ringProgress: RingProgress?
    if let value = e.progress {
      var change: ProgressChange?
      if let from = e.progressFrom {
        change = try ProgressChange(
          from: from, beginTime: .seconds(e.progressDelay!),
          duration: .seconds(e.progressDuration!),
          timing: e.timing!.function)
      }
      ringProgress = try RingProgress(
        value: value, startAngle: e.startAngle!,
        direction: e.direction!, cap: e.cap!,
        track: RGBAColor(parsing: e.track!) ?? .clear, trackWidth: e.trackWidth,
        endEffect: e.endEffect!, change: change)
    }
    let ringLabel = try makeLabel()
    let (colors, stopsPerColor) = RingPalettes.ringColors(palette)
    let step = MediaTime.nanoseconds(
      max(1000, MediaTime.seconds(e.stepDuration!).nanoseconds / Int64(stopsPerColor)))
    let ringSize = Size(width: size, height: size)
    if e.colors == nil && e.palette == "rainbow" && stopsPerColor == 1 {
      // The seed's rainbow, keeping its description (hue step, saturation, brightness).
      return try RainbowRing(
        size: ringSize, ringWidth: ringWidth, stepDuration: step, hueStep: e.hueStep!,
        saturation: e.saturation!, brightness: e.brightness!, gradient: geometry,
        progress: ringProgress, flows: e.flow!, label: ringLabel)
    }
    return try RainbowRing(
      size: ringSize, ringWidth: ringWidth, stepDuration: step, colors: colors,
      gradient: geometry, progress: ringProgress, flows: e.flow!, label: ringLabel)
  }

  /// The label this configuration asks for, if any: the system font (Inter Semi Bold) or
  /// `label-font`'s family at its nearest weight to semibold; without `label-size`, 28% of
  /// the ring's inner diameter, smaller when the text would be wider than 80% of it; black,
  /// or white on a dark background, without `label-color`. Throws `RingError` naming the
  /// package to install for a family that is not installed.
  func makeLabel() throws -> RingLabel? {
    let e = effective
    guard let text = e.label else { return nil }
    let content: RingLabel.Content =
      switch text {
      case "percent": .percent
      case "value": .value
      default: .text(text)
      }
    let thickest = max(e.ringWidth!, e.progress == nil ? 0 : e.trackWidth ?? 0)
    let inner = max(1, e.size! - 2 * thickest)
    var font: TextFont
    do {
      let size = min(e.labelSize ?? max(1, inner * 0.28), TextFont.maximumSize)
      font =
        try e.labelFont.map { try TextFont(family: $0, size: size, weight: .semibold) }
        ?? TextFont.systemFont(size: size, weight: .semibold)
    } catch let error as RingError {
      throw RingError(error.code, error.message, key: "label-font")
    }
    var color = e.labelColor.flatMap(RGBAColor.init(parsing:)) ?? .black
    if e.labelColor == nil, let background = e.background.flatMap(RGBAColor.init(parsing:)),
      background.alpha > 0.5,
      0.2126 * background.red + 0.7152 * background.green + 0.0722 * background.blue < 0.5
    {
      color = .white
    }
    var label = try RingLabel(content, font: font, color: color)
    if e.labelSize == nil {
      // The widest text it shows: "100%" (or the progress's end) for a percentage.
      let widest = label.text(progress: max(e.progress ?? 1, e.progressFrom ?? 0, 1))
      let width = TextLayout(widest, attributes: TextAttributes(font: font)).size.width
      if width > 0.8 * inner {
        font = try font.withSize(max(1, font.size * 0.8 * inner / width))
        label = try RingLabel(content, font: font, color: color)
      }
    }
    return label
  }

  /// The scene: the ring alone, or the iPhone's host view; throws `RingError` as
  /// `makeRing()` and `RingScene` do.
  public func makeScene(defaultBackground: RGBAColor = .clear) throws -> RingScene {
    let ring = try makeRing()
    let e = effective
    let given = background.flatMap(RGBAColor.init(parsing:))
    if e.scene == .seed {
      return try RingScene.seedHost(ring: ring, background: given ?? .white, scale: e.scale!)
    }
    return try RingScene(ring: ring, background: given ?? defaultBackground, scale: e.scale!)
  }

  /// `v` as a ring file and messages write it (`Double.plainText`).
  public static func text(_ v: Double) -> String { v.plainText }
}
