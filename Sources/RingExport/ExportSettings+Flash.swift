import RainbowRing

extension ExportSettings {
  /// How the export's frames reach a viewer, for `FlashCheck`: a raster file's frames at
  /// its timing, played `plays` times (a video or a folder of frames as a loop, forever);
  /// an SVG or a page drawn by a browser at 60 frames a second, looping forever; a Lottie
  /// animation's frames over its period, forever.
  public var flashShowing: FlashShowing {
    let duration = MediaTime.nanoseconds(timing.durationNanoseconds)
    switch format {
    case .svg, .html: return .live(frameRate: 60, duration: nil)
    case .lottie, .dotLottie:
      return .file(frameCount: timing.frameCount, duration: duration, plays: 0)
    case .gif, .apng, .webp, .spriteSheet:
      return .file(frameCount: timing.frameCount, duration: duration, plays: plays)
    case .mp4, .webm, .frames, .rgba:
      return .file(frameCount: timing.frameCount, duration: duration, plays: 0)
    }
  }

  /// The flash check of what the export writes: its scene, its `flashShowing`, and for a
  /// transparent GIF its on/off transparency; viewed as `FlashCheck` says by default unless
  /// told otherwise.
  public func flashCheck(
    viewingDistance: Double? = nil,
    pointsPerCentimetre: Double = FlashAnalysis.cssPixelsPerCentimetre,
    analysisScale: Double? = nil
  ) throws -> FlashCheck {
    try FlashCheck(
      scene, showing: flashShowing, viewingDistance: viewingDistance,
      pointsPerCentimetre: pointsPerCentimetre, analysisScale: analysisScale,
      onOffAlpha: format == .gif)
  }
}
