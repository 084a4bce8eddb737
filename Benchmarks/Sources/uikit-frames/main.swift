// A UIKit program whose only animation turns or grows an arc, written as an iOS program
// would write it: Core Animation's own animation of `transform.rotation.z`
// (`UIKIT_FRAMES=turn`, the default) or `strokeEnd` (`UIKIT_FRAMES=grow`), or a display link
// that sets the arc's view's `transform` at each refresh (`UIKIT_FRAMES=link`). At exit it prints the
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
  let spinner = UIView()

  /// A display link's refresh: a turn a second.
  func step(_ link: CADisplayLink) {
    let turns = link.timestamp.truncatingRemainder(dividingBy: 1)
    spinner.transform = CGAffineTransform(rotationAngle: 2 * .pi * turns)
  }

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
    let mode = ProcessInfo.processInfo.environment["UIKIT_FRAMES"]
    if mode == "link" {
      spinner.frame = arc.frame
      arc.frame = spinner.bounds
      spinner.layer.addSublayer(arc)
      view.addSubview(spinner)
      CADisplayLink(target: self, selector: Self.step).add(to: .main, forMode: .common)
      return
    }
    view.layer.addSublayer(arc)
    if mode == "grow" {
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
