import Foundation
import Testing

@testable import UIKit

/// Starts an Auto Layout test: no constraint active, 2 pixels per point.
@MainActor func startAutoLayoutTest() {
  NSLayoutConstraint.deactivate(AutoLayout.active)
  Runtime.screenScale = 2
}

/// `view` added to `parent`, placed by constraints rather than its frame.
@MainActor @discardableResult func constrained<View: UIView>(_ view: View, in parent: UIView)
  -> View
{
  view.translatesAutoresizingMaskIntoConstraints = false
  parent.addSubview(view)
  return view
}

/// Auto Layout as view code uses it: anchors, the classic initialiser, priorities,
/// inequalities, intrinsic sizes, guides, margins, constants changed and animated, and the
/// frames UIKit would give (their edges on the screen's pixels).
@MainActor @Suite(.serialized) struct AutoLayoutTests {
  init() { startAutoLayoutTest() }

  func root(_ width: CGFloat = 200, _ height: CGFloat = 100) -> UIView {
    UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
  }

  func child(of parent: UIView) -> UIView { constrained(UIView(), in: parent) }

  /// A multi-line label whose width the constraints set breaks its lines at that width and
  /// is as tall as the lines (UIKit's automatic preferred width since iOS 8); a label with
  /// one line, or with a preferred width of its own, keeps its intrinsic height; a view
  /// pinned below the label follows it.
  @Test(arguments: [0, 1, 2])
  func aMultiLineLabelWrapsAtTheWidthTheLayoutGivesIt(lines: Int) {
    let r = root(200, 300)
    let label = constrained(UILabel(), in: r)
    label.numberOfLines = lines
    label.font = .systemFont(ofSize: 14)
    label.text = "We carefully verify all banks before we add them into the app"
    let below = child(of: r)
    NSLayoutConstraint.activate([
      label.leadingAnchor.constraint(equalTo: r.leadingAnchor, constant: 10),
      label.trailingAnchor.constraint(equalTo: r.trailingAnchor, constant: -10),
      label.topAnchor.constraint(equalTo: r.topAnchor, constant: 10),
      below.topAnchor.constraint(equalTo: label.bottomAnchor),
      below.leadingAnchor.constraint(equalTo: r.leadingAnchor),
      below.widthAnchor.constraint(equalToConstant: 10),
      below.heightAnchor.constraint(equalToConstant: 10),
    ])
    r.layoutIfNeeded()
    let oneLine = label.sizeThatFits(CGSize(width: 0, height: 0)).height
    let wrapped = label.sizeThatFits(CGSize(width: 180, height: 0)).height
    #expect(label.frame.width == 180)
    #expect(lines == 1 ? wrapped == oneLine : wrapped > oneLine, "the text needs the lines")
    #expect(label.frame.height == wrapped, "\(label.frame)")
    #expect(below.frame.minY == label.frame.maxY)
    // Narrower, it wraps again at the new width.
    r.frame.size.width = 120
    r.layoutIfNeeded()
    #expect(label.frame.height == label.sizeThatFits(CGSize(width: 100, height: 0)).height)
    // A preferred width of its own is the one it breaks at.
    label.preferredMaxLayoutWidth = 60
    r.layoutIfNeeded()
    #expect(label.frame.height == label.sizeThatFits(CGSize(width: 60, height: 0)).height)
  }

  @Test func aCentredViewOfAFixedSize() {
    let r = root()
    let v = child(of: r)
    NSLayoutConstraint.activate([
      v.centerXAnchor.constraint(equalTo: r.centerXAnchor),
      v.centerYAnchor.constraint(equalTo: r.centerYAnchor),
      v.widthAnchor.constraint(equalToConstant: 50),
      v.heightAnchor.constraint(equalToConstant: 20),
    ])
    r.layoutIfNeeded()
    #expect(v.frame == CGRect(x: 75, y: 40, width: 50, height: 20))
    #expect(r.constraints.count == 2 && v.constraints.count == 2, "installed where UIKit puts them")
  }

  @Test func edgesPinnedToTheSafeAreaAndTheMargins() {
    let r = root()
    let bar = child(of: r)
    let inset = child(of: r)
    NSLayoutConstraint.activate([
      bar.leadingAnchor.constraint(equalTo: r.safeAreaLayoutGuide.leadingAnchor, constant: 16),
      bar.trailingAnchor.constraint(equalTo: r.safeAreaLayoutGuide.trailingAnchor, constant: -16),
      bar.topAnchor.constraint(equalTo: r.safeAreaLayoutGuide.topAnchor, constant: 20),
      bar.heightAnchor.constraint(equalToConstant: 44),
      inset.leadingAnchor.constraint(equalTo: r.layoutMarginsGuide.leadingAnchor),
      inset.trailingAnchor.constraint(equalTo: r.layoutMarginsGuide.trailingAnchor),
      inset.bottomAnchor.constraint(equalTo: r.layoutMarginsGuide.bottomAnchor),
      inset.heightAnchor.constraint(equalTo: bar.heightAnchor, multiplier: 0.5),
    ])
    r.layoutIfNeeded()
    #expect(bar.frame == CGRect(x: 16, y: 20, width: 168, height: 44))
    #expect(inset.frame == CGRect(x: 8, y: 70, width: 184, height: 22))
  }

  @Test func priorityAndInequalitiesDecide() {
    let r = root()
    let v = child(of: r)
    let wide = v.widthAnchor.constraint(equalToConstant: 300)
    wide.priority = .defaultHigh
    let low = v.heightAnchor.constraint(equalToConstant: 90)
    low.priority = .defaultLow
    NSLayoutConstraint.activate([
      v.leadingAnchor.constraint(equalTo: r.leadingAnchor),
      v.topAnchor.constraint(equalTo: r.topAnchor),
      wide,
      v.widthAnchor.constraint(lessThanOrEqualTo: r.widthAnchor, constant: -20),
      low,
      v.heightAnchor.constraint(greaterThanOrEqualToConstant: 10),
      v.heightAnchor.constraint(lessThanOrEqualToConstant: 30),
    ])
    r.layoutIfNeeded()
    #expect(v.frame == CGRect(x: 0, y: 0, width: 180, height: 30), "\(v.frame)")
  }

  @Test func theClassicInitialiserWithAMultiplier() {
    let r = root()
    let v = child(of: r)
    r.addConstraints([
      NSLayoutConstraint(
        item: v, attribute: .centerX, relatedBy: .equal, toItem: r, attribute: .centerX,
        multiplier: 0.5, constant: 0),
      NSLayoutConstraint(
        item: v, attribute: .top, relatedBy: .equal, toItem: r, attribute: .top,
        multiplier: 1, constant: 10),
      NSLayoutConstraint(
        item: v, attribute: .width, relatedBy: .equal, toItem: nil,
        attribute: .notAnAttribute, multiplier: 1, constant: 40),
      NSLayoutConstraint(
        item: v, attribute: .height, relatedBy: .equal, toItem: v, attribute: .width,
        multiplier: 0.25, constant: 0),
    ])
    r.layoutIfNeeded()
    #expect(v.frame == CGRect(x: 30, y: 10, width: 40, height: 10))
  }

  @Test func anIntrinsicSizeHoldsUnlessConstraintsOutweighIt() {
    let r = root(300, 100)
    let label = UILabel()
    label.text = "Loading…"
    constrained(label, in: r)
    NSLayoutConstraint.activate([
      label.centerXAnchor.constraint(equalTo: r.centerXAnchor),
      label.centerYAnchor.constraint(equalTo: r.centerYAnchor),
    ])
    r.layoutIfNeeded()
    let natural = label.intrinsicContentSize
    #expect(abs(label.frame.width - natural.width) <= 0.5, "\(label.frame) \(natural)")
    #expect(abs(label.frame.height - natural.height) <= 0.5)
    #expect(abs(label.frame.midX - 150) <= 0.5 && abs(label.frame.midY - 50) <= 0.5)
    // A required width beats the hugging; a width below the natural one beats it only when
    // compression resistance is lowered.
    let narrow = label.widthAnchor.constraint(equalToConstant: 10)
    narrow.priority = UILayoutPriority(500)
    narrow.isActive = true
    r.layoutIfNeeded()
    #expect(abs(label.frame.width - natural.width) <= 0.5, "resists compression at 750")
    label.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
    r.layoutIfNeeded()
    #expect(label.frame.width == 10, "gives way at 250: \(label.frame)")
  }

  @Test func aChangedConstantMovesTheViewAtTheNextPassAndAnimates() {
    let r = root()
    let v = child(of: r)
    let left = v.leadingAnchor.constraint(equalTo: r.leadingAnchor, constant: 10)
    NSLayoutConstraint.activate([
      left, v.topAnchor.constraint(equalTo: r.topAnchor),
      v.widthAnchor.constraint(equalToConstant: 20), v.heightAnchor.constraint(equalToConstant: 20),
    ])
    r.layoutIfNeeded()
    #expect(v.frame.minX == 10)
    left.constant = 60
    #expect(v.frame.minX == 10, "not before the layout pass")
    r.layoutIfNeeded()
    #expect(v.frame.minX == 60)
    left.isActive = false
    r.layoutIfNeeded()
    #expect(v.frame.minX == 60, "what constraints leave open stays where it was")
  }

  @Test func nestedViewsAndOneWithAFrameMoveTogether() {
    let r = root()
    let card = child(of: r)
    let badge = child(of: card)
    let framed = UIView(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
    card.addSubview(framed)
    NSLayoutConstraint.activate([
      card.trailingAnchor.constraint(equalTo: r.trailingAnchor, constant: -10),
      card.bottomAnchor.constraint(equalTo: r.bottomAnchor, constant: -10),
      card.widthAnchor.constraint(equalToConstant: 80),
      card.heightAnchor.constraint(equalToConstant: 40),
      badge.trailingAnchor.constraint(equalTo: card.trailingAnchor),
      badge.topAnchor.constraint(equalTo: framed.bottomAnchor, constant: 1),
      badge.widthAnchor.constraint(equalToConstant: 8),
      badge.heightAnchor.constraint(equalTo: badge.widthAnchor),
    ])
    r.layoutIfNeeded()
    #expect(card.frame == CGRect(x: 110, y: 50, width: 80, height: 40))
    #expect(badge.frame == CGRect(x: 72, y: 16, width: 8, height: 8), "in the card's coordinates")
    #expect(framed.frame == CGRect(x: 5, y: 5, width: 10, height: 10), "its frame held")
  }

  @Test func edgesFallOnTheScreensPixels() {
    let r = root(100, 100)
    let views = (0..<3).map { _ in child(of: r) }
    var cs: [NSLayoutConstraint] = []
    for (i, v) in views.enumerated() {
      cs += [
        v.topAnchor.constraint(equalTo: r.topAnchor),
        v.heightAnchor.constraint(equalToConstant: 10),
        v.widthAnchor.constraint(equalTo: r.widthAnchor, multiplier: 1.0 / 3),
        i == 0
          ? v.leadingAnchor.constraint(equalTo: r.leadingAnchor)
          : v.leadingAnchor.constraint(equalTo: views[i - 1].trailingAnchor),
      ]
    }
    NSLayoutConstraint.activate(cs)
    r.layoutIfNeeded()
    #expect(views.map(\.frame.minX) == [0, 33.5, 66.5], "thirds of 100 points at 2x")
    #expect(views.map(\.frame.width) == [33.5, 33, 33.5])
  }

  @Test func aGuideOfItsOwnSpacesViewsEvenly() {
    let r = root(200, 50)
    let (a, b) = (child(of: r), child(of: r))
    let (g1, g2, g3) = (UILayoutGuide(), UILayoutGuide(), UILayoutGuide())
    for g in [g1, g2, g3] { r.addLayoutGuide(g) }
    NSLayoutConstraint.activate([
      a.widthAnchor.constraint(equalToConstant: 40), b.widthAnchor.constraint(equalToConstant: 40),
      a.heightAnchor.constraint(equalToConstant: 10),
      b.heightAnchor.constraint(equalToConstant: 10),
      a.topAnchor.constraint(equalTo: r.topAnchor), b.topAnchor.constraint(equalTo: r.topAnchor),
      g1.leadingAnchor.constraint(equalTo: r.leadingAnchor),
      a.leadingAnchor.constraint(equalTo: g1.trailingAnchor),
      g2.leadingAnchor.constraint(equalTo: a.trailingAnchor),
      b.leadingAnchor.constraint(equalTo: g2.trailingAnchor),
      g3.leadingAnchor.constraint(equalTo: b.trailingAnchor),
      g3.trailingAnchor.constraint(equalTo: r.trailingAnchor),
      g2.widthAnchor.constraint(equalTo: g1.widthAnchor),
      g3.widthAnchor.constraint(equalTo: g1.widthAnchor),
    ])
    r.layoutIfNeeded()
    #expect(a.frame.minX == 40 && b.frame.minX == 120, "\(a.frame) \(b.frame)")
    #expect(g2.layoutFrame.width == 40)
  }

  @Test func conflictingRequiredConstraintsBreakOneAndGoOn() {
    let r = root()
    let v = child(of: r)
    NSLayoutConstraint.activate([
      v.leadingAnchor.constraint(equalTo: r.leadingAnchor),
      v.topAnchor.constraint(equalTo: r.topAnchor),
      v.heightAnchor.constraint(equalToConstant: 10),
      v.widthAnchor.constraint(equalToConstant: 100),
      v.widthAnchor.constraint(equalToConstant: 50),
    ])
    r.layoutIfNeeded()
    #expect(v.frame.width == 100, "the first holds, as UIKit keeps it: \(v.frame)")
  }

  @Test func leavingTheSuperviewRemovesTheConstraintsToIt() {
    let r = root()
    let v = child(of: r)
    let size = v.widthAnchor.constraint(equalToConstant: 10)
    let pin = v.leadingAnchor.constraint(equalTo: r.leadingAnchor)
    NSLayoutConstraint.activate([size, pin])
    v.removeFromSuperview()
    #expect(size.isActive && !pin.isActive)
  }

  /// A required constraint that conflicts with those before it is the one broken; the
  /// earlier ones still hold exactly.
  @Test func aConflictLeavesTheEarlierRequiredConstraintsWhole() {
    let r = root(200, 100)
    let v = child(of: r)
    NSLayoutConstraint.activate([
      v.leadingAnchor.constraint(equalTo: r.leadingAnchor),
      v.trailingAnchor.constraint(lessThanOrEqualTo: r.trailingAnchor),
      v.topAnchor.constraint(equalTo: r.topAnchor),
      v.heightAnchor.constraint(equalToConstant: 10),
      v.widthAnchor.constraint(greaterThanOrEqualToConstant: 300),
    ])
    r.layoutIfNeeded()
    #expect(v.frame == CGRect(x: 0, y: 0, width: 200, height: 10), "\(v.frame)")
  }

  /// A multiplier scales a position from the origin of the items' common ancestor: a
  /// quarter of the way across the container, wherever the container is.
  @Test func aMultipliedPositionIsMeasuredInTheCommonAncestor() {
    let r = root(400, 100)
    let container = UIView(frame: CGRect(x: 100, y: 0, width: 200, height: 100))
    r.addSubview(container)
    let v = child(of: container)
    NSLayoutConstraint.activate([
      NSLayoutConstraint(
        item: v, attribute: .centerX, relatedBy: .equal, toItem: container,
        attribute: .centerX, multiplier: 0.5, constant: 0),
      v.topAnchor.constraint(equalTo: container.topAnchor),
      v.widthAnchor.constraint(equalToConstant: 20), v.heightAnchor.constraint(equalToConstant: 20),
    ])
    r.layoutIfNeeded()
    #expect(v.frame.midX == 50, "\(v.frame)")
  }

  /// A higher priority beats lower ones even when several lower ones pull together.
  @Test func aHigherPriorityWinsOverLowerOnesTogether() {
    let r = root(200, 200)
    let v = child(of: r)
    let wide = v.widthAnchor.constraint(equalToConstant: 100)
    wide.priority = .defaultHigh
    let ratio = v.heightAnchor.constraint(equalTo: v.widthAnchor, multiplier: 2)
    ratio.priority = UILayoutPriority(749)
    NSLayoutConstraint.activate([
      v.leadingAnchor.constraint(equalTo: r.leadingAnchor),
      v.topAnchor.constraint(equalTo: r.topAnchor),
      v.heightAnchor.constraint(equalToConstant: 100), wide, ratio,
    ])
    r.layoutIfNeeded()
    #expect(v.frame.width == 100, "\(v.frame)")
  }

  /// A view placed by its frame holds its place by its centre and bounds: a transform (a
  /// pop-in starting small) does not shrink what is pinned inside it.
  @Test func aTransformDoesNotChangeWhereConstraintsPlace() {
    let r = root()
    let card = UIView(frame: CGRect(x: 20, y: 10, width: 100, height: 60))
    card.transform = CGAffineTransform(scaleX: 0.01, y: 0.01)
    r.addSubview(card)
    let fill = child(of: card)
    NSLayoutConstraint.activate([
      fill.leadingAnchor.constraint(equalTo: card.leadingAnchor),
      fill.trailingAnchor.constraint(equalTo: card.trailingAnchor),
      fill.topAnchor.constraint(equalTo: card.topAnchor),
      fill.bottomAnchor.constraint(equalTo: card.bottomAnchor),
    ])
    r.layoutIfNeeded()
    #expect(fill.frame == CGRect(x: 0, y: 0, width: 100, height: 60), "\(fill.frame)")
  }

  /// `updateViewConstraints()` runs at the first layout pass, so constraints made there
  /// place the views; a view's own `updateConstraints` runs once it asks.
  @Test func theFirstPassUpdatesAControllersConstraints() {
    final class Controller: UIViewController {
      let box = UIView()
      var updates = 0
      override func viewDidLoad() {
        super.viewDidLoad()
        box.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(box)
      }
      override func updateViewConstraints() {
        updates += 1
        if updates == 1 {
          NSLayoutConstraint.activate([
            box.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            box.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            box.widthAnchor.constraint(equalToConstant: 10),
            box.heightAnchor.constraint(equalToConstant: 10),
          ])
        }
        super.updateViewConstraints()
      }
    }
    let controller = Controller()
    controller.loadViewIfNeeded()
    controller.view.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
    controller.view.layoutIfNeeded()
    #expect(controller.updates == 1)
    #expect(controller.box.frame == CGRect(x: 45, y: 20, width: 10, height: 10))
  }

  @Test func constraintsOfAViewThatIsGoneAreDropped() {
    let r = root()
    weak var gone: UIView?
    do {
      let v = child(of: r)
      gone = v
      NSLayoutConstraint.activate([
        v.widthAnchor.constraint(equalToConstant: 10),
        v.leadingAnchor.constraint(equalTo: r.leadingAnchor),
      ])
      v.removeFromSuperview()
    }
    #expect(gone == nil, "constraints hold their views weakly")
    AutoLayout.changed()
    r.layoutIfNeeded()
    #expect(AutoLayout.active.isEmpty)
  }

  /// `NSLayoutConstraint()`, the placeholder a property starts with: it has no items, and
  /// activated it constrains nothing; the real constraints lay out as before.
  @Test func anEmptyPlaceholderConstrainsNothing() {
    let r = root()
    let v = child(of: r)
    let placeholder = NSLayoutConstraint()
    #expect(placeholder.firstItem == nil && placeholder.secondItem == nil)
    NSLayoutConstraint.activate([
      placeholder, v.widthAnchor.constraint(equalToConstant: 30),
      v.heightAnchor.constraint(equalToConstant: 20),
      v.leadingAnchor.constraint(equalTo: r.leadingAnchor, constant: 5),
      v.topAnchor.constraint(equalTo: r.topAnchor, constant: 7),
    ])
    r.layoutIfNeeded()
    #expect(v.frame == CGRect(x: 5, y: 7, width: 30, height: 20))
    NSLayoutConstraint.deactivate(AutoLayout.active)
  }

  @Test func theSameConstraintsGiveTheSameFrames() {
    func layout() -> [CGRect] {
      NSLayoutConstraint.deactivate(AutoLayout.active)
      let r = root()
      let (a, b) = (child(of: r), child(of: r))
      // Under-determined along x: only the faint pull to the old frame decides.
      NSLayoutConstraint.activate([
        a.trailingAnchor.constraint(equalTo: b.leadingAnchor, constant: -4),
        a.widthAnchor.constraint(equalTo: b.widthAnchor),
        a.topAnchor.constraint(equalTo: r.topAnchor), b.topAnchor.constraint(equalTo: r.topAnchor),
        a.heightAnchor.constraint(equalToConstant: 5),
        b.heightAnchor.constraint(equalToConstant: 5),
      ])
      r.layoutIfNeeded()
      return [a.frame, b.frame]
    }
    let first = layout()
    for _ in 0..<5 { #expect(layout() == first) }
  }
}

/// The Visual Format Language, as older screens write their constraints.
@MainActor @Suite(.serialized) struct VisualFormatTests {
  init() { startAutoLayoutTest() }

  @Test func rowsAndColumnsFromStrings() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    let (title, icon) = (UIView(), UIView())
    for v in [title, icon] { constrained(v, in: root) }
    let views = ["title": title, "icon": icon]
    var all: [NSLayoutConstraint] = []
    for format in [
      "H:|-[title]-gap-[icon(==side)]-|", "V:|-top-[title(30)]", "V:|-top-[icon(==title)]",
    ] {
      all += NSLayoutConstraint.constraints(
        withVisualFormat: format, options: [], metrics: ["gap": 10, "side": 24, "top": 5.0],
        views: views)
    }
    NSLayoutConstraint.activate(all)
    root.layoutIfNeeded()
    #expect(title.frame == CGRect(x: 20, y: 5, width: 126, height: 30), "\(title.frame)")
    #expect(icon.frame == CGRect(x: 156, y: 5, width: 24, height: 30), "\(icon.frame)")
  }

  @Test func inequalitiesPrioritiesAndTouchingViews() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    let (a, b) = (UIView(), UIView())
    for v in [a, b] { constrained(v, in: root) }
    let views = ["a": a, "b": b]
    NSLayoutConstraint.activate(
      NSLayoutConstraint.constraints(
        withVisualFormat: "H:|[a(>=50,<=80@750)][b(a)]-(>=0)-|", metrics: nil, views: views)
        + NSLayoutConstraint.constraints(
          withVisualFormat: "V:|[a]|", metrics: nil, views: views)
        + NSLayoutConstraint.constraints(
          withVisualFormat: "V:|-(10)-[b(20)]", metrics: nil, views: views))
    root.layoutIfNeeded()
    #expect(a.frame.minX == 0 && a.frame.width <= 80 && a.frame.width >= 50, "\(a.frame)")
    #expect(b.frame.minX == a.frame.maxX && b.frame.width == a.frame.width, "\(b.frame)")
    #expect(
      a.frame.height == 100
        && b.frame == CGRect(x: b.frame.minX, y: 10, width: b.frame.width, height: 20))
  }

  /// A row aligned by centre y, bottom or top; a column by centre x or left: each view's
  /// edge lines up with the first's, which alone is placed across the axis.
  @Test(arguments: [
    ("H:|-[a(20)]-[b(30)]-[c(40)]", NSLayoutConstraint.FormatOptions.alignAllCenterY),
    ("H:|-[a(20)]-[b(30)]-[c(40)]", .alignAllBottom), ("H:|[a(20)][b(30)][c(40)]", .alignAllTop),
    ("V:|-[a(20)]-[b(30)]-[c(40)]", .alignAllCenterX), ("V:|[a(20)][b(30)][c(40)]", .alignAllLeft),
  ])
  func alignmentOptionsLineTheViewsUp(format: String, option: NSLayoutConstraint.FormatOptions) {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    let views = ["a": UIView(), "b": UIView(), "c": UIView()]
    for v in views.values { constrained(v, in: root) }
    let vertical = format.hasPrefix("V:")
    let across = vertical ? "H:|-(33)-[a(50)]" : "V:|-(33)-[a(50)]"
    var all = NSLayoutConstraint.constraints(
      withVisualFormat: format, options: option, metrics: nil, views: views)
    all += NSLayoutConstraint.constraints(withVisualFormat: across, metrics: nil, views: views)
    all += NSLayoutConstraint.constraints(
      withVisualFormat: vertical ? "H:[b(10)]" : "V:[b(10)]", metrics: nil, views: views)
    all += NSLayoutConstraint.constraints(
      withVisualFormat: vertical ? "H:[c(70)]" : "V:[c(70)]", metrics: nil, views: views)
    NSLayoutConstraint.activate(all)
    root.layoutIfNeeded()
    let edge: (CGRect) -> CGFloat =
      switch option {
      case .alignAllCenterY: { $0.midY }
      case .alignAllBottom: { $0.maxY }
      case .alignAllTop: { $0.minY }
      case .alignAllCenterX: { $0.midX }
      default: { $0.minX }
      }
    let frames = ["a", "b", "c"].map { views[$0]!.frame }
    #expect(frames.map(edge) == Array(repeating: edge(frames[0]), count: 3), "\(frames)")
    #expect(vertical ? frames[0].minX == 33 : frames[0].minY == 33, "\(frames)")
  }

  /// Right to left, the first view is rightmost; left to right is as leading to trailing.
  @Test(arguments: [
    (NSLayoutConstraint.FormatOptions.directionRightToLeft, [160.0, 135.0]),
    (.directionLeftToRight, [10.0, 45.0]), (.directionLeadingToTrailing, [10.0, 45.0]),
  ])
  func theDirectionOrdersARow(option: NSLayoutConstraint.FormatOptions, xs: [Double]) {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    let (a, b) = (UIView(), UIView())
    for v in [a, b] { constrained(v, in: root) }
    let views = ["a": a, "b": b]
    NSLayoutConstraint.activate(
      NSLayoutConstraint.constraints(
        withVisualFormat: "H:|-10-[a(30)]-5-[b(20)]-(>=0)-|", options: option, metrics: nil,
        views: views)
        + NSLayoutConstraint.constraints(
          withVisualFormat: "V:|[a(10)][b(10)]", metrics: nil, views: views))
    root.layoutIfNeeded()
    #expect([Double(a.frame.minX), Double(b.frame.minX)] == xs, "\(a.frame) \(b.frame)")
  }

  @Test(arguments: [
    "H:|-[nobody]-|", "H:|-[a", "H:|-(>=x)-[a]", "H:[a]-", "V:[a]-[b]", "H:[a]-[b]",
  ])
  func aFormatItCannotReadMakesNothing(format: String) {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    let (a, b) = (UIView(), UIView())
    root.addSubview(a)
    root.addSubview(b)
    // The last two align along their own axis (a column by its top, a row by its left).
    let options: NSLayoutConstraint.FormatOptions =
      format == "V:[a]-[b]" ? .alignAllTop : format == "H:[a]-[b]" ? .alignAllLeft : []
    #expect(
      NSLayoutConstraint.constraints(
        withVisualFormat: format, options: options, metrics: nil, views: ["a": a, "b": b]
      ).isEmpty)
  }
}

/// A view's fitting size from its constraints, as table cells and sheets ask for it.
@MainActor @Suite(.serialized) struct FittingSizeTests {
  init() { startAutoLayoutTest() }

  @Test func aCardFitsItsContent() {
    let card = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    let label = UILabel()
    label.text = "Uploading"
    let bar = UIView()
    for v in [label, bar] { constrained(v, in: card) }
    NSLayoutConstraint.activate([
      label.topAnchor.constraint(equalTo: card.topAnchor, constant: 12),
      label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 16),
      label.trailingAnchor.constraint(lessThanOrEqualTo: card.trailingAnchor, constant: -16),
      bar.topAnchor.constraint(equalTo: label.bottomAnchor, constant: 8),
      bar.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 16),
      bar.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -16),
      bar.heightAnchor.constraint(equalToConstant: 4),
      bar.widthAnchor.constraint(greaterThanOrEqualToConstant: 100),
      bar.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -12),
    ])
    let natural = label.intrinsicContentSize
    let compressed = card.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
    #expect(compressed.width == 132, "the bar's 100 and the insets: \(compressed)")
    #expect(abs(compressed.height - (12 + natural.height + 8 + 4 + 12)) <= 0.5, "\(compressed)")
    let wide = card.systemLayoutSizeFitting(
      CGSize(width: 320, height: 0), withHorizontalFittingPriority: .required,
      verticalFittingPriority: .fittingSizeLevel)
    #expect(wide.width == 320 && wide.height == compressed.height)
    #expect(card.frame.size == CGSize(width: 300, height: 300), "nothing moved")
  }
}
