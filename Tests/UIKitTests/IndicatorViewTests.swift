import Foundation
import Testing

@testable import UIKit

/// The system's indicators as apps drive them.
@MainActor @Suite(.serialized) struct IndicatorViewTests {
  /// Hidden while stopped (unless told otherwise), shown while animating; its natural size
  /// is its style's.
  @Test func anActivityIndicatorShowsWhileItAnimates() {
    let spinner = UIActivityIndicatorView(style: .large)
    #expect(spinner.isHidden && !spinner.isAnimating)
    #expect(spinner.intrinsicContentSize == CGSize(width: 37, height: 37))
    spinner.startAnimating()
    #expect(!spinner.isHidden && spinner.isAnimating)
    spinner.stopAnimating()
    #expect(spinner.isHidden)
    spinner.hidesWhenStopped = false
    #expect(!spinner.isHidden)
    #expect(UIActivityIndicatorView(style: .medium).intrinsicContentSize.width == 20)
  }

  /// The spokes step an eighth of a turn each eighth of a second: the pattern a second on
  /// is the same, an eighth on it is turned.
  @Test func theSpokesStep() {
    let spinner = UIActivityIndicatorView(style: .medium)
    let tree = showInKeyWindow(spinner.layer)
    spinner.startAnimating()
    tree.advance(to: .seconds(0.3))
    let spokes = spinner.layer.sublayers!.first!
    let a = spokes.presentation()!.transform
    tree.advance(to: .seconds(1.3))
    #expect(spokes.presentation()!.transform == a)
    tree.advance(to: .seconds(1.43))
    #expect(spokes.presentation()!.transform != a)
  }

  /// Progress is clamped to [0, 1]; the bar's width is its share of the track.
  @Test(arguments: [(-1.0, 0.0), (0.25, 0.25), (2.0, 1.0), (Double.nan, 0.0)])
  func progressIsClamped(set: Double, shown: Double) {
    let bar = UIProgressView(progressViewStyle: .default)
    bar.frame = CGRect(x: 0, y: 0, width: 200, height: 4)
    bar.progress = Float(set)
    #expect(Double(bar.progress) == shown)
    let fill = bar.layer.sublayers!.first!.sublayers!.first!
    #expect(abs(Double(fill.bounds.width) - 200 * shown) < 1e-9)
  }
}
