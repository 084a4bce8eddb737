import Foundation
import RingGraphics
import Testing

@testable import RingLayers

/// Particle emitters (`CAEmitterLayer`), checked against what Core Animation documents:
/// births at the cell's rate times the layer's, lifetimes, motion under constant
/// acceleration, the emission cone, colours that change at their speeds, a birth rate set
/// to zero that lets the living live out, and a frame that depends on its time alone.
@Suite struct EmitterTests {
  /// A 4 x 4 opaque white image.
  static let dot: LayerContents = {
    var p = try! Pixmap(width: 4, height: 4)
    p.withUnsafeMutablePixels { px in for i in px.indices { px[i] = 0xFFFF_FFFF } }
    return LayerContents(image: p)
  }()

  static func cell(
    rate: Double = 10, lifetime: Double = 2, velocity: Double = 0
  ) -> EmitterCell {
    var c = EmitterCell()
    c.contents = dot
    c.birthRate = rate
    c.lifetime = lifetime
    c.velocity = velocity
    return c
  }

  static func particles(_ e: Emitter, at t: Double) -> [Particle] {
    var out: [Particle] = []
    e.forEachParticle(at: t) { out.append($0) }
    return out
  }

  /// How many live: one born at the start and each 1/rate after, each living `lifetime`
  /// (the cell's times the layer's), the cell's rate times the layer's.
  @Test(arguments: [
    (10.0, 2.0, 1.0, 1.0, 0.55), (10, 2, 1, 1, 5), (3, 1.5, 2, 1, 4), (4, 2, 1, 0.5, 3),
    (60, 0.5, 1, 1, 7.25),
  ])
  func particlesAreBornAtTheRateAndLiveTheirLifetime(
    rate: Double, lifetime: Double, layerRate: Double, layerLifetime: Double, t: Double
  ) {
    var e = Emitter()
    e.cells = [Self.cell(rate: rate, lifetime: lifetime)]
    e.birthRate = layerRate
    e.lifetime = layerLifetime
    let r = rate * layerRate
    let life = lifetime * layerLifetime
    // Births at k / r for k = 0, 1, ... while k is below the count (t r); alive while the
    // age is under the life.
    let expected = (0..<Int((t * r).rounded(.up))).filter { t - Double($0) / r < life }.count
    let found = Self.particles(e, at: t)
    #expect(found.count == expected)
    #expect(found.allSatisfy { t - $0.born < life && $0.born <= t })
  }

  /// Without ranges, a particle is where the documented motion puts it: the emitter's
  /// position plus velocity along the emission direction times the age, plus half the
  /// acceleration times the age squared; a line emits along its normal (upwards at a
  /// longitude of 0, downwards at pi), a point along the longitude from the x axis.
  @Test(arguments: [
    (EmitterShape.point, 0.0, 1.0, 0.0), (.point, -Double.pi / 2, 0, -1), (.point, .pi / 2, 0, 1),
    (.line, 0, 0, -1), (.line, .pi, 0, 1), (.line, .pi / 2, 1, 0), (.circle, .pi, -1, 0),
  ])
  func aParticleMovesAsTheDocumentedMotionSays(
    shape: EmitterShape, longitude: Double, dx: Double, dy: Double
  ) throws {
    var e = Emitter()
    var c = Self.cell(rate: 1, lifetime: 10, velocity: 50)
    c.emissionLongitude = longitude
    c.xAcceleration = 4
    c.yAcceleration = 30
    e.cells = [c]
    e.position = Point(x: 100, y: 80)
    e.shape = shape
    e.mode = .points
    for t in [0.25, 0.5, 1.75] {
      let p = try #require(Self.particles(e, at: t).first)
      #expect(p.born == 0)
      let x = 100 + 50 * dx * t + 0.5 * 4 * t * t
      let y = 80 + 50 * dy * t + 0.5 * 30 * t * t
      #expect(abs(p.position.x - x) < 1e-9 && abs(p.position.y - y) < 1e-9, "at \(t) s: \(p)")
    }
  }

  /// A particle's in-plane direction is never further from the emission direction than the
  /// cone's half-angle, and over many particles the cone is filled (some near its edge).
  @Test(arguments: [0.1, Double.pi / 4, 1.2, Double.pi])
  func directionsStayInTheEmissionCone(range: Double) {
    var e = Emitter()
    var c = Self.cell(rate: 400, lifetime: 2, velocity: 100)
    c.emissionLongitude = 0.3
    c.emissionRange = range
    e.cells = [c]
    var widest = 0.0
    for p in Self.particles(e, at: 1) where 1 - p.born > 0.01 {
      let angle = atan2(p.position.y, p.position.x)
      var off = abs(angle - 0.3)
      if off > .pi { off = 2 * .pi - off }
      #expect(off <= range + 1e-9)
      widest = max(widest, off)
    }
    #expect(widest > range * 0.8)
  }

  /// Colours start within their ranges and change at their speeds, clamped to [0, 1]; the
  /// scale grows at its speed and the spin turns at its rate.
  @Test func coloursScaleAndSpinChangeAtTheirSpeeds() throws {
    var e = Emitter()
    var c = Self.cell(rate: 1, lifetime: 10)
    c.color = RGBAColor(unchecked: 0.5, 0.2, 1, 1)
    c.redSpeed = 0.1
    c.greenSpeed = -0.5
    c.alphaSpeed = -0.2
    c.scale = 2
    c.scaleSpeed = -0.5
    c.spin = 1.5
    e.cells = [c]
    e.scale = 0.5
    e.spin = 2
    let p = try #require(Self.particles(e, at: 3).first { $0.born == 0 })
    #expect(abs(p.color.red - 0.8) < 1e-12)
    #expect(p.color.green == 0)
    #expect(p.color.blue == 1)
    #expect(abs(p.color.alpha - 0.4) < 1e-12)
    #expect(abs(p.scale - (2 - 1.5) * 0.5) < 1e-12)
    #expect(abs(p.angle - 1.5 * 2 * 3) < 1e-12)
  }

  /// Ranges spread values evenly either side of the mean: never beyond it, and both sides
  /// reached.
  @Test func rangesSpreadEitherSideOfTheMean() {
    var e = Emitter()
    var c = Self.cell(rate: 200, lifetime: 5)
    c.scale = 1
    c.scaleRange = 0.25
    c.color = RGBAColor(unchecked: 0.5, 0.5, 0.5, 1)
    c.redRange = 0.2
    e.cells = [c]
    let ps = Self.particles(e, at: 2)
    let scales = ps.map(\.scale)
    let reds = ps.map(\.color.red)
    #expect(scales.min()! >= 0.75 && scales.max()! <= 1.25)
    #expect(scales.min()! < 0.8 && scales.max()! > 1.2)
    #expect(reds.min()! >= 0.3 && reds.max()! <= 0.7)
    #expect(reds.min()! < 0.35 && reds.max()! > 0.65)
  }

  /// Setting the birth rate to zero (the layer's, or the cell's) stops births from that
  /// moment; those alive live out their lives, and the frame before the change is as it was.
  @Test(arguments: [false, true])
  func aBirthRateOfZeroLetsTheLivingLiveOut(cellRate: Bool) {
    var e = Emitter()
    e.cells = [Self.cell(rate: 10, lifetime: 2)]
    let unchanged = e
    func set(_ rate: Double, from t: Double) {
      if cellRate {
        e.cells[0].setBirthRate(rate * 10, from: t, start: e.start)
      } else {
        e.setBirthRate(rate, from: t)
      }
    }
    set(0, from: 1)
    #expect(Self.particles(e, at: 0.95) == Self.particles(unchanged, at: 0.95))
    #expect(Self.particles(unchanged, at: 1.5).count == 15)
    // Born at 0, 0.1, ... 0.9 (the tenth birth at 1 s is the count reaching 10, when it
    // stops), all alive at 1.5 s; none left once the last is 2 s old.
    let after = Self.particles(e, at: 1.5)
    #expect(after.count == 10)
    #expect(after.allSatisfy { $0.born < 1 })
    #expect(Self.particles(e, at: 3.01).isEmpty)
    // Again from 2 s: the count of births goes on where it stopped.
    set(1, from: 2)
    let resumed = Self.particles(e, at: 2.25).filter { $0.born >= 2 }.map(\.born)
    #expect(resumed.count == 2 && abs(resumed[0] - 2.1) < 1e-9 && abs(resumed[1] - 2.2) < 1e-9)
  }

  /// A frame depends on its time and the seed alone: the same at any time reached from any
  /// other, the same for equal seeds, different for different ones.
  @Test func aFrameDependsOnItsTimeAndSeedAlone() {
    var e = Emitter()
    var c = Self.cell(rate: 30, lifetime: 3, velocity: 80)
    c.velocityRange = 40
    c.emissionRange = .pi
    c.spinRange = 2
    e.cells = [c, c]
    e.shape = .rectangle
    e.size = Size(width: 100, height: 40)
    let a = Self.particles(e, at: 2.5)
    _ = Self.particles(e, at: 7)
    #expect(Self.particles(e, at: 2.5) == a)
    var other = e
    other.seed = 7
    #expect(Self.particles(other, at: 2.5) != a)
    // The two equal cells differ by their index.
    let first = a.filter { $0.cell == 0 }.map(\.position)
    let second = a.filter { $0.cell == 1 }.map(\.position)
    #expect(first.count == second.count && first != second)
  }

  /// Emission shapes: a rectangle's surface fills it, its outline keeps to the edges, a
  /// circle's outline is at its radius (the size's width), a line stays on its line.
  @Test(arguments: [
    (EmitterShape.rectangle, EmitterMode.surface), (.rectangle, .outline), (.circle, .outline),
    (.circle, .surface), (.line, .outline), (.point, .volume),
  ])
  func particlesAreBornOnTheShape(shape: EmitterShape, mode: EmitterMode) {
    var e = Emitter()
    e.cells = [Self.cell(rate: 100, lifetime: 1)]
    e.position = Point(x: 50, y: 40)
    e.size = Size(width: 30, height: 20)
    e.shape = shape
    e.mode = mode
    let ps = Self.particles(e, at: 0.9)
    #expect(ps.count >= 90)
    for p in ps {
      let (x, y) = (p.position.x - 50, p.position.y - 40)
      switch (shape, mode) {
      case (.rectangle, .surface): #expect(abs(x) <= 15 && abs(y) <= 10)
      case (.rectangle, _):
        #expect(abs(abs(x) - 15) < 1e-9 || abs(abs(y) - 10) < 1e-9)
        #expect(abs(x) <= 15 + 1e-9 && abs(y) <= 10 + 1e-9)
      case (.circle, .outline): #expect(abs((x * x + y * y).squareRoot() - 30) < 1e-9)
      case (.circle, _): #expect((x * x + y * y).squareRoot() <= 30 + 1e-9)
      case (.line, _): #expect(y == 0 && abs(x) <= 15)
      default: #expect(x == 0 && y == 0)
      }
    }
  }

  /// Drawn: each particle is its image about its position, multiplied by its colour; an
  /// additive emitter adds overlapping particles, a normal one draws them over each other.
  @Test(arguments: [EmitterRenderMode.unordered, .additive])
  func particlesDrawTheirImageTintedAndAddedWhenAdditive(mode: EmitterRenderMode) throws {
    let layer = EmitterLayer()
    layer.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
    layer.position = Point(x: 10, y: 10)
    var c = Self.cell(rate: 2, lifetime: 10)
    c.color = RGBAColor(unchecked: 1, 0.5, 0, 0.5)
    layer.emitter.cells = [c]
    layer.emitter.position = Point(x: 10, y: 10)
    layer.emitter.renderMode = mode
    var one = try Pixmap(width: 20, height: 20)
    LayerRenderer().render(layer, at: .seconds(0.25), scale: 1, into: &one)
    var two = try Pixmap(width: 20, height: 20)
    LayerRenderer().render(layer, at: .seconds(0.75), scale: 1, into: &two)
    // One particle: (1, 0.5, 0) at half alpha, premultiplied, over the 4 x 4 square.
    let p = one.pixel(x: 10, y: 10)
    #expect(p.alpha == 128 && p.red == 128 && p.green == 64 && p.blue == 0, "\(p)")
    #expect(one.pixel(x: 12, y: 12).alpha == 0 && one.pixel(x: 8, y: 8).alpha == 128)
    // Two on one spot: added (alpha 255) or one over the other (alpha 192).
    #expect(two.pixel(x: 10, y: 10).alpha == (mode == .additive ? 255 : 192))
  }
}

/// Values a program gets wrong: a particle with a position, size or turn that is not a
/// number is not drawn, rates beyond reason are capped, and the frame still renders.
@Suite struct EmitterLimitTests {
  @Test(arguments: [
    "velocity nan", "velocity inf", "rate huge", "lifetime inf", "scale negative",
    "lifetime negative", "acceleration nan", "spin inf", "cells many", "rate zero",
    "rate nan", "layer rate zero",
  ])
  func badValuesDrawNothingOrLittleAndNeverCrash(_ name: String) throws {
    let layer = EmitterLayer()
    layer.bounds = Rect(x: 0, y: 0, width: 64, height: 64)
    layer.position = Point(x: 32, y: 32)
    var c = EmitterTests.cell(rate: 50, lifetime: 2, velocity: 10)
    c.emissionRange = .pi
    var count = 1
    switch name {
    case "velocity nan": c.velocity = .nan
    case "velocity inf": c.velocity = .infinity
    case "rate huge": c.birthRate = 1e12
    case "lifetime inf": c.lifetime = .infinity
    case "scale negative": c.scale = -5
    case "lifetime negative": c.lifetime = -1
    case "acceleration nan": c.yAcceleration = .nan
    case "spin inf": c.spin = .infinity
    case "rate zero": c.birthRate = 0
    case "rate nan": c.birthRate = .nan
    case "layer rate zero": layer.emitter.birthRate = 0
    default: count = 100
    }
    layer.emitter.cells = Array(repeating: c, count: count)
    layer.emitter.position = Point(x: 32, y: 32)
    var n = 0
    layer.emitter.forEachParticle(at: 1.5) { p in
      n += 1
      #expect(p.position.x.isFinite && p.position.y.isFinite && p.scale.isFinite)
    }
    #expect(n <= Emitter.maximumParticles)
    switch name {
    case "velocity nan", "velocity inf", "acceleration nan", "spin inf", "lifetime negative",
      "rate zero", "rate nan", "layer rate zero":
      #expect(n == 0)
    case "rate huge": #expect(n == 5_000)
    case "cells many": #expect(n == 100 * 75)
    default: #expect(n == 75)
    }
    var p = try Pixmap(width: 64, height: 64)
    LayerRenderer().render(layer, at: .seconds(1.5), scale: 1, into: &p)
  }

  /// Nesting multiplies counts: an emitter of 5,000 particles in two replicators of 1,024
  /// instances each would present ten billion nodes; a presentation stops at its maximum.
  @Test func nestingCannotMultiplyPastThePresentationsMaximum() {
    let emitter = EmitterLayer()
    emitter.emitter.cells = [EmitterTests.cell(rate: 5_000, lifetime: 1)]
    let inner = ReplicatorLayer()
    inner.instanceCount = 1_024
    inner.addSublayer(emitter)
    let outer = ReplicatorLayer()
    outer.instanceCount = 1_024
    outer.addSublayer(inner)
    let nodes = outer.presentation(at: .seconds(2)).nodes
    #expect(nodes.count <= Layer.maximumPresentedNodes + 2)
    #expect(nodes.count >= Layer.maximumPresentedNodes - 5_000)
  }
}
