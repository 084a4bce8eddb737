import CLinux
import Foundation
import RingCore

/// A program run as a child: spawned in its own process group (a Ctrl-C reaches the tool,
/// which then ends the child), with default signal handling, its standard input a pipe the
/// caller writes, its standard output and error collected. Registered with `ExitCleanup`
/// until it is reaped, so a signal that ends the tool kills it first.
package final class ChildProcess {
  package let pid: pid_t
  /// The write end of the child's standard input, or -1 once closed (or never opened).
  package private(set) var input: Int32
  private let output: StreamCollector
  private let errors: StreamCollector
  private var token: ExitCleanup.Token?
  package private(set) var status: (exited: Bool, code: Int32)?

  /// Starts `executable` with `arguments`; `feedsInput` gives it a pipe on standard input
  /// (else /dev/null).
  package init(executable: String, arguments: [String], feedsInput: Bool) throws {
    var inPipe: [Int32] = [-1, -1]
    var outPipe: [Int32] = [-1, -1]
    var errPipe: [Int32] = [-1, -1]
    func fail(_ what: String) -> RingError {
      let message = String(cString: strerror(errno))
      for fd in inPipe + outPipe + errPipe where fd >= 0 { close(fd) }
      return RingError(.resources, "cannot start \(what): \(message)")
    }
    let name = URL(fileURLWithPath: executable).lastPathComponent
    if feedsInput && !makePipe(&inPipe) { throw fail(name) }
    guard makePipe(&outPipe), makePipe(&errPipe) else {
      throw fail(name)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if feedsInput {
      posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    // The child gets standard input, output and error only: a descriptor another thread
    // opened without close-on-exec would otherwise stay open in it for its whole run.
    posix_spawn_file_actions_addclosefrom_np(&actions, 3)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var (mask, defaults) = Termination.childSignalDefaults()
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes,
      Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var child: pid_t = 0
    // Spawned and registered in one step: a signal's cleanup kills it or ran before it.
    let (result, token) = ExitCleanup.registering {
      let result = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
      return (result, result == 0 ? .child(child) : nil)
    }
    if inPipe[0] >= 0 { close(inPipe[0]) }
    close(outPipe[1])
    close(errPipe[1])
    guard result == 0 else {
      errno = result
      for fd in [inPipe[1], outPipe[0], errPipe[0]] where fd >= 0 { close(fd) }
      throw RingError(.resources, "cannot start \(name)", systemError: result)
    }
    pid = child
    input = inPipe[1]
    self.token = token
    output = StreamCollector(fd: outPipe[0])
    errors = StreamCollector(fd: errPipe[0])
    do {
      try output.start()
      try errors.start()
    } catch {
      ChildProcess.kill(child)
      closeInput()
      _ = wait()
      throw error
    }
  }

  deinit {
    if status == nil {
      ChildProcess.kill(pid)
      closeInput()
      _ = wait()
    }
  }

  package func closeInput() {
    if input >= 0 { close(input) }
    input = -1
  }

  /// Ends the child at once.
  package func terminate() {
    if status == nil { ChildProcess.kill(pid) }
  }

  /// Kills the child started as `pid` and its process group (spawned as its leader), so a
  /// wrapper script's own children (a real ffmpeg behind a stand-in) end with it.
  package static func kill(_ pid: pid_t) {
    Glibc.kill(-pid, SIGKILL)
    Glibc.kill(pid, SIGKILL)
  }

  /// Waits for the child to end (its output read to the end); `exited` false when a
  /// signal killed it, `code` the exit status or the signal.
  @discardableResult
  package func wait() -> (exited: Bool, code: Int32) {
    if let status { return status }
    var raw: Int32 = 0
    _ = retryingOnInterrupt { waitpid(pid, &raw, 0) }
    let result = (raw & 0x7F) == 0 ? (true, (raw >> 8) & 0xFF) : (false, raw & 0x7F)
    status = result
    if let token { ExitCleanup.unregister(token) }
    token = nil
    output.waitForEnd(timeout: 5)
    errors.waitForEnd(timeout: 5)
    return result
  }

  /// What the child wrote to standard output (complete after `wait()`).
  package var outputText: String { output.text }
  /// What the child wrote to standard error (complete after `wait()`).
  package var errorText: String { errors.text }
}

/// Reads a descriptor to its end on a thread of its own, keeping the first 64 KiB.
final class StreamCollector: @unchecked Sendable {
  private let fd: Int32
  private let lock = NSLock()
  private var data: [UInt8] = []
  private let ended = DispatchSemaphore(value: 0)

  init(fd: Int32) { self.fd = fd }

  func start() throws {
    do {
      try DetachedThread.start(stackSize: 1 << 16) { [self] in
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
          let n = buffer.withUnsafeMutableBytes { bytes in
            retryingOnInterrupt { read(fd, bytes.baseAddress, bytes.count) }
          }
          if n <= 0 { break }
          lock.lock()
          if data.count < 1 << 16 { data += buffer[0..<n] }
          lock.unlock()
        }
        close(fd)
        ended.signal()
      }
    } catch {
      close(fd)
      ended.signal()
      throw error
    }
  }

  /// Waits up to `timeout` seconds for the end of the stream.
  func waitForEnd(timeout: Double) {
    if ended.wait(timeout: .now() + timeout) == .success { ended.signal() }
  }

  var text: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: data, as: UTF8.self)
  }
}

/// A pipe whose ends close on exec (only the spawned child's dup2 copies survive).
func makePipe(_ fds: inout [Int32], nonBlocking: Bool = false) -> Bool {
  guard pipe(&fds) == 0 else { return false }
  for fd in fds {
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    if nonBlocking { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
  }
  return true
}
