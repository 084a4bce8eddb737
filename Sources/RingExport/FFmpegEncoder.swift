import Foundation
import RingGraphics
import RingSystem

/// Encodes frames with ffmpeg as a child process: raw straight-alpha RGBA frames go to its
/// standard input, it writes the file.
///
/// ffmpeg is trusted for nothing: `finish()` fails unless it exits 0, says nothing at error
/// level, reports through `-progress` that it ended having encoded every frame, and left a
/// non-empty file. Errors name the user's path (never the temporary one) and quote ffmpeg's
/// own last words on one line.
public final class FFmpegEncoder {
  private let child: ChildProcess
  private let width: Int
  private let height: Int
  private let frameCount: Int
  private let duration: Double
  private let outputPath: String
  private let userPath: String
  private var finished = false

  /// The Debian package that provides ffmpeg.
  public static let package = "ffmpeg"

  /// Where ffmpeg is, found as the shell finds it: the first regular, executable `ffmpeg`
  /// in `PATH` (an empty entry is the current folder); `nil` when there is none.
  public static func locate(
    _ program: String = "ffmpeg",
    path: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  ) -> String? {
    for dir in path.split(separator: ":", omittingEmptySubsequences: false) {
      let candidate = (dir.isEmpty ? "." : String(dir)) + "/" + program
      var info = stat()
      guard stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
        access(candidate, X_OK) == 0
      else { continue }
      return candidate
    }
    return nil
  }

  /// Starts ffmpeg: it reads `frameCount` raw frames and writes `outputPath` with
  /// `arguments` (the codec and format options). `userPath` is what errors call the file.
  public init(
    width: Int, height: Int, frameRate: String, frameCount: Int, duration: Double,
    arguments: [String], outputPath: String, userPath: String
  ) throws {
    guard let ffmpeg = FFmpegEncoder.locate() else {
      throw RingError(
        .ffmpegMissing,
        "this format needs ffmpeg, which is not installed (Debian package '\(FFmpegEncoder.package)')"
      )
    }
    self.width = width
    self.height = height
    self.frameCount = frameCount
    self.duration = duration
    self.outputPath = outputPath
    self.userPath = userPath
    child = try ChildProcess(
      executable: ffmpeg,
      arguments: [
        "-hide_banner", "-nostdin", "-nostats", "-loglevel", "error", "-progress", "pipe:1", "-y",
        "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-framerate",
        frameRate, "-i", "pipe:0",
      ] + arguments + [outputPath],
      feedsInput: true)
  }

  deinit {
    if !finished { cancel() }
  }

  /// Sends one frame (premultiplied pixels are converted to straight alpha).
  public func write(_ frame: Pixmap) throws {
    let bytes = frame.straightRGBABytes()
    if let error = bytes.withUnsafeBytes({ writeAll(child.input, $0) }) {
      child.closeInput()
      child.wait()
      throw failure(
        default: "ffmpeg stopped reading its input (\(String(cString: strerror(error))))")
    }
  }

  /// Closes the input, waits for ffmpeg and checks what it did.
  public func finish() throws {
    finished = true
    child.closeInput()
    let (exited, code) = child.wait()
    guard exited, code == 0 else {
      throw failure(default: "ffmpeg exited with status \(code)")
    }
    if let said = FFmpegEncoder.lastLine(child.errorText) {
      throw failure(default: said)
    }
    let report = FFmpegEncoder.progress(child.outputText)
    guard report["progress"] == "end" else {
      throw failure(default: "ffmpeg ended without finishing the file")
    }
    guard let frames = report["frame"].flatMap({ Int($0) }), frames == frameCount else {
      throw failure(
        default:
          "ffmpeg encoded \(report["frame"] ?? "no") frames of \(frameCount), so the file is incomplete"
      )
    }
    var info = stat()
    guard stat(outputPath, &info) == 0, info.st_size > 0 else {
      throw failure(default: "ffmpeg left an empty file")
    }
    // What landed on disk, read back: its length must be the plan's within one frame.
    let tolerance = duration / Double(frameCount) + 0.002
    let found: Double?
    do {
      if WebPFrames.isStill(ofFile: outputPath) {
        // libwebp writes one picture without animation chunks when every frame is the same
        // (one frame, or a ring of one colour): it shows for ever, as the loop would, and
        // has no length to read back, so a decoder must read it as that one frame.
        try FFmpegEncoder.checkStill(outputPath, width: width, height: height)
        found = nil
      } else {
        found = try FFmpegEncoder.fileDuration(outputPath)
      }
    } catch let error as RingError {
      throw RingError(
        error.code,
        "cannot write '\(userPath)': "
          + error.message.replacingOccurrences(of: outputPath, with: userPath))
    }
    if let found, abs(found - duration) > tolerance {
      throw failure(
        default: String(
          format: "ffmpeg wrote %.3f s of %.3f s, so the file is incomplete", found, duration))
    }
  }

  /// The length of the animation in `path`, in seconds: an animated WebP's frame durations
  /// summed (ffprobe cannot read them), else the container's duration from ffprobe (which
  /// Debian's ffmpeg package always brings); `nil` when neither can tell.
  static func fileDuration(_ path: String) throws -> Double? {
    if let webp = WebPFrames.totalDuration(ofFile: path) { return webp }
    guard let ffprobe = locate("ffprobe") else { return nil }
    let probe = try ChildProcess(
      executable: ffprobe,
      arguments: [
        "-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", path,
      ], feedsInput: false)
    let (exited, code) = probe.wait()
    // A check that could not be made is a failure, never a pass.
    guard exited, code == 0,
      let seconds = Double(probe.outputText.trimmingCharacters(in: .whitespacesAndNewlines)),
      seconds.isFinite, seconds >= 0
    else {
      let said = lastLine(probe.errorText).map { ": " + $0 } ?? ""
      throw RingError(
        .ffmpegFailed,
        exited
          ? "ffprobe could not read back what ffmpeg wrote (exit status \(code))\(said)"
          : "ffprobe was killed by signal \(code) while reading back what ffmpeg wrote")
    }
    return seconds
  }

  /// Checks that ffprobe decodes the still picture at `path` as one frame of `width` x
  /// `height` pixels; passes when ffprobe is not installed, as `fileDuration` does.
  static func checkStill(_ path: String, width: Int, height: Int) throws {
    guard let ffprobe = locate("ffprobe") else { return }
    let probe = try ChildProcess(
      executable: ffprobe,
      arguments: [
        "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
        "stream=width,height,nb_read_frames", "-of", "default=nw=1", path,
      ], feedsInput: false)
    let (exited, code) = probe.wait()
    let found = progress(probe.outputText)
    guard exited, code == 0, found["nb_read_frames"] == "1", found["width"] == "\(width)",
      found["height"] == "\(height)"
    else {
      let said = lastLine(probe.errorText).map { ": " + $0 } ?? ""
      throw RingError(
        .ffmpegFailed,
        exited
          ? "ffprobe could not read back the \(width)x\(height) still picture ffmpeg wrote (exit status \(code))\(said)"
          : "ffprobe was killed by signal \(code) while reading back what ffmpeg wrote")
    }
  }

  /// Stops ffmpeg at once (for a failure elsewhere).
  public func cancel() {
    finished = true
    child.terminate()
    child.closeInput()
    child.wait()
  }

  /// The key=value pairs of the last block of ffmpeg's `-progress` report.
  static func progress(_ text: String) -> [String: String] {
    var values: [String: String] = [:]
    for line in text.split(separator: "\n") {
      guard let eq = line.firstIndex(of: "=") else { continue }
      values[String(line[..<eq]).trimmingCharacters(in: .whitespaces)] =
        String(line[line.index(after: eq)...]).trimmingCharacters(in: .whitespaces)
    }
    return values
  }

  static func lastLine(_ text: String) -> String? {
    text.split(whereSeparator: \.isNewline).map {
      $0.trimmingCharacters(in: .whitespaces)
    }.last { !$0.isEmpty }
  }

  private func failure(default text: String) -> RingError {
    let (exited, code) = child.wait()
    if !exited {
      return RingError(
        .ffmpegFailed, "cannot write '\(userPath)': ffmpeg was killed by signal \(code)")
    }
    let said = FFmpegEncoder.lastLine(child.errorText).map { "ffmpeg failed: " + $0 } ?? text
    return RingError(
      .ffmpegFailed,
      "cannot write '\(userPath)': " + said.replacingOccurrences(of: outputPath, with: userPath))
  }
}
