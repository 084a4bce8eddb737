import Foundation
import RingSystem

/// Runs per-frame work on several threads and hands the results over in frame order.
///
/// Each worker thread owns its state (made on that thread by `makeWorker`, so renderers and
/// encoders are never shared), claims the next frame index and produces that frame's output;
/// the calling thread consumes outputs strictly in order. At most `window` outputs wait to be
/// consumed, so memory stays flat however many frames there are.
public enum FramePipeline {
  /// Produces `count` outputs with `workers` threads and consumes them in order on the
  /// calling thread. Workers claim `chunk` consecutive frames at a time (so a worker can
  /// reuse what it computed for the previous frame). With `workers` 0 everything runs on the
  /// calling thread, frame after frame: for work that must see the frames in order (a live
  /// tree's). The first error (from a worker or the consumer) stops everything and is
  /// rethrown; `shouldStop` is polled between frames (for Ctrl-C).
  public static func run<Worker, Output: Sendable>(
    count: Int, workers: Int, chunk: Int = 1, window: Int? = nil,
    makeWorker: @escaping @Sendable () throws -> Worker,
    produce: @escaping @Sendable (inout Worker, Int) throws -> Output,
    consume: (Int, Output) throws -> Void,
    shouldStop: () -> Error? = { nil }
  ) throws {
    if workers == 0 {
      var worker = try makeWorker()
      for i in 0..<count {
        if let stop = shouldStop() { throw stop }
        try consume(i, try produce(&worker, i))
      }
      return
    }
    let workers = max(1, min(workers, count))
    let chunk = max(1, chunk)
    let state = PipelineState<Output>(window: window ?? max(2, 2 * workers) * chunk, chunk: chunk)
    let group = DispatchGroup()
    for started in 0..<workers {
      group.enter()
      do {
        try DetachedThread.start {
          defer { group.leave() }
          do {
            var worker = try makeWorker()
            while let frames = state.claim(count: count) {
              for i in frames {
                let output = try produce(&worker, i)
                state.deliver(i, output)
              }
            }
          } catch {
            state.fail(error)
          }
        }
      } catch {
        group.leave()
        // Fewer threads than asked still finish the work; none at all is an error.
        if started == 0 { throw error }
        break
      }
    }
    var failure: Error?
    for i in 0..<count {
      if let stop = shouldStop() {
        failure = stop
        break
      }
      do {
        guard let output = try state.take(i) else { break }
        try consume(i, output)
      } catch {
        failure = error
        break
      }
    }
    if let failure { state.fail(failure) }
    group.wait()
    if let failure { throw failure }
    if let error = state.error { throw error }
  }
}

/// The shared state of a pipeline, behind one condition variable.
final class PipelineState<Output>: @unchecked Sendable {
  private let condition = NSCondition()
  private var next = 0
  private var consumed = 0
  private var ready: [Int: Output] = [:]
  private(set) var error: Error?
  private let window: Int
  private let chunk: Int

  init(window: Int, chunk: Int) {
    self.window = window
    self.chunk = chunk
  }

  /// The next frames to produce (up to `chunk` consecutive ones), waiting while too many
  /// outputs are unconsumed; `nil` when all are claimed or the pipeline failed.
  func claim(count: Int) -> Range<Int>? {
    condition.lock()
    defer { condition.unlock() }
    while error == nil && next < count && next + chunk > consumed + window { condition.wait() }
    guard error == nil, next < count else { return nil }
    let start = next
    next = min(count, next + chunk)
    return start..<next
  }

  func deliver(_ i: Int, _ output: Output) {
    condition.lock()
    ready[i] = output
    condition.broadcast()
    condition.unlock()
  }

  /// Waits for output `i`; `nil` when the pipeline failed first.
  func take(_ i: Int) throws -> Output? {
    condition.lock()
    defer { condition.unlock() }
    while ready[i] == nil && error == nil { condition.wait() }
    guard let output = ready.removeValue(forKey: i) else { return nil }
    consumed = i + 1
    condition.broadcast()
    return output
  }

  func fail(_ e: Error) {
    condition.lock()
    if error == nil { error = e }
    condition.broadcast()
    condition.unlock()
  }
}
