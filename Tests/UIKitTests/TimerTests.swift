import Testing

@testable import UIKit

/// A view model ticked by a timer calling its method, as tutorials write one: the selector is
/// the method (`Self.tick(_:)`), since `#selector` needs the Objective-C runtime.
@MainActor final class Ticker {
  var calls: [(now: Double, userInfo: String?)] = []
  func tick(_ timer: Timer) {
    calls.append((CACurrentMediaTime(), timer.userInfo as? String))
  }
  func tock() { calls.append((CACurrentMediaTime(), nil)) }
}

/// Fades `layer` out over a second from now (as a timer's or a block's call starts it).
@MainActor func fadeOut(_ layer: CALayer) {
  let fade = CABasicAnimation(keyPath: "opacity")
  fade.fromValue = 1
  fade.toValue = 0
  fade.duration = 1
  layer.add(fade, forKey: "fade")
}

/// Times heard by a timer's block (which Foundation makes `@Sendable`; the tests run on the
/// main thread, as the timers' calls do).
final class Heard: @unchecked Sendable {
  var times: [Double] = []
}

/// Foundation's `Timer` on the main run loop: due on the media clock, as display links are,
/// so what a timer moves is where a snapshot or an export at any frame rate puts it.
@MainActor @Suite(.serialized) struct TimerTests {
  /// A repeating timer every 0.1 s is called ten times in a second, each as of its own due
  /// time, whether the frames come 60, 7 or 1 times a second.
  @Test(arguments: [1, 7, 60])
  func aRepeatingTimerIsCalledAtEachInterval(framesPerSecond: Int) throws {
    let tree = showInKeyWindow(CALayer())
    let heard = Heard()
    let timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in
      heard.times.append(CACurrentMediaTime())
    }
    for frame in 1...framesPerSecond {
      tree.advance(to: .nanoseconds(Int64(frame) * 1_000_000_000 / Int64(framesPerSecond)))
    }
    try #require(heard.times.count == 10)
    for (n, time) in heard.times.enumerated() {
      #expect(abs(time - Double(n + 1) / 10) < 1e-9)
    }
    #expect(timer.isValid)
    timer.invalidate()
    tree.advance(to: .seconds(2))
    #expect(heard.times.count == 10, "an invalidated timer is not called")
  }

  /// A one-shot timer made with `Timer(timeInterval:repeats:block:)` and added to the main
  /// run loop is called once, `interval` after it was added (Foundation's own would be due at
  /// once), and is then invalid; one that never fires is still valid.
  @Test func aOneShotTimerIsCalledOnceAfterItsInterval() {
    let tree = showInKeyWindow(CALayer())
    tree.advance(to: .seconds(0.5))
    let heard = Heard()
    let timer = Timer(timeInterval: 0.25, repeats: false) { _ in
      heard.times.append(CACurrentMediaTime())
    }
    let later = Timer(timeInterval: 5, repeats: false) { _ in heard.times.append(-1) }
    // However long the wall clock takes to add it, it is due 0.25 s after on the media clock.
    usleep(3000)
    RunLoop.main.add(timer, forMode: .common)
    RunLoop.main.add(later, forMode: .default)
    tree.advance(to: .seconds(2))
    #expect(heard.times == [0.75])
    #expect(!timer.isValid)
    #expect(later.isValid)
  }

  /// The method forms call the target's method with the timer, or with nothing; `userInfo`
  /// is what the timer was made with. A method of another type stops the program (not
  /// tested: it traps).
  @Test func theMethodFormsCallTheTarget() {
    let tree = showInKeyWindow(CALayer())
    let ticker = Ticker()
    let timer = Timer.scheduledTimer(
      timeInterval: 0.2, target: ticker, selector: Ticker.tick, userInfo: "lap", repeats: true)
    Timer.scheduledTimer(
      timeInterval: 0.3, target: ticker, selector: Ticker.tock, userInfo: nil, repeats: false)
    tree.advance(to: .seconds(0.65))
    #expect(ticker.calls.map(\.now) == [0.2, 0.3, 0.4, 0.6])
    #expect(ticker.calls.map(\.userInfo) == ["lap", nil, "lap", "lap"])
    #expect(timer.userInfo as? String == "lap")
  }

  /// A block that invalidates its timer on its third call is not called again.
  @Test func aTimerInvalidatedInItsCallStops() {
    let tree = showInKeyWindow(CALayer())
    let heard = Heard()
    Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { timer in
      heard.times.append(CACurrentMediaTime())
      if heard.times.count == 3 { timer.invalidate() }
    }
    tree.advance(to: .seconds(1))
    #expect(heard.times.count == 3)
  }

  /// Pausing by `fireDate`, as apps do: `.distantFuture` holds a repeating timer; `Date()`
  /// makes it due at once, and it repeats an interval after that. Its fire date reads how far
  /// ahead it is due.
  @Test func aFireDateHoldsAndResumesATimer() {
    let tree = showInKeyWindow(CALayer())
    let heard = Heard()
    let timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in
      heard.times.append(CACurrentMediaTime())
    }
    tree.advance(to: .seconds(0.25))
    #expect(abs(timer.fireDate.timeIntervalSinceNow - 0.05) < 0.01)
    timer.fireDate = .distantFuture
    tree.advance(to: .seconds(1))
    #expect(heard.times == [0.1, 0.2])
    timer.fireDate = Date()
    tree.advance(to: .seconds(1.15))
    #expect(heard.times == [0.1, 0.2, 1, 1.1])
  }

  /// `Timer()` (NSObject's initialiser on iOS; Foundation on Linux has none) makes a timer
  /// that never fires: valid, not repeating, due at `.distantFuture`; scheduled, it waits
  /// there (a one-shot timer that fired would be invalid), until invalidated.
  @Test func anArgumentLessTimerNeverFires() {
    let tree = showInKeyWindow(CALayer())
    let timer = Timer()
    #expect(timer.isValid, "valid until invalidated")
    #expect(timer.fireDate > Date(timeIntervalSinceNow: 1e9), "due at \(timer.fireDate)")
    #expect(timer.timeInterval == 0, "not repeating")
    RunLoop.main.add(timer, forMode: .common)
    tree.advance(to: .seconds(10))
    #expect(timer.isValid, "it never fired")
    timer.invalidate()
    #expect(!timer.isValid)
  }

  /// Timers and display links are called in the order they are due, and an animation a
  /// timer starts begins at the timer's time, not at the frame's.
  @Test func callsAreInTimeOrderAndAnimationsBeginAtThem() {
    let layer = CALayer()
    let tree = showInKeyWindow(layer)
    let heard = Heard()
    nonisolated(unsafe) let faded = layer
    Timer.scheduledTimer(withTimeInterval: 0.025, repeats: false) { _ in
      heard.times.append(CACurrentMediaTime())
      MainActor.assumeIsolated { fadeOut(faded) }
    }
    let stepper = Stepper()
    stepper.start()
    tree.advance(to: .seconds(0.525))
    let links = stepper.calls.map(\.now)
    #expect(links.filter { $0 < 0.025 }.count == 2)
    #expect(heard.times == [0.025])
    #expect(abs(Double(layer.presentation()!.opacity) - 0.5) < 1e-6)
  }

  /// A timer made off the main thread is Foundation's, on that thread's run loop and the
  /// wall clock.
  @Test func aTimerOffTheMainThreadIsFoundations() async {
    let fired = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
      Thread {
        let heard = Heard()
        Timer.scheduledTimer(withTimeInterval: 0.01, repeats: false) { _ in
          heard.times.append(0)
        }
        RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.5))
        done.resume(returning: heard.times.count == 1)
      }.start()
    }
    #expect(fired)
  }
}
