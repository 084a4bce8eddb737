import Foundation
import Synchronization

/// The signals that end the tool (SIGINT, SIGTERM, SIGHUP and the other asynchronous ones
/// whose default is to terminate), received on one thread of their own.
///
/// `install()`, called first thing in `main` before any thread exists, blocks them in every
/// thread and starts a thread that waits for them with `sigwait`. When one arrives it is
/// recorded (`pending`), `wakeDescriptor` becomes readable, and the work gets `grace`
/// seconds to stop by itself; then, whatever the work is blocked on (a stalled pipe,
/// ffmpeg, a long encode), `ExitCleanup.run()` removes temporary files, kills children and
/// restores the terminal, and the process exits with 128 + the signal's number.
///
/// A signal ignored when the tool starts (a background job of a script) stays ignored, as
/// POSIX expects.
///
/// Nothing happens merely by using the library: only an executable's explicit `install()`
/// changes how the process handles signals, and `install()` leaves SIGPIPE and SIGXFSZ
/// alone. Ignoring those (so a reader that leaves is an EPIPE and a file-size limit an
/// EFBIG, both write errors, instead of a kill) is the executable's own choice, made in
/// `rainbow-ring`'s `main.swift`.
public enum Termination {
  /// The asynchronous signals that terminate by default.
  static let terminating: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGPOLL,
    SIGPWR, SIGXCPU, SIGSTKFLT,
  ]

  private static let received = Atomic<Int32>(0)
  private static let graceMilliseconds = Atomic<Int>(0)
  nonisolated(unsafe) private static var wake: (read: Int32, write: Int32) = (-1, -1)
  /// The signals this process handles (those not ignored at start).
  nonisolated(unsafe) public private(set) static var handled: [Int32] = []

  /// The terminating signal received so far, or 0.
  public static var pending: Int32 { received.load(ordering: .relaxed) }

  /// Readable once a terminating signal has arrived, for `poll` loops; -1 before `install()`.
  public static var wakeDescriptor: Int32 { wake.read }

  /// How long the work may take to stop by itself after a signal before the cleanup runs
  /// and the process exits (a player uses it to restore the terminal in order); 0 by default.
  public static func setGrace(seconds: Double) {
    graceMilliseconds.store(Int(seconds * 1000), ordering: .relaxed)
  }

  /// Takes over the terminating signals. Call once, before any other thread starts.
  public static func install() {
    var set = sigset_t()
    sigemptyset(&set)
    for sig in terminating {
      var old = sigaction()
      sigaction(sig, nil, &old)
      // SIG_IGN is the handler value 1.
      if unsafeBitCast(old.__sigaction_handler, to: Int.self) == 1 { continue }
      handled.append(sig)
      sigaddset(&set, sig)
    }
    pthread_sigmask(SIG_BLOCK, &set, nil)
    var fds: [Int32] = [-1, -1]
    if makePipe(&fds, nonBlocking: true) { wake = (fds[0], fds[1]) }
    ExitCleanup.installCrashHandlers()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { _ in
        Termination.waitForSignals()
        return nil
      }, nil)
    // Without the thread nothing could receive them: let them act as before.
    if started != 0 { pthread_sigmask(SIG_UNBLOCK, &set, nil) }
  }

  private static func waitForSignals() {
    var set = sigset_t()
    sigemptyset(&set)
    for sig in handled { sigaddset(&set, sig) }
    var sig: Int32 = 0
    while true {
      var info = siginfo_t()
      sig = sigwaitinfo(&set, &info)
      // A signal this process sent one of its own threads is not a request to stop: the
      // Swift runtime's crash reporter suspends threads with one while a crash proceeds,
      // which must end by the crash's own signal, not by this one.
      if sig > 0 && !(info.si_code == SI_TKILL && info._sifields._kill.si_pid == getpid()) {
        break
      }
    }
    received.store(sig, ordering: .relaxed)
    var byte: UInt8 = 1
    _ = write(wake.write, &byte, 1)
    var left = graceMilliseconds.load(ordering: .relaxed)
    while left > 0 {
      usleep(10_000)
      left -= 10
    }
    ExitCleanup.runBeforeExit()
    _exit(128 + sig)
  }

  /// Unblocks the handled signals and restores default dispositions in a child about to
  /// run another program: for `posix_spawnattr`.
  static func childSignalDefaults() -> (mask: sigset_t, defaults: sigset_t) {
    var mask = sigset_t()
    sigemptyset(&mask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for sig in handled + [SIGPIPE] { sigaddset(&defaults, sig) }
    return (mask, defaults)
  }
}
