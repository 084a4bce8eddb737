// libFuzzer harness for the library's front door: the input's bytes become the ring's and
// the scene's parameters (any bit pattern: NaN, infinities, huge, negative). Construction
// either refuses them with a `RingError` or gives a ring that renders; a small accepted
// scene is rendered at a fuzzed time, twice, and must give the same pixels.

import FuzzSupport
import RainbowRing

/// Reads the input as a stream of doubles and bytes, zero-padded.
struct Reader {
  var bytes: UnsafeBufferPointer<UInt8>
  var offset = 0

  mutating func byte() -> UInt8 {
    defer { offset += 1 }
    return offset < bytes.count ? bytes[offset] : 0
  }

  mutating func double() -> Double {
    var bits: UInt64 = 0
    for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
    return Double(bitPattern: bits)
  }

  /// Mostly plausible values (a byte's worth of choices), sometimes any bit pattern.
  mutating func parameter(_ plausible: [Double]) -> Double {
    let choice = Int(byte())
    return choice < plausible.count ? plausible[choice] : double()
  }
}

/// The entry point SwiftPM links as `main`: hands over to libFuzzer's driver.
@_cdecl("ring_fuzz_main")
func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  runFuzzer(argc, argv, fuzz)
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  var input = Reader(bytes: UnsafeBufferPointer(start: data, count: size))
  let lengths = [0, 1, 20, 40, 160, -1, .nan, .infinity]
  let side = input.parameter(lengths)
  let ringWidth = input.parameter(lengths)
  let step = input.parameter([0.1, 1e-6, 1e6, 0, -1])
  let hueStep = input.parameter([5, 0.01, 360, 361, 0])
  let saturation = input.parameter([1, 0, 0.5, 2])
  let brightness = input.parameter([1, 0, 0.5, -1])
  let points = [0, 1, 0.5, -3, 1e300, .nan]
  let start = Point(x: input.parameter(points), y: input.parameter(points))
  let end = Point(x: input.parameter(points), y: input.parameter(points))
  let kind = GradientKind.allCases[Int(input.byte()) % GradientKind.allCases.count]
  let scale = input.parameter([1, 2, 0.25, 16, 3.7, 0])
  let time = input.parameter([0, 0.05, 7.3, -1, 1e9, -1e9, 1e300])
  let background = try? RGBAColor(
    red: input.parameter([0, 1]), green: input.parameter([0, 1]), blue: input.parameter([0, 1]),
    alpha: input.parameter([0, 1, 0.5]))
  do {
    let ring = try RainbowRing(
      size: Size(width: side, height: side), ringWidth: ringWidth, stepDuration: .seconds(step),
      hueStep: hueStep, saturation: saturation, brightness: brightness,
      gradient: GradientGeometry(kind: kind, startPoint: start, endPoint: end))
    let scene = try RingScene(ring: ring, background: background ?? .clear, scale: scale)
    let (w, h) = scene.pixelSize
    guard w * h <= 96 * 96 else { return 0 }
    let renderer = try FrameRenderer(scene: scene)
    let first = renderer.render(at: .seconds(time))
    let again = try FrameRenderer(scene: scene).render(at: .seconds(time))
    check(first.pixels == again.pixels, "a frame is a pure function of scene and time")
  } catch is RingError {
    // Refused where it entered: fine.
  } catch {
    check(false, "an error of an unexpected type: \(error)")
  }
  return 0
}
