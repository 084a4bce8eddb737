import Testing

@testable import UIKit

/// Blocks sent to the main queue from the main thread: run on the media clock, each in a
/// turn of the main run loop of its own, so what `async` and `asyncAfter` start is where a
/// snapshot or an export at any frame rate puts it.
@MainActor @Suite(.serialized) struct MainQueueBlockTests {
  /// Whether `times` are `expected` within 5 ms: a deadline is read on the monotonic clock
  /// twice, by the program (`.now() + 0.3`) and by the queue, and a loaded machine (CI's
  /// sanitizer run) can put over a millisecond between the readings. Frames here are at
  /// least 16 ms apart, so a block run at a frame, not its time, still fails.
  func near(_ times: [Double], _ expected: [Double]) -> Bool {
    times.count == expected.count && zip(times, expected).allSatisfy { abs($0 - $1) <= 0.005 }
  }

  /// `async` runs the block after the code that sent it, in a later turn at the same media
  /// time, before the frame is drawn; blocks run in the order sent.
  @Test func asyncRunsInALaterTurnAtTheSameTime() {
    let tree = showInKeyWindow(CALayer())
    tree.advance(to: .seconds(0.5))
    let heard = Heard()
    DispatchQueue.main.async { heard.times.append(CACurrentMediaTime()) }
    DispatchQueue.main.async { heard.times.append(-CACurrentMediaTime()) }
    heard.times.append(0)
    #expect(heard.times == [0])
    tree.advance(to: .seconds(0.5))
    #expect(heard.times == [0, 0.5, -0.5])
  }

  /// A group's `notify` on the main queue runs once the group is empty, in a turn of its
  /// own: at once for an empty group, after a member sent to the main queue, and once a
  /// member on another thread has left (it never ran in a snapshot).
  @Test func aGroupNotifiesTheMainQueueWhenEmpty() throws {
    let tree = showInKeyWindow(CALayer())
    tree.advance(to: .seconds(0.5))
    let heard = Heard()
    let empty = DispatchGroup()
    empty.notify(queue: .main) { heard.times.append(1) }
    let members = DispatchGroup()
    DispatchQueue.main.async(group: members) { heard.times.append(2) }
    members.notify(queue: .main) { heard.times.append(3) }
    let elsewhere = DispatchGroup()
    elsewhere.enter()
    DispatchQueue.global().async {
      Thread.sleep(forTimeInterval: 0.02)
      elsewhere.leave()
    }
    elsewhere.notify(queue: .main) { heard.times.append(CACurrentMediaTime()) }
    heard.times.append(0)
    #expect(heard.times == [0])
    tree.advance(to: .seconds(0.5))
    #expect(heard.times == [0, 1, 2, 3], "the other thread's member has not left yet")
    _ = elsewhere.wait(timeout: .now() + 5)
    tree.advance(to: .seconds(0.6))
    #expect(heard.times.count == 5 && (heard.times.last ?? 0) < 0.52, "a frame later at most")
    // A work item sent to the main queue in a group counts too.
    let items = DispatchGroup()
    DispatchQueue.main.async(group: items, execute: DispatchWorkItem { heard.times.append(6) })
    items.notify(queue: .main) { heard.times.append(7) }
    tree.advance(to: .seconds(0.7))
    #expect(heard.times.suffix(2) == [6, 7])
  }

  /// `asyncAfter` runs the block as long after on the media clock as its deadline is after
  /// now (0.3 s, 700 ms), whatever the frame rate; an animation it adds begins then.
  @Test(arguments: [1, 7, 60])
  func asyncAfterRunsAtItsDeadline(framesPerSecond: Int) {
    let layer = CALayer()
    let tree = showInKeyWindow(layer)
    let heard = Heard()
    nonisolated(unsafe) let faded = layer
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) {
      heard.times.append(CACurrentMediaTime())
      MainActor.assumeIsolated { fadeOut(faded) }
    }
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(700)) {
      heard.times.append(CACurrentMediaTime())
    }
    for frame in 1...framesPerSecond {
      tree.advance(to: .nanoseconds(Int64(frame) * 1_000_000_000 / Int64(framesPerSecond)))
    }
    #expect(near(heard.times, [0.3, 0.7]), "\(heard.times)")
    // The fade began when the block ran: 1 s long, at 1 s it shows that time.
    #expect(abs(Double(layer.presentation()!.opacity) - (heard.times.first ?? 0)) < 1e-6)
  }

  /// A layer a controller adds in `viewDidAppear` is committed in that turn, as iOS's run
  /// loop commits it: a change made at a later call animates, the same whether the clock
  /// jumps to a time (a snapshot) or draws each frame (an export).
  @Test(arguments: [1, 5, 60])
  func aLayerAddedAsTheViewAppearsAnimatesLaterChanges(framesPerSecond: Int) {
    final class Controller: UIViewController {
      let dot = CALayer()
      override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        view.layer.addSublayer(dot)
        nonisolated(unsafe) let dot = dot
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) {
          MainActor.assumeIsolated { dot.position = CGPoint(x: 105, y: 5) }
        }
      }
    }
    UIApplication.shared.reset()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    let controller = Controller()
    window.rootViewController = controller
    window.makeKeyAndVisible()
    let tree = KeyWindowTree(window: window)
    // A snapshot's one step to 0.2 s, or an export's frames.
    for frame in 1...max(1, Int(0.2 * Double(framesPerSecond))) {
      tree.advance(to: .seconds(min(0.2, Double(frame) / Double(framesPerSecond))))
    }
    // The implicit 0.25 s animation from x = 5 to 105, 0.1 s in (eased in and out).
    let x = controller.dot.presentation()!.position.x
    #expect(x > 10 && x < 100, "mid-way, at \(x)")
  }

  /// What an animation's completion schedules runs at its own time, before what was
  /// scheduled for later, even when nothing else is due (a snapshot far past it): the
  /// clock moves one animation stop at a time.
  @Test(arguments: [false, true])
  func blocksFromACompletionRunInOrder(laterBlock: Bool) {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    let tree = showInKeyWindow(view.layer)
    let heard = Heard()
    if laterBlock {
      DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
        heard.times.append(CACurrentMediaTime())
      }
    }
    UIView.animate(
      withDuration: 0.5, animations: { view.alpha = 0.5 },
      completion: { _ in
        heard.times.append(CACurrentMediaTime())
        DispatchQueue.main.async { heard.times.append(CACurrentMediaTime()) }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
          heard.times.append(CACurrentMediaTime())
        }
      })
    tree.advance(to: .seconds(3))
    #expect(near(heard.times, [0.5, 0.5, 1.0] + (laterBlock ? [2] : [])), "\(heard.times)")
  }

  /// A work item cancelled before its time does not run; one not cancelled does.
  @Test func aCancelledWorkItemDoesNotRun() {
    let tree = showInKeyWindow(CALayer())
    let heard = Heard()
    let cancelled = DispatchWorkItem { heard.times.append(-1) }
    let kept = DispatchWorkItem { heard.times.append(CACurrentMediaTime()) }
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.2, execute: cancelled)
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.25, execute: kept)
    DispatchQueue.main.async(execute: DispatchWorkItem { heard.times.append(0) })
    cancelled.cancel()
    tree.advance(to: .seconds(1))
    #expect(near(heard.times, [0, 0.25]), "\(heard.times)")
  }

  /// A block that sends itself again and again at one instant does not stop the frame: after
  /// `Runtime.callsAtOneInstant` turns the rest wait for the next frame.
  @Test func aBlockSendingItselfForeverDoesNotHoldTheFrame() {
    let tree = showInKeyWindow(CALayer())
    let heard = Heard()
    @Sendable func again() {
      heard.times.append(0)
      DispatchQueue.main.async(execute: again)
    }
    DispatchQueue.main.async(execute: again)
    tree.advance(to: .seconds(0.1))
    let first = heard.times.count
    #expect(first > 100 && first <= Runtime.callsAtOneInstant)
    tree.advance(to: .seconds(0.2))
    #expect(heard.times.count > first)
  }

  /// Another queue's blocks, and the main queue's sent from another thread, are Dispatch's.
  @Test func otherQueuesAreDispatchs() async {
    let ran = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
      DispatchQueue.global().async { done.resume(returning: true) }
    }
    #expect(ran)
  }
}
