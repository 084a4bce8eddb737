import RingGraphics
import Testing

@testable import RingLayers

func seconds(_ s: Double) -> MediaTime { .seconds(s) }

@Suite struct AnimationTests {
  func opacityAnimation(_ configure: (inout BasicAnimation<Double>) -> Void) throws -> Layer {
    let layer = Layer()
    layer.opacity = 1
    var a = BasicAnimation(keyPath: \.opacity)
    a.fromValue = 0
    a.toValue = 0.5
    a.beginTime = seconds(1)
    a.duration = seconds(2)
    configure(&a)
    try layer.add(a, forKey: "fade")
    return layer
  }

  func opacity(_ layer: Layer, _ t: Double) -> Double {
    layer.presentation(at: seconds(t)).nodes[0].properties.opacity
  }

  @Test(arguments: [
    (FillMode.removed, 1.0, 1.0), (.forwards, 1.0, 0.5), (.backwards, 0.0, 1.0), (.both, 0.0, 0.5),
  ])
  func fillModesDecideBeforeAndAfter(mode: FillMode, before: Double, after: Double) throws {
    let layer = try opacityAnimation {
      $0.fillMode = mode
      $0.isRemovedOnCompletion = false
    }
    #expect(opacity(layer, 0.5) == before, "\(mode) before the animation")
    #expect(opacity(layer, 2) == 0.25, "\(mode) halfway")
    #expect(opacity(layer, 5) == after, "\(mode) after the animation")
  }

  @Test(arguments: FillMode.allCases)
  func removedOnCompletionShowsTheModelAfterTheEnd(mode: FillMode) throws {
    let layer = try opacityAnimation { $0.fillMode = mode }
    #expect(opacity(layer, 2) == 0.25, "\(mode) halfway")
    #expect(opacity(layer, 3) == 1, "\(mode): removed at its end, the model shows")
  }

  @Test func repeatAndAutoreverse() throws {
    let layer = try opacityAnimation {
      $0.repeatCount = 2
      $0.autoreverses = true
      $0.fillMode = .forwards
      $0.isRemovedOnCompletion = false
    }
    // Each iteration: 2 s forwards then 2 s back; two iterations from t = 1 to t = 9.
    #expect(opacity(layer, 2) == 0.25, "first half forwards")
    #expect(opacity(layer, 4) == 0.25, "coming back")
    #expect(opacity(layer, 5.5) == 0.125, "second iteration")
    #expect(opacity(layer, 10) == 0, "autoreversed animation ends at its start value")
  }

  @Test func speedTimeOffsetAndTimingFunction() throws {
    let layer = try opacityAnimation {
      $0.speed = 2
      $0.timingFunction = .easeIn
    }
    let expected = 0.5 * TimingFunction.easeIn.progress(at: 0.5)
    #expect(abs(opacity(layer, 1.5) - expected) < 1e-12, "speed 2 reaches half way at 0.5 s")
    #expect(opacity(layer, 2.5) == 1, "done after 1 s at speed 2")
    let offset = try opacityAnimation { $0.timeOffset = seconds(1) }
    #expect(opacity(offset, 1) == 0.25, "a 1 s offset starts half way")
  }

  @Test func infiniteRepeat() throws {
    let layer = try opacityAnimation { $0.repeatCount = .infinity }
    #expect(opacity(layer, 1 + 2 * 1_000_000 + 1) == 0.25, "a million iterations later")
  }

  @Test func animationsApplyInTheOrderAdded() throws {
    let layer = Layer()
    var a = BasicAnimation(keyPath: \.opacity)
    a.fromValue = 0
    a.toValue = 1
    a.duration = seconds(1)
    try layer.add(a, forKey: "first")
    var b = BasicAnimation(keyPath: \.position)
    b.toValue = Point(x: 10, y: 20)
    b.duration = seconds(1)
    try layer.add(b, forKey: "second")
    let p = layer.presentation(at: seconds(0.5)).nodes[0].properties
    #expect(p.opacity == 0.5 && p.position == Point(x: 5, y: 10), "both applied: \(p.position)")
    #expect(layer.opacity == 1 && layer.position == .zero, "the model is unchanged")
  }

  @Test func colorArraysInterpolateElementByElement() throws {
    let layer = GradientLayer()
    layer.colors = [.black, .white]
    var a = BasicAnimation(keyPath: \.colors)
    a.fromValue = [.black, .white]
    a.toValue = [.white, .black]
    a.duration = seconds(1)
    try layer.add(a, forKey: "c")
    let v = layer.presentation(at: seconds(0.25)).nodes[0].properties.colors
    #expect(
      v == [
        .black.interpolated(to: .white, fraction: 0.25),
        .white.interpolated(to: .black, fraction: 0.25),
      ], "quarter way")
  }

  @Test func presentingAgainReusesStorage() throws {
    let layer = GradientLayer()
    layer.colors = [.black, .white]
    var a = BasicAnimation(keyPath: \.colors)
    a.toValue = [.white, .black]
    a.duration = seconds(1)
    try layer.add(a, forKey: "c")
    var p = Presentation()
    layer.present(at: seconds(0.5), into: &p)
    layer.present(at: seconds(0.75), into: &p)
    #expect(p.nodes.count == 1 && p.time == seconds(0.75))
    #expect(p.nodes[0].properties.colors[0] == .black.interpolated(to: .white, fraction: 0.75))
    #expect(layer.colors == [.black, .white], "presenting never writes the model")
  }

  @Test func badAnimationsAreRefused() {
    let layer = ShapeLayer()
    var gradientOnly = BasicAnimation(keyPath: \.colors)
    gradientOnly.toValue = [.black]
    #expect(throws: RingError.self, "colors on a shape layer") {
      try layer.add(gradientOnly, forKey: nil)
    }
    var notAnimatable = BasicAnimation(keyPath: \.lineCap)
    notAnimatable.toValue = .round
    #expect(throws: RingError.self, "line cap is not animatable") {
      try layer.add(notAnimatable, forKey: nil)
    }
    var badColor = BasicAnimation(keyPath: \.strokeColor)
    badColor.toValue = RGBAColor(unchecked: 2, 0, 0, 1)
    #expect(throws: RingError.self, "colour out of range") {
      try layer.add(badColor, forKey: nil)
    }
    var negative = BasicAnimation(keyPath: \.strokeEnd)
    negative.duration = seconds(-1)
    #expect(throws: RingError.self, "negative duration") {
      try layer.add(negative, forKey: nil)
    }
    var nanSpeed = BasicAnimation(keyPath: \.strokeEnd)
    nanSpeed.speed = .nan
    #expect(throws: RingError.self, "NaN speed") { try layer.add(nanSpeed, forKey: nil) }
    var nanValue = BasicAnimation(keyPath: \.strokeEnd)
    nanValue.toValue = .nan
    #expect(throws: RingError.self, "NaN value") { try layer.add(nanValue, forKey: nil) }
  }
}

extension LineCap: Interpolatable {
  public mutating func interpolate(from a: LineCap, to b: LineCap, fraction f: Double) {
    self = f < 1 ? a : b
  }
  public var isValidAnimationValue: Bool { true }
}

final class StopRecorder: AnimationDelegate {
  var stops: [(String, Bool, MediaTime)] = []
  let clock: () -> MediaTime
  init(clock: @escaping () -> MediaTime) { self.clock = clock }
  func animationDidStop(_ animation: any Animation, finished: Bool) {
    stops.append((animation.keyPathName, finished, clock()))
  }
}

@Suite struct AnimationClockTests {
  @Test func stopsFireInTimeOrderAtTheirEndTimes() throws {
    let root = Layer()
    let child = ShapeLayer()
    root.addSublayer(child)
    var clockRef: AnimationClock?
    let recorder = StopRecorder { clockRef?.time ?? seconds(-1) }
    let clock = AnimationClock(root: root)
    clockRef = clock
    var a = BasicAnimation(keyPath: \.strokeEnd)
    a.duration = seconds(0.3)
    a.delegate = recorder
    var b = BasicAnimation(keyPath: \.opacity)
    b.duration = seconds(0.2)
    b.delegate = recorder
    try child.add(a, forKey: "a")
    try root.add(b, forKey: "b")
    clock.advance(to: seconds(1))
    #expect(recorder.stops.map(\.0) == ["opacity", "strokeEnd"], "earlier end first")
    #expect(recorder.stops.map(\.2) == [seconds(0.2), seconds(0.3)], "callbacks run at each end")
    #expect(root.animationKeys.isEmpty && child.animationKeys.isEmpty, "removed on completion")
  }

  @Test func chainedAnimationsHaveNoGap() throws {
    let layer = Layer()
    let clock = AnimationClock(root: layer)
    var begins: [MediaTime] = []
    final class Chain: AnimationDelegate {
      let layer: Layer
      let clock: AnimationClock
      var onStart: (MediaTime) -> Void = { _ in }
      init(layer: Layer, clock: AnimationClock) {
        self.layer = layer
        self.clock = clock
      }
      func next() {
        onStart(clock.time)
        var a = BasicAnimation(keyPath: \.opacity)
        a.duration = seconds(0.1)
        a.delegate = self
        try! layer.add(a, forKey: "step")
      }
      func animationDidStop(_ animation: any Animation, finished: Bool) { next() }
    }
    let chain = Chain(layer: layer, clock: clock)
    chain.onStart = { begins.append($0) }
    chain.next()
    clock.advance(to: seconds(100.05))
    #expect(begins.count == 1001, "one step every 0.1 s: \(begins.count)")
    #expect(begins.last == seconds(100), "the last step starts at exactly 100 s")
  }

  /// Stopping after a few stops and going on gives the stops one advance gives, at the
  /// same times: a snapshot's slices do not change what the program sees.
  @Test(arguments: [1, 2, 7, 4096])
  func advancingInSlicesOfStopsIsOneAdvance(slice: Int) throws {
    func run(slice: Int?) throws -> (stops: [(String, Bool, MediaTime)], time: MediaTime) {
      let layer = Layer()
      var clockRef: AnimationClock?
      let recorder = StopRecorder { clockRef?.time ?? seconds(-1) }
      let clock = AnimationClock(root: layer)
      clockRef = clock
      final class Chain: AnimationDelegate {
        let layer: Layer
        let recorder: StopRecorder
        init(layer: Layer, recorder: StopRecorder) {
          self.layer = layer
          self.recorder = recorder
        }
        func next() {
          var a = BasicAnimation(keyPath: \.opacity)
          a.duration = .milliseconds(30)
          a.delegate = self
          try! layer.add(a, forKey: "step")
        }
        func animationDidStop(_ animation: any Animation, finished: Bool) {
          recorder.animationDidStop(animation, finished: finished)
          next()
        }
      }
      let chain = Chain(layer: layer, recorder: recorder)
      chain.next()
      var other = BasicAnimation(keyPath: \.opacity)
      other.duration = .milliseconds(45)
      other.repeatCount = 3
      other.delegate = recorder
      try layer.add(other, forKey: "other")
      let target = seconds(1.001)
      if let slice {
        var total = 0
        while clock.time < target {
          let n = clock.advance(to: target, stoppingAfter: slice)
          #expect(n <= slice, "at most \(slice) stops, not \(n)")
          total += n
        }
        #expect(total == recorder.stops.count, "the counts add up")
      } else {
        clock.advance(to: target)
      }
      return (recorder.stops, clock.time)
    }
    let whole = try run(slice: nil)
    let sliced = try run(slice: slice)
    #expect(whole.stops.count == 34, "33 steps and the repeated animation: \(whole.stops.count)")
    #expect(sliced.time == whole.time, "both reach the target")
    #expect(
      sliced.stops.map { "\($0.0) \($0.1) \($0.2.nanoseconds)" }
        == whole.stops.map { "\($0.0) \($0.1) \($0.2.nanoseconds)" },
      "slices of \(slice) stop the same animations at the same times")
  }

  @Test func replacingAnimationStopsTheOldOneUnfinished() throws {
    let layer = Layer()
    let recorder = StopRecorder { .zero }
    var a = BasicAnimation(keyPath: \.opacity)
    a.delegate = recorder
    try layer.add(a, forKey: "k")
    try layer.add(BasicAnimation(keyPath: \.opacity), forKey: "k")
    #expect(recorder.stops.count == 1 && recorder.stops[0].1 == false, "replaced: finished false")
  }

  @Test func delegateIsHeldWeakly() throws {
    let layer = Layer()
    weak var weakRecorder: StopRecorder?
    do {
      let recorder = StopRecorder { .zero }
      weakRecorder = recorder
      var a = BasicAnimation(keyPath: \.opacity)
      a.delegate = recorder
      a.repeatCount = .infinity
      try layer.add(a, forKey: "forever")
    }
    #expect(weakRecorder == nil, "the layer's animation must not keep its delegate alive")
  }
}
