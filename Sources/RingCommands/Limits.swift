import Foundation
import RainbowRing
import RingCommandLine
import RingExport
import RingFlash

/// Caps that keep a slip of the keyboard (`--size 10000 --scale 4`, `--loops 9999`) from
/// allocating gigabytes or filling the disk. Checked before anything is allocated;
/// `--no-limits` lifts them. The library's own ceiling (`Pixmap.maximumPixelCount`) stays.
package struct Limits {
  /// Pixels in one frame: 8192 x 8192, 256 MiB of RGBA.
  package var framePixels = 1 << 26
  /// Frames in one export.
  package var frames = 100_000
  /// Estimated peak memory, in bytes.
  package var memory = 4.0 * Double(1 << 30)
  /// Raw frames written to a file (`--format rgba`), in bytes; standard output is a stream
  /// and is not capped.
  package var rawFileBytes = 16.0 * Double(1 << 30)
  /// Pixels one flash check counts (`FlashCheck.pixelsCounted`), its search for causes
  /// included (`FlashCheck.causes(withinPixels:)` gets what the check leaves): about 30 s of
  /// CPU at the 20 million a second measured in a release build in the worst case, every
  /// pixel changing every frame (`--hue-step 0.01 --step-duration 0.1 --duration 600`:
  /// 1.66e8 pixels in 8.0 s of CPU, 12 s on the shared 2-core machine; rendering
  /// included). That is 130,000 frames of the 48-pixel ring over two backdrops, 36 minutes
  /// at 60 fps.
  package var flashPixels = 6e8
  /// Animation stops a UIKit program's snapshot may run to reach its `--time`.
  package var animationStops = SnapshotSimulation.standardCap
  /// Gradient stops in a vector file: browsers take minutes over thousands.
  package var vectorStops = 1000
  /// Estimated text of a vector file, in bytes.
  package var vectorBytes = 64.0 * Double(1 << 20)

  /// The standard caps.
  package init() {}

  package init(
    framePixels: Int, frames: Int, memory: Double, rawFileBytes: Double, flashPixels: Double,
    animationStops: Int, vectorStops: Int, vectorBytes: Double
  ) {
    self.framePixels = framePixels
    self.frames = frames
    self.memory = memory
    self.rawFileBytes = rawFileBytes
    self.flashPixels = flashPixels
    self.animationStops = animationStops
    self.vectorStops = vectorStops
    self.vectorBytes = vectorBytes
  }

  package static let spec = OptionSpec(
    "no-limits",
    help:
      "Lift the caps on frame size (67,108,864 pixels), frame count (100,000), estimated memory (4 GiB), raw output (16 GiB), a vector file's gradient stops (1,000) and text (64 MiB), and the flash check's work (600,000,000 pixels)."
  )

  /// Where a ring file or preset gave the frame's size or scale (`ring.json:1:10: `), put
  /// before the frame cap's refusal; empty when the command line or the defaults did.
  package var framePlace = ""

  /// Where the ring's colours come from, which decides the option that gives fewer stops.
  package enum ColorSource {
    /// The rainbow of `--hue-step`: a larger step, fewer colours.
    case hueStep
    /// `--colors`: `--hue-step` has no effect on them.
    case colors
    /// A named `--palette` other than the rainbow.
    case palette
  }

  /// Where the ring's colours come from; `.hueStep` when the configuration is not known.
  package var colorSource = ColorSource.hueStep
  /// The option that set the export's length: `--loops` when given, else `--duration`.
  package var lengthOption = "--duration"
  /// Where a ring file or preset gave the colours (`ring.json:2:13: `), put before a vector
  /// cap's refusal; empty when the command line or the defaults did.
  package var colorPlace = ""

  /// The caps the arguments ask for: the standard ones, or none with `--no-limits`.
  package static func from(_ args: ParsedArguments) -> Limits {
    args.has("no-limits") ? .none : Limits()
  }

  package static let none = Limits(
    framePixels: Pixmap.maximumPixelCount, frames: Int(Int32.max), memory: .infinity,
    rawFileBytes: .infinity, flashPixels: .infinity, animationStops: .max, vectorStops: Int.max,
    vectorBytes: .infinity)

  /// Refuses flash checks (of one output, run one after another) whose estimated memory or
  /// work together is over the caps; the messages name `reduceMemory` and `reduceWork`, the
  /// options that make each smaller.
  package func check(flash checks: [FlashCheck], reduceMemory: String, reduceWork: String)
    throws(RingError)
  {
    guard let first = checks.first else { return }
    let memory = checks.map(\.estimatedMemory).max() ?? 0
    let (w, h) = first.analysedScene.pixelSize
    guard memory <= self.memory else {
      throw RingError.usage(
        "The flash check of \(w)x\(h)-pixel frames needs an estimated \(Limits.gibibytes(memory)) of memory, over the cap of \(Limits.gibibytes(self.memory)); \(reduceMemory), or pass --no-limits."
      )
    }
    let work = checks.reduce(0) { $0 + $1.pixelsCounted }
    guard work <= flashPixels else {
      let frames = checks.reduce(0) { $0 + $1.frameCount }
      let rates = checks.count > 1 ? " across \(checks.count) frame rates" : ""
      throw RingError.usage(
        "The flash check would count \(frames) frames\(rates) of \(w)x\(h) pixels over \(first.backdrops.count) backdrop(s), \(Limits.grouped(work)) pixels in all, over the cap of \(Limits.grouped(flashPixels)); \(reduceWork), or pass --no-limits."
      )
    }
  }

  package func check(scene: RingScene) throws(RingError) {
    try check(frame: scene.pixelSize)
  }

  /// Refuses a frame of more than `framePixels`, naming `lowering`, the options that make
  /// it smaller.
  package func check(frame size: (width: Int, height: Int), lowering: String = "--size or --scale")
    throws(RingError)
  {
    let (w, h) = size
    guard Double(w) * Double(h) <= Double(framePixels) else {
      // Past the library's ceiling, --no-limits does not help.
      let lift = framePixels < Pixmap.maximumPixelCount ? ", or pass --no-limits" : ""
      throw RingError.usage(
        framePlace
          + "A \(w)x\(h)-pixel frame exceeds the cap of \(framePixels) pixels; lower \(lowering)\(lift)."
      )
    }
  }

  package func check(export settings: ExportSettings, toStandardOutput: Bool) throws(RingError) {
    if settings.format.isVector {
      // A vector file costs no pixels or frames: its stops and text are what grow.
      let estimate: VectorEstimate
      do { estimate = try VectorEstimate(settings) } catch { return }  // refused elsewhere
      try check(
        vector: estimate, file: Limits.fileName(settings.format),
        smil: settings.format == .svg && settings.svgMotion == .smil,
        elsewhere: "export GIF, APNG, WebP or MP4")
      return
    }
    try check(
      frame: settings.content.pixelSize,
      lowering: settings.ringScene == nil ? "--scale" : "--size or --scale")
    let n = settings.timing.frameCount
    guard n <= frames else {
      throw RingError.usage(
        "An export of \(n) frames exceeds the cap of \(frames) frames; lower --duration, --loops or --fps, or pass --no-limits."
      )
    }
    if settings.format == .spriteSheet {
      // The library's ceiling for one image, which --no-limits cannot lift.
      let (w, h) = settings.content.pixelSize
      let (columns, rows) = settings.sheetGrid
      guard w * columns <= Pixmap.maximumPixelCount / max(1, h * rows) else {
        // Another grid helps only when the frames alone fit in one image.
        let fits = Double(w) * Double(h) * Double(n) <= Double(Pixmap.maximumPixelCount)
        throw RingError.usage(
          "A \(columns)x\(rows) sprite sheet of \(w)x\(h)-pixel frames would exceed \(Pixmap.maximumPixelCount) pixels in one image; lower --size, --scale, \(lengthOption) or --fps\(fits ? ", or change --columns" : "")."
        )
      }
    }
    let estimate = settings.estimatedPeakMemory
    guard estimate <= memory else {
      throw RingError.usage(
        "This export needs an estimated \(Limits.gibibytes(estimate)) of memory, over the cap of \(Limits.gibibytes(memory)); lower the size, --jobs or the frame count, or pass --no-limits."
      )
    }
    if settings.format == .rgba && !toStandardOutput {
      let (w, h) = settings.content.pixelSize
      let bytes = 4 * Double(w) * Double(h) * Double(n)
      guard bytes <= rawFileBytes else {
        throw RingError.usage(
          "Raw frames would fill \(Limits.gibibytes(bytes)) of disk, over the cap of \(Limits.gibibytes(rawFileBytes)); pipe them with '-o -', or pass --no-limits."
        )
      }
    }
  }

  /// Refuses a vector file of too many stops or too much text, naming what lowers each:
  /// fewer colours (by the one option that makes them fewer for this ring's colours); for
  /// SMIL, a period of whole milliseconds (else it repeats until it is) or the CSS variant;
  /// `elsewhere`, formats without that cost.
  package func check(vector estimate: VectorEstimate, file: String, smil: Bool, elsewhere: String)
    throws(RingError)
  {
    let fewer =
      switch colorSource {
      case .hueStep: "raise --hue-step"
      case .colors: "give fewer --colors"
      case .palette: "choose a smaller --palette"
      }
    guard estimate.stops <= vectorStops else {
      throw RingError.usage(
        colorPlace
          + "\(file) of \(estimate.stops) gradient stops exceeds the cap of \(vectorStops); \(fewer), \(elsewhere), or pass --no-limits."
      )
    }
    guard estimate.bytes <= vectorBytes else {
      var ways = [fewer]
      if smil && estimate.smilRepeats > 1 {
        ways.append(
          "give --step-duration whole milliseconds (SMIL repeats the period \(estimate.smilRepeats) times to reach them)"
        )
      }
      if smil { ways.append("choose --svg-animation css") }
      throw RingError.usage(
        colorPlace
          + "\(file) of an estimated \(Limits.mebibytes(estimate.bytes)) exceeds the cap of \(Limits.mebibytes(vectorBytes)); \(ways.joined(separator: ", ")), \(elsewhere), or pass --no-limits."
      )
    }
  }

  /// "An SVG file", "A Lottie file", ...: what a vector format writes, for messages.
  package static func fileName(_ format: ExportFormat) -> String {
    switch format {
    case .html: "An HTML page"
    case .lottie: "A Lottie file"
    case .dotLottie: "A dotLottie file"
    default: "An SVG file"
    }
  }

  /// A whole number with thousands grouped: "1,036,800,000".
  package static func grouped(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e18 else { return "\(value)" }
    let digits = String(Int64(value.rounded()).magnitude)
    var out = ""
    for (k, c) in digits.enumerated() {
      if k > 0, (digits.count - k) % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return (value < 0 ? "-" : "") + out
  }

  package static func mebibytes(_ bytes: Double) -> String {
    String(format: "%.0f MiB", (bytes / Double(1 << 20)).rounded(.up))
  }

  package static func gibibytes(_ bytes: Double) -> String {
    String(format: "%.1f GiB", bytes / Double(1 << 30))
  }
}
