import Foundation
import Testing

@testable import UIKit

/// A counter driven by a display link, as wave and liquid views write one: the selector is
/// the method (`Self.step`), since `#selector` needs the Objective-C runtime.
@MainActor final class Stepper {
  var calls: [(timestamp: Double, target: Double, now: Double)] = []
  var link: CADisplayLink?

  func start(fps: Int = 0, mode: RunLoop.Mode = .common) {
    let link = CADisplayLink(target: self, selector: Self.step)
    link.preferredFramesPerSecond = fps
    link.add(to: .main, forMode: mode)
    self.link = link
  }

  func step(_ link: CADisplayLink) {
    calls.append((link.timestamp, link.targetTimestamp, CACurrentMediaTime()))
  }
}

/// `CADisplayLink`: a call at each refresh of a 60 Hz display, on the media clock, each
/// before the frame it prepares, whatever rate the frames are drawn at.
@MainActor @Suite(.serialized) struct DisplayLinkTests {
  /// A second holds 60 calls, the nth (from 0) at n/60 s preparing the frame at (n+1)/60 s,
  /// the media clock reading its timestamp; frames drawn 120, 60, 30 or 7 times a second,
  /// or once, hear the same calls.
  @Test(arguments: [1, 7, 30, 60, 120])
  func aSecondHolds60Calls(framesPerSecond: Int) throws {
    let tree = showInKeyWindow(CALayer())
    let stepper = Stepper()
    stepper.start()
    for frame in 1...framesPerSecond {
      tree.advance(to: .nanoseconds(Int64(frame) * 1_000_000_000 / Int64(framesPerSecond)))
    }
    try #require(stepper.calls.count == 60)
    for (n, call) in stepper.calls.enumerated() {
      #expect(abs(call.timestamp - Double(n) / 60) < 1e-8)
      #expect(abs(call.target - Double(n + 1) / 60) < 1e-8)
      // A call due between two frames is made as of its refresh: the media time it reads
      // is its timestamp at any frame rate.
      #expect(call.now == call.timestamp)
    }
    #expect(stepper.link!.duration == 1.0 / 60)
  }

  /// The frame of the launch comes before the first call, and a link added later first
  /// calls at the next refresh.
  @Test func theFirstCallIsAtTheNextRefresh() {
    let tree = showInKeyWindow(CALayer())
    let stepper = Stepper()
    stepper.start()
    tree.advance(to: .zero)
    #expect(stepper.calls.isEmpty)
    tree.advance(to: .seconds(0.5))
    let late = Stepper()
    late.start()
    tree.advance(to: .seconds(0.5 + 1.0 / 60))
    #expect(late.calls.count == 1)
    #expect(abs(late.calls[0].timestamp - 0.5) < 1e-8)
  }

  /// `preferredFramesPerSecond` (and a preferred frame rate range) calls at every nth
  /// refresh: 30 a second at 30, 20 at 20, 60 at 0 or above 60.
  @Test(arguments: [(30, 30), (20, 20), (0, 60), (120, 60), (45, 60)])
  func preferredRatesCallEveryNthRefresh(fps: Int, calls: Int) {
    let tree = showInKeyWindow(CALayer())
    let stepper = Stepper()
    stepper.start(fps: fps)
    tree.advance(to: .seconds(1))
    #expect(stepper.calls.count == calls)
    if let last = stepper.calls.last {
      #expect(abs(last.target - last.timestamp - 1 / Double(calls)) < 1e-8)
    }
  }

  @Test func aFrameRateRangeAsksForItsPreferredRate() {
    let tree = showInKeyWindow(CALayer())
    let stepper = Stepper()
    stepper.start()
    stepper.link!.preferredFrameRateRange = CAFrameRateRange(
      minimum: 10, maximum: 60, preferred: 15)
    tree.advance(to: .seconds(1))
    #expect(stepper.calls.count == 15)
  }

  /// Paused, it hears nothing; resumed, it calls from the next refresh. Removed from its
  /// mode, or invalidated, it stops, and invalidating lets its target go (the run loop
  /// holds the link, the link its target, until then).
  @Test func pausingRemovingAndInvalidating() {
    let tree = showInKeyWindow(CALayer())
    let stepper = Stepper()
    stepper.start()
    tree.advance(to: .seconds(0.5))
    #expect(stepper.calls.count == 30)
    stepper.link!.isPaused = true
    tree.advance(to: .seconds(1))
    #expect(stepper.calls.count == 30)
    stepper.link!.isPaused = false
    tree.advance(to: .seconds(1.5))
    #expect(stepper.calls.count == 60)
    stepper.link!.remove(from: .main, forMode: .common)
    tree.advance(to: .seconds(2))
    #expect(stepper.calls.count == 60)

    weak var held: Stepper?
    do {
      let other = Stepper()
      other.start(mode: .default)
      held = other
    }
    tree.advance(to: .seconds(2.1))
    #expect(held != nil, "the run loop holds the link, the link its target")
    #expect(held!.calls.count == 6)
    held!.link!.invalidate()
    #expect(held == nil, "invalidated, the link lets its target go")
    tree.advance(to: .seconds(3))
  }

  /// A method taking no argument is a selector too; what it changes is drawn in the frame
  /// it prepares, and a link added and invalidated in a call is heard no more.
  @Test func whatACallChangesIsInTheFrameItPrepares() {
    @MainActor final class Grower {
      let layer = CALayer()
      var link: CADisplayLink?
      func start() {
        CATransaction.setDisableActions(true)
        layer.frame = CGRect(x: 0, y: 0, width: 0, height: 10)
        let link = CADisplayLink(target: self, selector: Grower.grow)
        link.add(to: .current, forMode: .default)
        self.link = link
      }
      func grow() {
        CATransaction.setDisableActions(true)
        layer.bounds.size.width += 1
        if layer.bounds.width == 10 { link?.invalidate() }
      }
    }
    let grower = Grower()
    let tree = showInKeyWindow(grower.layer)
    grower.start()
    tree.advance(to: .seconds(3.0 / 60))
    #expect(grower.layer.presentation()!.bounds.width == 3)
    tree.advance(to: .seconds(1))
    #expect(grower.layer.presentation()!.bounds.width == 10)
    #expect(DisplayLinks.active.isEmpty)
  }

  /// Links at the same refresh are called in the order added; one added in a call first
  /// calls at the next refresh, one invalidated in another's call is not called, and a rate
  /// changed in a call applies from the next.
  @Test func callsThatAddRemoveAndRetimeLinks() {
    @MainActor final class Chorus {
      var order: [String] = []
      var first: CADisplayLink?
      var second: CADisplayLink?
      var late: CADisplayLink?
      func start() {
        first = CADisplayLink(target: self, selector: Chorus.one)
        second = CADisplayLink(target: self, selector: Chorus.two)
        first!.add(to: .main, forMode: .common)
        second!.add(to: .main, forMode: .common)
      }
      func one(_ link: CADisplayLink) {
        order.append("one \(Int((link.timestamp * 60).rounded()))")
        if late == nil {
          late = CADisplayLink(target: self, selector: Chorus.three)
          late!.add(to: .main, forMode: .default)
        }
        if link.timestamp >= 2.0 / 60 { second?.invalidate() }
        link.preferredFramesPerSecond = 30
      }
      func two() { order.append("two") }
      func three() { order.append("three") }
    }
    let tree = showInKeyWindow(CALayer())
    let chorus = Chorus()
    chorus.start()
    tree.advance(to: .seconds(5.0 / 60))
    #expect(
      chorus.order == [
        "one 0", "two", "one 1", "two", "three", "two", "three", "one 3", "three", "three",
      ])
  }
}
