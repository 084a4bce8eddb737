import Foundation
import RingGraphics

/// Reads and sets an animated WebP's frame durations in its RIFF chunks (`ANMF`: 24-bit
/// milliseconds at byte 12 of each frame's payload), to check and correct what ffmpeg wrote.
enum WebPFrames {
  /// The sum of the frame durations in seconds, or `nil` when `path` is not an animated WebP.
  static func totalDuration(ofFile path: String) -> Double? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return totalDuration(of: [UInt8](data))
  }

  static func totalDuration(of bytes: [UInt8]) -> Double? {
    guard let frames = durations(of: bytes), !frames.isEmpty else { return nil }
    return Double(frames.reduce(0) { $0 + $1.milliseconds }) / 1000
  }

  /// Whether `path` is a still WebP: a WebP without animation frames (`ANMF`), as libwebp
  /// writes when every frame is the same.
  static func isStill(ofFile path: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: path) else { return false }
    return durations(of: [UInt8](data))?.isEmpty == true
  }

  /// Each frame's duration in milliseconds and the byte offset of its 24-bit field, in
  /// order; `nil` when `bytes` is not a WebP or a chunk is cut short.
  static func durations(of bytes: [UInt8]) -> [(offset: Int, milliseconds: Int)]? {
    guard bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46],
      bytes[8..<12] == [0x57, 0x45, 0x42, 0x50]
    else { return nil }
    func le(_ at: Int, _ count: Int) -> Int {
      (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
    }
    var offset = 12
    var frames: [(offset: Int, milliseconds: Int)] = []
    while offset + 8 <= bytes.count {
      let size = le(offset + 4, 4)
      if bytes[offset..<offset + 4] == [0x41, 0x4E, 0x4D, 0x46] {  // "ANMF"
        guard offset + 8 + 16 <= bytes.count else { return nil }
        frames.append((offset + 8 + 12, le(offset + 8 + 12, 3)))
      }
      offset += 8 + size + size % 2
    }
    return frames
  }

  /// The durations the frames of a file written for `timing` should have, in milliseconds:
  /// `timing.millisecondDelays()`, which add up to the duration rounded to the millisecond.
  ///
  /// ffmpeg gives frame i the start `i x duration / frameCount` cut to the millisecond and
  /// the last frame the mean of the others (so 438 frames over 7.3 s last 7299 ms), and
  /// libwebp merges a frame that matches the one before (within its lossy tolerance) into
  /// that one. Each frame in `written` is matched to the exported frame whose cut start is
  /// nearest its own start, and lasts until the next frame's; with one frame per exported
  /// frame they match one to one.
  static func corrected(_ written: [Int], for timing: ExportTiming) -> [Int] {
    let delays = timing.millisecondDelays()
    guard written.count != delays.count else { return delays }
    func cut(_ k: Int) -> Int { Int(timing.nanoseconds(ofFrame: k) / 1_000_000) }
    var firsts: [Int] = []
    var start = 0
    var i = 0
    for duration in written {
      if let last = firsts.last { i = min(last + 1, delays.count - 1) }
      while i + 1 < delays.count, abs(cut(i + 1) - start) < abs(cut(i) - start) { i += 1 }
      firsts.append(i)
      start += duration
    }
    return firsts.indices.map { j in
      let end = j + 1 < firsts.count ? firsts[j + 1] : delays.count
      return delays[firsts[j]..<max(end, firsts[j])].reduce(0, +)
    }
  }

  /// Sets the frame durations of the animated WebP at `path` (written for `timing`) to
  /// `corrected(_:for:)`, in place; a still WebP (one frame) has none to set. Errors call
  /// the file `userPath`.
  static func correctDurations(ofFile path: String, for timing: ExportTiming, userPath: String)
    throws
  {
    guard let data = FileManager.default.contents(atPath: path),
      let frames = durations(of: [UInt8](data))
    else {
      throw RingError(.cannotWrite, "cannot write '\(userPath)': ffmpeg wrote no WebP")
    }
    guard !frames.isEmpty else { return }
    guard let handle = FileHandle(forUpdatingAtPath: path) else {
      throw RingError(.cannotWrite, "cannot write '\(userPath)': cannot reopen what ffmpeg wrote")
    }
    defer { try? handle.close() }
    let durations = corrected(frames.map(\.milliseconds), for: timing)
    do {
      for (frame, ms) in zip(frames, durations) where ms != frame.milliseconds {
        try handle.seek(toOffset: UInt64(frame.offset))
        try handle.write(contentsOf: [UInt8(ms & 0xFF), UInt8(ms >> 8 & 0xFF), UInt8(ms >> 16)])
      }
    } catch {
      throw RingError(.cannotWrite, "cannot write '\(userPath)': \(error.localizedDescription)")
    }
  }
}
