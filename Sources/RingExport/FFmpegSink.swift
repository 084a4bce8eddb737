import Foundation
import RainbowRing

/// WebP, MP4 and WebM: raw frames piped to ffmpeg (`FFmpegEncoder`), which writes the file.
struct FFmpegSink: FrameSink {
  let makeWorker: @Sendable () throws -> RenderingWorker
  private let file: OutputFile
  private let encoder: FFmpegEncoder

  init(_ settings: ExportSettings, path: String) throws {
    let timing = settings.timing
    let (w, h) = settings.scene.pixelSize
    file = try OutputFile(path: path)
    let output = try file.pathForAnotherProcess()
    encoder = try FFmpegEncoder(
      width: w, height: h, frameRate: FFmpegSink.frameRate(timing),
      frameCount: timing.frameCount, duration: timing.duration,
      arguments: FFmpegSink.arguments(settings, width: w, height: h), outputPath: output,
      userPath: path)
    makeWorker = RenderingWorker.maker(scene: settings.scene, timing: timing)
  }

  static func encode(frame i: Int, with worker: inout RenderingWorker) -> Pixmap {
    worker.frame(i)
  }

  mutating func write(_ frame: Pixmap, at index: Int) throws {
    try encoder.write(frame)
  }

  mutating func finish() throws {
    try encoder.finish()
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
        let bg = s.scene.background
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
      // Lossless needs ffmpeg to pass BGRA through; its default would be 4:2:0.
      let quality =
        s.quality.map { ["-quality", "\($0)", "-pix_fmt", "yuva420p"] }
        ?? ["-lossless", "1", "-pix_fmt", "bgra"]
      // Compression level 1 of 6: lossless files within a few % of the default's size in
      // less than half its time.
      return ["-c:v", "libwebp_anim", "-compression_level", "1"] + quality + [
        "-loop", "\(s.plays)", "-f", "webp",
      ]
    }
  }
}
