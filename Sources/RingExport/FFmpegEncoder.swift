import Foundation
import RingGraphics

/// Encodes frames with ffmpeg as a child process: raw straight-alpha RGBA frames go to its
/// standard input, it writes the file. ffmpeg's own error text is surfaced when it fails.
public final class FFmpegEncoder {
  private let process = Process()
  private let input: FileHandle
  private let errorText = ErrorCollector()
  private var finished = false

  /// The Debian package that provides ffmpeg.
  public static let package = "ffmpeg"

  /// Where ffmpeg is, from `PATH`; `nil` when it is not installed.
  public static func locate() -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for dir in path.split(separator: ":") {
      let candidate = "\(dir)/ffmpeg"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Starts ffmpeg with `arguments` after the raw-video input description.
  public init(width: Int, height: Int, frameRate: String, arguments: [String]) throws {
    guard let ffmpeg = FFmpegEncoder.locate() else {
      throw ExportError(
        .ffmpegMissing,
        "this format needs ffmpeg, which is not installed (Debian package '\(FFmpegEncoder.package)')"
      )
    }
    signal(SIGPIPE, SIG_IGN)
    process.executableURL = URL(fileURLWithPath: ffmpeg)
    process.arguments =
      [
        "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba",
        "-s", "\(width)x\(height)", "-framerate", frameRate, "-i", "pipe:0",
      ] + arguments
    let stdin = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardError = stderr
    process.standardOutput = FileHandle.nullDevice
    input = stdin.fileHandleForWriting
    let collector = errorText
    stderr.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      if data.isEmpty {
        handle.readabilityHandler = nil
        collector.close()
      } else {
        collector.append(data)
      }
    }
    do {
      try process.run()
    } catch {
      throw ExportError(.ffmpegFailed, "cannot start ffmpeg: \(error)")
    }
  }

  deinit {
    if !finished && process.isRunning { process.terminate() }
  }

  /// Sends one frame (premultiplied pixels are converted to straight alpha).
  public func write(_ frame: Pixmap) throws {
    let bytes = frame.straightRGBABytes()
    var offset = 0
    let fd = input.fileDescriptor
    while offset < bytes.count {
      let n = bytes.withUnsafeBufferPointer {
        Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset)
      }
      if n < 0 {
        if errno == EINTR { continue }
        try? finishProcess()
        throw failure(
          default: "ffmpeg stopped reading its input (\(String(cString: strerror(errno))))")
      }
      offset += n
    }
  }

  /// Closes the input and waits for ffmpeg; throws with its error text when it fails.
  public func finish() throws {
    try finishProcess()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw failure(default: "ffmpeg exited with status \(process.terminationStatus)")
    }
  }

  /// Stops ffmpeg at once (for Ctrl-C or a failure elsewhere).
  public func cancel() {
    finished = true
    if process.isRunning { process.terminate() }
    try? input.close()
    process.waitUntilExit()
  }

  private func finishProcess() throws {
    guard !finished else { return }
    finished = true
    try? input.close()
    process.waitUntilExit()
  }

  private func failure(default text: String) -> ExportError {
    // ffmpeg has exited: wait (briefly) until its last words are read.
    errorText.waitForEnd(timeout: 2)
    let said = errorText.text.trimmingCharacters(in: .whitespacesAndNewlines)
      .split(separator: "\n").last.map(String.init)
    if process.terminationReason == .uncaughtSignal {
      return ExportError(.ffmpegFailed, "ffmpeg was killed by signal \(process.terminationStatus)")
    }
    return ExportError(.ffmpegFailed, "ffmpeg failed: \(said ?? text)")
  }
}

/// Collects a child's standard error from a reader thread.
final class ErrorCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  private let ended = DispatchSemaphore(value: 0)

  /// The child closed its end: everything it wrote has been appended.
  func close() { ended.signal() }

  /// Waits up to `timeout` seconds for `close()`.
  func waitForEnd(timeout: Double) {
    if ended.wait(timeout: .now() + timeout) == .success { ended.signal() }
  }

  func append(_ d: Data) {
    lock.lock()
    if data.count < 1 << 16 { data.append(d) }
    lock.unlock()
  }

  var text: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: data, as: UTF8.self)
  }
}
