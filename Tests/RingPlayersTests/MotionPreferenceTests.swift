import Foundation
import RainbowRing
import RingSystem
import RingTestSupport
import Testing

@testable import RingPlayers

/// A folder holding a fake `gsettings`: a real executable script, found on PATH as the
/// real one would be.
struct FakeGSettings {
  let folder: URL

  /// `script` is the body of a shell script (`echo false`, `exit 1`, `sleep 5`).
  init(_ script: String) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("gsettings-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try writeExecutableScript(script, to: folder.appendingPathComponent("gsettings").path)
  }

  /// PATH with the fake first.
  var path: String { folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "") }

  func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// Which motion the player is asked for, and what decided it.
struct MotionPreferenceTests {
  @Test(arguments: [
    ("1", true), ("true", true), ("YES", true), ("on", true), (" 1 ", true),
    ("0", false), ("false", false), ("No", false), ("off", false),
  ])
  func theVariableSaysYesOrNo(value: String, reduced: Bool) {
    let motion = MotionPreference.resolve(
      flag: nil, environment: [MotionPreference.environmentVariable: value],
      desktop: {
        Issue.record("the desktop is not asked when the variable decides")
        return nil
      })
    #expect(
      motion == MotionPreference(isReduced: reduced, source: .environment),
      "\(MotionPreference.environmentVariable)='\(value)' gives \(motion)")
  }

  @Test(arguments: ["", "maybe", "2"])
  func anEmptyOrUnknownValueLeavesItToTheDesktop(value: String) {
    let motion = MotionPreference.resolve(
      flag: nil, environment: [MotionPreference.environmentVariable: value], desktop: { true })
    #expect(motion.isReduced && motion.source == .desktop, "the desktop decides: \(motion)")
    #expect(
      (motion.note != nil) == !value.isEmpty,
      "a note only for a value that means neither: \(motion.note ?? "none")")
  }

  /// Flag > environment > desktop > full motion, in every combination.
  static let combinations: [(Bool?, String?, Bool?)] = [Bool?.none, true, false].flatMap { flag in
    [String?.none, "1", "0"].flatMap { variable in
      [Bool?.none, true, false].map { desktop in (flag, variable, desktop) }
    }
  }

  @Test(arguments: combinations)
  func precedence(flag: Bool?, variable: String?, desktop: Bool?) {
    var environment: [String: String] = [:]
    environment[MotionPreference.environmentVariable] = variable
    let motion = MotionPreference.resolve(
      flag: flag, environment: environment, desktop: { desktop })
    let expected: MotionPreference =
      if let flag {
        MotionPreference(isReduced: flag, source: .commandLine)
      } else if let variable {
        MotionPreference(isReduced: variable == "1", source: .environment)
      } else if let desktop {
        MotionPreference(isReduced: desktop, source: .desktop)
      } else {
        MotionPreference(isReduced: false, source: .none)
      }
    #expect(
      motion == expected,
      "flag \(String(describing: flag)), variable \(variable ?? "unset"), desktop \(String(describing: desktop)): \(motion)"
    )
  }

  /// The real path: a `gsettings` on PATH, run with a one-second limit.
  @Test(
    arguments: [
      ("echo false", true), ("echo true", false),
      ("echo 'No such schema “org.gnome.desktop.interface”' >&2; exit 1", nil),
      ("echo false; exit 1", nil), ("echo 'not a boolean'", nil),
    ] as [(String, Bool?)])
  func theDesktopSettingComesFromGSettings(script: String, reduced: Bool?) throws {
    let fake = try FakeGSettings(script)
    defer { fake.remove() }
    let setting = MotionPreference.desktopSetting(environment: ["PATH": fake.path])
    #expect(
      setting == reduced, "gsettings running `\(script)` gives \(String(describing: setting))")
    let motion = MotionPreference.resolve(flag: nil, environment: ["PATH": fake.path])
    #expect(
      motion.isReduced == (reduced ?? false)
        && motion.source == (reduced == nil ? .none : .desktop),
      "resolved through the fake gsettings: \(motion)")
  }

  /// A descriptor opened without close-on-exec (as Foundation's own writes are) does not
  /// reach the child: were it a script being written, running it would fail as busy.
  @Test func aChildGetsOnlyTheStandardDescriptors() throws {
    let fake = try FakeGSettings("true")
    defer { fake.remove() }
    let fd = open(fake.folder.appendingPathComponent("gsettings").path, O_RDONLY)
    try #require(fd > 2, "opened without close-on-exec")
    defer { close(fd) }
    let answer = MotionPreference.run(
      "/bin/sh", ["-c", "test -e /proc/$$/fd/\(fd) && echo open || echo closed"], timeout: 10)
    #expect(answer == "closed\n", "descriptor \(fd) in the child: \(answer ?? "no answer")")
  }

  @Test func noGSettingsOnPathMeansNoPreference() throws {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID())")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }
    #expect(
      MotionPreference.desktopSetting(environment: ["PATH": empty.path]) == nil, "no gsettings")
    #expect(MotionPreference.desktopSetting(environment: [:]) == nil, "no PATH at all")
  }

  @Test func aGSettingsThatHangsIsKilledAfterTheTimeout() throws {
    let fake = try FakeGSettings("sleep 20; echo false")
    defer { fake.remove() }
    let start = MonotonicClock.now()
    let setting = MotionPreference.desktopSetting(environment: ["PATH": fake.path], timeout: 0.3)
    let seconds = MonotonicClock.now() - start
    #expect(setting == nil, "a hung gsettings says nothing")
    #expect(seconds < 3, "given up after the timeout, not after 20 s: \(seconds) s")
  }
}

/// The schedule's pause: the picture's time stops and goes on from where it stopped.
struct FrameSchedulePauseTests {
  final class FakeClock: @unchecked Sendable { var seconds = 0.0 }

  @Test func aPauseHoldsTheTimeAndPlayingGoesOnFromIt() {
    let clock = FakeClock()
    var schedule = FrameSchedule(framesPerSecond: 10, duration: nil, elapsed: { clock.seconds })
    clock.seconds = 1
    #expect(schedule.dueFrame() == .seconds(1), "playing: the clock's time")
    schedule.togglePause()
    clock.seconds = 5
    #expect(schedule.isPaused && schedule.dueFrame() == nil, "no frame is due while paused")
    #expect(schedule.now == .seconds(1), "the held time: \(schedule.now)")
    schedule.togglePause()
    #expect(schedule.dueFrame() == .seconds(1), "resumes where it stopped, not at 5 s")
    clock.seconds = 5.5
    #expect(schedule.dueFrame() == .seconds(1.5), "then runs on: 4 s paused are left out")
  }

  @Test(arguments: [nil, 2.0])
  func startingPausedHoldsTimeZero(duration: Double?) {
    let clock = FakeClock()
    var schedule = FrameSchedule(
      framesPerSecond: 30, duration: duration, paused: true, elapsed: { clock.seconds })
    clock.seconds = 3
    #expect(schedule.dueFrame() == nil && schedule.now == .zero, "still at 0: \(schedule.now)")
    #expect(schedule.isOver == (duration != nil), "--duration counts the wall clock")
  }
}
