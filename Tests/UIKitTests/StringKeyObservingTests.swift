import Testing

@testable import UIKit

/// Key-value observing by key path strings, with the observer's
/// `observeValue(forKeyPath:of:change:context:)`, as pull-to-refresh controls and older
/// code write it.
@MainActor @Suite(.serialized) struct StringKeyObservingTests {
  nonisolated(unsafe) static var context = 0

  final class Watcher: UIView {
    var heard: [String] = []
    override func observeValue(
      forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
      context: UnsafeMutableRawPointer?
    ) {
      guard context == &StringKeyObservingTests.context else {
        return super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
      }
      let new = change?[.newKey].map { "\($0)" } ?? "-"
      let old = change?[.oldKey].map { "\($0)" } ?? "-"
      heard.append("\(keyPath ?? "?") \(old) -> \(new)")
    }
  }

  final class Model: NSObject {
    var progress = 0.0
  }

  final class ModelWatcher: NSObject, KeyValueObserving {
    var values: [Double] = []
    func observeValue(
      forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
      context: UnsafeMutableRawPointer?
    ) {
      if let number = change?[.newKey] as? NSNumber { values.append(number.doubleValue) }
    }
  }

  final class ValueWatcher: UIView {
    var insets: [UIEdgeInsets] = []
    var offsets: [CGPoint] = []
    var boxedOffsets: [CGPoint] = []
    var alphas: [Double] = []
    override func observeValue(
      forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
      context: UnsafeMutableRawPointer?
    ) {
      guard let new = change?[.newKey] else { return }
      switch keyPath {
      case "contentInset": insets.append((new as! NSValue).uiEdgeInsetsValue)
      case "contentOffset":
        offsets.append(new as! CGPoint)
        if let boxed = new as? NSValue { boxedOffsets.append(boxed.cgPointValue) }
      case "alpha": alphas.append((new as! NSNumber).doubleValue + Double(new as! CGFloat))
      default: break
      }
    }
  }

  /// Geometry in a change is an `NSValue` as on iOS, and the Swift type too: both casts
  /// work (DGElasticPullToRefresh reads `as! NSValue`).
  @Test func changesHoldValuesAsBothForms() {
    let (tree, host) = showViewInKeyWindow()
    let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    host.addSubview(scroll)
    let watcher = ValueWatcher()
    for key in ["contentInset", "contentOffset", "alpha"] {
      scroll.addObserver(watcher, forKeyPath: key, options: .new, context: nil)
    }
    scroll.contentInset = UIEdgeInsets(top: 64, left: 0, bottom: 0, right: 0)
    scroll.contentOffset = CGPoint(x: 0, y: 10)
    scroll.alpha = 0.5
    tree.advance(to: .seconds(0.1))
    #expect(watcher.insets == [UIEdgeInsets(top: 64, left: 0, bottom: 0, right: 0)])
    #expect(
      watcher.offsets.last == CGPoint(x: 0, y: 10)
        && watcher.boxedOffsets.last == CGPoint(x: 0, y: 10))
    #expect(watcher.alphas == [1])
    for key in ["contentInset", "contentOffset", "alpha"] {
      scroll.removeObserver(watcher, forKeyPath: key)
    }
  }

  @Test func aViewHearsAScrollViewsOffsetUntilRemoved() {
    let (tree, host) = showViewInKeyWindow()
    let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    scroll.contentSize = CGSize(width: 100, height: 500)
    let watcher = Watcher()
    host.addSubview(scroll)
    scroll.addObserver(
      watcher, forKeyPath: "contentOffset", options: [.new, .old], context: &Self.context)
    scroll.contentOffset = CGPoint(x: 0, y: 40)
    #expect(watcher.heard == ["contentOffset \(CGPoint.zero) -> \(CGPoint(x: 0, y: 40))"])
    #expect(
      (scroll.observedValue(forKeyPath: "contentOffset") as? CGPoint) == CGPoint(x: 0, y: 40),
      "values as themselves, so `as? CGPoint` reads them")
    scroll.contentOffset = CGPoint(x: 0, y: 40)
    #expect(watcher.heard.count == 1, "the same value is no change")
    scroll.removeObserver(watcher, forKeyPath: "contentOffset", context: &Self.context)
    scroll.contentOffset = CGPoint(x: 0, y: 80)
    tree.advance(to: .seconds(0.1))
    #expect(watcher.heard.count == 1)
  }

  @Test func layersAndInitialValues() {
    let layer = CALayer()
    let watcher = Watcher()
    layer.addObserver(
      watcher, forKeyPath: "opacity", options: [.initial, .new], context: &Self.context)
    #expect(watcher.heard == ["opacity - -> 1.0"])
    CATransaction.setDisableActions(true)
    layer.opacity = 0.5
    #expect(watcher.heard.last == "opacity - -> 0.5")
    layer.addObserver(watcher, forKeyPath: "bounds", options: .new, context: nil)
    layer.bounds = CGRect(x: 0, y: 0, width: 3, height: 4)
    #expect(watcher.heard.count == 2, "another context is the superclass's")
    layer.removeObserver(watcher, forKeyPath: "bounds")
    layer.removeObserver(watcher, forKeyPath: "opacity")
  }

  /// A program's own object and property: told at the end of the turn it changed in (or at
  /// `didChangeValue(forKey:)`).
  @Test func aProgramsOwnPropertyIsToldAtTheEndOfTheTurn() {
    let (tree, _) = showViewInKeyWindow()
    let model = Model()
    let watcher = ModelWatcher()
    model.addObserver(watcher, forKeyPath: "progress", options: .new, context: nil)
    model.progress = 0.25
    tree.advance(to: .seconds(0.1))
    #expect(watcher.values == [0.25])
    model.progress = 0.5
    model.didChangeValue(forKey: "progress")
    #expect(watcher.values == [0.25, 0.5])
    model.removeObserver(watcher, forKeyPath: "progress")
  }
}
