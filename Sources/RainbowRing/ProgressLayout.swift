import Foundation
import RingGraphics
import RingLayers

/// Where a progress ring's parts fall, and the gradient stops that make its arc: one turn of
/// the ring's colours from the start angle, with each cap clamped to its own end's colour.
///
/// Positions along the arc are in turns from the start, whichever way the arc runs
/// ("arc space"); the conic gradient sweeps clockwise, so a counterclockwise arc's stops are
/// mirrored. The gradient and shape layers are squares of `side` points centred on the ring.
struct ProgressLayout: Hashable, Sendable {
  /// The centre of the ring in the view's coordinates, in points.
  let center: Point
  /// Side of the square the ring's layers fill, in points.
  let side: Double
  /// Radius of the arc's centre line, in points.
  let radius: Double
  let lineWidth: Double
  /// The start angle, in radians (clockwise on screen from three o'clock).
  let startAngle: Double
  /// +1 for a clockwise arc, -1 for a counterclockwise one.
  let sign: Double
  /// How far behind the head the head's own layer starts above one turn, in turns.
  static let headLength = 0.25
  /// The centre line's whole turn, `arcPath(from: 0, to: 1)`, made once: the track, the
  /// full ring's mask, and the masks below a turn (this path trimmed by their stroke end,
  /// so that a moving arc builds no path per frame).
  private(set) var turn = BezierPath()

  init(size: Size, ringWidth: Double, progress: RingProgress) {
    side = min(size.width, size.height)
    center = Point(x: size.width / 2, y: size.height / 2)
    radius = (side - ringWidth) / 2
    lineWidth = ringWidth
    startAngle = progress.startAngle * .pi / 180
    sign = progress.direction == .clockwise ? 1 : -1
    turn = arcPath(from: 0, to: 1)
  }

  /// The layers' square, in the view's coordinates.
  var square: Rect {
    Rect(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side)
  }

  /// The angle at `turns` along the arc, in radians.
  func angle(at turns: Double) -> Double { startAngle + sign * 2 * .pi * turns }

  /// The point of the centre line at `turns` along the arc, in the square's coordinates.
  func point(at turns: Double) -> Point {
    let a = angle(at: turns)
    return Point(x: side / 2 + radius * cos(a), y: side / 2 + radius * sin(a))
  }

  /// The centre line from `from` to `to` turns along the arc (a closed circle starting at
  /// `from` when they are a turn or more apart), in the square's coordinates.
  func arcPath(from: Double, to: Double) -> BezierPath {
    // A move, an arc and perhaps a close: one allocation.
    var path = BezierPath(reservingCapacity: 3)
    let c = Point(x: side / 2, y: side / 2)
    path.move(to: point(at: from))
    if to - from >= 1 {
      path.addArc(
        center: c, radius: radius, startAngle: angle(at: from), endAngle: angle(at: from + 1),
        clockwise: sign > 0)
      path.close()
    } else {
      path.addArc(
        center: c, radius: radius, startAngle: angle(at: from), endAngle: angle(at: to),
        clockwise: sign > 0)
    }
    return path
  }

  /// The shape of the head's cap at `turns` along the arc, in the square's coordinates, to
  /// fill: for a round cap the whole disc (its back half shows the colours beneath it
  /// again), for a square cap the half square ahead of the head and a point behind (so
  /// its edge across the ring lies inside the cap), for a butt cap nothing.
  func headCap(at turns: Double, cap: LineCap) -> BezierPath {
    let h = lineWidth / 2
    let c = point(at: turns)
    switch cap {
    case .butt: return BezierPath()
    case .round:
      return BezierPath(ovalIn: Rect(x: c.x - h, y: c.y - h, width: 2 * h, height: 2 * h))
    case .square:
      let a = angle(at: turns)
      // Radial unit vector, and the direction of travel.
      let n = Point(x: cos(a), y: sin(a))
      let t = Point(x: -sin(a) * sign, y: cos(a) * sign)
      let back = min(1, h)
      return BezierPath(polygon: [
        c - t * back + n * h, c + t * h + n * h, c + t * h - n * h, c - t * back - n * h,
      ])
    }
  }

  /// A conic gradient's start and end points (unit space of the square) for a sweep whose
  /// arc-space 0 lies at `turns` along the arc.
  func conicPoints(rotatedBy turns: Double) -> (start: Point, end: Point) {
    let a = angle(at: turns)
    return (Point(x: 0.5, y: 0.5), Point(x: 0.5 + 0.5 * cos(a), y: 0.5 + 0.5 * sin(a)))
  }

  /// How much the palette turns with the head: none up to one turn, then the overlap.
  static func rotation(_ p: Double) -> Double { max(p, 1) - 1 }

  // MARK: Stops

  /// Which stops a gradient layer of the ring shows.
  enum Stops {
    /// Up to one turn: the colours up to `p`, the end cap's colour beyond it, the start
    /// cap's colour before the start (split half way round the gap).
    case arc(Double)
    /// Above one turn, turned with the head: the head's colour just past it (its cap), the
    /// colours from half way round up to the head.
    case head
    /// Every colour, a whole turn.
    case full
  }

  /// Reshapes the palette in `colors` (its colours evenly spaced over one turn in arc
  /// space) into `stops`, colours and locations, in place: without allocating once the
  /// arrays' capacity holds the palette and the most stops any kind has together (the stops
  /// are written past the palette, then moved down). A growing arc's stops grow by one at a
  /// time, so the capacity is reserved for the most at once.
  func reshape(_ stops: Stops, colors: inout [RGBAColor], locations: inout [Double]) {
    let n = colors.count
    let (total, firstAbove) = ProgressLayout.count(stops, of: n)
    colors.reserveCapacity(n + ProgressLayout.count(.arc(1), of: n).total)
    colors.append(contentsOf: repeatElement(.clear, count: total))
    ProgressLayout.resize(&locations, to: total, with: 0)
    colors.withUnsafeMutableBufferPointer { buffer in
      let palette = UnsafeBufferPointer(rebasing: buffer[0..<n])
      write(stops, count: n, total: total, firstAbove: firstAbove, color: { palette[$0] }) {
        k, color, location in
        buffer[n + k] = color
        // Written only when it changes: locations may share storage with a model, which
        // writing the same value would copy.
        if locations[k] != location { ProgressLayout.store(location, at: k, in: &locations) }
      }
      for k in 0..<total { buffer[k] = buffer[n + k] }
    }
    colors.removeLast(n)
  }

  /// How many stops `stops` has for a palette of `n` colours, and the first palette colour
  /// beyond the part of the arc that shows whole colours.
  static func count(_ stops: Stops, of n: Int) -> (total: Int, firstAbove: Int) {
    let last = Double(n - 1)
    switch stops {
    case .arc(let p):
      var below = 0
      while below < n && Double(below) / last < p { below += 1 }
      return (below + 4, below)
    case .head:
      var j = 0
      while j < n && Double(j) / last <= 0.5 { j += 1 }
      return (3 + (n - j), j)
    case .full:
      return (n, 0)
    }
  }

  /// Hands each stop, `k` of `total`, with its colour and location to `emit`, the palette
  /// of `n` colours read through `color`.
  private func write(
    _ stops: Stops, count n: Int, total: Int, firstAbove: Int, color: (Int) -> RGBAColor,
    emit: (_ k: Int, _ color: RGBAColor, _ location: Double) -> Void
  ) {
    let last = Double(n - 1)
    func between(_ x: Double) -> RGBAColor {
      let pos = min(max(x, 0), 1) * last
      let k = min(Int(pos), n - 2)
      return color(k).interpolated(to: color(k + 1), fraction: pos - Double(k))
    }
    var i = 0
    let mirrored = sign < 0
    func put(_ x: Double, _ c: RGBAColor) {
      emit(mirrored ? total - 1 - i : i, c, mirrored ? 1 - x : x)
      i += 1
    }
    switch stops {
    case .arc(let p):
      for j in 0..<firstAbove { put(Double(j) / last, color(j)) }
      let end = between(p)
      let gap = (1 + p) / 2
      put(p, end)
      put(gap, end)
      put(gap, color(0))
      put(1, color(0))
    case .head:
      let head = color(n - 1)
      put(0, head)
      put(0.5, head)
      put(0.5, between(0.5))
      for j in firstAbove..<n { put(Double(j) / last, color(j)) }
    case .full:
      for j in 0..<n { put(Double(j) / last, color(j)) }
    }
  }

  /// `array` with `count` elements, keeping its storage: cut, or filled up with `fill`.
  static func resize<T>(_ array: inout [T], to count: Int, with fill: T) {
    if array.count > count {
      array.removeLast(array.count - count)
    } else if array.count < count {
      array.append(contentsOf: repeatElement(fill, count: count - array.count))
    }
  }

  /// `array[k] = value`, out of line: inlined, the optimiser hoists the array's uniqueness
  /// check (a copy of storage shared with the model) out of the loops that call it, and the
  /// steady frames, whose stops do not move, would allocate.
  @inline(never)
  static func store(_ value: Double, at k: Int, in array: inout [Double]) {
    array[k] = value
  }

  /// The colour at `p` turns along an arc of `count` colours (the end cap's colour).
  static func color(at p: Double, count n: Int, color: (Int) -> RGBAColor) -> RGBAColor {
    guard p < 1 else { return color(n - 1) }
    let pos = max(p, 0) * Double(n - 1)
    let k = min(Int(pos), n - 2)
    return color(k).interpolated(to: color(k + 1), fraction: pos - Double(k))
  }
}
