import Foundation

/// Reads an animated WebP's frame durations from its RIFF chunks (`ANMF`: 24-bit
/// milliseconds at byte 12 of each frame's payload), to check what ffmpeg wrote.
enum WebPFrames {
  /// The sum of the frame durations in seconds, or `nil` when `path` is not an animated WebP.
  static func totalDuration(ofFile path: String) -> Double? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return totalDuration(of: [UInt8](data))
  }

  static func totalDuration(of bytes: [UInt8]) -> Double? {
    guard bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46],
      bytes[8..<12] == [0x57, 0x45, 0x42, 0x50]
    else { return nil }
    func le(_ at: Int, _ count: Int) -> Int {
      (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
    }
    var offset = 12
    var milliseconds = 0
    var frames = 0
    while offset + 8 <= bytes.count {
      let size = le(offset + 4, 4)
      if bytes[offset..<offset + 4] == [0x41, 0x4E, 0x4D, 0x46] {  // "ANMF"
        guard offset + 8 + 16 <= bytes.count else { return nil }
        milliseconds += le(offset + 8 + 12, 3)
        frames += 1
      }
      offset += 8 + size + size % 2
    }
    return frames > 0 ? Double(milliseconds) / 1000 : nil
  }
}
