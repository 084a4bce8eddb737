import RingGraphics

/// The deterministic time source of a layer tree: it commits newly added animations,
/// removes finished ones and runs their stop callbacks, in time order.
///
/// Time is whatever the caller says: players pass a monotonic clock's reading, exporters
/// the frame's time. A stop callback runs with `time` equal to the stopping animation's
/// end, so an animation it adds (with a zero `beginTime`) starts exactly there, with no gap.
public final class AnimationClock {
  public let root: Layer
  /// The current clock time.
  public private(set) var time: MediaTime

  /// A clock for the tree under `root`, starting at `time`.
  public init(root: Layer, time: MediaTime = .zero) {
    self.root = root
    self.time = time
    commit()
  }

  /// Moves the clock forward to `target`, stopping each animation that ends on the way in
  /// order of its end time. Moving backwards only commits pending animations.
  public func advance(to target: MediaTime) {
    advance(to: target, stoppingAfter: .max)
  }

  /// Moves the clock forward to `target` as `advance(to:)` does, but stops after `limit`
  /// animation stops (their callbacks included), at the last one's end time; returns how
  /// many stopped. Calling it again goes on exactly as one call would have.
  @discardableResult
  public func advance(to target: MediaTime, stoppingAfter limit: Int) -> Int {
    commit()
    var stops = 0
    while stops < limit, let (layer, index, end) = earliestEnd(before: target.nanoseconds) {
      stops += 1
      time = max(time, MediaTime(nanoseconds: end))
      let record = layer.attached[index]
      if record.animation.timing.isRemovedOnCompletion {
        layer.attached.remove(at: index)
      } else {
        layer.attached[index].stopped = true
      }
      Layer.notifyStop(record.animation, finished: true)
      commit()
    }
    if stops < limit { time = max(time, target) }
    commit()
    return stops
  }

  /// Gives animations added since the last commit their begin time: `moment` (now unless
  /// said), on their layer's timeline. A moment before now is for changes made at a time
  /// that was due before the clock moved past it (a display refresh between two frames):
  /// they begin as if made then.
  public func commit(asOf moment: MediaTime? = nil) {
    let moment = min(moment ?? time, time)
    visit(root, chain: []) { layer, chain in
      guard layer.attached.contains(where: { $0.begin == nil }) else { return }
      var local = moment.nanoseconds
      for timing in chain { local = timing.local(local) }
      for i in layer.attached.indices where layer.attached[i].begin == nil {
        layer.attached[i].begin = local
      }
    }
  }

  /// The earliest end before clock time `target` of an animation that has not stopped,
  /// in clock time (an animation on a paused timeline never ends).
  private func earliestEnd(before target: Int64) -> (Layer, Int, Int64)? {
    var best: (Layer, Int, Int64, Int)?
    visit(root, chain: []) { layer, chain in
      for (i, a) in layer.attached.enumerated() where !a.stopped {
        guard let begin = a.begin, var end = a.animation.timing.end(begin: begin) else {
          continue
        }
        var reachable = true
        for timing in chain.reversed() {
          guard let t = timing.parent(ofLocal: end) else {
            reachable = false
            break
          }
          end = t
        }
        guard reachable, end <= target else { continue }
        if best == nil || end < best!.2 || (end == best!.2 && a.sequence < best!.3) {
          best = (layer, i, end, a.sequence)
        }
      }
    }
    return best.map { ($0.0, $0.1, $0.2) }
  }

  /// Visits the tree with each layer's chain of timelines from the root down to its own.
  private func visit(
    _ layer: Layer, chain: [LayerTiming], _ body: (Layer, [LayerTiming]) -> Void
  ) {
    var chain = chain
    if !layer.timing.isIdentity { chain.append(layer.timing) }
    body(layer, chain)
    if let mask = layer.mask { visit(mask, chain: chain, body) }
    for sub in layer.sublayers { visit(sub, chain: chain, body) }
  }
}
