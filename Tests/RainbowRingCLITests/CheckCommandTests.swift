import RainbowRing
import Testing

@testable import RainbowRingCLI
@testable import RingCommandLine
@testable import RingCommands

@Suite struct CheckCommandTests {
  /// Runs `rainbow-ring check` with `args` in-process: exit status, standard output and error.
  static func check(_ args: [String]) -> (code: Int32, out: String, err: String) {
    var out: [UInt8] = []
    var err = ""
    let console = Console(writeOut: { out += $0 }, writeErr: { err += $0 })
    let code = CheckCommand.run(args, console: console)
    return (code, String(decoding: out, as: UTF8.self), err)
  }

  @Test(arguments: [
    ([String](), Int32(0), "passes", "the seed's ring"),
    (
      [
        "--step-duration", "0.05", "--hue-step", "180", "--ring-width", "80",
        "--viewing-distance", "15", "--duration", "1.5",
      ], 1, "FAILS", "red and cyan swapping every 50 ms, seen from 15 cm"
    ),
  ])
  func verdictIsTheExitStatus(args: [String], code: Int32, verdict: String, why: String) {
    let run = Self.check(args + ["--analysis-scale", "0.5"])
    #expect(run.code == code, "\(why): exit \(run.code), \(run.err)")
    #expect(run.out.contains("Flash analysis (WCAG 2.3.1): \(verdict)"), "\(why): \(run.out)")
    #expect(run.err.isEmpty, "\(why): nothing on standard error")
  }

  @Test(arguments: [
    ["--fps", "0"], ["--viewing-distance", "-3"], ["--analysis-scale", "9"], ["--time", "1"],
  ])
  func badOptionsAreUsageErrors(args: [String]) {
    let run = Self.check(args)
    #expect(run.code == 64, "\(args): exit \(run.code)")
    #expect(run.err.contains("Usage: rainbow-ring check"), "\(args): \(run.err)")
  }
}
