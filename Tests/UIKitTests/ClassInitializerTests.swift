import Testing

@testable import UIKit

/// A view's `layerClass` is made by the class's `init()` and a presentation copy by its
/// `init(layer:)`, as Core Animation makes them, whatever its `init?(coder:)` does: Xcode's
/// fix-it stops the program in it, and some libraries return nil from it.
@MainActor @Suite(.serialized) struct ClassInitializerTests {
  /// What each kind of layer class was made with.
  nonisolated(unsafe) static var calls: [String] = []

  /// Xcode's fix-it: `init?(coder:)` stops the program.
  final class FixItLayer: CALayer {
    var tint = "red"
    override init() {
      super.init()
      ClassInitializerTests.calls.append("init()")
    }
    override init(layer: Any) {
      super.init(layer: layer)
      tint = (layer as! FixItLayer).tint
      ClassInitializerTests.calls.append("init(layer:)")
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
  }

  /// A library's: `init?(coder:)` gives nil; `init(layer:)` copies a weak reference.
  final class NilCoderLayer: CALayer {
    weak var owner: UIView?
    var values: [CGFloat] = [1, 2]
    override init() { super.init() }
    override init(layer: Any) {
      super.init(layer: layer)
      owner = (layer as? NilCoderLayer)?.owner
    }
    required init?(coder: NSCoder) { nil }
  }

  /// No initialisers of its own: it inherits them all, and its properties' initial values.
  class InheritingLayer: CALayer {
    var names = ["a", "b"]
    var label = String(repeating: "x", count: 40)
  }

  /// A subclass of the program's own, inheriting again.
  final class DeeperLayer: InheritingLayer {
    var more: [Int: String] = [1: "one"]
  }

  /// A subclass of a built-in layer class.
  final class ArcLayer: CAShapeLayer {
    override init() {
      super.init()
      lineWidth = 7
    }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { super.init(coder: coder) }
  }

  final class Host<Layer: CALayer>: UIView {
    override class var layerClass: AnyClass { Layer.self }
  }

  @Test func aViewsLayerIsMadeByTheClassesInit() {
    Self.calls = []
    let view = Host<FixItLayer>(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    let layer = try! #require(view.layer as? FixItLayer)
    #expect(layer.tint == "red" && Self.calls == ["init()"])
    #expect((Host<NilCoderLayer>().layer as? NilCoderLayer)?.values == [1, 2])
    let deeper = try! #require(Host<DeeperLayer>().layer as? DeeperLayer)
    #expect(deeper.names == ["a", "b"] && deeper.label.count == 40 && deeper.more[1] == "one")
    #expect((Host<ArcLayer>().layer as? ArcLayer)?.lineWidth == 7)
  }

  @Test func aPresentationCopyIsMadeByTheClassesInitWithLayer() {
    let view = Host<NilCoderLayer>(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    let layer = view.layer as! NilCoderLayer
    layer.owner = view
    let tree = showInKeyWindow(view.layer)
    tree.advance(to: .seconds(0.1))
    let copy = try! #require(layer.presentation())
    #expect(copy !== layer && copy.owner === view, "init(layer:) copied the weak reference")
    Self.calls = []
    let fixIt = FixItLayer()
    fixIt.tint = "blue"
    let fixItTree = showInKeyWindow(fixIt)
    fixItTree.advance(to: .seconds(0.1))
    #expect(fixIt.presentation()?.tint == "blue")
    #expect(Self.calls == ["init()", "init(layer:)"])
  }

  /// What a program's `init(layer:)` sets on the copy stays: the module copies the model's
  /// stored properties (as Core Animation copies `@NSManaged` ones) only into fields the
  /// initialiser left as they were.
  final class FlagLayer: CALayer {
    var isCopy = false
    var label = "model"
    var cache = [1, 2, 3]
    var progress: CGFloat = 0
    override init() { super.init() }
    override init(layer: Any) {
      super.init(layer: layer)
      isCopy = true
      label = "copy"
      cache = [9]
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
  }

  @Test func whatInitWithLayerSetsStays() {
    let layer = FlagLayer()
    layer.progress = 0.5
    layer.cache = [4, 5]
    let tree = showInKeyWindow(layer)
    tree.advance(to: .seconds(0.1))
    let copy = try! #require(layer.presentation())
    #expect(copy.isCopy && copy.label == "copy" && copy.cache == [9])
    #expect(copy.progress == 0.5, "a field it left is the model's")
    #expect(!layer.isCopy && layer.label == "model" && layer.cache == [4, 5])
  }
}

/// The application delegate is made by its `init()`, as iOS makes it.
@MainActor struct DelegateInitializerTests {
  final class SetUpDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    let startedAt: String
    override init() {
      startedAt = "init()"
      super.init()
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
  }

  final class PlainDelegate: UIResponder, UIApplicationDelegate {
    var names = ["a"]
  }

  final class NotADelegate: UIResponder {}

  @Test func theDelegateIsMadeByItsInit() throws {
    let made = try UIApplication.makeDelegate(SetUpDelegate.self)
    #expect((made as? SetUpDelegate)?.startedAt == "init()")
    #expect((try UIApplication.makeDelegate(PlainDelegate.self) as? PlainDelegate)?.names == ["a"])
    #expect(throws: (any Error).self) { try UIApplication.makeDelegate(NotADelegate.self) }
  }
}
