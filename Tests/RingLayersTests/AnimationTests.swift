import RingGraphics
import Testing

@testable import RingLayers

@Suite struct AnimationTests {
  func opacityAnimation(_ configure: (inout BasicAnimation) -> Void) throws -> Layer {
    let layer = Layer()
    layer.opacity = 1
    var a = BasicAnimation(keyPath: "opacity")
    a.fromValue = .number(0)
    a.toValue = .number(0.5)
    a.beginTime = 1
    a.duration = 2
    configure(&a)
    try layer.add(a, forKey: "fade")
    return layer
  }

  func opacity(_ layer: Layer, _ t: Double) -> Double {
    guard case .number(let v) = layer.presentationValue(forKeyPath: "opacity", at: t) else {
      return .nan
    }
    return v
  }

  @Test(arguments: [
    (FillMode.removed, 1.0, 1.0), (.forwards, 1.0, 0.5), (.backwards, 0.0, 1.0), (.both, 0.0, 0.5),
  ])
  func fillModesDecideBeforeAndAfter(mode: FillMode, before: Double, after: Double) throws {
    let layer = try opacityAnimation { $0.fillMode = mode }
    #expect(opacity(layer, 0.5) == before, "\(mode) before the animation")
    #expect(opacity(layer, 2) == 0.25, "\(mode) halfway")
    #expect(opacity(layer, 5) == after, "\(mode) after the animation")
  }

  @Test func repeatAndAutoreverse() throws {
    let layer = try opacityAnimation {
      $0.repeatCount = 2
      $0.autoreverses = true
      $0.fillMode = .forwards
    }
    // Each iteration: 2 s forwards then 2 s back; two iterations from t = 1 to t = 9.
    #expect(opacity(layer, 2) == 0.25, "first half forwards")
    #expect(opacity(layer, 4) == 0.25, "coming back")
    #expect(opacity(layer, 5.5) == 0.125, "second iteration")
    #expect(opacity(layer, 10) == 0, "autoreversed animation ends at its start value")
  }

  @Test func speedAndTimingFunction() throws {
    let layer = try opacityAnimation {
      $0.speed = 2
      $0.timingFunction = .easeIn
    }
    let expected = 0.5 * TimingFunction.easeIn.progress(at: 0.5)
    #expect(abs(opacity(layer, 1.5) - expected) < 1e-12, "speed 2 reaches half way at 0.5 s")
    #expect(opacity(layer, 2.5) == 1, "done after 1 s at speed 2")
  }

  @Test func infiniteRepeat() throws {
    let layer = try opacityAnimation { $0.repeatCount = .infinity }
    #expect(opacity(layer, 1 + 2 * 1_000_000 + 1) == 0.25, "a million iterations later")
  }

  @Test func colorArraysInterpolateElementByElement() throws {
    let layer = GradientLayer()
    layer.colors = [.black, .white]
    var a = BasicAnimation(keyPath: "colors")
    a.fromValue = .colors([.black, .white])
    a.toValue = .colors([.white, .black])
    a.duration = 1
    try layer.add(a, forKey: "c")
    let v = layer.presentationValue(forKeyPath: "colors", at: 0.25)
    #expect(
      v
        == .colors([
          .black.interpolated(to: .white, fraction: 0.25),
          .white.interpolated(to: .black, fraction: 0.25),
        ]), "quarter way")
  }

  @Test func badAnimationsAreRefused() {
    let layer = ShapeLayer()
    var unknown = BasicAnimation(keyPath: "cornerRadius")
    unknown.toValue = .number(1)
    #expect(throws: RingError.self, "unknown key path") { try layer.add(unknown, forKey: nil) }
    var mismatched = BasicAnimation(keyPath: "strokeEnd")
    mismatched.toValue = .color(.black)
    #expect(throws: RingError.self, "colour for a number") {
      try layer.add(mismatched, forKey: nil)
    }
    var negative = BasicAnimation(keyPath: "strokeEnd")
    negative.duration = -1
    #expect(throws: RingError.self, "negative duration") {
      try layer.add(negative, forKey: nil)
    }
    var nanSpeed = BasicAnimation(keyPath: "strokeEnd")
    nanSpeed.speed = .nan
    #expect(throws: RingError.self, "NaN speed") { try layer.add(nanSpeed, forKey: nil) }
  }
}

final class StopRecorder: AnimationDelegate {
  var stops: [(String, Bool, Double)] = []
  let clock: () -> Double
  init(clock: @escaping () -> Double) { self.clock = clock }
  func animationDidStop(_ animation: BasicAnimation, finished: Bool) {
    stops.append((animation.keyPath, finished, clock()))
  }
}

@Suite struct AnimationClockTests {
  @Test func stopsFireInTimeOrderAtTheirEndTimes() throws {
    let root = Layer()
    let child = ShapeLayer()
    root.addSublayer(child)
    var clockRef: AnimationClock?
    let recorder = StopRecorder { clockRef?.time ?? -1 }
    let clock = AnimationClock(root: root)
    clockRef = clock
    var a = BasicAnimation(keyPath: "strokeEnd")
    a.duration = 0.3
    a.delegate = recorder
    var b = BasicAnimation(keyPath: "opacity")
    b.duration = 0.2
    b.delegate = recorder
    try child.add(a, forKey: "a")
    try root.add(b, forKey: "b")
    clock.advance(to: 1)
    #expect(recorder.stops.map(\.0) == ["opacity", "strokeEnd"], "earlier end first")
    #expect(recorder.stops.map(\.2) == [0.2, 0.3], "callbacks run at each end time")
    #expect(root.animationKeys.isEmpty && child.animationKeys.isEmpty, "removed on completion")
  }

  @Test func chainedAnimationsHaveNoGap() throws {
    let layer = Layer()
    let clock = AnimationClock(root: layer)
    var begins: [Double] = []
    final class Chain: AnimationDelegate {
      let layer: Layer
      let clock: AnimationClock
      var onStart: (Double) -> Void = { _ in }
      init(layer: Layer, clock: AnimationClock) {
        self.layer = layer
        self.clock = clock
      }
      func next() {
        onStart(clock.time)
        var a = BasicAnimation(keyPath: "opacity")
        a.duration = 0.1
        a.delegate = self
        try! layer.add(a, forKey: "step")
      }
      func animationDidStop(_ animation: BasicAnimation, finished: Bool) { next() }
    }
    let chain = Chain(layer: layer, clock: clock)
    chain.onStart = { begins.append($0) }
    chain.next()
    clock.advance(to: 100.05)
    #expect(begins.count == 1001, "one step every 0.1 s: \(begins.count)")
    #expect(begins.last == 100, "the last step starts at exactly 100 s: \(begins.last ?? -1)")
  }

  @Test func replacingAnimationStopsTheOldOneUnfinished() throws {
    let layer = Layer()
    let recorder = StopRecorder { 0 }
    var a = BasicAnimation(keyPath: "opacity")
    a.delegate = recorder
    try layer.add(a, forKey: "k")
    try layer.add(BasicAnimation(keyPath: "opacity"), forKey: "k")
    #expect(recorder.stops.count == 1 && recorder.stops[0].1 == false, "replaced: finished false")
  }

  @Test func delegateIsHeldWeakly() throws {
    let layer = Layer()
    weak var weakRecorder: StopRecorder?
    do {
      let recorder = StopRecorder { 0 }
      weakRecorder = recorder
      var a = BasicAnimation(keyPath: "opacity")
      a.delegate = recorder
      a.repeatCount = .infinity
      try layer.add(a, forKey: "forever")
    }
    #expect(weakRecorder == nil, "the layer's animation must not keep its delegate alive")
  }
}
