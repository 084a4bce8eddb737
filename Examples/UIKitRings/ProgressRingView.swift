import UIKit

/// A grey track with a blue arc that fills from twelve o'clock to the full circle and back,
/// easing in and out, forever.
class ProgressRingView: UIView {
  let lineWidth: CGFloat = 16
  private let trackLayer = CAShapeLayer()
  private let arcLayer = CAShapeLayer()

  override init(frame: CGRect) {
    super.init(frame: frame)
    for layer in [trackLayer, arcLayer] {
      layer.fillColor = UIColor.clear.cgColor
      layer.lineWidth = lineWidth
      self.layer.addSublayer(layer)
    }
    trackLayer.strokeColor = UIColor(white: 0.85, alpha: 1).cgColor
    arcLayer.strokeColor = UIColor(red: 0, green: 0.48, blue: 1, alpha: 1).cgColor
    arcLayer.lineCap = .round

    let fill = CABasicAnimation(keyPath: "strokeEnd")
    fill.fromValue = 0.02
    fill.toValue = 1
    fill.duration = 1.5
    fill.autoreverses = true
    fill.repeatCount = .infinity
    fill.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    arcLayer.add(fill, forKey: "fill")
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let center = CGPoint(x: bounds.midX, y: bounds.midY)
    let radius = (min(bounds.width, bounds.height) - lineWidth) / 2
    let circle = UIBezierPath(
      arcCenter: center, radius: radius, startAngle: -.pi / 2, endAngle: 3 * .pi / 2,
      clockwise: true)
    for layer in [trackLayer, arcLayer] {
      layer.frame = bounds
      layer.path = circle.cgPath
    }
  }
}
