import Foundation
import Testing

@testable import UIKit

/// Stack views as screens use them: rows and columns, spacing, each distribution and
/// alignment, margins, custom spacing, hidden views collapsing, a stack sized by its views.
@MainActor @Suite(.serialized) struct UIStackViewTests {
  init() { startAutoLayoutTest() }

  /// A view of a natural size.
  final class Box: UIView {
    let size: CGSize
    init(_ width: CGFloat, _ height: CGFloat) {
      size = CGSize(width: width, height: height)
      super.init(frame: .zero)
    }
    required init?(coder: NSCoder) { fatalError() }
    override var intrinsicContentSize: CGSize { size }
  }

  /// A 200 x 100 root holding `stack` pinned to its edges.
  func pinned(_ stack: UIStackView) -> UIView {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    constrained(stack, in: root)
    NSLayoutConstraint.activate([
      stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      stack.trailingAnchor.constraint(equalTo: root.trailingAnchor),
      stack.topAnchor.constraint(equalTo: root.topAnchor),
      stack.bottomAnchor.constraint(equalTo: root.bottomAnchor),
    ])
    root.layoutIfNeeded()
    return root
  }

  @Test func fillEquallyWithSpacing() {
    let boxes = [Box(10, 10), Box(30, 10), Box(50, 10)]
    let stack = UIStackView(arrangedSubviews: boxes)
    stack.distribution = .fillEqually
    stack.spacing = 10
    let root = pinned(stack)
    defer { withExtendedLifetime(root) {} }
    #expect(
      boxes.map(\.frame) == [
        CGRect(x: 0, y: 0, width: 60, height: 100), CGRect(x: 70, y: 0, width: 60, height: 100),
        CGRect(x: 140, y: 0, width: 60, height: 100),
      ])
  }

  @Test func aColumnCentredAcrossAtNaturalWidths() {
    let boxes = [Box(40, 20), Box(80, 30)]
    let stack = UIStackView(arrangedSubviews: boxes)
    stack.axis = .vertical
    stack.alignment = .center
    stack.spacing = 5
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    constrained(stack, in: root)
    NSLayoutConstraint.activate([
      stack.centerXAnchor.constraint(equalTo: root.centerXAnchor),
      stack.centerYAnchor.constraint(equalTo: root.centerYAnchor),
    ])
    root.layoutIfNeeded()
    #expect(stack.frame == CGRect(x: 60, y: 22.5, width: 80, height: 55), "sized by its views")
    #expect(boxes[0].frame == CGRect(x: 20, y: 0, width: 40, height: 20))
    #expect(boxes[1].frame == CGRect(x: 0, y: 25, width: 80, height: 30))
  }

  @Test func equalSpacingAndEqualCentering() {
    let boxes = [Box(20, 10), Box(40, 10), Box(20, 10)]
    let stack = UIStackView(arrangedSubviews: boxes)
    stack.distribution = .equalSpacing
    stack.alignment = .top
    let root = pinned(stack)
    #expect(boxes.map(\.frame.minX) == [0, 80, 180], "gaps of 60")
    #expect(boxes.map(\.frame.height) == [10, 10, 10], "natural heights at the top")
    stack.distribution = .equalCentering
    root.layoutIfNeeded()
    #expect(boxes.map(\.frame.midX) == [10, 100, 190], "centres 90 apart")
  }

  @Test func hiddenViewsCollapseAndCustomSpacingAndMargins() {
    let boxes = [Box(20, 10), Box(20, 10), Box(20, 10)]
    let stack = UIStackView(arrangedSubviews: boxes)
    stack.distribution = .fillEqually
    stack.isLayoutMarginsRelativeArrangement = true
    stack.layoutMargins = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    stack.setCustomSpacing(15, after: boxes[0])
    let root = pinned(stack)
    #expect(boxes[0].frame == CGRect(x: 10, y: 10, width: 55, height: 80), "\(boxes[0].frame)")
    #expect(boxes[1].frame.minX == 80)
    boxes[1].isHidden = true
    root.layoutIfNeeded()
    #expect(boxes[0].frame.width == 82.5 && boxes[2].frame.minX == 107.5, "\(boxes.map(\.frame))")
    stack.removeArrangedSubview(boxes[2])
    boxes[2].removeFromSuperview()
    root.layoutIfNeeded()
    #expect(boxes[0].frame.width == 180 && stack.arrangedSubviews.count == 2)
  }

  /// A stack placed by its frame in a screen with no other constraints still arranges.
  @Test func aStackPlacedByItsFrameArranges() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    let boxes = [Box(10, 10), Box(10, 10)]
    let stack = UIStackView(arrangedSubviews: boxes)
    stack.distribution = .fillEqually
    stack.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
    root.addSubview(stack)
    root.layoutIfNeeded()
    #expect(
      boxes.map(\.frame) == [
        CGRect(x: 0, y: 0, width: 50, height: 20), CGRect(x: 50, y: 0, width: 50, height: 20),
      ])
    stack.setCustomSpacing(10, after: boxes[0])
    root.layoutIfNeeded()
    #expect(boxes[1].frame.minX == 55)
    stack.setCustomSpacing(UIStackView.spacingUseDefault, after: boxes[0])
    root.layoutIfNeeded()
    #expect(boxes[1].frame.minX == 50, "back to the stack's spacing")
  }

  @Test func fillGivesTheRestToTheViewThatHugsLeast() {
    let (a, b) = (Box(30, 10), Box(30, 10))
    b.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
    let stack = UIStackView(arrangedSubviews: [a, b])
    let root = pinned(stack)
    defer { withExtendedLifetime(root) {} }
    #expect(a.frame.width == 30 && b.frame == CGRect(x: 30, y: 0, width: 170, height: 100))
  }
}
