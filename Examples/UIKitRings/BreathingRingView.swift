import UIKit

/// A thick ring filled with a diagonal gradient whose colours move from warm to cool and
/// back every four seconds, through a keyframe animation.
class BreathingRingView: UIView {
  let ringWidth: CGFloat = 28
  private let gradientLayer = CAGradientLayer()
  private let ringMask = CAShapeLayer()

  private static let warm = [
    UIColor(red: 1, green: 0.35, blue: 0.2, alpha: 1),
    UIColor(red: 1, green: 0.8, blue: 0.1, alpha: 1),
  ].map(\.cgColor)
  private static let cool = [
    UIColor(red: 0.2, green: 0.4, blue: 1, alpha: 1),
    UIColor(red: 0.1, green: 0.9, blue: 0.8, alpha: 1),
  ].map(\.cgColor)

  override init(frame: CGRect) {
    super.init(frame: frame)
    gradientLayer.startPoint = CGPoint(x: 0, y: 0)
    gradientLayer.endPoint = CGPoint(x: 1, y: 1)
    gradientLayer.colors = BreathingRingView.warm
    ringMask.fillColor = nil
    ringMask.strokeColor = UIColor.black.cgColor
    ringMask.lineWidth = ringWidth
    gradientLayer.mask = ringMask
    layer.addSublayer(gradientLayer)

    let breathe = CAKeyframeAnimation(keyPath: "colors")
    breathe.values = [BreathingRingView.warm, BreathingRingView.cool, BreathingRingView.warm]
    breathe.keyTimes = [0, 0.5, 1]
    breathe.timingFunctions = [
      CAMediaTimingFunction(name: .easeInEaseOut), CAMediaTimingFunction(name: .easeInEaseOut),
    ]
    breathe.duration = 4
    breathe.repeatCount = .infinity
    gradientLayer.add(breathe, forKey: "breathe")
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    gradientLayer.frame = bounds
    ringMask.frame = bounds
    // A point inside the bounds: the gradient fills the bounds only.
    let inset = ringWidth / 2 + 1
    ringMask.path = UIBezierPath(ovalIn: bounds.insetBy(dx: inset, dy: inset)).cgPath
  }
}
