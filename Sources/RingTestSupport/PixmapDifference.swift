import Foundation
import RingGraphics

/// How two pixmaps differ: how many pixels, the largest channel delta and where, so a
/// failing test says something useful instead of dumping both bitmaps.
public struct PixmapDifference: CustomStringConvertible, Sendable {
  public var differing = 0
  public var largestDelta = 0
  public var at = (x: 0, y: 0)

  public var description: String {
    "\(differing) pixels differ, largest channel delta \(largestDelta) at (\(at.x), \(at.y))"
  }

  /// `nil` when the pixmaps are identical.
  public init?(_ a: Pixmap, _ b: Pixmap) {
    guard a != b else { return nil }
    guard a.width == b.width, a.height == b.height else {
      differing = -1
      return
    }
    for y in 0..<a.height {
      for x in 0..<a.width {
        let p = a.pixels[y * a.width + x]
        let q = b.pixels[y * a.width + x]
        guard p != q else { continue }
        differing += 1
        for shift in stride(from: 0, to: 32, by: 8) {
          let d = abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF))
          if d > largestDelta {
            largestDelta = d
            at = (x, y)
          }
        }
      }
    }
  }
}

/// Runs a program and returns its standard output, or throws with its standard error.
public func runTool(_ executable: String, _ arguments: [String], stdin: Data? = nil) throws -> Data
{
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [executable] + arguments
  let out = Pipe()
  let err = Pipe()
  let input = Pipe()
  process.standardOutput = out
  process.standardError = err
  process.standardInput = input
  try process.run()
  if let stdin { input.fileHandleForWriting.write(stdin) }
  try input.fileHandleForWriting.close()
  let data = out.fileHandleForReading.readDataToEndOfFile()
  let errData = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw ToolFailure(
      message:
        "\(executable) exited \(process.terminationStatus): \(String(decoding: errData, as: UTF8.self))"
    )
  }
  return data
}

public struct ToolFailure: Error, CustomStringConvertible {
  public let message: String
  public init(message: String) { self.message = message }
  public var description: String { message }
}

/// Decodes an image file with Pillow (an independent decoder) to straight RGBA bytes.
public func decodeWithPillow(_ path: String) throws -> (width: Int, height: Int, rgba: [UInt8]) {
  let script = """
    import sys
    from PIL import Image
    im = Image.open(sys.argv[1])
    im.load()
    im = im.convert('RGBA')
    sys.stdout.write('%d %d\\n' % im.size)
    sys.stdout.flush()
    sys.stdout.buffer.write(im.tobytes())
    """
  let data = try runTool("python3", ["-c", script, path])
  guard let newline = data.firstIndex(of: 10) else {
    throw ToolFailure(message: "no header from Pillow")
  }
  let header = String(decoding: data[..<newline], as: UTF8.self).split(separator: " ")
  guard header.count == 2, let w = Int(header[0]), let h = Int(header[1]) else {
    throw ToolFailure(message: "bad header from Pillow")
  }
  return (w, h, Array(data[(newline + 1)...]))
}

/// Decodes every frame of an animation with Pillow: (width, height, per-frame straight RGBA,
/// per-frame duration in ms, loop count or nil).
public func decodeAnimationWithPillow(_ path: String) throws -> (
  width: Int, height: Int, frames: [[UInt8]], durations: [Double], loop: Int?
) {
  let script = """
    import sys
    from PIL import Image
    im = Image.open(sys.argv[1])
    n = getattr(im, 'n_frames', 1)
    durations = []
    data = []
    for i in range(n):
        im.seek(i)
        durations.append(repr(float(im.info.get('duration', 0))))
        data.append(im.convert('RGBA').tobytes())
    loop = im.info.get('loop')
    sys.stdout.write('%d %d %d %s %s\\n' % (im.size[0], im.size[1], n, ','.join(durations), 'none' if loop is None else loop))
    sys.stdout.flush()
    for d in data:
        sys.stdout.buffer.write(d)
    """
  let data = try runTool("python3", ["-c", script, path])
  guard let newline = data.firstIndex(of: 10) else {
    throw ToolFailure(message: "no header from Pillow")
  }
  let header = String(decoding: data[..<newline], as: UTF8.self).split(separator: " ")
  guard header.count == 5, let w = Int(header[0]), let h = Int(header[1]), let n = Int(header[2])
  else {
    throw ToolFailure(message: "bad header from Pillow: \(header)")
  }
  let durations = header[3].split(separator: ",").map { Double($0) ?? 0 }
  let body = Array(data[(newline + 1)...])
  let size = w * h * 4
  guard body.count == size * n else {
    throw ToolFailure(message: "Pillow returned \(body.count) bytes for \(n) frames")
  }
  let frames = (0..<n).map { Array(body[($0 * size)..<(($0 + 1) * size)]) }
  return (w, h, frames, durations, header[4] == "none" ? nil : Int(header[4]))
}

/// Decodes every frame with ffmpeg to straight RGBA (`decoder` forces a codec, e.g.
/// libvpx-vp9 to get VP9's alpha).
public func decodeWithFFmpeg(_ path: String, decoder: String? = nil) throws -> [UInt8] {
  let codec = decoder.map { ["-c:v", $0] } ?? []
  return [UInt8](
    try runTool(
      "ffmpeg", ["-v", "error"] + codec + ["-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"]))
}

/// ffprobe's view of the first video stream: field name to value.
public func probe(_ path: String) throws -> [String: String] {
  let out = try runTool(
    "ffprobe",
    [
      "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
      "stream=nb_read_frames,r_frame_rate,duration,pix_fmt,width,height,codec_name:stream_tags=alpha_mode:format=duration",
      "-of", "default=noprint_wrappers=1", path,
    ])
  var fields: [String: String] = [:]
  for line in String(decoding: out, as: UTF8.self).split(separator: "\n") {
    let parts = line.split(separator: "=", maxSplits: 1)
    if parts.count == 2, fields[String(parts[0])] == nil {
      fields[String(parts[0])] = String(parts[1])
    }
  }
  return fields
}

/// PSNR in dB between two byte buffers of straight RGBA, over the chosen channels.
public func psnr(_ a: [UInt8], _ b: [UInt8], includeAlpha: Bool = true) -> Double {
  precondition(a.count == b.count, "buffers differ in size: \(a.count) vs \(b.count)")
  var se = 0.0
  var n = 0
  for i in 0..<a.count where includeAlpha || i % 4 != 3 {
    let d = Double(a[i]) - Double(b[i])
    se += d * d
    n += 1
  }
  return se == 0 ? .infinity : 10 * log10(255 * 255 / (se / Double(n)))
}

/// Straight RGBA with the colour of fully transparent pixels zeroed: two transparent pixels
/// are equal whatever colour an encoder leaves under them.
public func visible(_ rgba: [UInt8]) -> [UInt8] {
  var out = rgba
  for p in stride(from: 0, to: out.count, by: 4) where out[p + 3] == 0 {
    out[p] = 0
    out[p + 1] = 0
    out[p + 2] = 0
  }
  return out
}
