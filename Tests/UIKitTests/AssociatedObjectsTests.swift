import Foundation
import Testing

@testable import UIKit

/// Stored properties added in an extension, as shimmer and placeholder libraries add them.
private enum Keys {
  nonisolated(unsafe) static var isShimmering: UInt8 = 0
  nonisolated(unsafe) static var overlay: UInt8 = 0
}

extension UIView {
  fileprivate var isShimmering: Bool {
    get { objc_getAssociatedObject(self, &Keys.isShimmering) as? Bool ?? false }
    set {
      objc_setAssociatedObject(
        self, &Keys.isShimmering, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }
  }
  fileprivate var overlay: UIView? {
    get { objc_getAssociatedObject(self, &Keys.overlay) as? UIView }
    set { objc_setAssociatedObject(self, &Keys.overlay, newValue, .OBJC_ASSOCIATION_RETAIN) }
  }
}

private final class Token {}

/// `objc_setAssociatedObject` and `objc_getAssociatedObject`, as the Objective-C runtime
/// keeps them: per object and key, retained, copied or assigned, gone with the object.
@MainActor @Suite struct AssociatedObjectsTests {
  @Test func extensionsStoreAPropertyPerObjectAndKey() {
    let a = UIView()
    let b = UIView()
    #expect(!a.isShimmering && a.overlay == nil)
    a.isShimmering = true
    let cover = UIView()
    a.overlay = cover
    #expect(a.isShimmering && a.overlay === cover)
    #expect(!b.isShimmering && b.overlay == nil, "another object has its own")
    a.overlay = nil
    #expect(a.overlay == nil && a.isShimmering, "nil removes one key only")
    objc_removeAssociatedObjects(a)
    #expect(!a.isShimmering)
  }

  /// Retained values live while the object does; assigned ones are not kept (weakly here);
  /// copied ones are copies.
  @Test(arguments: [
    (objc_AssociationPolicy.OBJC_ASSOCIATION_RETAIN, true),
    (.OBJC_ASSOCIATION_RETAIN_NONATOMIC, true), (.OBJC_ASSOCIATION_ASSIGN, false),
  ])
  func policiesHoldAsTheyName(policy: objc_AssociationPolicy, keeps: Bool) {
    nonisolated(unsafe) var key = 0
    let owner = Token()
    weak var value: Token?
    do {
      let made = Token()
      value = made
      objc_setAssociatedObject(owner, &key, made, policy)
    }
    #expect((value != nil) == keeps)
    #expect((objc_getAssociatedObject(owner, &key) != nil) == keeps)
    withExtendedLifetime(owner) {}
  }

  @Test func copiedValuesAreCopies() {
    nonisolated(unsafe) var key = 0
    let owner = Token()
    let text = NSMutableString(string: "ring")
    objc_setAssociatedObject(owner, &key, text, .OBJC_ASSOCIATION_COPY_NONATOMIC)
    text.append("s")
    #expect((objc_getAssociatedObject(owner, &key) as? NSString) == "ring")
  }

  /// An object that has gone has no values, and they are let go as more are made.
  @Test func valuesGoWithTheirObject() {
    nonisolated(unsafe) var key = 0
    weak var value: Token?
    // Made first, so none takes the gone owner's address: the sweep lets the value go.
    let others = (0..<300).map { _ in Token() }
    do {
      let owner = Token()
      let made = Token()
      value = made
      objc_setAssociatedObject(owner, &key, made, .OBJC_ASSOCIATION_RETAIN)
    }
    for other in others { objc_setAssociatedObject(other, &key, 1, .OBJC_ASSOCIATION_RETAIN) }
    #expect(value == nil)
    for other in others { objc_setAssociatedObject(other, &key, nil, .OBJC_ASSOCIATION_RETAIN) }
  }
}
