import Foundation
import RingGraphics
import RingLayers

/// One kind of particle an emitter layer emits: its image, how many are born, how long they
/// live, and how they move, turn, grow and change colour (`CAEmitterCell`). A layer takes
/// its cells' values when `emitterCells` is set, or when one is changed through the layer's
/// key paths (`emitterCells.<name>.<property>`).
open class CAEmitterCell: NSObject {
  /// The cell's values, as the engine draws them.
  var cell = EmitterCell()
  private var contentsObject: Any?
  private var colorObject: CGColor?

  public override init() { super.init() }

  /// A new cell, as `CAEmitterCell()` makes it.
  public class func emitterCell() -> CAEmitterCell { CAEmitterCell() }

  /// Names the cell in the layer's key paths (`emitterCells.<name>.birthRate`).
  open var name: String?
  /// Cells a particle would emit in turn: kept, not drawn (see docs/UIKit.md).
  open var emitterCells: [CAEmitterCell]?

  /// The image each particle shows (a `CGImage`); a cell without one draws nothing.
  open var contents: Any? {
    get { contentsObject }
    set {
      contentsObject = newValue
      if newValue != nil && !(newValue is CGImage) {
        Notice.once("emitterCellContents", "CAEmitterCell.contents draws CGImage values only")
      }
      cell.contents = (newValue as? CGImage)?.contents
    }
  }
  /// The image's pixels per point.
  open var contentsScale: CGFloat {
    get { CGFloat(cell.contentsScale) }
    set { cell.contentsScale = Double(newValue) }
  }
  /// Accepted; the whole image is drawn.
  open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
  open var isEnabled: Bool {
    get { cell.isEnabled }
    set { cell.isEnabled = newValue }
  }
  /// Particles born a second.
  open var birthRate: Float {
    get { Float(cell.birthRate(at: .infinity)) }
    set {
      cell.birthRate = Double(newValue)
      cell.birthRateChanges.removeAll()
    }
  }
  /// How long a particle lives, in seconds, and how far that varies either way.
  open var lifetime: Float {
    get { Float(cell.lifetime) }
    set { cell.lifetime = Double(newValue) }
  }
  open var lifetimeRange: Float {
    get { Float(cell.lifetimeRange) }
    set { cell.lifetimeRange = Double(newValue) }
  }
  /// The emission direction in the plane, in radians from the x axis (clockwise on the
  /// screen); a line emitter's is about its normal, upwards for 0.
  open var emissionLongitude: CGFloat {
    get { CGFloat(cell.emissionLongitude) }
    set { cell.emissionLongitude = Double(newValue) }
  }
  /// Tilts the emission direction out of the plane, in radians.
  open var emissionLatitude: CGFloat {
    get { CGFloat(cell.emissionLatitude) }
    set { cell.emissionLatitude = Double(newValue) }
  }
  /// The half-angle, in radians, of the cone particles are spread over.
  open var emissionRange: CGFloat {
    get { CGFloat(cell.emissionRange) }
    set { cell.emissionRange = Double(newValue) }
  }
  /// Initial speed, in points a second, and how far it varies either way.
  open var velocity: CGFloat {
    get { CGFloat(cell.velocity) }
    set { cell.velocity = Double(newValue) }
  }
  open var velocityRange: CGFloat {
    get { CGFloat(cell.velocityRange) }
    set { cell.velocityRange = Double(newValue) }
  }
  /// Acceleration, in points a second squared.
  open var xAcceleration: CGFloat {
    get { CGFloat(cell.xAcceleration) }
    set { cell.xAcceleration = Double(newValue) }
  }
  open var yAcceleration: CGFloat {
    get { CGFloat(cell.yAcceleration) }
    set { cell.yAcceleration = Double(newValue) }
  }
  /// Accepted; depth is flattened.
  open var zAcceleration: CGFloat = 0
  /// The particle's size as a multiple of its image's, how far it varies, and its change a
  /// second.
  open var scale: CGFloat {
    get { CGFloat(cell.scale) }
    set { cell.scale = Double(newValue) }
  }
  open var scaleRange: CGFloat {
    get { CGFloat(cell.scaleRange) }
    set { cell.scaleRange = Double(newValue) }
  }
  open var scaleSpeed: CGFloat {
    get { CGFloat(cell.scaleSpeed) }
    set { cell.scaleSpeed = Double(newValue) }
  }
  /// Turning speed, in radians a second, and how far it varies either way.
  open var spin: CGFloat {
    get { CGFloat(cell.spin) }
    set { cell.spin = Double(newValue) }
  }
  open var spinRange: CGFloat {
    get { CGFloat(cell.spinRange) }
    set { cell.spinRange = Double(newValue) }
  }
  /// Multiplies the image's colours (opaque white by default).
  open var color: CGColor? {
    get { colorObject }
    set {
      colorObject = newValue
      cell.color = newValue?.rgba ?? .white
    }
  }
  /// How far each colour component varies either way, and its change a second.
  open var redRange: Float {
    get { Float(cell.redRange) }
    set { cell.redRange = Double(newValue) }
  }
  open var greenRange: Float {
    get { Float(cell.greenRange) }
    set { cell.greenRange = Double(newValue) }
  }
  open var blueRange: Float {
    get { Float(cell.blueRange) }
    set { cell.blueRange = Double(newValue) }
  }
  open var alphaRange: Float {
    get { Float(cell.alphaRange) }
    set { cell.alphaRange = Double(newValue) }
  }
  open var redSpeed: Float {
    get { Float(cell.redSpeed) }
    set { cell.redSpeed = Double(newValue) }
  }
  open var greenSpeed: Float {
    get { Float(cell.greenSpeed) }
    set { cell.greenSpeed = Double(newValue) }
  }
  open var blueSpeed: Float {
    get { Float(cell.blueSpeed) }
    set { cell.blueSpeed = Double(newValue) }
  }
  open var alphaSpeed: Float {
    get { Float(cell.alphaSpeed) }
    set { cell.alphaSpeed = Double(newValue) }
  }
  /// Accepted; images are filtered linearly.
  open var magnificationFilter = "linear"
  open var minificationFilter = "linear"
  open var minificationFilterBias: Float = 0
  /// Accepted (`CAMediaTiming`); a cell emits for as long as its layer does.
  open var beginTime: CFTimeInterval = 0
  open var duration: CFTimeInterval = 0
  open var speed: Float = 1
  open var timeOffset: CFTimeInterval = 0
  open var repeatCount: Float = 0
  open var repeatDuration: CFTimeInterval = 0
  open var autoreverses = false
  open var fillMode = CAMediaTimingFillMode.removed
  open var style: [AnyHashable: Any]?

  /// The value of the property named `key` (`birthRate`, `velocity`...), else `nil`.
  open func value(forKey key: String) -> Any? {
    switch key {
    case "name": name
    case "contents": contents
    case "color": color
    case "enabled", "isEnabled": isEnabled
    case "birthRate": NSNumber(value: birthRate)
    default: CAEmitterCell.numbers[key].map { NSNumber(value: cell[keyPath: $0]) }
    }
  }

  /// Sets the property named `key`; unknown keys are ignored.
  open func setValue(_ value: Any?, forKey key: String) {
    switch key {
    case "name": name = value as? String
    case "contents": contents = value
    case "color": color = value.flatMap { $0 as? CGColor }
    case "birthRate": if let rate = numberValue(value) { birthRate = Float(rate) }
    case "enabled", "isEnabled":
      isEnabled = (value as? Bool) ?? (value as? NSNumber)?.boolValue ?? true
    default:
      guard let path = CAEmitterCell.numbers[key], let number = numberValue(value)
      else { return }
      cell[keyPath: path] = number
    }
  }

  /// The numeric properties by their key-value coding names.
  nonisolated(unsafe) static let numbers: [String: WritableKeyPath<EmitterCell, Double>] = [
    "birthRate": \.birthRate, "lifetime": \.lifetime, "lifetimeRange": \.lifetimeRange,
    "emissionLongitude": \.emissionLongitude, "emissionLatitude": \.emissionLatitude,
    "emissionRange": \.emissionRange, "velocity": \.velocity, "velocityRange": \.velocityRange,
    "xAcceleration": \.xAcceleration, "yAcceleration": \.yAcceleration, "scale": \.scale,
    "scaleRange": \.scaleRange, "scaleSpeed": \.scaleSpeed, "spin": \.spin,
    "spinRange": \.spinRange, "redRange": \.redRange, "greenRange": \.greenRange,
    "blueRange": \.blueRange, "alphaRange": \.alphaRange, "redSpeed": \.redSpeed,
    "greenSpeed": \.greenSpeed, "blueSpeed": \.blueSpeed, "alphaSpeed": \.alphaSpeed,
    "contentsScale": \.contentsScale,
  ]
}
