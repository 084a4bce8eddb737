import UIKit

/// Two rings in a column: a progress ring that fills and empties, and a gradient ring
/// whose colours breathe between warm and cool.
class RingsViewController: UIViewController {
  let progressRing = ProgressRingView(frame: .zero)
  let breathingRing = BreathingRingView(frame: .zero)

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = UIColor(white: 0.96, alpha: 1)
    view.addSubview(progressRing)
    view.addSubview(breathingRing)
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    // Two squares, centred, one above the other, with a margin around each.
    let side = min(view.bounds.width - 80, (view.bounds.height - 120) / 2)
    let x = (view.bounds.width - side) / 2
    let gap = (view.bounds.height - 2 * side) / 3
    progressRing.frame = CGRect(x: x, y: gap, width: side, height: side)
    breathingRing.frame = CGRect(x: x, y: 2 * gap + side, width: side, height: side)
  }
}
