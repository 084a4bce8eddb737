import UIKit

/// A ring whose colours step round by a chain of animations, as the seed's do: each step's
/// `animationDidStop` starts the next. The environment sets the pace, so the tests can
/// make it as fast (or as broken) as a program can:
///
/// - `CHAIN_STEP`: seconds per step (0.1, the seed's, by default);
/// - `CHAIN_STALL`: `1` makes every step end as it begins (its `timeOffset` is its
///   duration), a chain that never lets the clock move.
@main
class AppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    let environment = ProcessInfo.processInfo.environment
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 120, height: 120))
    window.backgroundColor = .white
    let ring = ChainRingView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
    ring.step = environment["CHAIN_STEP"].flatMap(Double.init) ?? 0.1
    ring.stalls = environment["CHAIN_STALL"] == "1"
    window.addSubview(ring)
    window.makeKeyAndVisible()
    self.window = window
    ring.performAnimation()
    return true
  }
}
