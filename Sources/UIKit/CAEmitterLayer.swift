import Foundation
import RingGraphics
import RingLayers

public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
  public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
  public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
  public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
  public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
  public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
  public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
  public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
  public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
  public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
  public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
  public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
  public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}

/// A layer that emits particles (`CAEmitterLayer`): each of its cells gives birth to
/// particles at its rate from the shape at `emitterPosition`, which move, turn, grow and
/// fade as the cell says, drawn above the layer's background and sublayers.
///
/// Emission starts when the layer is made (or, if later, at its `beginTime`); what shows
/// at a time depends only on the time, so an exported frame is the same at any frame rate.
/// Setting `birthRate` on a layer already shown changes it from that moment, as on iOS:
/// particles alive live out their lives.
open class CAEmitterLayer: CALayer {
  private var cellObjects: [CAEmitterCell]?

  override class func makeBacking() -> Layer { EmitterLayer() }

  public override init() {
    super.init()
    backing.properties.emitter.startClockTime = Runtime.now
  }

  public override init(layer: Any) { super.init(layer: layer) }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    backing.properties.emitter.startClockTime = Runtime.now
  }

  override func copyModel(from other: CALayer) {
    super.copyModel(from: other)
    if let other = other as? CAEmitterLayer { cellObjects = other.cellObjects }
  }

  private func set<Value>(_ keyPath: WritableKeyPath<Emitter, Value>, _ value: Value) {
    // Not animatable (Core Animation animates some through key paths; not here).
    backing.properties.emitter[keyPath: keyPath] = value
  }

  private var emitter: Emitter { backing.properties.emitter }

  /// Sets a value named by one of Core Animation's strings; a string it does not know
  /// changes nothing, with a note.
  private func setNamed<Value: RawRepresentable<String>>(
    _ keyPath: WritableKeyPath<Emitter, Value>, _ name: String, _ property: String
  ) {
    guard let value = Value(rawValue: name) else {
      Notice.once(property, "CAEmitterLayer: unknown \(property) '\(name)'")
      return
    }
    set(keyPath, value)
  }

  /// The kinds of particle emitted; their values are taken when this is set.
  open var emitterCells: [CAEmitterCell]? {
    get { cellObjects }
    set {
      cellObjects = newValue
      refreshCells()
    }
  }

  /// Takes the cells' current values.
  func refreshCells() {
    set(\.cells, (cellObjects ?? []).map(\.cell))
  }

  /// Multiplies every cell's birth rate (1 by default); from now on, for a layer shown.
  open var birthRate: Float {
    get { Float(emitter.birthRate(at: .infinity)) }
    set {
      var e = emitter
      e.start = start
      e.setBirthRate(Double(newValue), from: now)
      set(\.self, e)
      forgetOldBirthRates()
    }
  }

  /// Forgets the birth rates no particle alive needs (a rate set at every frame would
  /// otherwise make each frame's births longer to count); the cells keep the count.
  private func forgetOldBirthRates() {
    var e = emitter
    e.start = start
    let before = now - e.longestLifetime
    guard before > e.start else { return }
    e.forgetBirthRates(before: before)
    set(\.self, e)
    for (object, cell) in zip(cellObjects ?? [], e.cells) { object.cell = cell }
  }

  /// Where emission starts on the layer's timeline, in seconds.
  private var start: Double {
    backing.emissionStart(of: emitter)
  }

  /// The layer's local time now, in seconds, for a layer shown; its start for one not yet
  /// shown (a rate set then holds from the start).
  private var now: Double {
    hasBeenCommitted ? max(start, Double(backing.localTime(at: Runtime.now)) / 1e9) : start
  }

  /// Multiplies every cell's lifetime (1 by default).
  open var lifetime: Float {
    get { Float(emitter.lifetime) }
    set { set(\.lifetime, Double(newValue)) }
  }
  /// The centre of the emission shape, in the layer's points.
  open var emitterPosition: CGPoint {
    get { CGPoint(emitter.position) }
    set { set(\.position, newValue.point) }
  }
  /// Accepted; depth is flattened.
  open var emitterZPosition: CGFloat = 0
  /// The emission shape's size, in points (a circle's radius is its width).
  open var emitterSize: CGSize {
    get { CGSize(emitter.size) }
    set { set(\.size, newValue.size) }
  }
  /// Accepted; depth is flattened.
  open var emitterDepth: CGFloat = 0
  open var emitterShape: CAEmitterLayerEmitterShape {
    get { CAEmitterLayerEmitterShape(rawValue: emitter.shape.rawValue) }
    set { setNamed(\.shape, newValue.rawValue, "emitterShape") }
  }
  open var emitterMode: CAEmitterLayerEmitterMode {
    get { CAEmitterLayerEmitterMode(rawValue: emitter.mode.rawValue) }
    set { setNamed(\.mode, newValue.rawValue, "emitterMode") }
  }
  open var renderMode: CAEmitterLayerRenderMode {
    get { CAEmitterLayerRenderMode(rawValue: emitter.renderMode.rawValue) }
    set { setNamed(\.renderMode, newValue.rawValue, "renderMode") }
  }
  /// Accepted; particles are flattened into the layer's plane.
  open var preservesDepth = false
  /// Multiply every cell's velocity, scale and spin (1 by default).
  open var velocity: Float {
    get { Float(emitter.velocity) }
    set { set(\.velocity, Double(newValue)) }
  }
  open var scale: Float {
    get { Float(emitter.scale) }
    set { set(\.scale, Double(newValue)) }
  }
  open var spin: Float {
    get { Float(emitter.spin) }
    set { set(\.spin, Double(newValue)) }
  }
  /// Chooses the particles' random values: layers with equal seeds draw alike.
  open var seed: UInt32 {
    get { emitter.seed }
    set { set(\.seed, newValue) }
  }

  /// Key-value coding of the emitter's own values and its cells'
  /// (`emitterCells.<name>.<property>`); `nil` when `key` is not one.
  func emitterValue(forKey key: String) -> Any?? {
    let parts = key.split(separator: ".", omittingEmptySubsequences: false)
    if parts.count == 3, parts[0] == "emitterCells" {
      guard let cell = cellObjects?.first(where: { $0.name == String(parts[1]) }) else {
        return .some(nil)
      }
      return .some(cell.value(forKey: String(parts[2])))
    }
    switch key {
    case "birthRate": return .some(NSNumber(value: birthRate))
    case "lifetime": return .some(NSNumber(value: lifetime))
    case "velocity": return .some(NSNumber(value: velocity))
    case "scale": return .some(NSNumber(value: scale))
    case "spin": return .some(NSNumber(value: spin))
    case "emitterPosition": return .some(emitterPosition)
    case "emitterSize": return .some(emitterSize)
    case "emitterCells": return .some(emitterCells)
    default: return nil
    }
  }

  /// Sets the emitter's own values and its cells'; false when `key` is not one.
  func setEmitterValue(_ value: Any?, forKey key: String) -> Bool {
    let parts = key.split(separator: ".", omittingEmptySubsequences: false)
    if parts.count == 3, parts[0] == "emitterCells" {
      let cell = cellObjects?.first { $0.name == String(parts[1]) }
      if let cell, parts[2] == "birthRate", let rate = numberValue(value) {
        // From now on, as for the layer's own rate: particles alive live out.
        cell.cell.setBirthRate(rate, from: now, start: start)
        refreshCells()
        forgetOldBirthRates()
      } else {
        cell?.setValue(value, forKey: String(parts[2]))
        refreshCells()
      }
      return true
    }
    let number = numberValue(value).map(Float.init)
    switch key {
    case "birthRate": if let number { birthRate = number }
    case "lifetime": if let number { lifetime = number }
    case "velocity": if let number { velocity = number }
    case "scale": if let number { scale = number }
    case "spin": if let number { spin = number }
    case "emitterPosition":
      if let p = (value as? CGPoint) ?? (value as? NSValue)?.cgPointValue { emitterPosition = p }
    case "emitterSize":
      if let s = (value as? CGSize) ?? (value as? NSValue)?.cgSizeValue { emitterSize = s }
    case "emitterCells":
      // Cells or nothing; another value is not a list of cells.
      if value == nil || value is [CAEmitterCell] { emitterCells = value as? [CAEmitterCell] }
    default: return false
    }
    return true
  }
}

public let kCAEmitterLayerPoint = CAEmitterLayerEmitterShape.point
public let kCAEmitterLayerLine = CAEmitterLayerEmitterShape.line
public let kCAEmitterLayerRectangle = CAEmitterLayerEmitterShape.rectangle
public let kCAEmitterLayerCuboid = CAEmitterLayerEmitterShape.cuboid
public let kCAEmitterLayerCircle = CAEmitterLayerEmitterShape.circle
public let kCAEmitterLayerSphere = CAEmitterLayerEmitterShape.sphere
public let kCAEmitterLayerPoints = CAEmitterLayerEmitterMode.points
public let kCAEmitterLayerOutline = CAEmitterLayerEmitterMode.outline
public let kCAEmitterLayerSurface = CAEmitterLayerEmitterMode.surface
public let kCAEmitterLayerVolume = CAEmitterLayerEmitterMode.volume
public let kCAEmitterLayerUnordered = CAEmitterLayerRenderMode.unordered
public let kCAEmitterLayerOldestFirst = CAEmitterLayerRenderMode.oldestFirst
public let kCAEmitterLayerOldestLast = CAEmitterLayerRenderMode.oldestLast
public let kCAEmitterLayerBackToFront = CAEmitterLayerRenderMode.backToFront
public let kCAEmitterLayerAdditive = CAEmitterLayerRenderMode.additive
