// Soak check (release build, run by CI): renders a million frames through the players' code
// path (a FrameRenderer driven by a monotonic clock's readings) and fails unless resident
// memory stays flat and frames a period apart stay identical.
import Foundation
import RainbowRing

func residentKiB() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
    let pages = Int(text.split(separator: " ")[1])
  else { return -1 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

let frames =
  CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 1_000_000 : 1_000_000
let renderer = try FrameRenderer(scene: RingScene(scale: 1))
let start = Date()
var baseline = 0
// Times as a player reads them: hours of play at 60 fps, from a clock, not summed deltas.
for i in 0..<frames {
  renderer.render(at: .seconds(Double(i) / 60))
  if i == frames / 10 { baseline = residentKiB() }
}
let end = residentKiB()
let a = renderer.render(at: .seconds(1_000_000))
let b = renderer.render(at: .seconds(1_000_000 + 7.3 * 1000))
let growth = end - baseline
print(
  "soak: \(frames) frames (\(String(format: "%.1f", Double(frames) / 60 / 3600)) h at 60 fps) in \(String(format: "%.1f", Date().timeIntervalSince(start))) s; resident \(baseline) KiB after 10 %, \(end) KiB at the end"
)
// Steady frames allocate nothing (the benchmark counts it); allow the allocator and the
// runtime 1 MiB of slack over 900,000 frames (a leak of 2 bytes a frame would exceed it).
guard growth <= 1024 else {
  print("soak: FAILED: resident memory grew by \(growth) KiB")
  exit(1)
}
guard a == b else {
  print("soak: FAILED: frames 7300 s apart differ")
  exit(1)
}
print("soak: passed (memory flat, frames a thousand periods apart identical)")
