import Foundation
import Synchronization

/// Ctrl-C and SIGTERM during long work: the handlers only record the signal; the work polls
/// `received` between frames, stops, removes its temporary files and exits 128 + signal.
enum Interrupts {
  static let received = Atomic<Int32>(0)

  static func install() {
    var set = sigset_t()
    sigemptyset(&set)
    for sig in [SIGINT, SIGTERM] {
      _ = Glibc.signal(sig) { s in Interrupts.received.store(s, ordering: .relaxed) }
      sigaddset(&set, sig)
    }
    // A parent may have started us with these blocked (the mask is inherited); unblock them.
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  /// The signal received so far, or 0.
  static var pending: Int32 { received.load(ordering: .relaxed) }
}

/// A progress bar on standard error, redrawn at most ten times a second.
final class ProgressBar {
  private let label: String
  private let write: (String) -> Void
  private var lastDraw = 0.0
  private var drawn = false

  init(label: String, write: @escaping (String) -> Void) {
    self.label = label
    self.write = write
  }

  func update(_ done: Int, _ total: Int) {
    let now = Date().timeIntervalSince1970
    guard done == total || now - lastDraw >= 0.1 else { return }
    lastDraw = now
    let width = 30
    let filled = total > 0 ? width * done / total : width
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    write("\r\(label) [\(bar)] \(done)/\(total) frames")
    drawn = true
  }

  func finish() {
    if drawn { write("\n") }
    drawn = false
  }
}
