import Foundation
import RingTestSupport
import Testing

/// The subprocess tests run the `rainbow-ring` of the build that runs them: under
/// `swift test --sanitize=address` the CLI and the players in child processes are sanitized
/// too, and their sanitizer settings reach them.
@Suite struct BinaryTests {
  @Test func theBinaryIsTheRunningBuildsWithItsSanitizer() throws {
    let runner = try runningExecutable()
    let binary = try rainbowRingBinary()
    let env = ProcessInfo.processInfo.environment
    if env["RAINBOW_RING_BINARY"] == nil {
      #expect(
        URL(fileURLWithPath: binary).deletingLastPathComponent().path
          == URL(fileURLWithPath: runner).deletingLastPathComponent().path,
        "the binary \(binary) sits beside the test runner \(runner)")
    }
    let runnerSanitizer = try sanitizer(of: runner) ?? "none"
    let binarySanitizer = try sanitizer(of: binary) ?? "none"
    #expect(
      binarySanitizer == runnerSanitizer,
      "\(binary) is built with sanitizer \(binarySanitizer), the tests with \(runnerSanitizer)")
    // CI names the sanitizer of each run: the run really is that build.
    if let expected = env["SANITIZED_BUILD"] {
      #expect(
        runnerSanitizer == expected && binarySanitizer == expected,
        "SANITIZED_BUILD=\(expected): runner \(runnerSanitizer), binary \(binarySanitizer)")
    }
  }

  @Test func aChildGivenItsOwnEnvironmentKeepsTheSanitizerOptions() throws {
    let own = ["ASAN_OPTIONS": "detect_leaks=0", "TSAN_OPTIONS": "halt_on_error=1", "HOME": "/x"]
    let kept = keepingSanitizerOptions(["PATH": "/nonexistent", "TSAN_OPTIONS": "mine"], from: own)
    #expect(
      kept == ["PATH": "/nonexistent", "ASAN_OPTIONS": "detect_leaks=0", "TSAN_OPTIONS": "mine"],
      "only sanitizer options are carried over, the caller's own win: \(kept)")
    // Through a real child: whatever options this process runs with reach it.
    let run = try runProcess("/usr/bin/env", [], environment: ["PATH": "/nonexistent"])
    let lines = Set(
      String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map(String.init))
    let expected = Set(
      sanitizerOptionNames.compactMap { name in
        ProcessInfo.processInfo.environment[name].map { "\(name)=\($0)" }
      } + ["PATH=/nonexistent"])
    #expect(lines == expected, "the child's environment: \(lines.sorted())")
  }
}
