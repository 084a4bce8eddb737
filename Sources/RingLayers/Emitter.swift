import Foundation
import RingGraphics

/// A particle emitter's values (`CAEmitterLayer`): where particles are born, how many, and
/// the cells that say what they are. Times are the emitter layer's local seconds; emission
/// starts at `start`.
///
/// What shows at a time is a pure function of these values and the time: particle `k` of a
/// cell (from 0) is born when the cell's running count of births passes `k`, and its random
/// choices come from `seed`, the cell's index and `k` alone, so a frame is the same however
/// it was reached (exported, played, or scrubbed to).
public struct Emitter: Hashable, Sendable {
  /// The kinds of particle drawn.
  public var cells: [EmitterCell] = []
  /// The centre of the emission shape, in the layer's points.
  public var position = Point.zero
  /// The emission shape's size, in points (a circle's radius is its width).
  public var size = Size.zero
  public var shape: EmitterShape = .point
  public var mode: EmitterMode = .volume
  public var renderMode: EmitterRenderMode = .unordered
  /// Multiplies every cell's birth rate until the first of `birthRateChanges`.
  public var birthRate = 1.0
  /// Later birth rates, in time order: each from its `time` on.
  public var birthRateChanges: [BirthRateChange] = []
  /// Multiply every cell's lifetime, velocity, scale and spin.
  public var lifetime = 1.0
  public var velocity = 1.0
  public var scale = 1.0
  public var spin = 1.0
  /// Chooses the random values: emitters with equal seeds draw alike.
  public var seed: UInt32 = 0
  /// When emission starts, in the layer's local seconds.
  public var start = 0.0
  /// When set, emission starts at this clock time instead (`start` is then where it falls
  /// on the layer's timeline as presented, or 0, its begin time, if that is later): a layer
  /// made at a time emits from then.
  public var startClockTime: MediaTime?

  public init() {}

  /// The birth rate from `time` (the layer's local seconds) on.
  public struct BirthRateChange: Hashable, Sendable {
    public var time: Double
    public var rate: Double
    public init(time: Double, rate: Double) {
      self.time = time
      self.rate = rate
    }
  }

  /// The most particles drawn at once: each cell's share of it (at most 5,000 a cell);
  /// beyond it a cell's oldest are not drawn, so that a rate from a bug cannot exhaust
  /// memory or time.
  public static let maximumParticles = 20_000

  /// The birth rate in effect at local time `t`.
  public func birthRate(at t: Double) -> Double { birthRateChanges.rate(at: t, else: birthRate) }

  /// Sets the birth rate from local time `t` on (from the start when `t` is not after
  /// `start`), dropping later changes.
  public mutating func setBirthRate(_ rate: Double, from t: Double) {
    birthRateChanges.set(rate, from: t, after: start, initial: &birthRate)
  }

  /// Calls `body` with each stretch of constant birth rate of `cell` from `start` on, in
  /// order: (from, to, particles a second), the last to infinity. Stops when `body` returns
  /// false.
  func forEachStretch(
    of cell: EmitterCell, _ body: (Double, Double, Double) -> Bool
  ) {
    var from = start
    var layerRate = birthRate(at: start)
    var cellRate = cell.birthRate(at: start)
    var i = birthRateChanges.firstIndex { $0.time > start } ?? birthRateChanges.count
    var j = cell.birthRateChanges.firstIndex { $0.time > start } ?? cell.birthRateChanges.count
    while true {
      let nextLayer = i < birthRateChanges.count ? birthRateChanges[i].time : .infinity
      let nextCell = j < cell.birthRateChanges.count ? cell.birthRateChanges[j].time : .infinity
      let to = min(nextLayer, nextCell)
      guard body(from, to, max(0, layerRate) * max(0, cellRate)), to < .infinity else { return }
      if nextLayer == to {
        layerRate = birthRateChanges[i].rate
        i += 1
      }
      if nextCell == to {
        cellRate = cell.birthRateChanges[j].rate
        j += 1
      }
      from = to
    }
  }

  /// Forgets the birth rates before local time `t` (after `start`): each cell keeps the
  /// count of its births by then, and emission goes on from `t` as it would have, so every
  /// particle born from `t` on is as before. A layer whose rate is set at every frame keeps
  /// a short history this way (forget what no particle alive needs: the time less the
  /// longest lifetime).
  public mutating func forgetBirthRates(before t: Double) {
    guard t > start, t.isFinite else { return }
    for i in cells.indices {
      cells[i].birthsBeforeStart = births(of: cells[i], until: t)
      cells[i].birthRate = cells[i].birthRate(at: t)
      cells[i].birthRateChanges.removeAll { $0.time <= t }
    }
    birthRate = birthRate(at: t)
    birthRateChanges.removeAll { $0.time <= t }
    start = t
    startClockTime = nil
  }

  /// The longest a particle of the enabled cells lives, in seconds (0 for none).
  public var longestLifetime: Double {
    cells.filter(\.isEnabled).map(longestLifetime(of:)).max() ?? 0
  }

  /// The longest a particle of `cell` lives, in seconds.
  func longestLifetime(of cell: EmitterCell) -> Double {
    (cell.lifetime + abs(cell.lifetimeRange)) * lifetime
  }

  /// How many of `cell`'s particles have been born by local time `t`: those before `start`
  /// and the integral of its birth rate times the layer's (negative rates count as none)
  /// from `start` to `t`.
  func births(of cell: EmitterCell, until t: Double) -> Double {
    guard t > start else { return cell.birthsBeforeStart }
    var total = cell.birthsBeforeStart
    forEachStretch(of: cell) { from, to, rate in
      total += rate * (min(to, t) - from)
      return to < t
    }
    return total
  }

  /// The local time at which `births(of:until:)` reaches `n` (the first, when it is flat
  /// there); `nil` when it never does.
  func time(of cell: EmitterCell, births n: Double) -> Double? {
    guard n > cell.birthsBeforeStart else { return start }
    var total = cell.birthsBeforeStart
    var found: Double?
    forEachStretch(of: cell) { from, to, rate in
      if rate > 0 && total + rate * (to - from) >= n {
        found = from + (n - total) / rate
        return false
      }
      total += rate * (to - from)
      return true
    }
    return found
  }

  /// Calls `body` with each particle alive at local time `t` (seconds), cell by cell in
  /// their order, oldest first in each.
  public func forEachParticle(at t: Double, _ body: (Particle) -> Void) {
    guard t.isFinite, t >= start else { return }
    let share = Double(min(5_000, max(1, Emitter.maximumParticles / max(1, cells.count))))
    for (index, cell) in cells.enumerated() where cell.isEnabled {
      let longest = longestLifetime(of: cell)
      guard longest > 0 else { continue }
      // Particle k is born as the count of births passes k: those below the count live.
      let newest = births(of: cell, until: t).rounded(.up) - 1
      let oldest = max(births(of: cell, until: t - longest).rounded(.up), newest - share + 1)
      guard newest >= oldest, newest < 1e15 else { continue }
      var k = oldest
      while k <= newest {
        if let born = time(of: cell, births: k), born <= t,
          let particle = particle(Int64(k), of: cell, index: index, born: born, at: t)
        {
          body(particle)
        }
        k += 1
      }
    }
  }

  /// Particle `k` of `cell` (the `index`th), born at `born`, as it is at `t`; `nil` when it
  /// has died by then.
  func particle(
    _ k: Int64, of cell: EmitterCell, index: Int, born: Double, at t: Double
  ) -> Particle? {
    var random = ParticleRandom(seed: seed, cell: index, particle: k)
    let age = t - born
    let life = (cell.lifetime + cell.lifetimeRange * random.signed()) * lifetime
    guard age < life else { return nil }
    let origin = random.origin(on: shape, mode: mode, size: size)
    let direction = random.direction(cell, lineShape: shape == .line)
    let speed = (cell.velocity + cell.velocityRange * random.signed()) * velocity
    let startScale = cell.scale + cell.scaleRange * random.signed()
    let turn = (cell.spin + cell.spinRange * random.signed()) * spin
    func channel(_ base: Double, _ range: Double, _ speed: Double) -> Double {
      let start = min(1, max(0, base + range * random.signed()))
      return min(1, max(0, start + speed * age))
    }
    let color = RGBAColor(
      unchecked: channel(cell.color.red, cell.redRange, cell.redSpeed),
      channel(cell.color.green, cell.greenRange, cell.greenSpeed),
      channel(cell.color.blue, cell.blueRange, cell.blueSpeed),
      channel(cell.color.alpha, cell.alphaRange, cell.alphaSpeed))
    let scale = max(0, startScale + cell.scaleSpeed * age) * self.scale
    let x =
      position.x + origin.x + speed * direction.x * age + 0.5 * cell.xAcceleration * age * age
    let y =
      position.y + origin.y + speed * direction.y * age + 0.5 * cell.yAcceleration * age * age
    // A value that is not a number (from a rate, speed or size that is not) draws nothing.
    guard x.isFinite, y.isFinite, scale.isFinite, (turn * age).isFinite else { return nil }
    return Particle(
      cell: index, born: born, position: Point(x: x, y: y), scale: scale, angle: turn * age,
      color: color)
  }
}

/// One particle as it is at a time.
public struct Particle: Hashable, Sendable {
  /// The index of its cell in the emitter's cells.
  public var cell: Int
  /// When it was born, in the emitter layer's local seconds.
  public var born: Double
  /// Its centre, in the emitter layer's points.
  public var position: Point
  /// Its size as a multiple of its image's.
  public var scale: Double
  /// Its rotation, in radians (clockwise on a y-down screen).
  public var angle: Double
  /// Multiplies its image's colours and alpha.
  public var color: RGBAColor
}

/// What one kind of particle is and how it moves (`CAEmitterCell`). Ranges spread a value
/// evenly either side of its mean; speeds are changes per second of a particle's age.
public struct EmitterCell: Hashable, Sendable {
  /// The image each particle shows; a cell without one draws nothing.
  public var contents: LayerContents?
  /// The image's pixels per point.
  public var contentsScale = 1.0
  public var isEnabled = true
  /// Particles born a second, times the emitter's birth rate, until the first of
  /// `birthRateChanges`.
  public var birthRate = 0.0
  /// Later birth rates, in time order (the layer's local seconds): each from its `time` on.
  public var birthRateChanges: [Emitter.BirthRateChange] = []
  /// Births counted before the emitter's `start` (see `Emitter.forgetBirthRates(before:)`).
  public var birthsBeforeStart = 0.0
  /// How long a particle lives, in seconds.
  public var lifetime = 0.0
  public var lifetimeRange = 0.0
  /// The emission direction's angle in the plane from the x axis, in radians (clockwise on
  /// a y-down screen); a line emits at its normal, upwards for 0.
  public var emissionLongitude = 0.0
  /// Tilts the emission direction out of the plane, in radians: its speed in the plane is
  /// its cosine's share.
  public var emissionLatitude = 0.0
  /// The half-angle of the cone about the emission direction, in radians: directions are
  /// spread evenly over the cone, in three dimensions, and flattened into the plane.
  public var emissionRange = 0.0
  /// Initial speed, in points a second.
  public var velocity = 0.0
  public var velocityRange = 0.0
  /// Acceleration, in points a second squared.
  public var xAcceleration = 0.0
  public var yAcceleration = 0.0
  public var scale = 1.0
  public var scaleRange = 0.0
  public var scaleSpeed = 0.0
  /// Turning speed, in radians a second.
  public var spin = 0.0
  public var spinRange = 0.0
  public var color = RGBAColor.white
  public var redRange = 0.0, greenRange = 0.0, blueRange = 0.0, alphaRange = 0.0
  public var redSpeed = 0.0, greenSpeed = 0.0, blueSpeed = 0.0, alphaSpeed = 0.0

  public init() {}

  /// The birth rate in effect at local time `t`.
  public func birthRate(at t: Double) -> Double { birthRateChanges.rate(at: t, else: birthRate) }

  /// Sets the birth rate from local time `t` on (from the start when `t` is not after
  /// `start`), dropping later changes.
  public mutating func setBirthRate(_ rate: Double, from t: Double, start: Double) {
    birthRateChanges.set(rate, from: t, after: start, initial: &birthRate)
  }
}

extension [Emitter.BirthRateChange] {
  /// The rate in effect at `t`: the last change's at or before it, else `initial`.
  func rate(at t: Double, else initial: Double) -> Double {
    var rate = initial
    for change in self where change.time <= t { rate = change.rate }
    return rate
  }

  /// Makes `rate` the rate from `t` on, dropping later changes; when `t` is not after
  /// `start`, the rate throughout (`initial`, with no changes).
  mutating func set(_ rate: Double, from t: Double, after start: Double, initial: inout Double) {
    guard t > start else {
      initial = rate
      removeAll()
      return
    }
    removeAll { $0.time >= t }
    append(Emitter.BirthRateChange(time: t, rate: rate))
  }
}

/// Where particles are born (`CAEmitterLayerEmitterShape`); depth is flattened, so a cuboid
/// emits as its rectangle and a sphere as its circle.
public enum EmitterShape: String, Hashable, Sendable, CaseIterable {
  case point, line, rectangle, cuboid, circle, sphere
}

/// Which part of the shape emits (`CAEmitterLayerEmitterMode`): its corners or ends
/// (`points`), its edge (`outline`), or all of it (`surface`, `volume`).
public enum EmitterMode: String, Hashable, Sendable, CaseIterable {
  case points, outline, surface, volume
}

/// The order particles are drawn in (`CAEmitterLayerRenderMode`): cell by cell
/// (`unordered`, `backToFront`: depth is flattened), by age across cells, or added
/// (`additive`, plus-lighter).
public enum EmitterRenderMode: String, Hashable, Sendable, CaseIterable {
  case unordered, oldestFirst, oldestLast, backToFront, additive
}

/// A particle's random choices: a SplitMix64 stream keyed by the emitter's seed, the cell
/// and the particle, so each particle's values depend on nothing else.
struct ParticleRandom {
  private var state: UInt64

  init(seed: UInt32, cell: Int, particle: Int64) {
    state =
      UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: cell) << 48
      ^ UInt64(bitPattern: particle)
    _ = next()
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in [0, 1).
  mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// Uniform in [-1, 1).
  mutating func signed() -> Double { 2 * unit() - 1 }

  /// A point of the shape's emitting part, relative to its centre.
  mutating func origin(on shape: EmitterShape, mode: EmitterMode, size: Size) -> Point {
    let (u, v) = (unit(), unit())
    let (w, h) = (size.width, size.height)
    switch shape {
    case .point:
      return .zero
    case .line:
      if mode == .points { return Point(x: u < 0.5 ? -w / 2 : w / 2, y: 0) }
      return Point(x: w * (u - 0.5), y: 0)
    case .rectangle, .cuboid:
      switch mode {
      case .points:
        return Point(x: u < 0.5 ? -w / 2 : w / 2, y: v < 0.5 ? -h / 2 : h / 2)
      case .outline:
        // Evenly along the perimeter.
        let perimeter = 2 * (abs(w) + abs(h))
        guard perimeter > 0 else { return .zero }
        var d = u * perimeter
        if d < abs(w) { return Point(x: d - w / 2, y: -h / 2) }
        d -= abs(w)
        if d < abs(h) { return Point(x: w / 2, y: d - h / 2) }
        d -= abs(h)
        if d < abs(w) { return Point(x: w / 2 - d, y: h / 2) }
        return Point(x: -w / 2, y: h / 2 - (d - abs(w)))
      case .surface, .volume:
        return Point(x: w * (u - 0.5), y: h * (v - 0.5))
      }
    case .circle, .sphere:
      let angle = 2 * Double.pi * u
      let radius =
        switch mode {
        case .points: 0.0
        case .outline: w
        case .surface, .volume: w * v.squareRoot()
        }
      return Point(x: radius * cos(angle), y: radius * sin(angle))
    }
  }

  /// A direction spread evenly over the cell's emission cone, flattened into the plane.
  mutating func direction(_ cell: EmitterCell, lineShape: Bool) -> Point {
    let (u, v) = (unit(), unit())
    let (lon, lat) = (cell.emissionLongitude, cell.emissionLatitude)
    // The cone's axis: in the plane at the longitude (a line's normal for a line), tilted
    // out of it by the latitude.
    var axis = (x: cos(lon) * cos(lat), y: sin(lon) * cos(lat), z: sin(lat))
    if lineShape { axis = (x: sin(lon) * cos(lat), y: -cos(lon) * cos(lat), z: axis.z) }
    let range = min(abs(cell.emissionRange), Double.pi)
    guard range > 0 else { return Point(x: axis.x, y: axis.y) }
    // Evenly over the spherical cap: cos(theta) uniform in [cos(range), 1].
    let cosTheta = 1 - u * (1 - cos(range))
    let sinTheta = (max(0, 1 - cosTheta * cosTheta)).squareRoot()
    let psi = 2 * Double.pi * v
    // Two unit vectors perpendicular to the axis.
    let helper = abs(axis.z) < 0.9 ? (x: 0.0, y: 0.0, z: 1.0) : (x: 1.0, y: 0.0, z: 0.0)
    var e1 = (
      x: helper.y * axis.z - helper.z * axis.y, y: helper.z * axis.x - helper.x * axis.z,
      z: helper.x * axis.y - helper.y * axis.x
    )
    let n1 = (e1.x * e1.x + e1.y * e1.y + e1.z * e1.z).squareRoot()
    e1 = (e1.x / n1, e1.y / n1, e1.z / n1)
    let e2 = (
      x: axis.y * e1.z - axis.z * e1.y, y: axis.z * e1.x - axis.x * e1.z,
      z: axis.x * e1.y - axis.y * e1.x
    )
    let (c, s) = (cos(psi) * sinTheta, sin(psi) * sinTheta)
    return Point(
      x: axis.x * cosTheta + e1.x * c + e2.x * s, y: axis.y * cosTheta + e1.y * c + e2.y * s)
  }
}
