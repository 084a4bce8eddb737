import UIKit

/// A ring of 12 colours that move one place per step, each step a linear `colors`
/// animation whose `animationDidStop` starts the next.
class ChainRingView: UIView, @preconcurrency CAAnimationDelegate {
  /// Seconds per step.
  var step = 0.1
  /// Whether each step ends as it begins (a `timeOffset` of its whole duration).
  var stalls = false
  private let gradientLayer = CAGradientLayer()
  private let ringMask = CAShapeLayer()

  override init(frame: CGRect) {
    super.init(frame: frame)
    gradientLayer.frame = bounds
    gradientLayer.startPoint = CGPoint(x: 0, y: 0)
    gradientLayer.endPoint = CGPoint(x: 1, y: 1)
    gradientLayer.colors = (0..<12).map {
      UIColor(hue: CGFloat($0) / 12, saturation: 1, brightness: 1, alpha: 1).cgColor
    }
    ringMask.path = UIBezierPath(ovalIn: bounds.insetBy(dx: 10, dy: 10)).cgPath
    ringMask.strokeColor = UIColor.black.cgColor
    ringMask.fillColor = nil
    ringMask.lineWidth = 20
    gradientLayer.mask = ringMask
    layer.addSublayer(gradientLayer)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
    performAnimation()
  }

  /// Moves the last colour to the front, animated over one step.
  func performAnimation() {
    let from = gradientLayer.colors as! [CGColor]
    let to = [from[from.count - 1]] + from.dropLast()
    gradientLayer.colors = to
    let animation = CABasicAnimation(keyPath: "colors")
    animation.duration = step
    animation.fromValue = from
    animation.toValue = to
    animation.timingFunction = CAMediaTimingFunction(name: .linear)
    if stalls { animation.timeOffset = step }
    animation.delegate = self
    gradientLayer.add(animation, forKey: "colors")
  }
}
