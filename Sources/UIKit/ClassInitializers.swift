import CSwiftCall
import Foundation

/// Makes an object of a class known only at run time through the initialiser iOS uses:
/// `init()` for a view's `layerClass` (`+[CALayer layer]`) and the application delegate
/// (`[[cls alloc] init]`), `init(layer:)` for a presentation copy. Swift calls only
/// `required` initialisers through a class object, and only `init?(coder:)` is one; but
/// every designated initialiser has a slot in the class's method table, holding the class's
/// own allocating initialiser (the one it declares, the one it inherits, or, when it has
/// neither, a stub that stops the program with "Use of unimplemented initializer", as iOS
/// does), so this calls that slot as Swift's dispatch would.
enum ClassInitializers {
  /// A new object of `type` made by its `init()`; nil when the slot was not found.
  static func make<Object: NSObject>(_ type: Object.Type) -> Object? {
    guard let entry = entry(of: type, at: slots?.initialize) else { return nil }
    let object = rr_call_allocating_initializer(entry, metadata(type))
    return Unmanaged<Object>.fromOpaque(object).takeRetainedValue()
  }

  /// A new layer of `type` made by its `init(layer:)` from `layer`; nil when the slot was
  /// not found.
  static func make(_ type: CALayer.Type, copying layer: CALayer) -> CALayer? {
    guard let entry = entry(of: type, at: slots?.copy) else { return nil }
    // Taken over by the initialiser, as initialisers take their arguments.
    let argument = UnsafeMutablePointer<Any>.allocate(capacity: 1)
    defer { argument.deallocate() }
    argument.initialize(to: layer)
    let object = rr_call_allocating_initializer_taking(entry, argument, metadata(type))
    return Unmanaged<CALayer>.fromOpaque(object).takeRetainedValue()
  }

  private static func metadata(_ type: AnyClass) -> UnsafeRawPointer {
    unsafeBitCast(type, to: UnsafeRawPointer.self)
  }

  private static func entry(of type: AnyClass, at offset: Int?) -> UnsafeRawPointer? {
    offset.flatMap { metadata(type).load(fromByteOffset: $0, as: UnsafeRawPointer?.self) }
  }

  /// The byte offsets in a class's metadata of the slots of `init()` (introduced by
  /// `NSObject`, its first initialiser) and `init(layer:)` (`CALayer`'s first), read from
  /// the classes' descriptors; nil unless each slot holds its class's own entry, as read
  /// from the descriptor (a check that the layout was read right).
  private static let slots: (initialize: Int, copy: Int)? = {
    guard let initialize = firstInitializerSlot(of: NSObject.self),
      let copy = firstInitializerSlot(of: CALayer.self)
    else { return nil }
    return (initialize, copy)
  }()

  /// The slot of the first initialiser `type` introduces, checked against the
  /// descriptor's own record of its implementation.
  private static func firstInitializerSlot(of type: AnyClass) -> Int? {
    let metadata = metadata(type)
    // `ClassMetadata` without Objective-C: kind, superclass, flags and sizes, then the
    // descriptor at 40.
    guard let descriptor = metadata.load(fromByteOffset: 40, as: UnsafeRawPointer?.self)
    else { return nil }
    let flags = descriptor.load(as: UInt32.self)
    let kindFlags = flags >> 16
    // A non-generic class (kind 16) with a method table of its own.
    guard flags & 0x1F == 16, flags & 0x80 == 0, kindFlags & (1 << 15) != 0 else { return nil }
    // The trailing objects after the 44 bytes of `ClassDescriptor`.
    var offset = 44
    if kindFlags & (1 << 13) != 0 { offset += 4 }  // resilient superclass
    switch kindFlags & 3 {  // metadata initialisation
    case 1: offset += 12  // singleton
    case 2: offset += 4  // foreign
    default: break
    }
    let tableOffset = Int(descriptor.load(fromByteOffset: offset, as: UInt32.self))
    let tableSize = Int(descriptor.load(fromByteOffset: offset + 4, as: UInt32.self))
    for index in 0..<tableSize {
      let method = descriptor + offset + 8 + index * 8
      // Kind in the low four bits: 1 is an initialiser.
      guard method.load(as: UInt32.self) & 0xF == 1 else { continue }
      let implementation = method + 4 + Int(method.load(fromByteOffset: 4, as: Int32.self))
      let slot = (tableOffset + index) * 8
      guard metadata.load(fromByteOffset: slot, as: UnsafeRawPointer.self) == implementation
      else { return nil }
      return slot
    }
    return nil
  }
}
