// A UIKit program whose only animation is Core Animation's own: an arc turned by
// `transform.rotation.z` (`UIKIT_FRAMES=turn`, the default) or grown by `strokeEnd`
// (`UIKIT_FRAMES=grow`), written as an iOS program would write it. At exit it prints the
// heap allocations the process made (`allocations N` on standard error): ring-benchmark runs
// it exporting 2 s and 6 s (`--export - --format null`) and divides the difference by the
// frames between, the allocations of a frame in the steady state.
import CAllocationCounter
import Foundation
import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    atexit {
      let count = rr_allocation_count()
      FileHandle.standardError.write(Data("allocations \(count)\n".utf8))
    }
    window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    window?.backgroundColor = .white
    window?.rootViewController = ArcController()
    window?.makeKeyAndVisible()
    return true
  }
}

class ArcController: UIViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    let arc = CAShapeLayer()
    arc.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
    arc.path =
      UIBezierPath(
        arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: 1.5 * .pi,
        clockwise: true
      ).cgPath
    arc.lineWidth = 8
    arc.lineCap = .round
    arc.fillColor = nil
    arc.strokeColor = UIColor.systemBlue.cgColor
    view.layer.addSublayer(arc)
    if ProcessInfo.processInfo.environment["UIKIT_FRAMES"] == "grow" {
      let grow = CABasicAnimation(keyPath: "strokeEnd")
      grow.fromValue = 0
      grow.toValue = 1
      grow.duration = 1.5
      grow.autoreverses = true
      grow.repeatCount = .infinity
      arc.add(grow, forKey: "grow")
    } else {
      let turn = CABasicAnimation(keyPath: "transform.rotation.z")
      turn.fromValue = 0
      turn.toValue = 2 * Double.pi
      turn.duration = 1
      turn.repeatCount = .infinity
      arc.add(turn, forKey: "turn")
    }
  }
}
