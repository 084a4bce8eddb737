import Foundation
import RingLayers
import Testing

@testable import UIKit

/// `CAEmitterLayer` and `CAEmitterCell` as particle code uses them: emission from when the
/// layer is made (or its `beginTime`), a birth rate set to zero that lets the living live
/// out (the layer's, or a cell's through `emitterCells.<name>.birthRate`), cells whose values
/// the layer takes when they are given to it, and the constants of both spellings.
@MainActor @Suite(.serialized) struct EmitterLayerTests {
  static func spark(_ name: String = "spark") -> CAEmitterCell {
    let cell = CAEmitterCell()
    cell.name = name
    cell.birthRate = 10
    cell.lifetime = 2
    cell.velocity = 50
    cell.emissionRange = .pi
    cell.contents =
      UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { context in
        UIColor.white.setFill()
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
      }.cgImage
    return cell
  }

  /// The particles presented at `t` seconds: their birth times, oldest first (and each one
  /// presented as a particle node).
  static func births(_ layer: CALayer, at t: Double) -> [Double] {
    var e = layer.backing.properties.emitter
    e.start = layer.backing.emissionStart(of: e)
    var births: [Double] = []
    e.forEachParticle(at: Double(layer.backing.localTime(at: .seconds(t))) / 1e9) {
      births.append($0.born)
    }
    let shown = layer.backing.presentation(at: .seconds(t)).nodes.filter { $0.kind == .particle }
    #expect(shown.count == births.count, "every live particle is presented")
    return births
  }

  @Test func emissionStartsWhenTheLayerIsMade() {
    let holder = CALayer()
    let tree = showInKeyWindow(holder)
    tree.advance(to: .seconds(2))
    let emitter = CAEmitterLayer()
    emitter.emitterCells = [Self.spark()]
    holder.addSublayer(emitter)
    let births = Self.births(emitter, at: 2.55)
    #expect(births.count == 6)  // at 2.0, 2.1 ... 2.5
    #expect(abs(births[0] - 2) < 1e-9)
  }

  /// The common fix for a layer made early and shown later: its `beginTime` set to now
  /// starts its timeline, and so its emission, then.
  @Test func aBeginTimeOfNowStartsEmissionNow() {
    let holder = CALayer()
    let tree = showInKeyWindow(holder)
    let emitter = CAEmitterLayer()
    emitter.emitterCells = [Self.spark()]
    tree.advance(to: .seconds(3))
    emitter.beginTime = CACurrentMediaTime()
    holder.addSublayer(emitter)
    #expect(Self.births(emitter, at: 3.25).count == 3)
    #expect(Self.births(emitter, at: 2.9).isEmpty)
  }

  /// `birthRate = 0` on a shown layer, or a cell's rate set to zero through the layer's key
  /// path, stops births then; particles alive live out their lifetimes.
  @Test(arguments: ["layer", "cell"])
  func stoppingLetsTheLivingLiveOut(how: String) {
    let holder = CALayer()
    let tree = showInKeyWindow(holder)
    let emitter = CAEmitterLayer()
    emitter.emitterCells = [Self.spark()]
    holder.addSublayer(emitter)
    tree.advance(to: .seconds(1))
    if how == "layer" {
      emitter.birthRate = 0
      #expect(emitter.birthRate == 0)
    } else {
      emitter.setValue(0, forKeyPath: "emitterCells.spark.birthRate")
      #expect((emitter.value(forKeyPath: "emitterCells.spark.birthRate") as? NSNumber) == 0)
    }
    let births = Self.births(emitter, at: 1.5)
    #expect(births.count == 10 && births.allSatisfy { $0 < 1 })
    #expect(Self.births(emitter, at: 3.1).isEmpty)
    #expect(Self.births(emitter, at: 0.55).count == 6, "the past is as it was")
  }

  /// A cell changed after it is given to a layer changes nothing until it is given again,
  /// as on iOS (the layer copies its cells).
  @Test func theLayerTakesItsCellsValuesWhenGiven() {
    let emitter = CAEmitterLayer()
    let cell = Self.spark()
    emitter.emitterCells = [cell]
    cell.birthRate = 20
    #expect(emitter.backing.properties.emitter.cells[0].birthRate == 10)
    emitter.emitterCells = emitter.emitterCells
    #expect(emitter.backing.properties.emitter.cells[0].birthRate == 20)
  }

  @Test func constantsOfBothSpellings() {
    let emitter = CAEmitterLayer()
    emitter.emitterShape = kCAEmitterLayerLine
    emitter.emitterMode = kCAEmitterLayerOutline
    emitter.renderMode = kCAEmitterLayerAdditive
    #expect(emitter.emitterShape == .line && emitter.emitterMode == .outline)
    #expect(emitter.backing.properties.emitter.shape == .line)
    #expect(emitter.backing.properties.emitter.mode == .outline)
    #expect(emitter.backing.properties.emitter.renderMode == .additive)
    emitter.emitterShape = .circle
    #expect(emitter.backing.properties.emitter.shape == .circle)
    #expect(CAEmitterCell.emitterCell().scale == 1)
  }

  /// A rate set at every frame (a display link following a sound's level) keeps a short
  /// history: what no particle alive needs is forgotten, and the particles are as they
  /// would have been.
  @Test(arguments: ["layer", "cell"])
  func ratesSetAtEveryFrameAreForgottenOnceNoParticleNeedsThem(how: String) {
    let holder = CALayer()
    let tree = showInKeyWindow(holder)
    let emitter = CAEmitterLayer()
    emitter.emitterCells = [Self.spark()]
    holder.addSublayer(emitter)
    var frame = 0
    func step(_ rate: Float) {
      frame += 1
      tree.advance(to: .seconds(Double(frame) / 60))
      if how == "layer" {
        emitter.birthRate = rate
      } else {
        emitter.setValue(rate * 10, forKeyPath: "emitterCells.spark.birthRate")
      }
    }
    for _ in 0..<600 { step(frame % 2 == 0 ? 1 : 2) }
    let e = emitter.backing.properties.emitter
    let kept = e.birthRateChanges.count + e.cells[0].birthRateChanges.count
    #expect(kept <= 2 * 60 + 2, "about the last lifetime's worth (2 s), not all 600")
    // Births alternate 10 and 20 a second: 15 a second on average over the last 2 s.
    let alive = Self.births(emitter, at: 10)
    #expect(abs(alive.count - 30) <= 1)
    #expect(emitter.birthRate == (how == "layer" ? 2 : 1))
  }

  @Test func keyValueCodingTakesBoxedPointsAndRefusesWhatIsNotCells() {
    let emitter = CAEmitterLayer()
    emitter.setValue(NSValue(cgPoint: CGPoint(x: 3, y: 4)), forKeyPath: "emitterPosition")
    #expect(emitter.emitterPosition == CGPoint(x: 3, y: 4))
    emitter.emitterCells = [Self.spark()]
    emitter.setValue(5, forKeyPath: "emitterCells")
    #expect(emitter.emitterCells?.count == 1)
    let timing: CAMediaTiming = CAEmitterCell()
    #expect(timing.speed == 1)
  }
}
