import Foundation
import RainbowRing
import RingExport
import Testing

@testable import RainbowRingCLI
@testable import RingCommandLine
@testable import RingCommands

/// `check` and the refusals of `export` and `play` give one verdict on what is shown.
@Suite struct FlashGuardCommandTests {
  /// The export's refusal: `nil` when it would write the file, else the message.
  static func exportRefusal(_ args: [String], output: String = "/nonexistent/ring.gif")
    -> String?
  {
    do throws(RingError) {
      _ = try ExportCommand.makePlan(args + ["-o", output])
      return nil
    } catch {
      return error.message
    }
  }

  static func playRefusal(_ args: [String]) -> String? {
    do throws(RingError) {
      _ = try PlayCommand.makePlan(args)
      return nil
    } catch {
      return error.message
    }
  }

  static let late = [
    "--progress", "100", "--progress-from", "0", "--progress-duration", "1",
    "--progress-delay", "11", "--no-flow",
  ]
  static let aliased = ["--colors", "#000000,#ffffff", "--step-duration", "0.008333333"]

  /// The export and `check --format` agree, over the real background and with alpha, at
  /// the export's frame rate, over its whole length; so does the live check at the same
  /// rate and length, and a player.
  @Test(arguments: [
    (["--colors", "#ffffff00,#ffffffff", "--background", "black"], false, "white on black"),
    (["--colors", "#ffffff00,#ffffffff", "--background", "white"], true, "white on white"),
    (
      ["--colors", "#ff000000,#ff0000ff", "--background", "black", "--ring-width", "8"], true,
      "red on black, thin"
    ),
    (
      ["--colors", "#ff000000,#ff0000ff", "--background", "black"], false,
      "red on black, its edges too: red flashes of pixels in turn over 32% of a field"
    ),
    (
      ["--colors", "#ff000000,#ff0000ff", "--background", "black", "--ring-width", "70"], false,
      "red on black, wide"
    ),
    (["--colors", "#ff000000,#ff0000ff", "--background", "white"], false, "red on white"),
    (late, false, "a progress change after 11 s"),
    (aliased + ["--duration", "2"], false, "1/120 s steps in a 50 fps GIF"),
    (aliased + ["--duration", "2", "--fps", "25"], false, "1/120 s steps in a 25 fps GIF"),
    ([], true, "the seed's ring"),
  ])
  func exportAndCheckAgree(args: [String], passes: Bool, why: String) {
    let refusal = Self.exportRefusal(args)
    #expect((refusal == nil) == passes, "\(why): export \(refusal ?? "writes")")
    let checked = CheckCommandTests.check(args + ["--format", "gif"])
    #expect(checked.code == (passes ? 0 : 1), "\(why): check --format gif\n\(checked.out)")
    if let refusal { #expect(refusal.contains("--allow-flashing"), "\(why): \(refusal)") }
  }

  /// `count` colours of relative luminance 0.5 (within 0.004) and many hues, none a
  /// saturated red: drawn in all their colours they do not flash.
  static func equalLuminanceColors(_ count: Int) -> String {
    func linear(_ c: Int) -> Double {
      let v = Double(c) / 255
      return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }
    var state: UInt64 = 5
    var colors: [String] = []
    while colors.count < count {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let (r, g, b) = (Int(state >> 56), Int(state >> 48 & 0xFF), Int(state >> 40 & 0xFF))
      let y = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
      guard r + g + b > 0, Double(r) / Double(r + g + b) < 0.7, abs(y - 0.5) < 0.004 else {
        continue
      }
      colors.append(String(format: "#%02x%02x%02x", r, g, b))
    }
    return colors.joined(separator: ",")
  }

  /// A GIF is checked in its palette's colours, dithered as written: colours of one
  /// brightness fall between entries of different brightness and flash there, so check and
  /// export fail the GIF and blame its palette, while the same ring as APNG passes.
  @Test func aGIFIsCheckedInItsPalettesColours() {
    let args = [
      "--colors", Self.equalLuminanceColors(1000), "--ring-width", "80", "--step-duration",
      "0.02", "--duration", "4",
    ]
    let gif = CheckCommandTests.check(args + ["--format", "gif"])
    #expect(gif.code == 1, "check --format gif\n\(gif.out)")
    #expect(gif.out.contains("a GIF's 256-colour palette"), "\(gif.out)")
    let refusal = Self.exportRefusal(args)
    #expect(refusal?.contains("a GIF's 256-colour palette") == true, "\(refusal ?? "writes")")
    let apng = CheckCommandTests.check(args + ["--format", "apng"])
    #expect(apng.code == 0, "check --format apng\n\(apng.out)")
    #expect(Self.exportRefusal(args, output: "/nonexistent/ring.apng") == nil, "APNG export")
  }

  /// Rings whose written files flash over more than a quarter of the field, as a decoder
  /// shows (the share measured from Pillow's frames of each file): 49 black and white
  /// stops, which 48 analysed pixels would sample only on or half way between stops (37.6%
  /// of the field); a thin black and white ring filling the field, which a square of the
  /// field's area would cut off at 3, 6, 9 and 12 o'clock (30.8%). Check and export fail
  /// both.
  @Test(arguments: [
    (
      [
        "--colors",
        ([String](repeating: "#000000,#ffffff", count: 24) + ["#000000"]).joined(separator: ","),
      ], "49 stripes"
    ),
    (["--colors", "#000000,#ffffff", "--ring-width", "15"], "a thin ring"),
  ])
  func filesThatFlashAreFailed(args: [String], why: String) {
    let checked = CheckCommandTests.check(args + ["--format", "apng"])
    #expect(checked.code == 1, "\(why): check --format apng\n\(checked.out)")
    #expect(Self.exportRefusal(args, output: "/nonexistent/ring.apng") != nil, "\(why): export")
  }

  /// A loop's seam is advised away with `--loop-count 1` only where the format takes it.
  @Test(arguments: [("s.gif", true), ("s.apng", true), ("s.mp4", false), ("s.webm", false)])
  func seamAdviceNamesOptionsThatApply(output: String, loopCount: Bool) {
    let args = [
      "--colors", "#000000,#ffffff,#000000,#ffffff", "--step-duration", "0.3", "--duration",
      "0.3",
    ]
    let refusal = Self.exportRefusal(args, output: "/nonexistent/" + output) ?? ""
    #expect(refusal.contains("the file loops"), "\(output): \(refusal)")
    #expect(refusal.contains("--loop-count 1") == loopCount, "\(output): \(refusal)")
    let format = String(output.split(separator: ".").last!)
    let checked = CheckCommandTests.check(args + ["--format", format])
    #expect(checked.out.contains("--loop-count 1") == loopCount, "\(checked.out)")
  }

  /// A moving red/green pattern whose bands flash red in turn (no frame completes a quarter
  /// of a field) fails like the same pattern in black and white, and its export is refused.
  @Test(arguments: [
    ("#ff0000,#ff0000,#008f00,#008f00", "red and green"),
    ("#000000,#000000,#ffffff,#ffffff", "black and white"),
  ])
  func movingPatternsFailRedOrGeneral(colors: String, why: String) {
    let args = [
      "--colors=\(colors)", "--locations", "0,0.49,0.51,1", "--step-duration", "0.05",
      "--size", "64", "--ring-width", "16",
    ]
    let checked = CheckCommandTests.check(args + ["--format", "apng"])
    #expect(checked.code == 1, "\(why): check --format apng\n\(checked.out)")
    #expect(Self.exportRefusal(args, output: "/nonexistent/ring.apng") != nil, "\(why): export")
  }

  /// A GIF of 160 ms frames (6.25 fps, asked as 7) swapping black and white holds 7
  /// transitions in a second of time (3.5 flashes): windows are in time, not a rounded
  /// number of frames.
  @Test func aNonIntegerFrameRateCountsEverySecond() {
    let args = [
      "--colors=#000000,#ffffff", "--size", "48", "--ring-width", "12", "--step-duration",
      "0.16", "--fps", "7",
    ]
    let checked = CheckCommandTests.check(args + ["--format", "gif"])
    #expect(checked.code == 1, "check --format gif\n\(checked.out)")
    #expect(checked.out.contains("3.5 per second"), "\(checked.out)")
    #expect(Self.exportRefusal(args) != nil, "export of the GIF")
  }

  /// Faint white over an unknown page flashes over a mid grey, not over white or black
  /// (sRGB compositing is not linear): a transparent output is checked over greys too, and
  /// says which.
  @Test func transparentOutputsAreCheckedOverGreys() {
    let args = [
      "--colors=#ffffff00,#ffffff00,#ffffff56,#ffffff56", "--locations", "0,0.49,0.51,1",
      "--step-duration", "0.05", "--size", "64", "--ring-width", "16",
    ]
    let checked = CheckCommandTests.check(args + ["--format", "apng"])
    #expect(checked.code == 1, "check --format apng\n\(checked.out)")
    #expect(
      checked.out.contains("(checked over white, black, #404040, #808080, #c0c0c0)"),
      "\(checked.out)")
    #expect(Self.exportRefusal(args, output: "/nonexistent/ring.apng") != nil, "export")
  }

  /// The live check and the player at the same rate agree: 1/120 s steps alias to
  /// stillness at 60 fps and flash at 50.
  @Test(arguments: [("60", true), ("50", false)])
  func checkAndPlayAgreeAtTheDisplaysRate(fps: String, passes: Bool) {
    let checked = CheckCommandTests.check(Self.aliased + ["--fps", fps])
    #expect(checked.code == (passes ? 0 : 1), "check at \(fps) fps:\n\(checked.out)")
    let refusal = Self.playRefusal(Self.aliased + ["--fps", fps, "--terminal"])
    #expect((refusal == nil) == passes, "play at \(fps) fps: \(refusal ?? "plays")")
  }

  /// A page is drawn at whatever rate the display has: the flicker that 60 frames a second
  /// sample away is refused in an SVG, a page and a Lottie file, at the rate it flashes, and
  /// `check --format svg` says which rate that is.
  @Test(arguments: ["ring.svg", "ring.html", "ring.json"])
  func aPageIsCheckedAtTheDisplaysRates(name: String) {
    let refusal = Self.exportRefusal(Self.aliased, output: "/nonexistent/" + name) ?? ""
    #expect(refusal.contains("frames a second, over WCAG"), "\(name): \(refusal)")
    let checked = CheckCommandTests.check(Self.aliased + ["--format", "svg"])
    #expect(checked.code == 1, "check --format svg:\n\(checked.out)")
    #expect(
      checked.out.contains("(checked: drawn at 60, 75, 90 and 120 frames a second)"),
      "\(checked.out)")
  }

  /// `check --graphics` gives the terminal player's verdict: two close greens pass in every
  /// colour and fail in 256, as `play --terminal --graphics 256` refuses them.
  @Test func checkSeesATerminalsColours() {
    let greens = [
      "--colors", "#00e600,#00f000", "--step-duration", "0.05", "--fps", "30", "--size", "40",
      "--ring-width", "20", "--background", "black",
    ]
    #expect(CheckCommandTests.check(greens).code == 0)
    let few = CheckCommandTests.check(greens + ["--graphics", "256"])
    #expect(few.code == 1, "\(few.out)")
    #expect(few.out.contains("the terminal's fewer colours"), "\(few.out)")
    let refusal = Self.playRefusal(greens + ["--terminal", "--graphics", "256"]) ?? ""
    #expect(refusal.contains("the terminal's fewer colours"), "play: \(refusal)")
    let file = CheckCommandTests.check(greens + ["--graphics", "256", "--format", "gif"])
    #expect(file.code == 64 && file.err.contains("leave out --format"), "\(file.err)")
  }

  /// `check --graphics` checks at the terminal player's rate, 30 frames a second, unless
  /// `--fps` says otherwise; `check` alone at the window's 60.
  @Test(arguments: [
    ([String](), " at 60 per second"), (["--graphics", "truecolor"], " at 30 per second"),
    (["--graphics", "256", "--fps", "24"], " at 24 per second"),
  ])
  func checkPlaysAtThePlayersRate(args: [String], rate: String) {
    let checked = CheckCommandTests.check(args + ["--duration", "1"])
    #expect(checked.out.contains(rate), "\(args): \(checked.out)")
  }

  /// Motion after the first seconds is checked by default: the late progress change fails
  /// the live check and is refused by the player.
  @Test func lateMotionFailsEverywhere() {
    let checked = CheckCommandTests.check(Self.late)
    #expect(checked.code == 1, "check:\n\(checked.out)")
    #expect(checked.out.contains("--progress-duration"), "the cause: \(checked.out)")
    #expect(Self.playRefusal(Self.late + ["--window"]) != nil, "play --window")
  }

  /// The advice names the option that causes the flashing.
  @Test(arguments: [
    (late, "--progress-duration", "--step-duration"),
    (["--step-duration", "0.005"], "--step-duration", "--progress-duration"),
    (["--colors", "#000000,#ffffff"], "--colors", "--progress-duration"),
    (
      [
        "--progress", "1", "--progress-from", "0", "--progress-duration", "0.05", "--no-flow",
        "--duration", "0.2", "--ring-width", "60",
      ], "--loop-count 1", "periods"
    ),
    (
      ["--colors", "#1a1a1a7b,#1a1a1a84", "--background", "transparent", "--ring-width", "40"],
      "--background", "--step-duration"
    ),
  ])
  func theAdviceNamesTheCause(args: [String], names: String, notNames: String) {
    let refusal = Self.exportRefusal(args) ?? ""
    #expect(refusal.contains(names), "\(args): \(refusal)")
    #expect(!refusal.contains(notNames), "\(args): \(refusal)")
    #expect(!refusal.contains("\n"), "one line: \(refusal)")
  }

  /// A still frame cannot flash: render writes it.
  @Test func renderWritesAStillFrameOfAFlashingRing() throws {
    let plan = try RenderCommand.makePlan(
      ["--colors", "#000000,#ffffff", "--step-duration", "0.001", "-o", "/nonexistent/ring.png"])
    guard case .run = plan else {
      Issue.record("render planned no frame")
      return
    }
  }

  /// The check's cost is estimated and capped like an export's: a large ring is analysed
  /// shrunk, a large analysis scale is refused on one line naming what lowers it, and a
  /// motion that repeats only after hours is refused before any work.
  @Test func theChecksCostIsCapped() {
    let large = CheckCommandTests.check(["--size", "2000", "--scale", "4", "--no-flow"])
    #expect(large.code == 0, "\(large.err)")
    let heavy = CheckCommandTests.check(["--size", "2000", "--scale", "4", "--analysis-scale", "4"])
    #expect(heavy.code == 64, "\(heavy.err)")
    #expect(heavy.err.contains("--analysis-scale") && heavy.err.contains("GiB"), "\(heavy.err)")
    let long = ["--hue-step", "0.01", "--step-duration", "1"]
    let refusal = Self.playRefusal(long + ["--terminal"]) ?? ""
    #expect(
      refusal.contains("flash check") && refusal.contains("--allow-flashing"), "\(refusal)")
    #expect(Self.playRefusal(long + ["--terminal", "--allow-flashing"]) == nil)
    let refused = CheckCommandTests.check(long)
    #expect(refused.code == 64, "check of a 10-hour period")
    #expect(
      !refused.err.contains("e+")
        && refused.err.contains(" pixels in all, over the cap of 600,000,000;"),
      "the work and the cap in whole numbers: \(refused.err)")
    #expect(CheckCommandTests.check(long + ["--duration", "5"]).code == 0, "its first 5 s")
  }

  /// Export timing options belong with --format.
  @Test func exportTimingNeedsFormat() {
    let run = CheckCommandTests.check(["--loops", "2"])
    #expect(run.code == 64 && run.err.contains("--format"), "\(run.err)")
  }
}
