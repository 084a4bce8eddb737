// Exports the seed's loop at 2x (320x320, 365 frames at 50 fps) to GIF and APNG, and in the
// same run does the same with ffmpeg (palettegen + paletteuse for GIF, -f apng): time, size
// and PSNR against the engine's frames, side by side. Medians of a few runs.
import Foundation
import RainbowRing
import RingExport

func seconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

@discardableResult
func run(_ args: [String], input: String? = nil) throws -> Data {
  let p = Process()
  p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  p.arguments = args
  let out = Pipe()
  p.standardOutput = out
  p.standardError = FileHandle.nullDevice
  try p.run()
  let data = out.fileHandleForReading.readDataToEndOfFile()
  p.waitUntilExit()
  guard p.terminationStatus == 0 else {
    throw NSError(
      domain: "benchmark", code: Int(p.terminationStatus),
      userInfo: [NSLocalizedDescriptionKey: args.joined(separator: " ")])
  }
  return data
}

let runs = CommandLine.arguments.contains("--quick") ? 1 : 3
let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ring-export-bench").path
try? FileManager.default.removeItem(atPath: dir)
try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
let n = 365
let timing = ExportTiming(frameCount: n, durationNanoseconds: 7_300_000_000)

// The engine's frames: over white (GIF) and transparent (APNG), as straight RGBA.
func frames(_ background: RGBAColor) throws -> [UInt8] {
  let r = try FrameRenderer(scene: RingScene(background: background, scale: 2))
  var all: [UInt8] = []
  for i in 0..<n { all += r.render(at: timing.time(ofFrame: i)).straightRGBABytes() }
  return all
}
let white = try frames(.white)
let clear = try frames(.clear)
try Data(white).write(to: URL(fileURLWithPath: dir + "/white.rgba"))
try Data(clear).write(to: URL(fileURLWithPath: dir + "/clear.rgba"))

/// PSNR of the decoded animation against the reference frames (RGB over white, or RGBA).
@MainActor func psnr(_ file: String, against reference: [UInt8], alpha: Bool) throws -> Double {
  let decoded = [UInt8](
    try run(["ffmpeg", "-v", "error", "-i", file, "-f", "rawvideo", "-pix_fmt", "rgba", "-"]))
  guard decoded.count == reference.count else { return -1 }
  var se = 0.0
  var count = 0
  for i in 0..<decoded.count where alpha || i % 4 != 3 {
    let d = Double(decoded[i]) - Double(reference[i])
    se += d * d
    count += 1
  }
  return se == 0 ? .infinity : 10 * log10(255 * 255 / (se / Double(count)))
}

func size(_ path: String) -> Int {
  ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
}

let raw = ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "320x320", "-framerate", "50"]
struct Result {
  var name: String
  var time: Double
  var bytes: Int
  var psnr: Double
}
var results: [Result] = []

@MainActor func measure(
  _ name: String, file: String, reference: [UInt8], alpha: Bool, _ body: () throws -> Void
) throws {
  var times: [Double] = []
  for _ in 0..<runs {
    let t = seconds()
    try body()
    times.append(seconds() - t)
  }
  results.append(
    Result(
      name: name, time: median(times), bytes: size(file),
      psnr: try psnr(file, against: reference, alpha: alpha)))
}

var gif = ExportSettings(
  scene: try RingScene(background: .white, scale: 2), format: .gif, timing: timing)
if let i = CommandLine.arguments.firstIndex(of: "--dither"),
  let v = Double(CommandLine.arguments[i + 1])
{
  gif.ditherStrength = v
}
try measure("rainbow-ring GIF", file: dir + "/ours.gif", reference: white, alpha: false) {
  try Exporter.export(gif, to: dir + "/ours.gif")
}
try measure(
  "ffmpeg GIF (palettegen + paletteuse)", file: dir + "/ffmpeg.gif", reference: white, alpha: false
) {
  try run(
    ["ffmpeg", "-v", "error", "-y"] + raw + [
      "-i", dir + "/white.rgba", "-vf", "palettegen", dir + "/palette.png",
    ])
  try run(
    ["ffmpeg", "-v", "error", "-y"] + raw + [
      "-i", dir + "/white.rgba", "-i", dir + "/palette.png", "-lavfi", "paletteuse",
      dir + "/ffmpeg.gif",
    ])
}
let apng = ExportSettings(scene: try RingScene(scale: 2), format: .apng, timing: timing)
try measure("rainbow-ring APNG", file: dir + "/ours.apng", reference: clear, alpha: true) {
  try Exporter.export(apng, to: dir + "/ours.apng")
}
try measure("ffmpeg APNG (-f apng)", file: dir + "/ffmpeg.apng", reference: clear, alpha: true) {
  try run(
    ["ffmpeg", "-v", "error", "-y"] + raw + [
      "-i", dir + "/clear.rgba", "-plays", "0", "-f", "apng", dir + "/ffmpeg.apng",
    ])
}

print("| export (320x320, 365 frames) | time | size | PSNR |")
print("| --- | --- | --- | --- |")
for r in results {
  let p = r.psnr.isInfinite ? "lossless" : String(format: "%.2f dB", r.psnr)
  print(
    "| \(r.name) | \(String(format: "%.2f s", r.time)) | \(String(format: "%.2f MB", Double(r.bytes) / 1e6)) | \(p) |"
  )
}
print("")
print(
  String(
    format: "GIF: %.1fx faster than ffmpeg, %.2fx its size", results[1].time / results[0].time,
    Double(results[0].bytes) / Double(results[1].bytes)))
print(
  String(
    format: "APNG: %.1fx faster than ffmpeg, %.2fx its size", results[3].time / results[2].time,
    Double(results[2].bytes) / Double(results[3].bytes)))
