import RingGraphics

/// The deterministic time source of a layer tree: it commits newly added animations,
/// removes finished ones and runs their stop callbacks, in time order.
///
/// Time is whatever the caller says: players pass a monotonic clock's reading, exporters
/// frame i / fps. A stop callback runs with `time` equal to the stopping animation's end,
/// so an animation it adds (with `beginTime` 0) starts exactly there, with no gap.
public final class AnimationClock {
  public let root: Layer
  private(set) var nanoseconds: Int64

  /// The current clock time, in seconds.
  public var time: Double { MediaTime.seconds(nanoseconds) }

  /// A clock for the tree under `root`, starting at `time` seconds.
  public init(root: Layer, time: Double = 0) {
    self.root = root
    nanoseconds = MediaTime.nanoseconds(time)
    commit()
  }

  /// Moves the clock forward to `time` (seconds), stopping each animation that ends on the
  /// way in order of its end time. Moving backwards only commits pending animations.
  public func advance(to time: Double) {
    let target = MediaTime.nanoseconds(time)
    commit()
    while let (layer, index, end) = earliestEnd(before: target) {
      nanoseconds = max(nanoseconds, end)
      let record = layer.attached[index]
      if record.animation.isRemovedOnCompletion {
        layer.attached.remove(at: index)
      } else {
        layer.attached[index].stopped = true
      }
      Layer.notifyStop(record.animation, finished: true)
      commit()
    }
    nanoseconds = max(nanoseconds, target)
    commit()
  }

  /// Gives animations added since the last commit their begin time: now.
  private func commit() {
    visit(root) { layer in
      for i in layer.attached.indices where layer.attached[i].begin == nil {
        layer.attached[i].begin = nanoseconds
      }
    }
  }

  private func earliestEnd(before target: Int64) -> (Layer, Int, Int64)? {
    var best: (Layer, Int, Int64, Int)?
    visit(root) { layer in
      for (i, a) in layer.attached.enumerated() where !a.stopped {
        guard let begin = a.begin, let end = a.animation.endNanoseconds(begin: begin),
          end <= target
        else { continue }
        if best == nil || end < best!.2 || (end == best!.2 && a.sequence < best!.3) {
          best = (layer, i, end, a.sequence)
        }
      }
    }
    return best.map { ($0.0, $0.1, $0.2) }
  }

  private func visit(_ layer: Layer, _ body: (Layer) -> Void) {
    body(layer)
    if let mask = layer.mask { visit(mask, body) }
    for sub in layer.sublayers { visit(sub, body) }
  }
}
