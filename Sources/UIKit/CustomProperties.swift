import Foundation
import RingLayers
@_spi(Reflection) import Swift

/// A layer subclass's own stored properties, found by name as Core Animation's key-value
/// coding finds an `@NSManaged` or `@objc dynamic` property: read, set and copied in place
/// (Swift on Linux has no Objective-C runtime to do it). Only properties declared by a
/// program's classes count (not this module's), and only values of the types listed in
/// `Kind`.
enum CustomProperties {
  /// The types of value read and written by name.
  enum Kind {
    case double, cgFloat, float, int, bool, point, size, rect, color, uiColor, string
    case someColor, someUIColor

    /// The kind of a property of exactly `type` (not a subclass of a class: a value set
    /// by name must fit the property).
    init?(_ type: Any.Type) {
      let kinds: [(Any.Type, Kind)] = [
        (Double.self, .double), (CGFloat.self, .cgFloat), (Float.self, .float), (Int.self, .int),
        (Bool.self, .bool), (CGPoint.self, .point), (CGSize.self, .size), (CGRect.self, .rect),
        (CGColor?.self, .color), (UIColor?.self, .uiColor), (String.self, .string),
        (CGColor.self, .someColor), (UIColor.self, .someUIColor),
      ]
      guard let kind = kinds.first(where: { $0.0 == type })?.1 else { return nil }
      self = kind
    }

    /// Whether an animation mixes its values (a number).
    var isNumber: Bool { self == .double || self == .cgFloat || self == .float }

    /// The bytes its value takes in the object.
    var size: Int {
      switch self {
      case .bool: 1
      case .float: 4
      case .double, .cgFloat, .int, .color, .uiColor, .someColor, .someUIColor: 8
      case .point, .size, .string: 16
      case .rect: 32
      }
    }

    /// Whether its bytes are the whole value (no reference counted).
    var isTrivial: Bool {
      switch self {
      case .color, .uiColor, .someColor, .someUIColor, .string: false
      default: true
      }
    }
  }

  /// The properties in a fixed order, each with where its bytes go in a snapshot of them
  /// all (`watch`), and the snapshot's size.
  struct Watch {
    var fields: [(name: String, field: Field, slot: Int)] = []
    var size = 0
  }

  nonisolated(unsafe) private static var watches: [ObjectIdentifier: Watch] = [:]

  /// `fields(of:)` in name order, with their places in a snapshot.
  static func watch(of type: AnyClass) -> Watch {
    if let watch = watches[ObjectIdentifier(type)] { return watch }
    var watch = Watch()
    for (name, field) in fields(of: type).sorted(by: { $0.key < $1.key }) {
      watch.fields.append((name, field, watch.size))
      watch.size += field.kind.size
    }
    watches[ObjectIdentifier(type)] = watch
    return watch
  }

  struct Field {
    let offset: Int
    let kind: Kind
  }

  nonisolated(unsafe) private static var tables: [ObjectIdentifier: [String: Field]] = [:]

  /// The stored properties of `type`'s own and its superclasses' declarations, down to the
  /// first class of this module, by name.
  static func fields(of type: AnyClass) -> [String: Field] {
    if let table = tables[ObjectIdentifier(type)] { return table }
    var table: [String: Field] = [:]
    forEachProgramField(of: type) { name, offset, fieldType, _ in
      let key = String(cString: name)
      if let kind = Kind(fieldType), table[key] == nil {
        table[key] = Field(offset: offset, kind: kind)
      }
    }
    tables[ObjectIdentifier(type)] = table
    return table
  }

  /// Calls `body` with the name, offset, type and kind of each strong stored property that
  /// `type`'s own and its superclasses' declarations make, down to the first class of this
  /// module: the program's fields. A `weak` or `unowned` one (which the runtime's reflection
  /// tells apart from a strong one, as `Mirror` does) is left out: its storage is not its
  /// type's.
  private static func forEachProgramField(
    of type: AnyClass, _ body: (UnsafePointer<CChar>, Int, Any.Type, _MetadataKind) -> Void
  ) {
    var base: AnyClass? = type
    while let cls = base, !String(reflecting: cls).hasPrefix("UIKit.") {
      base = _getSuperclass(cls)
    }
    let first = base.map { reflectionFieldCount($0) } ?? 0
    // The runtime counts superclasses' fields first: walked backwards, a subclass's field
    // comes before a superclass's private one of the same name.
    for index in (first..<max(first, reflectionFieldCount(type))).reversed() {
      var field = FieldReflection()
      let fieldType = reflectionField(type, index: index, field: &field)
      defer { field.freeName?(field.name) }
      guard field.isStrong, let name = field.name else { continue }
      let kind = _MetadataKind(rawValue: metadataKind(fieldType)) ?? .unknown
      body(name, reflectionFieldOffset(type, index: index), fieldType, kind)
    }
  }

  /// The value of the property `name` of `object`, boxed as Core Animation hands it out;
  /// nil when it has no such property.
  static func value(_ name: String, of object: AnyObject) -> Any?? {
    guard let field = fields(of: type(of: object))[name] else { return nil }
    let p = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()) + field.offset
    switch field.kind {
    case .double: return NSNumber(value: p.load(as: Double.self))
    case .cgFloat: return NSNumber(value: Double(p.load(as: CGFloat.self)))
    case .float: return NSNumber(value: p.load(as: Float.self))
    case .int: return NSNumber(value: p.load(as: Int.self))
    case .bool: return NSNumber(value: p.load(as: Bool.self))
    case .point: return p.load(as: CGPoint.self)
    case .size: return p.load(as: CGSize.self)
    case .rect: return p.load(as: CGRect.self)
    case .color: return .some(p.assumingMemoryBound(to: CGColor?.self).pointee as Any?)
    case .uiColor: return .some(p.assumingMemoryBound(to: UIColor?.self).pointee as Any?)
    case .string: return p.assumingMemoryBound(to: String.self).pointee
    case .someColor: return p.assumingMemoryBound(to: CGColor.self).pointee
    case .someUIColor: return p.assumingMemoryBound(to: UIColor.self).pointee
    }
  }

  /// The number the property `name` of `object` holds, when it is a number.
  static func number(_ name: String, of object: AnyObject) -> Double? {
    guard let field = fields(of: type(of: object))[name], field.kind.isNumber else { return nil }
    return (value(name, of: object) as? NSNumber)?.doubleValue
  }

  /// Sets the property `name` of `object` to `value` (a number for a number, and so on);
  /// false when it has no such property or the value does not fit it.
  @discardableResult
  static func set(_ value: Any?, _ name: String, of object: AnyObject) -> Bool {
    guard let field = fields(of: type(of: object))[name] else { return false }
    let p = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()) + field.offset
    let number = numberValue(value)
    switch field.kind {
    case .double:
      guard let number else { return false }
      p.storeBytes(of: number, as: Double.self)
    case .cgFloat:
      guard let number else { return false }
      p.storeBytes(of: CGFloat(number), as: CGFloat.self)
    case .float:
      guard let number else { return false }
      p.storeBytes(of: Float(number), as: Float.self)
    case .int:
      guard let number, number.isFinite, abs(number) < 0x1p62 else { return false }
      p.storeBytes(of: Int(number), as: Int.self)
    case .bool:
      guard let flag = (value as? Bool) ?? (value as? NSNumber)?.boolValue else { return false }
      p.storeBytes(of: flag, as: Bool.self)
    case .point:
      guard let v = value as? CGPoint else { return false }
      p.storeBytes(of: v, as: CGPoint.self)
    case .size:
      guard let v = value as? CGSize else { return false }
      p.storeBytes(of: v, as: CGSize.self)
    case .rect:
      guard let v = value as? CGRect else { return false }
      p.storeBytes(of: v, as: CGRect.self)
    case .color:
      guard value == nil || value is CGColor else { return false }
      p.assumingMemoryBound(to: CGColor?.self).pointee = value as? CGColor
    case .uiColor:
      guard value == nil || value is UIColor else { return false }
      p.assumingMemoryBound(to: UIColor?.self).pointee = value as? UIColor
    case .string:
      guard let v = value as? String else { return false }
      p.assumingMemoryBound(to: String.self).pointee = v
    case .someColor:
      guard let v = value as? CGColor else { return false }
      p.assumingMemoryBound(to: CGColor.self).pointee = v
    case .someUIColor:
      guard let v = value as? UIColor else { return false }
      p.assumingMemoryBound(to: UIColor.self).pointee = v
    }
    return true
  }

  /// Copies every property `fields` and `valueFields` find from `source` to `target`,
  /// objects of one class, but those at the offsets `except`.
  static func copyAll(from source: AnyObject, to target: AnyObject, except: Set<Int> = []) {
    guard type(of: source) == type(of: target) else { return }
    for (name, field) in fields(of: type(of: source)) where !except.contains(field.offset) {
      if case .some(let value) = self.value(name, of: source) { set(value, name, of: target) }
    }
    for field in valueFields(of: type(of: source)) where !except.contains(field.offset) {
      copy(field.type, at: field.offset, from: source, to: target)
    }
  }

  /// A field's bytes in an object, compared, never used as a value.
  struct RawField: Equatable {
    let offset: Int
    let bytes: [UInt8]
  }

  /// The bytes of each of the program's strong stored fields of `object` (what `copyAll`
  /// copies).
  static func rawFields(of object: AnyObject) -> [RawField] {
    let type: AnyObject.Type = type(of: object)
    let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
    var out: [RawField] = []
    for field in fields(of: type).values {
      out.append(RawField(offset: field.offset, bytes: bytes(base + field.offset, field.kind.size)))
    }
    for field in valueFields(of: type) {
      func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
      let count = _openExistential(field.type, do: size)
      out.append(RawField(offset: field.offset, bytes: bytes(base + field.offset, count)))
    }
    return out
  }

  private static func bytes(_ p: UnsafeRawPointer, _ count: Int) -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: p, count: count))
  }

  /// The offsets of the fields of `copy` whose bytes differ both from `before`'s (it set
  /// them) and from `model`'s (not to the model's value, which the module then brings up
  /// to date as it does for fields left alone).
  static func setDifferently(
    in copy: AnyObject, since before: [RawField], model: AnyObject
  ) -> Set<Int> {
    guard type(of: copy) == type(of: model) else { return [] }
    let now = rawFields(of: copy)
    let source = rawFields(of: model)
    return Set(
      zip(zip(before, now), source).filter { $0.0 != $0.1 && $0.1 != $1 }.map(\.1.offset))
  }

  nonisolated(unsafe) private static var valueTables: [ObjectIdentifier: [(Int, Any.Type)]] =
    [:]

  /// The program's strong stored properties of value types beyond `Kind`'s (arrays,
  /// dictionaries, enums, structures, tuples, closures, and optional ones), with their
  /// offsets: copied whole to a presentation copy after its `init(layer:)`, as Core
  /// Animation copies `@NSManaged` ones (which a port makes plain stored properties). See
  /// `copiesAsAValue` for what is left.
  static func valueFields(of type: AnyClass) -> [(offset: Int, type: Any.Type)] {
    if let table = valueTables[ObjectIdentifier(type)] { return table }
    var table: [(Int, Any.Type)] = []
    forEachProgramField(of: type) { _, offset, fieldType, kind in
      if Kind(fieldType) == nil, copiesAsAValue(fieldType, kind: kind) {
        table.append((offset, fieldType))
      }
    }
    valueTables[ObjectIdentifier(type)] = table
    return table
  }

  /// Whether a strong stored property of `type` is copied to a presentation copy: a value
  /// type (or an optional one, a `lazy var`'s storage), but not a reference to an object,
  /// whose `deinit` in the copy would act on the model's (a timer invalidated), nor a
  /// pointer or handle (an `Unsafe...Pointer`, `OpaquePointer`, `Unmanaged`, a lock), which
  /// the layer may own and free in its `deinit`.
  static func copiesAsAValue(_ type: Any.Type, kind: _MetadataKind) -> Bool {
    switch kind {
    case .struct, .enum, .tuple, .function: break
    case .optional:
      // An optional value, not an optional reference or existential (which may hold one).
      guard let wrapped = (type as? any OptionalWrapping.Type)?.wrappedType,
        let wrappedKind = _MetadataKind(rawValue: metadataKind(wrapped)),
        copiesAsAValue(wrapped, kind: wrappedKind)
      else { return false }
    default: return false
    }
    let name = String(reflecting: type)
    return !["Unsafe", "OpaquePointer", "Unmanaged", "Mutex", "Atomic"].contains {
      name.contains($0)
    }
  }

  /// Copies the value of type `T` at `offset` in `source` over the one in `target`.
  private static func copy<T>(
    _: T.Type, at offset: Int, from source: AnyObject, to target: AnyObject
  ) {
    let from = UnsafeRawPointer(Unmanaged.passUnretained(source).toOpaque()) + offset
    let to = UnsafeMutableRawPointer(Unmanaged.passUnretained(target).toOpaque()) + offset
    to.assumingMemoryBound(to: T.self).pointee = from.assumingMemoryBound(to: T.self).pointee
  }
}

/// An animation of a number of the program's own (a layer subclass's `progress`), as Core
/// Animation runs one: its value at each frame is set on a presentation copy, which draws
/// the layer's content.
struct CustomTrack {
  /// The property's name.
  let name: String
  let track: Track<Double>

  init(name: String, animation: CAPropertyAnimation) {
    self.name = name
    track = Track(keyPath: CustomTrack.slot, samples: CAKeyPath.samples(of: animation))
  }

  /// Where the value is worked out: a number of a scratch set of values (the track writes
  /// layer values; this one is never drawn).
  nonisolated(unsafe) static let slot: WritableKeyPath<LayerProperties, Double> =
    \.geometry.lineDashPhase

  /// The value at `phase`, from `model` (the property's value on the model layer) beneath.
  func value(at phase: AnimationPhase, model: Double) -> Double {
    var scratch = LayerProperties()
    scratch[keyPath: CustomTrack.slot] = model
    track.write(phase.fraction, iteration: phase.iteration, into: &scratch)
    return scratch[keyPath: CustomTrack.slot]
  }
}

extension CALayer {
  /// At the end of each turn, the program's own properties that changed since the last
  /// (as Core Animation hears of an `@NSManaged` property's change): one its class names in
  /// `needsDisplay(forKey:)` redraws the layer, and `action(forKey:)` is asked for each, its
  /// action run (an implicit animation from the value shown before). Without allocating
  /// while nothing changes.
  func noticeCustomChanges() {
    let watch = CustomProperties.watch(of: type(of: self))
    guard watch.size > 0 else { return }
    let object = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    guard customSnapshot.count == watch.size else {
      takeCustomSnapshot(watch)
      return
    }
    var changed: [(name: String, field: CustomProperties.Field, slot: Int)] = []
    customSnapshot.withUnsafeBytes { old in
      for entry in watch.fields
      where memcmp(
        old.baseAddress! + entry.slot, object + entry.field.offset, entry.field.kind.size) != 0
      {
        changed.append(entry)
      }
    }
    guard !changed.isEmpty else { return }
    for (name, field, slot) in changed {
      if type(of: self).needsDisplay(forKey: name) { setNeedsDisplay() }
      // Asked on a layer not shown yet too, as Core Animation asks on every change.
      guard !CATransaction.disableActions(), let action = actionBeforeChange(name, field, slot)
      else { continue }
      if let basic = action as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil,
        basic.byValue == nil
      {
        // From the value shown before the change; on a layer not shown yet, whose
        // presentation will show the new value, from that.
        let copy = basic.copy() as! CABasicAnimation
        copy.fromValue = (presentation() ?? self).value(forKey: name)
        copy.run(forKey: name, object: self, arguments: nil)
      } else {
        action.run(forKey: name, object: self, arguments: nil)
      }
    }
    takeCustomSnapshot(watch)
  }

  /// `action(forKey: name)`, asked with the property holding the value it had before the
  /// change, as Core Animation asks before a change and runs the action after it (a chart's
  /// slice animates from the value it reads there). A value of a kind that holds a reference
  /// (a colour, a string) is not put back: it is asked with the new one.
  private func actionBeforeChange(_ name: String, _ field: CustomProperties.Field, _ slot: Int)
    -> CAAction?
  {
    guard field.kind.isTrivial else { return action(forKey: name) }
    let object = UnsafeMutableRawPointer(Unmanaged.passUnretained(self).toOpaque())
    let size = field.kind.size
    var new = [UInt8](repeating: 0, count: size)
    new.withUnsafeMutableBytes { memcpy($0.baseAddress!, object + field.offset, size) }
    customSnapshot.withUnsafeBytes { memcpy(object + field.offset, $0.baseAddress! + slot, size) }
    defer { new.withUnsafeBytes { memcpy(object + field.offset, $0.baseAddress!, size) } }
    return action(forKey: name)
  }

  /// The committed layers with properties of the program's own, held weakly: an explicit
  /// transaction's commit notices their changes while its settings (actions disabled, a
  /// duration) still hold, as iOS runs an action when the property is set.
  nonisolated(unsafe) static var watched: [WeakLayer] = []

  struct WeakLayer {
    weak var layer: CALayer?
  }

  /// Notices the watched layers' changes (from `CATransaction.commit()`, before the
  /// transaction closes).
  static func noticeWatchedChanges() {
    watched.removeAll { $0.layer == nil }
    for entry in watched { entry.layer?.noticeCustomChanges() }
  }

  /// Takes the program's own properties' values as the layer is made (its class's stored
  /// properties hold their initial values by then), so that one set before the layer is
  /// first shown, in the turn it is added, redraws it, as setting a property its class names
  /// in `needsDisplay(forKey:)` does on iOS. Not for presentation copies.
  func takeInitialCustomSnapshot() {
    let watch = CustomProperties.watch(of: type(of: self))
    if watch.size > 0 { takeCustomSnapshot(watch) }
  }

  private func takeCustomSnapshot(_ watch: CustomProperties.Watch) {
    let object = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    if customSnapshot.count != watch.size {
      if customSnapshot.isEmpty && !isPresentationCopy {
        CALayer.watched.append(WeakLayer(layer: self))
      }
      customSnapshot = [UInt8](repeating: 0, count: watch.size)
    }
    customSnapshot.withUnsafeMutableBytes { bytes in
      for entry in watch.fields {
        memcpy(bytes.baseAddress! + entry.slot, object + entry.field.offset, entry.field.kind.size)
      }
    }
  }

  /// Commits the program's own properties' values as last noticed: `presentation()` shows
  /// them from now on, and not before, as Core Animation's shows the values a transaction
  /// committed (a change and the animation it runs, read back in the same turn, show the
  /// value before). Without allocating once the layer has been committed.
  func commitCustomValues() {
    guard !customSnapshot.isEmpty else { return }
    if customCommitted.count != customSnapshot.count {
      customCommitted = [UInt8](repeating: 0, count: customSnapshot.count)
    }
    customCommitted.withUnsafeMutableBytes { target in
      customSnapshot.withUnsafeBytes { target.copyMemory(from: $0) }
    }
  }

  /// Gives a presentation `copy` the program's own properties: the model's, its plain
  /// values (numbers, points, sizes) as last committed, and the `animated` numbers.
  func copyCustomValues(to copy: CALayer, except: Set<Int>, animated: [String: Double]) {
    CustomProperties.copyAll(from: self, to: copy, except: except)
    copyCommittedCustomValues(to: copy, except: except)
    for (name, value) in animated { CustomProperties.set(value, name, of: copy) }
  }

  /// Sets `copy`'s plain values of the program's own properties (numbers, points, sizes)
  /// to those last committed: a presentation shows the committed values, as Core
  /// Animation's shows the render tree's, a transaction behind the model.
  private func copyCommittedCustomValues(to copy: CALayer, except: Set<Int>) {
    let watch = CustomProperties.watch(of: type(of: self))
    guard watch.size > 0, customCommitted.count == watch.size, type(of: copy) == type(of: self)
    else { return }
    let target = Unmanaged.passUnretained(copy).toOpaque()
    customCommitted.withUnsafeBytes { bytes in
      for entry in watch.fields
      where entry.field.kind.isTrivial && !except.contains(entry.field.offset) {
        memcpy(target + entry.field.offset, bytes.baseAddress! + entry.slot, entry.field.kind.size)
      }
    }
  }

  /// The values the program's own animated numbers show now, by name; nil when none is
  /// animated.
  func customValues() -> [String: Double]? {
    guard !customTracks.isEmpty else { return nil }
    var values: [String: Double] = [:]
    for key in customTracks.keys.sorted() {
      let custom = customTracks[key]!
      guard backing.animation(forKey: key) != nil else {
        customTracks[key] = nil
        continue
      }
      guard let phase = backing.phase(ofAnimation: key, at: Runtime.now),
        let model = CustomProperties.number(custom.name, of: self)
      else { continue }
      // Added in order: a later animation of the same property wins.
      values[custom.name] = custom.value(at: phase, model: model)
    }
    return values.isEmpty ? nil : values
  }

  /// At each frame, while an animation of a number of the program's own runs: a
  /// presentation copy with the animated values draws the layer's content (its
  /// `display()`: its own, or what its `draw(in:)` draws), as Core Animation displays a
  /// presentation layer whose class `needsDisplay(forKey:)`. Once none runs, the model draws
  /// it again.
  func redrawCustomAnimations() {
    guard !customTracks.isEmpty || customShown != nil || modelRedrawOwed else { return }
    let values = customValues()
    // Not begun yet (added in this turn, or delayed): what was drawn stays.
    if values == nil && !customTracks.isEmpty { return }
    // Over: the model draws, if it has not drawn since the animation was added, even when
    // no copy was drawn in between (a snapshot runs the turns, not the frames, of a short
    // animation); with its own image again, if a copy's `display()` set one.
    guard values != customShown || (values == nil && modelRedrawOwed) else { return }
    customShown = values
    guard let values, let copy = presentationCopyForDrawing(values) else {
      modelRedrawOwed = false
      backing.properties.contents = (contents as? CGImage)?.contents
      setNeedsDisplay()
      return
    }
    // What the copy draws, or the image its own `display()` sets, is the layer's content
    // while the animation runs; the model's `contents` stays the model's.
    copy.drawsFor = self
    let image = copy.backing.properties.contents
    copy.display()
    let drawn = copy.backing.properties.contents
    if drawn != image { backing.properties.contents = drawn }
  }
}

/// An optional's wrapped type, found from the optional's type.
protocol OptionalWrapping {
  static var wrappedType: Any.Type { get }
}

extension Optional: OptionalWrapping {
  static var wrappedType: Any.Type { Wrapped.self }
}

/// A stored property's reflection record, as the runtime fills it (its
/// `_FieldReflectionMetadata`).
private struct FieldReflection {
  var name: UnsafePointer<CChar>? = nil
  var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
  var isStrong = false
  var isVar = false
}

/// The runtime's reflection of stored properties, superclasses' first (what `Mirror` and
/// `_forEachField` use).
@_silgen_name("swift_reflectionMirror_recursiveCount")
private func reflectionFieldCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func reflectionField(
  _ type: Any.Type, index: Int, field: UnsafeMutablePointer<FieldReflection>
) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func reflectionFieldOffset(_ type: Any.Type, index: Int) -> Int

@_silgen_name("swift_getMetadataKind")
private func metadataKind(_ type: Any.Type) -> UInt
