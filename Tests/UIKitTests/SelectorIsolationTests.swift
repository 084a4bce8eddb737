import Foundation
import Testing

@testable import UIKit

/// The method form that ports `#selector` builds in Swift 6 whatever the target's
/// isolation: a layer subclass (not on the main actor, as Pulsator's replicator layer) and a
/// controller (on it) hand their methods to timers and the notification centre.
@MainActor @Suite(.serialized) struct SelectorIsolationTests {
  final class Pulse: CALayer {
    var saves = 0
    var ticks = 0
    func save() { saves += 1 }
    func saveNote(_ note: Notification) { saves += 1 }
    func tick(_ timer: Timer) { ticks += 1 }
    func tock() { ticks += 1 }
  }

  final class Controller: UIViewController {
    var saves = 0
    var ticks = 0
    func save() { saves += 1 }
    func tick(timer: Timer) { ticks += 1 }
  }

  static let name = Notification.Name("SelectorIsolationTests.save")

  @Test func aLayerSubclassAndAControllerHandTheirMethodsToTimersAndNotifications() {
    UIApplication.shared.reset()
    let pulse = Pulse()
    let controller = Controller()
    NotificationCenter.default.addObserver(
      pulse, selector: Pulse.save, name: Self.name, object: nil)
    NotificationCenter.default.addObserver(
      pulse, selector: Pulse.saveNote, name: Self.name, object: nil)
    NotificationCenter.default.addObserver(
      controller, selector: Controller.save, name: Self.name, object: nil)
    NotificationCenter.default.post(name: Self.name, object: nil)
    #expect(pulse.saves == 2 && controller.saves == 1)
    NotificationCenter.default.removeObserver(pulse)
    NotificationCenter.default.removeObserver(controller)

    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    window.makeKeyAndVisible()
    let tree = KeyWindowTree(window: window)
    let timers = [
      Timer.scheduledTimer(
        timeInterval: 0.1, target: pulse, selector: Pulse.tick, userInfo: nil, repeats: true),
      Timer.scheduledTimer(
        timeInterval: 0.1, target: pulse, selector: Pulse.tock, userInfo: nil, repeats: true),
      Timer.scheduledTimer(
        timeInterval: 0.1, target: controller, selector: Controller.tick, userInfo: nil,
        repeats: true),
    ]
    tree.advance(to: .seconds(0.35))
    for timer in timers { timer.invalidate() }
    #expect(pulse.ticks == 6 && controller.ticks == 3)
  }
}
