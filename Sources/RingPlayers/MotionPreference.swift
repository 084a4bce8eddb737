import Foundation
import RingSystem

/// Whether to reduce motion, and what said so: the command line (`--reduced-motion`,
/// `--no-reduced-motion`), else `RAINBOW_RING_REDUCED_MOTION`, else the desktop's setting
/// (GNOME's `enable-animations`, read with `gsettings`), else full motion.
///
/// ```swift
/// let motion = MotionPreference.resolve(flag: nil)  // the process's environment and desktop
/// if motion.isReduced { /* show a still frame */ }
/// ```
public struct MotionPreference: Equatable, Sendable {
  /// What decided the preference.
  public enum Source: Equatable, Sendable {
    case commandLine
    case environment
    case desktop
    /// Nothing said: full motion.
    case none
  }

  /// The environment variable: 1, true, yes or on reduce motion; 0, false, no or off ask
  /// for full motion (whatever the desktop says); empty or unset says nothing.
  public static let environmentVariable = "RAINBOW_RING_REDUCED_MOTION"

  /// The command `desktopSetting` runs: `gsettings` with these arguments.
  public static let gsettingsArguments = [
    "get", "org.gnome.desktop.interface", "enable-animations",
  ]

  public var isReduced: Bool
  public var source: Source
  /// One line for standard error when the environment variable holds a value it does not
  /// understand (it is then ignored), else `nil`.
  public var note: String?

  public init(isReduced: Bool, source: Source, note: String? = nil) {
    self.isReduced = isReduced
    self.source = source
    self.note = note
  }

  /// What the environment variable's `value` asks: `true` to reduce motion, `false` for
  /// full motion, `nil` for no preference (unset or empty), or `.failure` for a value that
  /// means neither.
  static func parse(_ value: String?) -> Result<Bool?, MotionPreferenceValueError> {
    guard let value else { return .success(nil) }
    switch value.trimmingCharacters(in: .whitespaces).lowercased() {
    case "": return .success(nil)
    case "1", "true", "yes", "on": return .success(true)
    case "0", "false", "no", "off": return .success(false)
    default: return .failure(MotionPreferenceValueError(value: value))
    }
  }

  /// The preference: `flag` (`--reduced-motion` true, `--no-reduced-motion` false, `nil`
  /// when neither was given), else `environment`'s variable, else `desktop()` (asked only
  /// when needed), else full motion.
  public static func resolve(
    flag: Bool?, environment: [String: String] = ProcessInfo.processInfo.environment,
    desktop: (() -> Bool?)? = nil
  ) -> MotionPreference {
    if let flag { return MotionPreference(isReduced: flag, source: .commandLine) }
    var note: String?
    switch parse(environment[environmentVariable]) {
    case .success(let asked?):
      return MotionPreference(isReduced: asked, source: .environment)
    case .success(nil): break
    case .failure(let error):
      note =
        "Note: \(environmentVariable)='\(error.value)' is not 1, true, yes, on, 0, false, no or off; ignored."
    }
    let desktop = desktop ?? { desktopSetting(environment: environment) }
    if let reduced = desktop() {
      return MotionPreference(isReduced: reduced, source: .desktop, note: note)
    }
    return MotionPreference(isReduced: false, source: .none, note: note)
  }

  /// Why motion is reduced, for a note: "--reduced-motion", the variable, or the desktop.
  public var reason: String {
    switch source {
    case .commandLine: isReduced ? "--reduced-motion" : "--no-reduced-motion"
    case .environment: MotionPreference.environmentVariable
    case .desktop: "the desktop's setting (GNOME enable-animations)"
    case .none: "no preference"
    }
  }

  /// The desktop's preference: `true` when `gsettings get org.gnome.desktop.interface
  /// enable-animations` prints `false`, `false` when it prints `true`, `nil` when gsettings
  /// is not on `environment`'s PATH, fails (no such schema), prints anything else or takes
  /// longer than `timeout` seconds (it is then killed).
  public static func desktopSetting(
    environment: [String: String] = ProcessInfo.processInfo.environment, timeout: Double = 1
  ) -> Bool? {
    guard let gsettings = executable(named: "gsettings", path: environment["PATH"]),
      let output = run(gsettings, gsettingsArguments, timeout: timeout)
    else { return nil }
    switch output.trimmingCharacters(in: .whitespacesAndNewlines) {
    case "false": return true
    case "true": return false
    default: return nil
    }
  }

  /// The first executable file called `name` in the folders of `path` (a PATH value).
  static func executable(named name: String, path: String?) -> String? {
    for folder in (path ?? "").split(separator: ":") where !folder.isEmpty {
      let candidate = "\(folder)/\(name)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  /// What `executable` printed when it exited with status 0 within `timeout` seconds;
  /// `nil` when it could not start, failed or was killed for taking too long.
  static func run(_ executable: String, _ arguments: [String], timeout: Double) -> String? {
    guard
      let child = try? ChildProcess(executable: executable, arguments: arguments, feedsInput: false)
    else { return nil }
    let deadline = MonotonicClock.now() + timeout
    var ended = false
    while !ended && MonotonicClock.now() < deadline {
      // Asks whether it ended without reaping it (`wait()` reaps it and reads its output).
      var info = siginfo_t()
      if waitid(P_PID, id_t(child.pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0,
        info._sifields._sigchld.si_pid != 0
      {
        ended = true
      } else {
        usleep(5000)
      }
    }
    if !ended { child.terminate() }
    let status = child.wait()
    return ended && status.exited && status.code == 0 ? child.outputText : nil
  }
}

/// A value of `RAINBOW_RING_REDUCED_MOTION` that means neither yes nor no.
struct MotionPreferenceValueError: Error, Equatable {
  let value: String
}
