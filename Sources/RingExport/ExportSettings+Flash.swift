import RainbowRing
import RingFlash

extension ExportSettings {
  /// How the export's frames reach a viewer, for `FlashCheck`, each showing checked: a
  /// raster file's frames at its timing (a GIF's and a WebP's delays rounded to whole
  /// centiseconds and milliseconds, as they are written), played `plays` times (a video or a folder of frames
  /// as a loop, forever); an SVG or a page drawn by a browser at the display's rate,
  /// whatever it is (`FlashShowing.displayed`), forever; a Lottie animation's frames over its
  /// period, forever, and drawn between them at the display's rate, as players with
  /// subframes do.
  public var flashShowings: [FlashShowing] {
    let duration = MediaTime.nanoseconds(timing.durationNanoseconds)
    let display = ringScene.map { FlashShowing.displayed($0.ring) } ?? []
    switch format {
    case .svg, .html: return display
    case .lottie, .dotLottie:
      return [.file(frameCount: timing.frameCount, duration: duration, plays: 0)] + display
    case .gif, .webp:
      // Delays in whole centiseconds or milliseconds: frames shown at rounded times.
      let tick: Int64 = format == .gif ? 10_000_000 : 1_000_000
      return [.file(frameCount: timing.frameCount, duration: duration, plays: plays, tick: tick)]
    case .apng, .spriteSheet:
      return [.file(frameCount: timing.frameCount, duration: duration, plays: plays)]
    case .null: return []
    case .mp4, .webm, .frames, .rgba:
      return [.file(frameCount: timing.frameCount, duration: duration, plays: 0)]
    }
  }

  /// The flash checks of what the export writes, one for each of `flashShowings`: its scene,
  /// and for a GIF its palette's colours (`gifLook`) and on/off transparency; viewed as
  /// `FlashCheck` says by default unless told otherwise. The verdict is
  /// `FlashCheck.worst(of:)`. A ring's only: throws `RingError` (`.invalidSettings`) for a
  /// live tree, which cannot be run ahead of its export.
  public func flashChecks(
    viewingDistance: Double? = nil,
    pointsPerCentimetre: Double = FlashAnalysis.cssPixelsPerCentimetre,
    analysisScale: Double? = nil
  ) throws -> [FlashCheck] {
    guard let scene = ringScene else {
      throw RingError(
        .invalidSettings, "a program's window cannot be checked for flashing before it is drawn")
    }
    return try flashShowings.map {
      try FlashCheck(
        scene, showing: $0, viewingDistance: viewingDistance,
        pointsPerCentimetre: pointsPerCentimetre, analysisScale: analysisScale,
        onOffAlpha: format == .gif, look: gifLook)
    }
  }
}
