import Foundation
import Testing

@testable import UIKit

/// A model object of a program's own, observed as MVVM code observes one.
private final class Download: NSObject {
  var fraction = 0.0
}

/// `observe(_:options:changeHandler:)` as Foundation documents it: the handler hears each
/// change of the value at the key path, with what the options ask for, while the
/// observation lives.
@MainActor @Suite(.serialized) struct KeyValueObservingTests {
  /// (old, new) pairs a handler heard.
  final class Heard<Value> {
    var changes: [(old: Value?, new: Value?, prior: Bool)] = []
  }

  @Test func aViewsBoundsAreToldWithOldAndNewValues() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    let heard = Heard<CGRect>()
    let observation = view.observe(\.bounds, options: [.old, .new]) { _, change in
      heard.changes.append((change.oldValue, change.newValue, change.isPrior))
    }
    view.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
    view.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)  // the same: nothing to tell
    view.frame = CGRect(x: 5, y: 5, width: 30, height: 10)
    #expect(heard.changes.count == 2)
    #expect(heard.changes.first?.old == CGRect(x: 0, y: 0, width: 10, height: 10))
    #expect(heard.changes.first?.new == CGRect(x: 0, y: 0, width: 20, height: 10))
    #expect(heard.changes.last?.new == CGRect(x: 0, y: 0, width: 30, height: 10))
    observation.invalidate()
    view.bounds = .zero
    #expect(heard.changes.count == 2, "an invalidated observation hears nothing")
  }

  /// Without `.old` or `.new` the change carries no values; `.initial` tells at once;
  /// `.prior` tells before each change as well (here just before the one after it).
  @Test func optionsChooseWhatIsTold() throws {
    let view = UIView()
    let bare = Heard<CGFloat>()
    let all = Heard<CGFloat>()
    let a = view.observe(\.alpha) { _, change in
      bare.changes.append((change.oldValue, change.newValue, change.isPrior))
    }
    let b = view.observe(\.alpha, options: [.initial, .prior, .old, .new]) { _, change in
      all.changes.append((change.oldValue, change.newValue, change.isPrior))
    }
    view.alpha = 0.5
    try #require(bare.changes.count == 1 && all.changes.count == 3)
    #expect(bare.changes[0].old == nil && bare.changes[0].new == nil)
    #expect(all.changes[0].old == nil && all.changes[0].new == 1 && !all.changes[0].prior)
    #expect(all.changes[1].old == 1 && all.changes[1].new == nil && all.changes[1].prior)
    #expect(all.changes[2].old == 1 && all.changes[2].new == 0.5 && !all.changes[2].prior)
    _ = (a, b)
  }

  /// An observation nobody keeps stops at once, as Foundation's does; one whose object has
  /// gone is harmless.
  @Test func aReleasedObservationHearsNothing() {
    let layer = CAShapeLayer()
    var count = 0
    _ = layer.observe(\.strokeEnd) { _, _ in count += 1 }
    layer.strokeEnd = 0.5
    #expect(count == 0)
    var kept: NSKeyValueObservation? = layer.observe(\.strokeEnd) { _, _ in count += 1 }
    layer.strokeEnd = 0.25
    #expect(count == 1)
    kept = nil
    layer.strokeEnd = 0.75
    #expect(count == 1 && kept == nil)
    var gone: CAShapeLayer? = CAShapeLayer()
    let orphan = gone!.observe(\.lineWidth) { _, _ in count += 1 }
    gone = nil
    layer.lineWidth = 3
    #expect(count == 1)
    _ = orphan
  }

  /// A layer's properties, a view's colour (its layer's) and a value derived from the
  /// layer (a view's frame when its layer's position moves) are told when they change.
  @Test func layerPropertiesAndWhatDerivesFromThemAreTold() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    var frames: [CGRect] = []
    var colours: [UIColor?] = []
    let a = view.observe(\.frame, options: .new) { _, change in frames.append(change.newValue!) }
    let b = view.observe(\.backgroundColor, options: .new) { _, change in
      colours.append(change.newValue!)
    }
    view.layer.position = CGPoint(x: 100, y: 100)
    view.backgroundColor = .red
    view.backgroundColor = nil
    #expect(frames == [CGRect(x: 95, y: 95, width: 10, height: 10)])
    #expect(colours == [.red, nil])
    _ = (a, b)
  }

  /// A handler that sets the value it observes hears its own change at once, nested, as
  /// Foundation's does; one that keeps changing it stops being told 16 deep.
  @Test func aHandlersOwnChangeIsToldNested() {
    let layer = CALayer()
    var heard: [String] = []
    let o = layer.observe(\.opacity, options: [.old, .new]) { layer, change in
      heard.append("\(change.oldValue!)>\(change.newValue!)")
      layer.opacity = min(layer.opacity, 0.5)
      heard.append("out")
    }
    layer.opacity = 0.9
    heard.append("after")
    #expect(heard == ["1.0>0.9", "0.9>0.5", "out", "out", "after"])
    var calls = 0
    let pingPong = layer.observe(\.zPosition) { layer, _ in
      calls += 1
      layer.zPosition = layer.zPosition == 1 ? 2 : 1
    }
    layer.zPosition = 1
    #expect(calls == 16)
    _ = (o, pingPong)
  }

  /// A set checks only the observations of what was set (and its view): 2,000 sets with
  /// 500 observations of other views read none of them.
  @Test func aSetChecksOnlyItsOwnObservations() {
    var reads = 0
    final class Counted: UIView {
      var onRead: () -> Void = {}
      override var bounds: CGRect {
        get {
          onRead()
          return super.bounds
        }
        set { super.bounds = newValue }
      }
    }
    let others = (0..<500).map { _ in Counted() }
    let observations = others.map { $0.observe(\.bounds) { _, _ in } }
    for v in others { v.onRead = { reads += 1 } }
    let moving = UIView()
    for i in 0..<2000 { moving.center = CGPoint(x: i, y: 0) }
    #expect(reads == 0)
    _ = observations
  }

  /// A program's own property (which iOS tells through `@objc dynamic`) is told after
  /// `didChangeValue(forKey:)`, else at the end of the run loop's turn, before the frame.
  @Test func aProgramsOwnPropertiesAreToldByTheEndOfTheTurn() {
    let tree = showInKeyWindow(CALayer())
    let download = Download()
    var heard: [Double] = []
    let o = download.observe(\.fraction, options: .new) { _, change in
      heard.append(change.newValue!)
    }
    download.fraction = 0.25
    #expect(heard.isEmpty)
    download.didChangeValue(forKey: "fraction")
    #expect(heard == [0.25])
    download.fraction = 0.5
    tree.advance(to: .seconds(0.1))
    #expect(heard == [0.25, 0.5])
    _ = o
  }
}
