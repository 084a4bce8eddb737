import Foundation

/// What must not outlive the process: temporary files and folders, child processes and a
/// terminal in raw mode. Each is registered while it exists; `run()` (called when a signal
/// ends the tool) removes the temporary paths, kills the children and restores the terminal.
///
/// A crash (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT) runs the same cleanup from a
/// signal handler before the crash proceeds; there the registry is read without its lock,
/// which is best effort.
public enum ExitCleanup {
  /// A registration, returned so it can be removed.
  public struct Token: Hashable, Sendable {
    let id: Int
  }

  package enum Entry {
    case file(String)
    case folder(String)
    case child(pid_t)
    case terminal(fd: Int32, attributes: termios?, reset: [UInt8])
    /// A standard stream (`stream`) moved to the private `file` while a program plays in
    /// its terminal: on the way out (after the terminal is restored) the stream goes back to
    /// `original` and what the file holds is written to it, so a crash's message is seen.
    case heldStream(file: Int32, stream: Int32, original: Int32)
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var entries: [Int: Entry] = [:]
  nonisolated(unsafe) private static var nextID = 0

  package static func register(_ entry: Entry) -> Token {
    registering { ((), entry) }.token!
  }

  /// Makes what must not outlive the process (`make` returns it and its entry, or no entry
  /// when it made nothing) and registers it in one step, under the lock the cleanup before
  /// exit takes: that cleanup sees it, or ran before it was made. A thread that would make
  /// one after that cleanup began waits there until the process exits.
  package static func registering<T, E: Error>(
    _ make: () throws(E) -> (T, Entry?)
  ) throws(E) -> (value: T, token: Token?) {
    lock.lock()
    defer { lock.unlock() }
    let (value, entry) = try make()
    guard let entry else { return (value, nil) }
    nextID += 1
    entries[nextID] = entry
    return (value, Token(id: nextID))
  }

  /// Forgets a registration (the file was committed, the child reaped, the terminal restored).
  public static func unregister(_ token: Token) {
    lock.lock()
    entries[token.id] = nil
    lock.unlock()
  }

  /// Registers a terminal to restore: its attributes (when it is a terminal) and the bytes
  /// that leave the player's screen modes.
  public static func registerTerminal(fd: Int32, attributes: termios?, reset: [UInt8]) -> Token {
    register(.terminal(fd: fd, attributes: attributes, reset: reset))
  }

  private static let criticalLock = NSLock()

  /// Runs `work` (a final in-place copy) so that a terminating signal's cleanup waits for
  /// it to end instead of leaving a target half written.
  public static func critical<T, E: Error>(_ work: () throws(E) -> T) throws(E) -> T {
    criticalLock.lock()
    defer { criticalLock.unlock() }
    return try work()
  }

  /// `run()` for a process about to exit: first waits for a critical section to end, and
  /// keeps any other from starting.
  static func runBeforeExit() {
    criticalLock.lock()
    // Held until the process exits: nothing is made and registered after this.
    lock.lock()
    perform(takeAll())
  }

  /// The entries in the order they were registered, forgotten here; with `lock` held.
  private static func takeAll() -> [Entry] {
    defer { entries.removeAll() }
    return entries.sorted { $0.key < $1.key }.map(\.value)
  }

  /// Kills the registered children, removes the temporary files and folders, restores the
  /// terminal. Safe to call more than once; everything is forgotten afterwards.
  public static func run() {
    lock.lock()
    let all = takeAll()
    lock.unlock()
    perform(all)
  }

  package static func perform(_ all: [Entry]) {
    // Children first: a killed ffmpeg cannot create its output after it is removed.
    var children: [pid_t] = []
    for case .child(let pid) in all {
      ChildProcess.kill(pid)
      children.append(pid)
    }
    for pid in children {
      var status: Int32 = 0
      for _ in 0..<50 where waitpid(pid, &status, WNOHANG) == 0 { usleep(2000) }
    }
    // Never block on a stalled terminal: drop what every terminal has not taken yet, all
    // before any reset is written (a player's output and its input are often one terminal:
    // flushing the second would drop the reset just written to the first).
    for case .terminal(let fd, _, _) in all { tcflush(fd, TCOFLUSH) }
    for entry in all {
      switch entry {
      case .file(let path): unlink(path)
      case .folder(let path): removeFolder(path)
      case .terminal(let fd, let attributes, let reset):
        // One non-blocking attempt.
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        _ = reset.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        _ = fcntl(fd, F_SETFL, flags)
        if var a = attributes { tcsetattr(fd, TCSANOW, &a) }
      case .child, .heldStream: break
      }
    }
    // Last, once the terminal shows its own screen again.
    for case .heldStream(let file, let stream, let original) in all {
      dup2(original, stream)
      writeHeld(file, to: stream)
    }
  }

  /// Writes what the private file `file` holds, from its start, to `stream` (best effort:
  /// only read, write and lseek, which a signal handler may call).
  package static func writeHeld(_ file: Int32, to stream: Int32) {
    lseek(file, 0, SEEK_SET)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer in
      while true {
        let n = read(file, buffer.baseAddress, buffer.count)
        if n <= 0 { return }
        var offset = 0
        while offset < n {
          let w = Foundation.write(stream, buffer.baseAddress! + offset, n - offset)
          if w <= 0 { return }
          offset += w
        }
      }
    }
  }

  /// Removes a temporary folder the tool made, with the files in it (it holds no folders).
  package static func removeFolder(_ path: String) {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if fd >= 0 { emptyFolder(fd) }
    rmdir(path)
  }

  /// Removes the files of the folder open as `fd`, and closes it.
  package static func emptyFolder(_ fd: Int32) {
    guard let dir = fdopendir(fd) else {
      close(fd)
      return
    }
    while let entry = readdir(dir) {
      withUnsafeBytes(of: entry.pointee.d_name) { raw in
        // "." and ".." are folders: unlinkat without AT_REMOVEDIR refuses them.
        _ = unlinkat(fd, raw.bindMemory(to: CChar.self).baseAddress!, 0)
      }
    }
    closedir(dir)
  }

  /// Runs the cleanup on crashes, then lets the crash proceed as it would have.
  static func installCrashHandlers() {
    for sig in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGSYS] {
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = { sig, _, _ in
        // Best effort: no lock (the crashing thread may hold it).
        ExitCleanup.perform(Array(ExitCleanup.entries.values))
        // Then the process dies of that very signal (the default action), so the shell
        // sees 128 + its number. Not Swift's backtracer: with the other threads' signals
        // blocked it cannot suspend them, and it ended the process as if by SIGUSR1.
        var fallback = sigaction()
        fallback.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&fallback.sa_mask)
        sigaction(sig, &fallback, nil)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, sig)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        raise(sig)
      }
      action.sa_flags = SA_SIGINFO | SA_ONSTACK
      sigemptyset(&action.sa_mask)
      sigaction(sig, &action, nil)
    }
  }
}
