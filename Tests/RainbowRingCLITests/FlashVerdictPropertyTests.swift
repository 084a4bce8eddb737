import Foundation
import RainbowRing
import RingExport
import RingFlash
import RingTestSupport
import Testing

@testable import RainbowRingCLI
@testable import RingCommandLine
@testable import RingCommands

/// Over random seeded rings (colours with alpha, backgrounds, palettes, step durations,
/// frame rates, progress changes and delays, loop counts): `check --format` gives the
/// export's verdict, and analysing the frames of the file written, decoded by Pillow and
/// played as the file says (its frame delays, its loop count), agrees with both.
@Suite struct FlashVerdictPropertyTests {
  /// SplitMix64: the same cases on every run.
  struct Seeded {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    mutating func chance(_ p: Double) -> Bool { Double(next() % 1000) < p * 1000 }
  }

  /// Case `n`'s format and options.
  static func configuration(_ n: Int) -> (format: ExportFormat, args: [String]) {
    var r = Seeded(state: 0x5EED_0000 + UInt64(n))
    let format: ExportFormat = n % 2 == 0 ? .gif : .apng
    let size = r.pick([24, 32, 40, 48])
    var args = ["--size", "\(size)", "--ring-width", "\(size / r.pick([2, 2, 3]))"]
    if r.chance(0.75) {
      let colors = [
        "#000000", "#ffffff", "#ff0000", "#ffffff80", "#ff000080", "#00000000", "#ffffff00",
        "#000000", "#ffffff",
      ]
      let count = r.pick([2, 3, 4, 4])
      args += ["--colors", (0..<count).map { _ in r.pick(colors) }.joined(separator: ",")]
    }
    let backgrounds =
      format == .gif
      ? ["white", "black", "transparent", "#808080"]
      : ["transparent", "white", "black", "#00000080"]
    args += ["--background", r.pick(backgrounds)]
    args += ["--step-duration", r.pick(["0.008333333", "0.02", "0.05", "0.05", "0.1", "0.25"])]
    args += ["--fps", r.pick(format == .gif ? ["20", "25", "50"] : ["24", "30", "50", "60"])]
    if r.chance(0.4) {
      args += [
        "--progress", r.pick(["0.5", "1", "3"]), "--progress-from", "0",
        "--progress-duration", r.pick(["0.05", "0.3", "1"]),
        "--progress-delay", r.pick(["0", "0.5", "1.2"]),
      ]
      if r.chance(0.5) { args.append("--no-flow") }
    }
    args += ["--duration", r.pick(["0.6", "1", "1.5", "2", "2"])]
    args += ["--loop-count", r.pick(["0", "0", "1"])]
    return (format, args)
  }

  /// Whether the decoded frames of `path` pass, played as the file says (each frame for its
  /// own delay), over `background`
  /// (over `FlashCheck.transparentBackdrops` when not opaque), the ring filling the field.
  static func decodedPasses(_ path: String, format: ExportFormat, background: RGBAColor)
    throws -> Bool
  {
    let file = try decodeAnimationWithPillow(path)
    let n = file.frames.count
    let milliseconds = file.durations.reduce(0, +)
    let rate = max(1, Double(n) * 1000 / max(1, milliseconds))
    // GIF's loop is the repetitions after the first play; APNG's the plays.
    let plays = file.loop.map { $0 == 0 ? 0 : (format == .gif ? $0 + 1 : $0) } ?? 1
    let count = n == 1 ? 1 : plays == 1 ? n : max(3 * n, 2 * n + 2 * Int(rate.rounded(.up)))
    let frames = try file.frames.map { bytes in
      var p = try Pixmap(width: file.width, height: file.height)
      p.withUnsafeMutablePixels { o in
        for i in 0..<o.count {
          let a = UInt32(bytes[4 * i + 3])
          func c(_ v: UInt8) -> UInt32 { (UInt32(v) * a + 127) / 255 }
          o[i] = c(bytes[4 * i]) | c(bytes[4 * i + 1]) << 8 | c(bytes[4 * i + 2]) << 16 | a << 24
        }
      }
      return p
    }
    for backdrop in background.alpha >= 1 ? [RGBAColor.white] : FlashCheck.transparentBackdrops {
      var counter = try FlashCounter(
        width: file.width, height: file.height, frameRate: rate,
        fieldDiameter: Double(min(file.width, file.height)), backdrop: backdrop)
      // Each frame shown from the sum of the delays before it, as the file says.
      var shown = 0.0
      for j in 0..<count {
        counter.append(frames[j % n], at: .nanoseconds(Int64((shown * 1e6).rounded())))
        shown += file.durations[j % n]
      }
      if !counter.analysis.passes { return false }
    }
    return true
  }

  @Test(arguments: 0..<16)
  func checkExportAndTheDecodedFileAgree(n: Int) throws {
    let (format, args) = Self.configuration(n)
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("ring-flash-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/ring." + format.rawValue
    let exportRefuses: Bool
    do throws(RingError) {
      _ = try ExportCommand.makePlan(args + ["-o", path])
      exportRefuses = false
    } catch {
      #expect(error.message.contains("WCAG"), "case \(n) \(args): \(error.message)")
      exportRefuses = true
    }
    let checked = CheckCommandTests.check(args + ["--format", format.rawValue])
    #expect(checked.code == (exportRefuses ? 1 : 0), "case \(n) \(args):\n\(checked.out)")
    guard case .run(let plan) = try ExportCommand.makePlan(args + ["-o", path, "--allow-flashing"])
    else { return }
    try Exporter.export(plan.settings, to: path)
    let decoded = try Self.decodedPasses(
      path, format: format, background: plan.settings.content.background)
    #expect(decoded == !exportRefuses, "case \(n) \(args): decoded \(decoded)\n\(checked.out)")
  }

  /// Case `n` of a page's ring (an SVG, drawn by a browser at the display's rate): colours
  /// with alpha, backgrounds, step durations around the display rates (an SVG holds no
  /// progress change).
  static func pageConfiguration(_ n: Int) -> [String] {
    var r = Seeded(state: 0x9A6E_0000 + UInt64(n))
    let size = r.pick([24, 32, 48])
    var args = ["--size", "\(size)", "--ring-width", "\(size / r.pick([2, 3]))"]
    let colors = [
      "#000000", "#ffffff", "#ff0000", "#ffffff80", "#ff000080", "#00000000", "#808080",
      "#202020", "#404040",
    ]
    let count = r.pick([2, 3, 4])
    args += ["--colors", (0..<count).map { _ in r.pick(colors) }.joined(separator: ",")]
    args += ["--background", r.pick(["transparent", "white", "black", "#00000080"])]
    args += [
      "--step-duration",
      r.pick([
        "0.004166667", "0.006944444", "0.008333333", "0.011111111", "0.0125", "0.02", "0.05",
        "0.1", "0.25",
      ]),
    ]
    return args
  }

  /// A page is drawn at whatever rate the display has: when the ring flashes drawn at any
  /// common display rate (or at 50 or 100), the export's verdict (`FlashShowing.displayed`)
  /// fails it too.
  @Test(arguments: 0..<24)
  func aPageFlashingAtAnyDisplayRateIsRefused(n: Int) throws {
    let args = Self.pageConfiguration(n)
    guard
      case .run(let plan) = try ExportCommand.makePlan(
        args + ["-o", "/nonexistent/ring.svg", "--allow-flashing", "--no-limits"])
    else { return }
    let settings = plan.settings
    let verdict = try FlashCheck.worst(of: settings.flashChecks()).verdict
    for rate in FlashShowing.displayRates + [50, 100] {
      let at = try FlashCheck(settings.ringScene!, showing: .live(frameRate: rate, duration: nil))
      let passes = try at.run().passes
      #expect(
        passes || !verdict.passes, "case \(n) \(args) fails drawn at \(rate) a second only")
    }
  }

  /// The cases hold both verdicts, so agreement says something.
  @Test func theCasesPassAndFail() throws {
    var refused = 0
    for n in 0..<16 {
      let (format, args) = Self.configuration(n)
      do throws(RingError) {
        _ = try ExportCommand.makePlan(args + ["-o", "/nonexistent/ring." + format.rawValue])
      } catch {
        refused += 1
      }
    }
    #expect(refused >= 4 && refused <= 12, "\(refused) of 16 refused")
  }
}
