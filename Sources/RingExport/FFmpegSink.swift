import Foundation
import RainbowRing

/// WebP, MP4 and WebM: raw frames piped to ffmpeg (`FFmpegEncoder`), which writes the file.
struct FFmpegSink: FrameSink {
  let makeWorker: @Sendable () throws -> RenderingWorker
  private let file: OutputFile
  private let encoder: FFmpegEncoder
  /// The file ffmpeg writes (a private temporary file), and what errors call it.
  private let output: String
  private let path: String
  /// A WebP's frame durations are corrected to these frames' whole milliseconds.
  private let webPTiming: ExportTiming?

  init(_ settings: ExportSettings, path: String) throws {
    let timing = settings.timing
    let (w, h) = settings.content.pixelSize
    file = try OutputFile(path: path)
    output = try file.pathForAnotherProcess()
    self.path = path
    webPTiming = settings.format == .webp ? timing : nil
    encoder = try FFmpegEncoder(
      width: w, height: h, frameRate: FFmpegSink.frameRate(timing),
      frameCount: timing.frameCount, duration: timing.duration,
      arguments: FFmpegSink.arguments(settings, width: w, height: h), outputPath: output,
      userPath: path)
    makeWorker = RenderingWorker.maker(settings)
  }

  static func encode(frame i: Int, with worker: inout RenderingWorker) throws -> Pixmap {
    try worker.frame(i)
  }

  mutating func write(_ frame: Pixmap, at index: Int) throws {
    try encoder.write(frame)
  }

  mutating func finish() throws {
    try encoder.finish()
    if let webPTiming {
      try WebPFrames.correctDurations(ofFile: output, for: webPTiming, userPath: path)
    }
    try file.commit()
  }

  func cancel() {
    encoder.cancel()
  }

  /// The exact frame rate as ffmpeg reads it: frames per second as a reduced fraction.
  static func frameRate(_ timing: ExportTiming) -> String {
    var num = Int64(timing.frameCount) * 1_000_000_000
    var den = timing.durationNanoseconds
    var (a, b) = (num, den)
    while b != 0 { (a, b) = (b, a % b) }
    num /= a
    den /= a
    return den == 1 ? "\(num)" : "\(num)/\(den)"
  }

  /// ffmpeg's codec and format options (the output path follows them).
  static func arguments(_ s: ExportSettings, width: Int, height: Int) -> [String] {
    switch s.format {
    case .mp4:
      var args = ["-c:v", "libx264", "-preset", "medium", "-crf", "16", "-pix_fmt", s.pixelFormat]
      if s.pixelFormat == "yuv420p" && (width % 2 != 0 || height % 2 != 0) {
        // 4:2:0 needs even sides: pad the last column or row with the background.
        let bg = s.content.background
        let hex = String(
          format: "0x%02X%02X%02X", Int(bg.red * 255 + 0.5), Int(bg.green * 255 + 0.5),
          Int(bg.blue * 255 + 0.5))
        args += ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0:color=\(hex)"]
      }
      return args + ["-movflags", "+faststart", "-f", "mp4"]
    case .webm:
      return [
        "-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-b:v", "0", "-crf", "24", "-row-mt", "1",
        "-auto-alt-ref", "0", "-f", "webm",
      ]
    default:
      // Lossless needs ffmpeg to pass BGRA through; its default would be 4:2:0. Lossless at
      // compression level 1 of 6: within a few % of the default's size in less than half
      // its time. Lossy at level 4 (libwebp's default method): at level 1 the seed's loop
      // at --quality 80 was larger than lossless (1.99 MB against 1.77 MB); at 4 the size
      // falls with the quality, and from about 85 down is under lossless (README, "Export").
      let mode =
        s.quality.map {
          [
            "-lossless", "0", "-compression_level", "4", "-quality", "\($0)", "-pix_fmt",
            "yuva420p",
          ]
        } ?? ["-lossless", "1", "-compression_level", "1", "-pix_fmt", "bgra"]
      return ["-c:v", "libwebp_anim"] + mode + ["-loop", "\(s.plays)", "-f", "webp"]
    }
  }
}
