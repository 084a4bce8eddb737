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
