import Foundation

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
