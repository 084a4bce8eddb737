import Foundation
import Synchronization

/// The signals the terminal player owns while it plays: SIGWINCH (resize), SIGTSTP (Ctrl-Z)
/// and SIGCONT (`fg`). `Termination` leaves them unblocked; their handlers only record the
/// event and make `wakeDescriptor` readable, so the player's `poll` wakes at once.
enum TerminalSignals {
  struct Events: OptionSet {
    let rawValue: Int32
    static let resize = Events(rawValue: 1)
    static let suspend = Events(rawValue: 2)
    static let resume = Events(rawValue: 4)
  }

  private static let recorded = Atomic<Int32>(0)
  /// A non-blocking, close-on-exec pipe: one byte per signal, drained by the player.
  private static let pipe: (read: Int32, write: Int32) = {
    var fds: [Int32] = [-1, -1]
    guard Glibc.pipe(&fds) == 0 else { return (-1, -1) }
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    return (fds[0], fds[1])
  }()

  /// Readable after one of the signals; -1 if the pipe could not be made (then the player
  /// sees the events at its next frame).
  static var wakeDescriptor: Int32 { pipe.read }

  static func event(for sig: Int32) -> Events {
    switch sig {
    case SIGWINCH: .resize
    case SIGTSTP: .suspend
    case SIGCONT: .resume
    default: []
    }
  }

  /// The three signals' actions from before `install()`, which `uninstall()` gives back.
  /// Only the thread that plays installs and uninstalls.
  nonisolated(unsafe) private static var previous: [Int32: sigaction] = [:]

  /// Handles the three signals, keeping the actions they had. Touches the statics first: a
  /// handler must not be the one to initialise them.
  static func install() {
    _ = pipe
    recorded.store(0, ordering: .relaxed)
    for sig in [SIGWINCH, SIGTSTP, SIGCONT] {
      var old = sigaction()
      handle(sig, saving: &old)
      // Installed twice, the first saved actions are the program's.
      if previous[sig] == nil { previous[sig] = old }
    }
  }

  /// Gives the three signals back the actions they had before `install()`.
  static func uninstall() {
    for sig in [SIGWINCH, SIGTSTP, SIGCONT] {
      if var old = previous.removeValue(forKey: sig) {
        sigaction(sig, &old, nil)
      } else {
        setDefault(sig)
      }
    }
    drain()
  }

  private static func handle(_ sig: Int32) {
    var ignored = sigaction()
    handle(sig, saving: &ignored)
  }

  private static func handle(_ sig: Int32, saving old: inout sigaction) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { sig in
      let saved = errno
      TerminalSignals.recorded.bitwiseOr(
        TerminalSignals.event(for: sig).rawValue, ordering: .relaxed)
      var byte: UInt8 = 1
      _ = write(TerminalSignals.pipe.write, &byte, 1)
      errno = saved
    }
    action.sa_flags = SA_RESTART
    sigemptyset(&action.sa_mask)
    sigaction(sig, &action, &old)
  }

  private static func setDefault(_ sig: Int32) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&action.sa_mask)
    sigaction(sig, &action, nil)
  }

  /// The events recorded since the last call.
  static func take() -> Events {
    Events(rawValue: recorded.exchange(0, ordering: .relaxed))
  }

  /// Empties the wake pipe.
  static func drain() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while pipe.read >= 0, read(pipe.read, &bytes, bytes.count) > 0 {}
  }

  /// Stops the process as SIGTSTP's default action would (the terminal already restored),
  /// returning once SIGCONT continues it; the handler is back afterwards.
  static func stopProcess() {
    setDefault(SIGTSTP)
    // SIGTSTP is unblocked in every thread: the default action stops the whole process.
    raise(SIGTSTP)
    handle(SIGTSTP)
    // The SIGCONT that woke us is this very resume: the caller redraws anyway.
    recorded.bitwiseAnd(~Events.resume.rawValue, ordering: .relaxed)
  }
}
