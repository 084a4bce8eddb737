import RingGraphics
import Testing

@testable import RingLayers

/// An animation that writes `colors` and, when it declares it, `startPoint`: as honest as
/// its `keyPaths`.
struct TwoPropertyAnimation: Animation {
  var keyPaths: [PartialKeyPath<LayerProperties>]
  var timing: AnimationTiming = {
    var t = AnimationTiming()
    t.duration = .seconds(1)
    return t
  }()
  var keyPath: PartialKeyPath<LayerProperties> { keyPaths[0] }
  var delegate: (any AnimationDelegate)? { nil }
  var onStop: ((any Animation, Bool) -> Void)? { nil }
  func validateValues() throws {}
  func apply(_ phase: AnimationPhase, model: LayerProperties, to presented: inout LayerProperties) {
    presented.colors[0] = RGBAColor(unchecked: phase.fraction, 0, 0, 1)
    if keyPaths.count > 1 { presented.startPoint = Point(x: phase.fraction, y: 0) }
  }
}

@Suite struct DeclaredWritesTests {
  /// A phase is the animation's own pass (and which repeat it is) and nothing else: no clock
  /// time.
  @Test func aPhaseCarriesOnlyItsOwnPass() {
    let phase = AnimationPhase(fraction: 0.5, elapsed: 5, length: 10)
    let fields = Mirror(reflecting: phase).children.map(\.label)
    #expect(
      fields == ["fraction", "elapsed", "length", "iteration"], "an AnimationPhase holds \(fields)")
  }

  /// `Layer.add` refuses an animation declaring any property that is not animatable on the
  /// layer, and names it (by its type when it has no animatable name).
  @Test(arguments: 0..<3)
  func undeclarableWritesAreRefused(example: Int) {
    let (keyPaths, names): ([PartialKeyPath<LayerProperties>], String) = [
      ([\LayerProperties.colors, \LayerProperties.path], "'path' is not an animatable property"),
      ([\LayerProperties.colors, \LayerProperties.gradientKind], "GradientKind"),
      ([\LayerProperties.lineWidth], "'lineWidth' is not an animatable property"),
    ][example]
    let layer = GradientLayer()
    layer.colors = [.black, .white]
    do {
      try layer.add(TwoPropertyAnimation(keyPaths: keyPaths))
      Issue.record("an animation declaring \(keyPaths) was added to a gradient layer")
    } catch let error as RingError {
      #expect(error.code == .unknownKeyPath, "\(error)")
      #expect("\(error)".contains(names), "the message names the property: \(error)")
    } catch {
      Issue.record("unexpected error \(error)")
    }
    #expect(layer.animationKeys.isEmpty, "nothing was added")
  }

  /// The presentation checks a layer's geometry every frame when any declared property of
  /// any of its animations is geometry, not only the first.
  @Test(arguments: [false, true])
  func anyDeclaredGeometryMovesTheGeometry(declaresGeometry: Bool) throws {
    let layer = GradientLayer()
    layer.colors = [.black, .white]
    let keyPaths: [PartialKeyPath<LayerProperties>] =
      declaresGeometry ? [\LayerProperties.colors, \LayerProperties.startPoint] : [\.colors]
    try layer.add(TwoPropertyAnimation(keyPaths: keyPaths))
    let node = layer.presentation(at: .seconds(0.5)).nodes[0]
    #expect((node.geometryStamp == 0) == declaresGeometry, "geometry stamp \(node.geometryStamp)")
    #expect(node.properties.startPoint.x == (declaresGeometry ? 0.5 : layer.startPoint.x))
  }

  /// What the presentation's debug check compares: everything outside an animation's
  /// declared properties.
  @Test func writesOutsideTheDeclarationAreSeen() throws {
    var model = LayerProperties()
    model.colors = [.black, .white]
    let colors = try #require(LayerProperties.animatable(\LayerProperties.colors))
    let before = Layer.outside([colors], of: model)
    var honest = model
    honest.colors[0] = .white
    #expect(Layer.outside([colors], of: honest) == before, "a declared write")
    var dishonest = honest
    dishonest.startPoint = Point(x: 0.25, y: 0)
    #expect(Layer.outside([colors], of: dishonest) != before, "an undeclared write")
  }
}
