import RingGraphics
import RingLayers

/// A keyframe animation's path for a point-valued property, as Core Animation documents
/// it: the start of the path and the end of each line, curve, arc or close are the
/// keyframes (moves make none), reached at the key times (evenly spaced when they do not
/// match the keyframes); between two keyframes the point runs along that element at a
/// constant speed. Paced modes run the whole path at one constant speed (key times and
/// timing functions ignored); discrete jumps from keyframe to keyframe. Cubic modes follow
/// the path as linear and paced do: the path is already the curve. With a rotation mode
/// the layer's transform turns to the direction of travel (plus π for `rotateAutoReverse`).
struct PathTrack: TrackWriter {
  let keyPath: WritableKeyPath<LayerProperties, Point>
  /// Each element flattened (within 0.01 pt), with the arc length at each of its points.
  let pieces: [(points: [Point], lengths: [Double])]
  /// When each keyframe is reached, fractions of the iteration (one more than pieces).
  let keyTimes: [Double]
  let functions: [TimingFunction?]
  let mode: KeyframeMode
  let rotation: Double?
  let transform = LayerProperties.animatable(named: "transform")!.partialKeyPath

  init(
    keyPath: WritableKeyPath<LayerProperties, Point>, path: BezierPath, samples: CAKeyPath.Samples
  ) {
    self.keyPath = keyPath
    pieces = path.elementPolylines(tolerance: 0.01).map { points in
      var lengths = [0.0]
      for i in points.indices.dropFirst() {
        lengths.append(lengths[i - 1] + (points[i] - points[i - 1]).length)
      }
      return (points, lengths)
    }
    mode = samples.mode
    rotation = samples.rotation
    let n = pieces.count + 1
    switch mode {
    case .paced, .cubicPaced:
      var total = [0.0]
      for piece in pieces { total.append(total.last! + piece.lengths.last!) }
      let length = total.last!
      keyTimes = length > 0 ? total.map { $0 / length } : (0..<n).map { Double($0) / Double(n - 1) }
      functions = []
    case .discrete:
      let given = samples.givenKeyTimes ?? []
      keyTimes = given.count >= n ? given : (0..<n).map { Double($0) / Double(n) }
      functions = []
    default:
      let given = samples.givenKeyTimes ?? []
      keyTimes = given.count >= n ? given : (0..<n).map { Double($0) / Double(max(1, n - 1)) }
      functions = samples.functions
    }
  }

  var alsoWrites: [PartialKeyPath<LayerProperties>] { rotation == nil ? [] : [transform] }

  func write(_ f: Double, iteration: Int, into p: inout LayerProperties) {
    guard !pieces.isEmpty else { return }
    let n = pieces.count + 1
    var i = 0
    if mode == .discrete {
      while i + 1 < n && keyTimes[i + 1] <= f { i += 1 }
      let point = i == 0 ? pieces[0].points[0] : pieces[i - 1].points.last!
      p[keyPath: keyPath] = point
      if i > 0 { turn(&p, along: pieces[i - 1], at: pieces[i - 1].lengths.last!) }
      return
    }
    while i + 2 < n && keyTimes[i + 1] <= f { i += 1 }
    let (t0, t1) = (keyTimes[i], keyTimes[i + 1])
    var local = t1 > t0 ? (f - t0) / (t1 - t0) : 1
    local = min(1, max(0, local))
    if i < functions.count, let curve = functions[i] { local = curve.progress(at: local) }
    let piece = pieces[i]
    let distance = local * piece.lengths.last!
    p[keyPath: keyPath] = point(on: piece, at: distance)
    turn(&p, along: piece, at: distance)
  }

  /// The point `distance` along a piece.
  func point(on piece: (points: [Point], lengths: [Double]), at distance: Double) -> Point {
    let k = segment(of: piece, at: distance)
    guard k + 1 < piece.points.count else { return piece.points[k] }
    let span = piece.lengths[k + 1] - piece.lengths[k]
    let u = span > 0 ? (distance - piece.lengths[k]) / span : 0
    return piece.points[k].interpolated(to: piece.points[k + 1], fraction: u)
  }

  /// The index of the chord `distance` falls on.
  func segment(of piece: (points: [Point], lengths: [Double]), at distance: Double) -> Int {
    var k = 0
    while k + 2 < piece.points.count && piece.lengths[k + 1] <= distance { k += 1 }
    return k
  }

  /// Turns the transform to the direction of travel at `distance` along `piece`: the
  /// chord's direction, blended towards its neighbours' across a smooth vertex (chords
  /// within 10° of each other), so that the turn follows the curve's tangent.
  func turn(
    _ p: inout LayerProperties, along piece: (points: [Point], lengths: [Double]),
    at distance: Double
  ) {
    guard let rotation, piece.points.count > 1 else { return }
    let pts = piece.points
    func direction(_ k: Int) -> Point? {
      let d = pts[k + 1] - pts[k]
      return d.length > 0 ? d * (1 / d.length) : nil
    }
    let k = segment(of: piece, at: distance)
    guard var d = direction(k) else { return }
    let span = piece.lengths[k + 1] - piece.lengths[k]
    let u = span > 0 ? (distance - piece.lengths[k]) / span : 0
    let smooth = cos(10 * Double.pi / 180)
    if u < 0.5, k > 0, let before = direction(k - 1), before.dot(d) > smooth {
      d = before.interpolated(to: d, fraction: u + 0.5)
    } else if u >= 0.5, k + 2 < pts.count, let after = direction(k + 1), after.dot(d) > smooth {
      d = d.interpolated(to: after, fraction: u - 0.5)
    }
    p.transform.rotationAngles.z = atan2(d.y, d.x) + rotation
  }
}
