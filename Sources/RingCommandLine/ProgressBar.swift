import Foundation
import RingGraphics
import RingSystem

/// An export's progress on standard error (a terminal): a bar, the percentage, frames done,
/// the encoding rate, the time elapsed and the time left, redrawn at most ten times a second.
package final class ProgressBar {
  private let label: String
  /// What `done` and `total` count (`frames`), and their rate's unit (`fps`; `nil`: no
  /// rate).
  private let unit: (name: String, rate: String?)
  private let write: (String) -> Void
  /// Seconds on a monotonic clock.
  private let now: () -> Double
  private let start: Double
  private var lastDraw = -Double.infinity
  private var drawn = false
  /// Characters in the line drawn last, which a shorter line must cover.
  private var drawnWidth = 0

  /// The terminal's width in columns, when known.
  private let columns: () -> Int?

  package init(
    label: String, unit: (name: String, rate: String?) = ("frames", "fps"),
    write: @escaping (String) -> Void, now: @escaping () -> Double = MonotonicClock.now,
    columns: @escaping () -> Int? = terminalColumns
  ) {
    self.label = label
    self.unit = unit
    self.write = write
    self.now = now
    self.columns = columns
    start = now()
  }

  /// Standard error's terminal width, asked afresh (the window may be resized).
  package static func terminalColumns() -> Int? {
    var size = winsize()
    guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// Seconds since the bar was made.
  package var elapsed: Double { now() - start }

  package func update(_ done: Int, _ total: Int) {
    let t = now()
    guard done == total || t - lastDraw >= 0.1 else { return }
    lastDraw = t
    // Padded with spaces over a longer previous line: no escape sequences (TERM=dumb).
    // Shorter than the terminal: a line that wraps cannot be redrawn with a carriage return.
    var text = Self.line(label: label, done: done, total: total, elapsed: t - start, unit: unit)
    if let width = columns(), text.count >= width {
      // The label (a path) gives way first, from its start, then the bar, so the numbers
      // stay in view; only then is the line cut.
      text = String(text.prefix(max(0, width - 1)))
      for bar in [true, false] {
        let full = Self.line(
          label: label, done: done, total: total, elapsed: t - start, bar: bar, unit: unit)
        let keep = label.count - (full.count - width + 1) - 1
        if keep >= 8 {
          text = Self.line(
            label: "…" + label.suffix(keep), done: done, total: total, elapsed: t - start,
            bar: bar, unit: unit)
          break
        }
      }
    }
    let width = text.count
    write("\r" + text + String(repeating: " ", count: max(0, drawnWidth - width)))
    drawnWidth = width
    drawn = true
  }

  package func finish() {
    if drawn { write("\n") }
    drawn = false
  }

  /// `LABEL [#####.....]  42%  184/438 frames  96 fps  0:01 elapsed  0:02 left`.
  package static func line(
    label: String, done: Int, total: Int, elapsed: Double, bar: Bool = true,
    unit: (name: String, rate: String?) = ("frames", "fps")
  ) -> String {
    let width = 20
    let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 1
    let filled = Int(Double(width) * fraction)
    let drawn =
      bar
      ? " [" + String(repeating: "#", count: filled)
        + String(repeating: ".", count: width - filled) + "]" : ""
    var text = "\(label)\(drawn) \(Int(fraction * 100))%  \(done)/\(total) \(unit.name)"
    if elapsed > 0 && done > 0 {
      let rate = Double(done) / elapsed
      if let name = unit.rate {
        text +=
          "  \(rate >= 10 ? String(Int(rate.rounded())) : String(format: "%.1f", rate)) \(name)"
      }
      text += "  \(clock(elapsed)) elapsed"
      if done < total { text += "  \(clock(Double(total - done) / rate)) left" }
    } else {
      text += "  \(clock(max(0, elapsed))) elapsed"
    }
    return text
  }

  /// `m:ss`, or `h:mm:ss` from an hour on.
  package static func clock(_ seconds: Double) -> String {
    let s = Int(min(seconds, 359_999).rounded())
    let (h, m, r) = (s / 3600, s / 60 % 60, s % 60)
    return h > 0
      ? "\(h):\(m < 10 ? "0" : "")\(m):\(r < 10 ? "0" : "")\(r)" : "\(m):\(r < 10 ? "0" : "")\(r)"
  }
}
